#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Entry point of the purse-mcp bin: read the configuration, serve MCP over
// stdio, log to stderr only, and exit cleanly when stdin closes (after
// answering the calls in flight).
//
// serveStdio decides the protocol era from the opening message: an
// `initialize` request (revisions 2024-11-05 .. 2025-11-25) pins a 2025-era
// instance, a `server/discover` or an enveloped request pins the 2026-07-28
// revision. Both come from the same factory, so both see the same tools.

import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { ConfigError, loadConfig } from './config.js';
import { createLogger, redact } from './log.js';
import { SERVER_VERSION, serverFactory } from './server.js';
import { StdioWire } from './transport.js';

const USAGE = `purse-mcp ${SERVER_VERSION} — read-only MCP tool server for the Purse personal-finance API (stdio)

Usage: purse-mcp            serve MCP on stdin/stdout (started by an AI client)
       purse-mcp --help     this text
       purse-mcp --version  the version

Environment:
  SERVICE_API_BASE_URL  origin of the Purse server, e.g. https://purse.example.com (required)
  SERVICE_API_KEY       a Purse API key, purse_... (required)
  LOG_LEVEL             debug | info (default) | warn | error | silent

Logs and this text go to stderr; stdout carries only protocol messages.
`;

async function main(): Promise<void> {
  // Not a protocol session: answered on stderr (stdout belongs to the protocol).
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stderr.write(USAGE);
    process.exit(0);
  }
  if (args.includes('--version')) {
    process.stderr.write(`${SERVER_VERSION}\n`);
    process.exit(0);
  }
  if (args.length > 0) {
    process.stderr.write(`purse-mcp: unknown argument "${args[0]}"; configuration comes from the environment only.\n\n${USAGE}`);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    const key = process.env.SERVICE_API_KEY ?? '';
    const message = e instanceof ConfigError ? e.message : `purse-mcp: ${(e as Error).message}`;
    process.stderr.write(redact(message, [key]) + '\n');
    process.exit(1);
  }
  const log = createLogger(config.logLevel, [config.apiKey]);
  for (const w of config.warnings) log.warn(w);

  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', { reason: String(reason) }));
  process.on('uncaughtException', (err) => log.error('uncaught exception', { error: String(err?.stack ?? err) }));

  // Our own wire under serveStdio: it answers malformed JSON-RPC, refuses
  // requests before initialize, and answers the requests in flight when stdin
  // ends (at most 30 s) before it closes (see transport.ts).
  const wire = new StdioWire({ drainMs: 30_000, log: (event, fields) => log.info(event, fields) });
  const handle = serveStdio(serverFactory(config, log), {
    transport: wire,
    onerror: (err) => log.warn('transport error', { error: String(err?.message ?? err) }),
  });
  let closing = false;
  const shutdown = (why: string) => {
    if (closing) return;
    closing = true;
    log.info('shutting down', { why });
    handle.close().catch(() => undefined).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  // End of input: the wire closes once the calls in flight are answered.
  void wire.done.then(() => shutdown('stdin closed'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  log.info('purse-mcp ready', { version: SERVER_VERSION, api: config.apiBase });
}

main().catch((e) => {
  process.stderr.write(`purse-mcp: failed to start: ${String((e as Error)?.message ?? e)}\n`);
  process.exit(1);
});
