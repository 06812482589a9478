// SPDX-License-Identifier: MIT
// A small typed fetch wrapper over the Purse public API. Every type comes
// from ./schema.ts, which openapi-typescript generates from
// ../openapi.json at build time: a change of shape in the document changes
// these types and breaks the build of whatever uses them.
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

/** Every schema of the document by name, e.g. `Schemas['Transaction']`. */
export type Schemas = components['schemas'];

/** The `meta` object of every envelope. */
export type Meta = Schemas['Meta'];

type GetOperation<P extends keyof paths> = paths[P] extends { get: infer O } ? O : never;

/** Paths whose GET answers 200 with a JSON envelope (not file bytes or HTML). */
export type GetPath = {
  [P in keyof paths]: [GetOperation<P>] extends [never]
    ? never
    : GetOperation<P> extends { responses: { 200: { content: { 'application/json': { meta: unknown; data: unknown } } } } }
      ? P
      : never;
}[keyof paths];

type Parameters<P extends GetPath> = GetOperation<P> extends { parameters: infer X } ? X : never;

/** The path parameters of a GET path (`{ team: string; id: string }`), or never. */
export type PathParams<P extends GetPath> = Parameters<P> extends { path: infer X } ? X : never;

/** The query parameters a GET path takes. */
export type QueryParams<P extends GetPath> = Parameters<P> extends { query?: infer X } ? X : never;

/** The `data` of a GET path's 200 envelope. */
export type GetData<P extends GetPath> = GetOperation<P> extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

/** What `get` takes besides the path: `path` is required when the path has placeholders. */
export type GetOptions<P extends GetPath> = ([PathParams<P>] extends [never]
  ? { path?: undefined }
  : PathParams<P> extends undefined
    ? { path?: undefined }
    : { path: PathParams<P> }) & {
  query?: QueryParams<P>;
  /** Sent as X-Request-Id. */
  requestId?: string;
  signal?: AbortSignal;
};

/** A successful answer: the envelope's data and meta plus a few headers. */
export interface ApiResponse<D> {
  status: number;
  meta: Meta;
  data: D;
  requestId: string | null;
  headers: Headers;
}

/** Any answer that is not 2xx. `body` is the error envelope when there is one. */
export class PurseApiError extends Error {
  readonly status: number;
  readonly body: { meta: Meta; data: unknown } | null;
  readonly requestId: string | null;
  /** Seconds from Retry-After (429, 503), else null. */
  readonly retryAfter: number | null;

  constructor(status: number, body: { meta: Meta; data: unknown } | null, headers: Headers) {
    super(body?.meta?.message ? `${status}: ${body.meta.message}` : `HTTP ${status}`);
    this.name = 'PurseApiError';
    this.status = status;
    this.body = body;
    this.requestId = headers.get('x-request-id');
    const retry = headers.get('retry-after');
    this.retryAfter = retry !== null && /^[0-9]+$/.test(retry) ? Number(retry) : null;
  }

  /** For a 422: field name → messages. */
  get fieldErrors(): Record<string, string[]> | null {
    if (this.status !== 422 || this.body === null || typeof this.body.data !== 'object' || this.body.data === null) return null;
    return this.body.data as Record<string, string[]>;
  }
}

export interface ClientOptions {
  /** The server's origin plus prefix, e.g. `http://127.0.0.1:8080/api/public/v1`. */
  baseUrl: string;
  /** The API key (`purse_...`), sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** Milliseconds before a request is aborted (default 30000). */
  timeoutMs?: number;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
}

/** Fills `{name}` placeholders and appends the query string. */
export function buildUrl(baseUrl: string, path: string, pathParams?: object, query?: object): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = (pathParams as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    search.append(k, String(v));
  }
  const qs = search.toString();
  return baseUrl.replace(/\/+$/, '') + filled + (qs ? `?${qs}` : '');
}

/** True when a GET path has placeholders to fill. */
export type HasPathParams<P extends GetPath> = [PathParams<P>] extends [never]
  ? false
  : PathParams<P> extends undefined
    ? false
    : true;

export interface PurseClient {
  /**
   * GET a JSON path; resolves with the envelope's data, rejects with
   * PurseApiError. The options (with `path`) are required when the path has
   * placeholders.
   */
  get<P extends GetPath>(
    path: P,
    ...options: HasPathParams<P> extends true ? [GetOptions<P>] : [GetOptions<P>?]
  ): Promise<ApiResponse<GetData<P>>>;
}

/** Creates a client for one server and key. */
export function createClient(options: ClientOptions): PurseClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30000;
  return {
    async get(path, ...rest) {
      const o = (rest[0] ?? {}) as { path?: object; query?: object; requestId?: string; signal?: AbortSignal };
      const url = buildUrl(options.baseUrl, path, o.path, o.query);
      const headers: Record<string, string> = {
        Authorization: `Bearer ${options.apiKey}`,
        Accept: 'application/json',
      };
      if (o.requestId) headers['X-Request-Id'] = o.requestId;
      const signal = o.signal ?? AbortSignal.timeout(timeoutMs);
      const res = await doFetch(url, { method: 'GET', headers, signal });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      const envelope = body as { meta: Meta; data: unknown } | null;
      if (!res.ok || envelope === null || typeof envelope !== 'object' || !('meta' in envelope)) {
        throw new PurseApiError(res.status, envelope && typeof envelope === 'object' && 'meta' in envelope ? envelope : null, res.headers);
      }
      return {
        status: res.status,
        meta: envelope.meta,
        data: envelope.data as never,
        requestId: res.headers.get('x-request-id'),
        headers: res.headers,
      };
    },
  };
}
