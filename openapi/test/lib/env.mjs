// SPDX-License-Identifier: GPL-2.0-or-later
// Where things are, and how to run purse-server and purse-admin for a test.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const openapiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const documentPath = join(openapiDir, 'openapi.json');
export const artifactsDir = join(openapiDir, 'test-artifacts');
export const serverBin = process.env.PURSE_SERVER_BIN || resolve(openapiDir, '..', 'build', 'purse-server');
export const adminBin = process.env.PURSE_ADMIN_BIN || resolve(openapiDir, '..', 'build', 'purse-admin');
export const prefix = '/api/public/v1';

export function loadDocument() {
  return JSON.parse(readFileSync(documentPath, 'utf8'));
}

/** The throw-away database deploy/test.sh started; a clear failure without it. */
export function databaseUrl() {
  const url = process.env.PURSE_TEST_DATABASE_URL;
  if (!url)
    throw new Error('PURSE_TEST_DATABASE_URL is not set: run these tests through deploy/test.sh or '
      + 'openapi/run-tests.sh with a migrated PostgreSQL (see openapi/README.md)');
  return url;
}

export function requireBinary(path) {
  if (!existsSync(path)) throw new Error(`${path} does not exist: build the server first (or set PURSE_SERVER_BIN / PURSE_ADMIN_BIN)`);
  return path;
}

/** Runs purse-admin and parses the JSON object it prints. */
export function admin(...args) {
  const r = spawnSync(requireBinary(adminBin), args, {
    env: { ...process.env, PURSE_DATABASE_URL: databaseUrl() }, encoding: 'utf8', timeout: 30000,
  });
  if (r.status !== 0) throw new Error(`purse-admin ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}

export function uniqueEmail(tag) {
  return `openapi-${tag}-${Date.now()}-${randomBytes(4).toString('hex')}@contract.test`;
}

/** A user on `plan` with a public-api key: { id, key }. */
export function createUser(tag, plan = 'solo', extra = []) {
  const user = admin('user', 'create', '--email', uniqueEmail(tag), '--plan', plan, ...extra);
  const key = admin('key', 'create', '--user', user.id);
  return { id: user.id, key: key.secret };
}

async function freePort() {
  return new Promise((res, rej) => {
    const srv = net.createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/**
 * Starts purse-server on a free port with extra flags; resolves when it
 * answers. Returns { base, origin, stop(), log() }.
 */
export async function startServer(extraArgs = []) {
  const port = await freePort();
  // PURSE_CONTRACT_SERVER_ARGS: extra flags for every server these tests start.
  const envArgs = (process.env.PURSE_CONTRACT_SERVER_ARGS || '').split(/\s+/).filter(Boolean);
  const args = ['--listen', `127.0.0.1:${port}`, '--insecure-http', ...envArgs, ...extraArgs];
  const child = spawn(requireBinary(serverBin), args, {
    env: { ...process.env, PURSE_DATABASE_URL: databaseUrl() }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let partial = '';
  const notable = []; // log lines other than the per-request ones (errors)
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-20000);
    const lines = (partial + d).split('\n');
    partial = lines.pop();
    for (const l of lines) if (!l.includes('"event":"request"') && notable.length < 500) notable.push(l);
  });
  let exited = null;
  child.on('exit', (code, signal) => { exited = { code, signal }; });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20000;
  for (;;) {
    if (exited) throw new Error(`purse-server exited at start (${JSON.stringify(exited)}): ${stderr}`);
    try {
      await fetch(`${origin}${prefix}/`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`purse-server did not answer within 20 s: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    origin,
    base: origin + prefix,
    log: () => stderr,
    notable: () => notable.join('\n'),
    async stop() {
      if (exited) return;
      const done = new Promise((r) => child.on('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15000);
      await done;
      clearTimeout(t);
    },
  };
}
