// SPDX-License-Identifier: MIT
// The real Purse: purse-server processes on free ports over the test
// database (PURSE_TEST_DATABASE_URL), users and keys made with purse-admin,
// and a direct API client for seeding and for comparing with tool results.

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** mcp/ (this file is compiled to mcp/dist-test/test/support/). */
export const MCP_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function databaseUrl(): string {
  const url = process.env.PURSE_TEST_DATABASE_URL;
  if (!url)
    throw new Error('PURSE_TEST_DATABASE_URL is not set: the MCP tests need a migrated PostgreSQL database ' +
      '(deploy/test.sh sets it; for local runs start one with deploy/pg-local.sh and run purse-admin migrate).');
  return url;
}

export const SERVER_BIN = process.env.PURSE_SERVER_BIN ?? resolve(MCP_DIR, '..', 'build', 'purse-server');
export const ADMIN_BIN = process.env.PURSE_ADMIN_BIN ?? resolve(MCP_DIR, '..', 'build', 'purse-admin');

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.unref();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

export async function admin(args: string[]): Promise<Record<string, unknown>> {
  try {
    const { stdout } = await run(ADMIN_BIN, args, { env: { ...process.env, PURSE_DATABASE_URL: databaseUrl() } });
    return JSON.parse(stdout) as Record<string, unknown>;
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`purse-admin ${args.slice(0, 2).join(' ')} failed: ${err.stderr ?? err.message}`);
  }
}

let counter = 0;
export interface TestUser { id: string; key: string; keyId: string; email: string }

/** A new API key of a user: its id (for revoking) and its secret. */
export async function makeKey(userId: string, audience: 'public-api' | 'app' = 'public-api', days?: number): Promise<{ id: string; secret: string }> {
  const k = await admin(['key', 'create', '--user', userId, '--audience', audience, ...(days === undefined ? [] : ['--days', String(days)])]);
  return { id: String(k.id), secret: String(k.secret) };
}

/** Revokes a key; returns once every running purse-server has dropped what it cached about it. */
export async function revokeKey(keyId: string): Promise<void> {
  await admin(['key', 'revoke', '--key', keyId]);
}

/** A user with a key; for "free", the key is made on solo and the plan lowered after. */
export async function makeUser(plan: 'free' | 'solo' | 'family', timezone?: string): Promise<TestUser> {
  const email = `mcp-${process.pid}-${Date.now()}-${counter++}@test.purse`;
  const args = ['user', 'create', '--email', email, '--name', `MCP ${counter}`, '--plan', plan === 'free' ? 'solo' : plan];
  if (timezone) args.push('--timezone', timezone);
  const u = await admin(args);
  const k = await makeKey(String(u.id));
  if (plan === 'free') await admin(['user', 'set-plan', '--user', String(u.id), '--plan', 'free']);
  return { id: String(u.id), key: k.secret, keyId: k.id, email };
}

export class PurseServer {
  private log = '';
  private constructor(readonly port: number, private readonly proc: ChildProcess) {
    proc.stderr?.on('data', (d: Buffer) => {
      this.log += d.toString();
      if (this.log.length > 200_000) this.log = this.log.slice(-100_000);
    });
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(extra: string[] = []): Promise<PurseServer> {
    databaseUrl();
    for (let attempt = 0; attempt < 5; attempt++) {
      const port = await freePort();
      const proc = spawn(SERVER_BIN, ['--listen', `127.0.0.1:${port}`, '--insecure-http', ...extra], {
        env: { ...process.env, PURSE_DATABASE_URL: databaseUrl() },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const server = new PurseServer(port, proc);
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && proc.exitCode === null) {
        try {
          const r = await fetch(`${server.origin}/api/public/v1/me`);
          await r.text();
          return server;
        } catch {
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      proc.kill('SIGKILL');
      if (attempt === 4) throw new Error(`purse-server did not start: ${server.log.slice(-2000)}`);
    }
    throw new Error('unreachable');
  }

  async stop(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    const done = new Promise((r) => this.proc.once('exit', r));
    this.proc.kill('SIGTERM');
    const t = setTimeout(() => this.proc.kill('SIGKILL'), 12_000);
    await done;
    clearTimeout(t);
  }
}

/** Direct API access for the tests (writes included: seeding is not the tool server's job). */
export class Direct {
  constructor(readonly origin: string, readonly key: string) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; data: any; headers: Headers }> {
    const res = await fetch(`${this.origin}/api/public/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.key}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const env = text ? JSON.parse(text) : null;
    return { status: res.status, data: env?.data, headers: res.headers };
  }

  async get(path: string): Promise<any> {
    const r = await this.call('GET', path);
    if (r.status !== 200) throw new Error(`GET ${path} -> ${r.status} ${JSON.stringify(r.data)}`);
    return r.data;
  }

  async post(path: string, body: unknown): Promise<any> {
    const r = await this.call('POST', path, body);
    if (r.status !== 201 && r.status !== 200) throw new Error(`POST ${path} -> ${r.status} ${JSON.stringify(r.data)}`);
    return r.data;
  }
}
