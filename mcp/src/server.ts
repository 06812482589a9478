// SPDX-License-Identifier: MIT
// Builds the MCP server: identity, instructions, and the twelve tools.
// No process or environment access here, so tests and the entry point can
// both construct it.
//
// serveStdio (index.ts) calls the factory once per connection, plus once for
// a `server/discover` probe instance that is dropped if the client falls back
// to `initialize`; the factory is cheap because the API client and the
// reference cache are built once and shared by every instance.

import { McpServer } from '@modelcontextprotocol/server';
import { PurseApi, REQUEST_TIMEOUT_MS } from './api.js';
import type { Config } from './config.js';
import { KeyExpiry, NOTICE_RESERVE } from './expiry.js';
import type { Logger } from './log.js';
import { Lookups } from './lookup.js';
import type { ToolContext } from './tools/common.js';
import { registerProfileTools } from './tools/profile.js';
import { registerReferenceTools } from './tools/reference.js';
import { registerReportTools } from './tools/reports.js';
import { registerTransactionTools } from './tools/transactions.js';

export const SERVER_NAME = 'purse-mcp';
export const SERVER_VERSION = '0.1.0';

export const INSTRUCTIONS = [
  'Read-only access to one Purse personal-finance account (and its teams): nothing can be created, changed or deleted.',
  'Start with get_current_user to learn the profile time zone and the teams; pass "team" (id or name) to any tool for a team\'s data, omit it for personal data.',
  'Prefer the report tools (get_dashboard_report, get_total_spending_report, get_categories_spending_report, get_spending_trends) for sums and comparisons; use search_transactions to find rows, and page with next_cursor until it is null.',
  'Accounts, categories and tags may be given by id or exact name; list_accounts, list_categories and list_tags show them.',
  'Amounts are exact decimal strings per currency; currencies are never converted or added together. Dates are YYYY-MM-DD in the profile time zone unless "timezone" is given.',
  'The key allows about 120 reads per minute and every tool call spends at least one; after "read limit reached", wait the stated seconds before any call (get_usage reads from the same bucket).',
].join('\n');

/** Returns a factory of McpServer instances sharing one API client and cache. */
export function serverFactory(config: Config, log: Logger, fetchImpl?: typeof fetch): () => McpServer {
  const api = new PurseApi({
    apiBase: config.apiBase,
    apiKey: config.apiKey,
    timeoutMs: REQUEST_TIMEOUT_MS,
    userAgent: `${SERVER_NAME}/${SERVER_VERSION}`,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    onRequest: ({ path, status, ms }) => log.debug('GET', { path, status, ms }),
  });
  const expiry = new KeyExpiry();
  const ctx: ToolContext = {
    api,
    lookups: new Lookups(api, config.cacheTtlMs),
    log,
    // While the expiry warning is shown, results leave room for it.
    get budget() { return config.budgetChars - (expiry.notice() ? NOTICE_RESERVE : 0); },
    expiry,
    now: () => new Date(),
  };
  return () => {
    const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS });
    registerProfileTools(server, ctx);
    registerReferenceTools(server, ctx);
    registerTransactionTools(server, ctx);
    registerReportTools(server, ctx);
    return server;
  };
}

