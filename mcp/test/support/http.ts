// SPDX-License-Identifier: MIT
// Loopback HTTP helpers.
//  - RecordingProxy forwards every request unchanged to the real purse-server
//    and records its method and path: the proof of what left the tool server.
//  - Stub answers with failures the real server cannot produce on demand
//    (5xx, slow answers, malformed bodies, a short Retry-After).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

function listen(server: Server): Promise<number> {
  return new Promise((res) => server.listen(0, '127.0.0.1', () => res((server.address() as { port: number }).port)));
}

export class RecordingProxy {
  readonly requests: { method: string; path: string; authorization: string | undefined }[] = [];
  private server: Server;
  port = 0;

  constructor(private readonly target: string) {
    this.server = createServer((req, res) => void this.forward(req, res));
  }

  async start(): Promise<string> {
    this.port = await listen(this.server);
    return `http://127.0.0.1:${this.port}`;
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && k !== 'host' && k !== 'connection' && k !== 'content-length') headers[k] = v;
    try {
      const r = await fetch(this.target + (req.url ?? '/'), {
        method: req.method ?? 'GET', headers,
        body: chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await r.arrayBuffer());
      const out: Record<string, string> = {};
      r.headers.forEach((v, k) => { if (k !== 'content-encoding' && k !== 'transfer-encoding' && k !== 'connection') out[k] = v; });
      out['content-length'] = String(body.length);
      res.writeHead(r.status, out);
      res.end(body);
    } catch (e) {
      res.writeHead(502);
      res.end(String(e));
    }
  }

  close(): Promise<void> {
    return new Promise((r) => { this.server.closeAllConnections(); this.server.close(() => r()); });
  }
}

export type StubHandler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

export class Stub {
  readonly requests: { method: string; path: string }[] = [];
  private server: Server;

  constructor(private handler: StubHandler) {
    this.server = createServer((req, res) => {
      this.requests.push({ method: req.method ?? '', path: req.url ?? '' });
      this.handler(req, res, this.requests.length);
    });
  }

  setHandler(h: StubHandler): void {
    this.handler = h;
  }

  async start(): Promise<string> {
    const port = await listen(this.server);
    return `http://127.0.0.1:${port}`;
  }

  close(): Promise<void> {
    return new Promise((r) => { this.server.closeAllConnections(); this.server.close(() => r()); });
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}
