// SPDX-License-Identifier: GPL-2.0-or-later
// Where things are, and how to run purse-server and purse-admin for a test.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
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

/**
 * A webhook receiver on 127.0.0.1 (plain HTTP: the servers that post to it
 * run with --webhook-allow-http --webhook-allow-private). Records every
 * request ({ method, url, headers (lowercase), body (the raw text), at });
 * answers each with the next status of `queue`, then with `status`.
 * Returns { url, requests, queue, status, waitFor(pred, ms), close() }.
 */
export async function startReceiver() {
  const r = { requests: [], queue: [], status: 204 };
  const waiting = new Set();
  const srv = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const code = r.queue.length ? r.queue.shift() : r.status;
      r.requests.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now(), answered: code });
      res.writeHead(code, { 'Content-Type': 'text/plain' });
      res.end(code < 300 ? '' : 'no');
      for (const w of waiting) w();
    });
  });
  await new Promise((res) => srv.listen(0, '127.0.0.1', res));
  r.url = `http://127.0.0.1:${srv.address().port}/hook`;
  /** Resolves with the requests once pred(requests) is true; rejects after ms. */
  r.waitFor = (pred, ms = 15000) => new Promise((resolve, reject) => {
    const check = () => {
      if (!pred(r.requests)) return false;
      waiting.delete(check);
      clearTimeout(timer);
      resolve(r.requests);
      return true;
    };
    const timer = setTimeout(() => {
      waiting.delete(check);
      reject(new Error(`the receiver did not get what was awaited within ${ms} ms; it got ${r.requests.length} requests: ${r.requests.map((q) => q.body.slice(0, 120)).join(' | ')}`));
    }, ms);
    waiting.add(check);
    check();
  });
  r.close = () => new Promise((res) => { srv.closeAllConnections?.(); srv.close(() => res()); });
  return r;
}

/** The flags that let a test server post to startReceiver()'s plain-HTTP loopback URL. */
export const webhookTestFlags = ['--webhook-allow-http', '--webhook-allow-private', '--webhook-first-retry', '1'];
