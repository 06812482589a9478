// SPDX-License-Identifier: MIT
// Spawns the built purse-mcp bin over real stdio with the SDK's client, or
// with a raw JSON-RPC line reader for exact protocol-level checks.

import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { MCP_DIR } from './purse.js';

export const BIN = resolve(MCP_DIR, 'dist', 'index.js');

/** The structured result of a tool call that must have succeeded. */
export function ok(r: ToolResult): any {
  assert.ok(!r.isError, `tool failed: ${r.content?.[0]?.text}`);
  return r.structuredContent;
}

/** The text of a tool call that must have failed. */
export function err(r: ToolResult): string {
  assert.equal(r.isError, true, `expected an error, got ${r.content?.[0]?.text?.slice(0, 300)}`);
  return r.content[0]!.text;
}

export interface McpSession {
  client: Client;
  stderr: () => string;
  /** Calls a tool; returns the raw result. */
  call: (name: string, args?: Record<string, unknown>) => Promise<ToolResult>;
  close: () => Promise<void>;
}

export interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: any;
}

/**
 * How the client opens the session: 'legacy' is the SDK client's default
 * `initialize` handshake (2025 era); 'modern' pins the 2026-07-28 revision
 * (a `server/discover` probe, then enveloped requests, no `initialize`);
 * 'auto' probes and takes whichever era the server offers.
 */
export type Era = 'legacy' | 'modern' | 'auto';
export const MODERN_REVISION = '2026-07-28';

export async function startMcp(env: Record<string, string>, era: Era = 'legacy'): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { LOG_LEVEL: 'debug', ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => { err += d.toString(); });
  const client = new Client({ name: 'purse-mcp-tests', version: '0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN_REVISION } } }
      : era === 'auto' ? { versionNegotiation: { mode: 'auto' } } : {});
  await client.connect(transport);
  return {
    client,
    stderr: () => err,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args }, { timeout: 120_000 })) as ToolResult,
    close: () => client.close(),
  };
}

/** Runs the bin with `env` and no stdin input; resolves with exit code and output. */
export function runBin(env: Record<string, string>, stdin = '', timeoutMs = 10_000):
    Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res, rej) => {
    const p = spawn(process.execPath, [BIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '', err = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    p.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    const t = setTimeout(() => { p.kill('SIGKILL'); rej(new Error(`bin did not exit within ${timeoutMs} ms; stderr: ${err}`)); }, timeoutMs);
    p.on('exit', (code) => { clearTimeout(t); res({ code, stdout: out, stderr: err }); });
    p.stdin.end(stdin);
  });
}

/** A raw JSON-RPC peer over the bin's stdio: newline-delimited messages, nothing else. */
export class RawSession {
  private readonly proc: ChildProcessWithoutNullStreams;
  private buffer = '';
  private err = '';
  private readonly waiting = new Map<number | string, (msg: any) => void>();
  readonly received: any[] = [];
  readonly stdoutLines: string[] = [];

  constructor(env: Record<string, string>) {
    this.proc = spawn(process.execPath, [BIN], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'debug', ...env } });
    this.proc.stderr.on('data', (d: Buffer) => { this.err += d.toString(); });
    this.proc.stdout.on('data', (d: Buffer) => {
      this.buffer += d.toString();
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        if (!line.trim()) continue;
        this.stdoutLines.push(line);
        const msg = JSON.parse(line);
        this.received.push(msg);
        if (msg.id !== undefined && ('result' in msg || 'error' in msg)) {
          this.waiting.get(msg.id)?.(msg);
          this.waiting.delete(msg.id);
        }
      }
    });
  }

  stderr(): string {
    return this.err;
  }

  notify(method: string, params?: unknown): void {
    this.proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }) + '\n');
  }

  /** Sends a request; resolves with the whole response message (result or error). */
  request(id: number, method: string, params?: unknown, timeoutMs = 30_000): Promise<any> {
    return new Promise((res, rej) => {
      const t = setTimeout(() => rej(new Error(`no answer to ${method} within ${timeoutMs} ms; stderr: ${this.err}`)), timeoutMs);
      this.waiting.set(id, (msg) => { clearTimeout(t); res(msg); });
      this.proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }) + '\n');
    });
  }

  /** Closes stdin and resolves with the exit code. */
  close(): Promise<number | null> {
    if (this.proc.exitCode !== null) return Promise.resolve(this.proc.exitCode);
    return new Promise((res) => {
      const t = setTimeout(() => this.proc.kill('SIGKILL'), 10_000);
      this.proc.once('exit', (code) => { clearTimeout(t); res(code); });
      this.proc.stdin.end();
    });
  }
}
