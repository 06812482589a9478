// SPDX-License-Identifier: MIT
// The stdio wire under serveStdio: newline-delimited JSON-RPC 2.0 on
// stdin/stdout, with what the SDK's own stdio transport leaves out:
//
//  - a line that is not JSON is answered with -32700 (Parse error, id null);
//    a value that is not a JSON-RPC 2.0 message (no "jsonrpc": "2.0", a
//    method that is not a string, ...) with -32600 (Invalid Request, its id
//    when it has a usable one, else null); a batch (a JSON array, which MCP
//    no longer has since 2025-06-18) with one -32600 saying so. The SDK's
//    reader drops all of these without a word.
//  - in the initialize era, a request other than `initialize` and `ping`
//    before `initialize` is refused with -32600 (the SDK would answer it).
//    A request carrying the 2026-07-28 envelope, or `server/discover`, opens
//    the other era, which has no `initialize`, and passes.
//  - when stdin ends, every request already received is answered before the
//    transport reports itself closed (bounded by `drainMs`); the SDK's
//    transport closes at once and aborts them.

import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';

/** The envelope key of the 2026-07-28 revision (a request that carries it needs no `initialize`). */
const MODERN_CLAIM = 'io.modelcontextprotocol/protocolVersion';
/** Requests the initialize era allows before `initialize` (the handshake itself, ping, the era probe). */
const BEFORE_INIT = new Set(['initialize', 'ping', 'server/discover']);
/** One message may be at most this long (characters); a longer line is refused and dropped. */
const MAX_LINE = 4 * 1024 * 1024;

type Id = string | number;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is Id => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** Why `v` is not a JSON-RPC 2.0 message, or null when it is one. */
function invalidReason(v: unknown): string | null {
  if (!isObj(v)) return 'a message must be a JSON object';
  if (v.jsonrpc !== '2.0') return 'the member "jsonrpc" must be exactly "2.0"';
  if ('method' in v) {
    if (typeof v.method !== 'string') return 'the member "method" must be a string';
    if ('id' in v && !isId(v.id)) return 'the member "id" must be a string or a number';
    if ('params' in v && v.params !== undefined && !isObj(v.params) && !Array.isArray(v.params))
      return 'the member "params" must be an object';
    return null;
  }
  if (!isId(v.id) && v.id !== null) return 'a message needs a "method" (request or notification) or an "id" (response)';
  if ('result' in v && !('error' in v)) return null;
  if (isObj(v.error) && typeof v.error.code === 'number' && typeof v.error.message === 'string' && !('result' in v)) return null;
  return 'a response needs exactly one of "result" and "error" {code, message}';
}

function hasModernClaim(params: unknown): boolean {
  return isObj(params) && isObj(params._meta) && MODERN_CLAIM in params._meta;
}

export interface WireOptions {
  stdin?: NodeJS.ReadableStream & { pause?: () => void };
  stdout?: NodeJS.WritableStream;
  /** How long to wait for requests in flight once stdin has ended (ms). */
  drainMs?: number;
  /** Something worth a log line that is not an error of the peer's messages (never contains message bodies). */
  log?: (event: string, fields?: Record<string, unknown>) => void;
}

export class StdioWire implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  private readonly stdin: NodeJS.ReadableStream & { pause?: () => void };
  private readonly stdout: NodeJS.WritableStream;
  private readonly drainMs: number;
  private readonly log: (event: string, fields?: Record<string, unknown>) => void;
  private buffer = '';
  private started = false;
  private closed = false;
  private ended = false;
  /** Requests passed on and not yet answered. */
  private readonly pending = new Set<Id>();
  private idleWaiters: (() => void)[] = [];
  /** The initialize era's handshake: null before `initialize`, else the id of that request. */
  private initializeId: Id | null = null;
  private initialized = false;
  /** Resolves once the transport has closed (stdin ended and drained, or close()). */
  readonly done: Promise<void>;
  private resolveDone!: () => void;

  constructor(options: WireOptions = {}) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.drainMs = options.drainMs ?? 30_000;
    this.log = options.log ?? (() => undefined);
    this.done = new Promise((r) => { this.resolveDone = r; });
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('StdioWire already started');
    this.started = true;
    this.stdin.setEncoding?.('utf8');
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('close', this.onEnd);
    this.stdin.on('error', this.onStdinError);
    this.stdout.on('error', this.onStdoutError);
  }

  private readonly onStdinError = (e: Error) => this.onerror?.(e);
  private readonly onStdoutError = (e: Error) => {
    if (this.closed) return;
    this.onerror?.(e);
    void this.close();
  };

  private readonly onData = (chunk: string | Buffer) => {
    if (this.closed || this.ended) return;
    this.buffer += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      this.handleLine(line);
    }
    if (this.buffer.length > MAX_LINE) {
      this.buffer = '';
      this.reply(null, -32600, `Invalid Request: a message longer than ${MAX_LINE} characters; dropped`);
    }
  };

  private readonly onEnd = () => {
    if (this.ended) return;
    this.ended = true;
    // A last message without its newline is still a message.
    const rest = this.buffer.replace(/\r$/, '');
    this.buffer = '';
    if (rest.trim()) this.handleLine(rest);
    const n = this.pending.size;
    if (n > 0) this.log('stdin closed; answering the requests in flight first', { in_flight: n, bound_ms: this.drainMs });
    void this.whenIdle(this.drainMs).then((idle) => {
      if (!idle) this.log('requests still unanswered when the bound elapsed; closing', { in_flight: this.pending.size });
      void this.close();
    });
  };

  private handleLine(line: string): void {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      this.reply(null, -32700, `Parse error: the line is not valid JSON (${(e as Error).message})`);
      return;
    }
    if (Array.isArray(value)) {
      this.reply(null, -32600, value.length === 0 ? 'Invalid Request: an empty batch'
        : 'Invalid Request: JSON-RPC batches (arrays) are not supported by MCP (removed in revision 2025-06-18); ' +
          'send each message on its own line');
      return;
    }
    const why = invalidReason(value);
    if (why !== null) {
      const id = isObj(value) && isId(value.id) ? value.id : null;
      // A notification that is not valid gets no answer only when it could not be
      // told from a request; anything unusable is answered with id null.
      this.reply(id, -32600, `Invalid Request: ${why}`);
      return;
    }
    const msg = value as Obj;
    if (typeof msg.method === 'string') {
      const isRequest = 'id' in msg;
      if (!this.initialized && !BEFORE_INIT.has(msg.method) && !hasModernClaim(msg.params)) {
        if (isRequest) {
          this.reply(msg.id as Id, -32600, `Invalid Request: "${msg.method}" before initialize; the session must begin ` +
            'with an initialize request (or, at revision 2026-07-28, carry the _meta envelope)');
        } else if (msg.method !== 'notifications/initialized' && msg.method !== 'notifications/cancelled') {
          this.log('notification before initialize dropped', { notification: msg.method });
        }
        if (isRequest || msg.method !== 'notifications/initialized') return;
      }
      if (isRequest) {
        if (msg.method === 'initialize' && !hasModernClaim(msg.params)) {
          this.initializeId = msg.id as Id;
          this.initialized = true;
        } else if (msg.method === 'server/discover' || hasModernClaim(msg.params)) {
          this.initialized = true;
        }
        this.pending.add(msg.id as Id);
      } else if (msg.method === 'notifications/cancelled' && isObj(msg.params) && isId(msg.params.requestId)) {
        this.settle(msg.params.requestId);
      }
    }
    this.onmessage?.(msg as unknown as JSONRPCMessage);
  }

  /** An error answer written by this layer (the request never reaches the server). */
  private reply(id: Id | null, code: number, message: string): void {
    this.write({ jsonrpc: '2.0', id, error: { code, message } }).catch((e) => this.onerror?.(e as Error));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('StdioWire is closed');
    const m = message as unknown as Obj;
    if (!('method' in m) && isId(m.id)) {
      // A failed initialize leaves the session uninitialized.
      if (m.id === this.initializeId && 'error' in m) this.initialized = false;
      this.settle(m.id);
    }
    await this.write(m);
  }

  private write(m: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      const json = JSON.stringify(m) + '\n';
      if (this.stdout.write(json)) resolve();
      else {
        const onDrain = () => { this.stdout.off('error', onError); resolve(); };
        const onError = (e: Error) => { this.stdout.off('drain', onDrain); reject(e); };
        this.stdout.once('drain', onDrain);
        this.stdout.once('error', onError);
      }
    });
  }

  private settle(id: Id): void {
    if (!this.pending.delete(id)) return;
    if (this.pending.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  /** Resolves true once no request is in flight, false if `ms` elapsed first. */
  whenIdle(ms: number): Promise<boolean> {
    if (this.pending.size === 0 || this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((w) => w !== waiter);
        resolve(false);
      }, ms);
      const waiter = () => { clearTimeout(t); resolve(true); };
      this.idleWaiters.push(waiter);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onEnd);
    this.stdin.off('error', this.onStdinError);
    this.stdin.pause?.();
    this.pending.clear();
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
    try {
      this.onclose?.();
    } finally {
      this.resolveDone();
    }
  }
}
