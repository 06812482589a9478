// SPDX-License-Identifier: MIT
// @purse/api-client: a typed SDK of the Purse public API.
//
// Requests are made by openapi-fetch over the types that openapi-typescript
// generates from ../openapi.json at build time (./schema.ts), so every
// operation of the document is callable with its own path parameters, query,
// headers, body and answer types, and a change of shape in the document
// breaks the build of whatever uses this package, not a user.
//
// On top of that, what every Purse caller needs:
// - the API key as `Authorization: Bearer`, a per-attempt time-out;
// - an `Idempotency-Key` on every POST (a random UUID unless one is given),
//   kept across retries, so a retried create never creates twice;
// - a bounded retry after 429, waiting what `Retry-After` says;
// - answers unwrapped from the `{ meta, data }` envelope, and any non-2xx
//   answer thrown as a PurseApiError (status, code, message, field errors);
// - pagination over the `pagination` object of list envelopes;
// - for webhook receivers, the check of a delivery's `Purse-Signature`.
import createFetchClient from 'openapi-fetch';
import type { Client, ClientPathsWithMethod, FetchResponse, MaybeOptionalInit, Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
export type { Client, Middleware };

/** Every schema of the document by name, e.g. `Schemas['Transaction']`. */
export type Schemas = components['schemas'];

/** The `meta` object of every envelope. */
export type Meta = Schemas['Meta'];
/** The machine-readable code of an error (`meta.error`), e.g. `validation_failed`. */
export type ErrorCode = Schemas['ErrorCode'];

/** A webhook (`.../webhooks`): where a scope's changes are POSTed, signed. */
export type Webhook = Schemas['Webhook'];
/** The answer of a webhook's create: the webhook plus its `secret`, shown this once. */
export type WebhookCreated = Schemas['WebhookCreated'];
/** One event on its way to one webhook (`.../webhooks/{id}/deliveries`). */
export type WebhookDelivery = Schemas['WebhookDelivery'];
/** What a webhook listens to: `*`, `<type>.*` or `<type>.<verb>`. */
export type WebhookEventName = Schemas['WebhookEventName'];
/** The type of an event a delivery carries, e.g. `transaction.created`. */
export type WebhookEventType = Schemas['WebhookEventType'];
/** The JSON body of a delivery, as `verifyWebhook` returns it. */
export type WebhookEvent = Schemas['WebhookEvent'];

/** The methods the document uses. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Paths of the document that have `method`. */
export type PathsWith<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;

type Operation<P, M extends Method> = P extends keyof paths
  ? (M extends keyof paths[P] ? (NonNullable<paths[P][M]> extends infer O extends Record<string | number, any> ? O : never) : never)
  : never;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** What the SDK adds to openapi-fetch's per-request options. */
export interface PurseRequestOptions {
  /** POST only: the Idempotency-Key to send (default: a new random UUID per call, reused by its retries). */
  idempotencyKey?: string;
  /** Sent as X-Request-Id. */
  requestId?: string;
  /** Cancels the request (and any wait for a retry). */
  signal?: AbortSignal;
}

/**
 * The options of one call of `path` with `method`: openapi-fetch's
 * (`params: { path, query, header }`, `body`), typed from the document, plus
 * PurseRequestOptions.
 */
export type CallInit<P, M extends Method> = MaybeOptionalInit<P extends keyof paths ? paths[P] : never, M> & PurseRequestOptions;

/** The options as a rest parameter: required exactly when the operation has required parameters or a body. */
export type InitArgs<P, M extends Method> = RequiredKeys<CallInit<P, M>> extends never
  ? [CallInit<P, M>?]
  : [CallInit<P, M>];

/** The JSON body of the 2xx answer of an operation (the whole envelope). */
export type SuccessBody<P, M extends Method> = NonNullable<FetchResponse<Operation<P, M>, object, 'application/json'>['data']>;

/** The `data` of the 2xx envelope of an operation. */
export type ResponseData<P, M extends Method> = SuccessBody<P, M> extends { data: infer D } ? D : never;

// ---- names kept from the GET-only client (the MCP server imports these types) ----

/** Paths whose GET answers 200 with a JSON envelope (not file bytes or HTML). */
export type GetPath = {
  [P in PathsWith<'get'>]: SuccessBody<P, 'get'> extends { meta: unknown; data: unknown } ? P : never;
}[PathsWith<'get'>];

type GetParameters<P extends GetPath> = Operation<P, 'get'> extends { parameters: infer X } ? X : never;

/** The path parameters of a GET path (`{ team: string; id: string }`), or never. */
export type PathParams<P extends GetPath> = GetParameters<P> extends { path: infer X } ? X : never;

/** The query parameters a GET path takes. */
export type QueryParams<P extends GetPath> = GetParameters<P> extends { query?: infer X } ? X : never;

/** The `data` of a GET path's 200 envelope. */
export type GetData<P extends GetPath> = ResponseData<P, 'get'>;

/** The `pagination` of a page: by number, or (transactions) also by cursor. */
export type AnyPagination = Schemas['Pagination'] | Schemas['CursorPagination'];

/** GET paths whose data is a page: `{ items, pagination }`. */
export type PagedPath = {
  [P in GetPath]: GetData<P> extends { items: unknown[]; pagination: AnyPagination } ? P : never;
}[GetPath];

/** The item type of a paged GET path. */
export type PageItem<P extends PagedPath> = GetData<P> extends { items: (infer T)[] } ? T : never;

// ---- answers and errors --------------------------------------------------------

/** A successful answer: the envelope's data and meta plus a few headers. */
export interface ApiResponse<D> {
  status: number;
  meta: Meta;
  data: D;
  /** X-Request-Id of the answer. */
  requestId: string | null;
  /** True when the answer is the replay of an earlier POST with the same Idempotency-Key. */
  replayed: boolean;
  headers: Headers;
}

/** The bytes of a file (`GET .../files/{id}/content`). */
export interface FileContent {
  status: 200 | 304;
  /** Empty on a 304 (the If-None-Match ETag still matches). */
  bytes: Uint8Array;
  contentType: string | null;
  etag: string | null;
  headers: Headers;
}

/** A CSV export (`GET .../transactions/export.csv`), as it arrives. */
export interface CsvExport {
  status: 200;
  /** The CSV bytes (RFC 4180, UTF-8), streamed page by page by the server: read it as it comes. It errors if the transfer is cut short. */
  body: ReadableStream<Uint8Array>;
  contentType: string | null;
  headers: Headers;
}

/** The query of a CSV export: the transaction list's filters and `sort`. */
export type CsvExportQuery = NonNullable<operations['exportTransactionsCsv']['parameters']['query']>;

/** The error envelope: `meta` plus `data` (field errors on a 422, plan details on a 402, else null). */
export interface ErrorEnvelope {
  meta: Meta;
  data: unknown;
}

/** Any answer that is not 2xx. */
export class PurseApiError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** `meta.code` of the error envelope (equal to the status), or the status when there is no envelope. */
  readonly code: number;
  /** `meta.message` of the error envelope (e.g. "Rate limit exceeded for reads with this key; retry in 41 s"), or "HTTP <status>". */
  readonly serverMessage: string;
  /** `meta.error` of the error envelope (e.g. `validation_failed`, `quota_exceeded`, `rate_limited`): branch on this, not on the message; null without an envelope. */
  readonly error: ErrorCode | null;
  /** The error envelope, or null when the answer had none (a proxy's page, for instance). */
  readonly body: ErrorEnvelope | null;
  /** X-Request-Id of the answer (quote it when reporting a problem). */
  readonly requestId: string | null;
  /** Seconds from Retry-After (429, 503), else null. */
  readonly retryAfter: number | null;
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;

  constructor(init: { status: number; body: ErrorEnvelope | null; headers: Headers; method: string; url: string }) {
    const message = init.body?.meta?.message ?? `HTTP ${init.status}`;
    super(`${init.method} ${init.url}: ${init.status} ${message}`);
    this.name = 'PurseApiError';
    this.status = init.status;
    this.body = init.body;
    this.code = typeof init.body?.meta?.code === 'number' ? init.body.meta.code : init.status;
    this.serverMessage = message;
    this.headers = init.headers;
    this.method = init.method;
    this.url = init.url;
    this.requestId = init.headers.get('x-request-id') ?? (typeof init.body?.meta?.request_id === 'string' ? init.body.meta.request_id : null);
    this.error = typeof init.body?.meta?.error === 'string' ? init.body.meta.error : null;
    this.retryAfter = parseRetryAfter(init.headers.get('retry-after'));
  }

  /** For a 422: field name → messages (e.g. `{ per_page: ['must be from 1 to 100'] }`), else null. */
  get fieldErrors(): Record<string, string[]> | null {
    const data = this.body?.data;
    if (this.status !== 422 || data === null || typeof data !== 'object' || Array.isArray(data)) return null;
    const out: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(data as Record<string, unknown>))
      out[field] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    return out;
  }

  get isRateLimited(): boolean {
    return this.status === 429;
  }
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^[0-9]+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

// ---- webhook receivers ---------------------------------------------------------

/** Why `verifyWebhook` refused a delivery. */
export type WebhookSignatureProblem = 'missing' | 'malformed' | 'timestamp' | 'mismatch' | 'body';

/** A request whose `Purse-Signature` does not hold: not a delivery of yours to act on (answer it 400 and drop it). */
export class WebhookSignatureError extends Error {
  /** `missing`: no header; `malformed`: not `t=<seconds>,v1=<hex>`; `timestamp`: `t` too far from now; `mismatch`: no `v1` matches; `body`: signed, but not a JSON object. */
  readonly problem: WebhookSignatureProblem;

  constructor(problem: WebhookSignatureProblem, message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
    this.problem = problem;
  }
}

export interface VerifyWebhookOptions {
  /** The webhook's `secret` from its create's answer (`whsec_...`, used whole as the HMAC key). */
  secret: string;
  /** The raw request body exactly as received: not a re-serialised parse of it. */
  body: string | Uint8Array | ArrayBuffer;
  /** The `Purse-Signature` header. */
  signature: string | null | undefined;
  /** How far (seconds) `t` may be from now, either way (default 300; `Infinity` turns the check off). */
  toleranceSeconds?: number;
  /** Now, in milliseconds since the epoch (default `Date.now()`). */
  now?: number;
}

const utf8 = new TextEncoder();

function bodyBytes(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === 'string') return utf8.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

function signedBytes(timestamp: number, body: Uint8Array): Uint8Array {
  const head = utf8.encode(`${timestamp}.`);
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}

/**
 * The `Purse-Signature` value Purse would send for `body` at `timestamp`
 * (unix seconds): `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`,
 * keyed with the whole secret. For testing a receiver.
 */
export async function signWebhook(secret: string, timestamp: number, body: string | Uint8Array | ArrayBuffer): Promise<string> {
  const mac = await globalThis.crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), signedBytes(timestamp, bodyBytes(body)) as BufferSource);
  const hex = Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
  return `t=${timestamp},v1=${hex}`;
}

/**
 * Checks a delivery's `Purse-Signature` against its raw body and returns
 * the parsed event; throws WebhookSignatureError otherwise. The comparison
 * is WebCrypto's HMAC verify (constant time); `t` must be within
 * `toleranceSeconds` of now, so a recorded delivery cannot be replayed
 * later. Deliveries are at least once: drop the ones whose `id` you have
 * already handled.
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  const header = options.signature?.trim();
  if (!header) throw new WebhookSignatureError('missing', 'no Purse-Signature header');
  let timestamp: number | null = null;
  const candidates: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't' && /^[0-9]{1,15}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value))
      candidates.push(Uint8Array.from(value.match(/../g)!, (h) => parseInt(h, 16)));
  }
  if (timestamp === null || candidates.length === 0)
    throw new WebhookSignatureError('malformed', 'Purse-Signature is not t=<unix seconds>,v1=<64 hex digits>');
  const tolerance = options.toleranceSeconds ?? 300;
  const now = (options.now ?? Date.now()) / 1000;
  if (Math.abs(now - timestamp) > tolerance)
    throw new WebhookSignatureError('timestamp', `Purse-Signature's t=${timestamp} is more than ${tolerance} s from now`);
  const bytes = bodyBytes(options.body);
  const key = await hmacKey(options.secret, 'verify');
  const data = signedBytes(timestamp, bytes);
  let ok = false;
  for (const mac of candidates)
    if (await globalThis.crypto.subtle.verify('HMAC', key, mac as BufferSource, data as BufferSource)) ok = true;
  if (!ok) throw new WebhookSignatureError('mismatch', 'no v1 signature of Purse-Signature matches the body and the secret');
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (e) {
    throw new WebhookSignatureError('body', `the signed body is not JSON: ${(e as Error).message}`);
  }
  if (!event || typeof event !== 'object' || Array.isArray(event))
    throw new WebhookSignatureError('body', 'the signed body is not a JSON object');
  return event as WebhookEvent;
}

// ---- the client ----------------------------------------------------------------

export interface RetryOptions {
  /** Retries after a 429 per call (default 2; 0 turns retrying off). */
  maxRetries?: number;
  /**
   * The longest Retry-After (seconds) that is waited for (default 60, the
   * server's rolling window). A longer one, or a 429 without Retry-After, is
   * thrown at once as a PurseApiError with `retryAfter`.
   */
  maxWaitSeconds?: number;
}

export interface ClientOptions {
  /** The server's origin plus prefix, e.g. `http://127.0.0.1:8080/api/public/v1`. */
  baseUrl: string;
  /** The API key (`purse_...`), sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** Milliseconds before one attempt is aborted (default 30000; a TimeoutError is thrown). */
  timeoutMs?: number;
  /** Retrying after 429. */
  retry?: RetryOptions;
  /** Sent as User-Agent (default `purse-api-client`). */
  userAgent?: string;
  /** A fetch implementation (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** Makes Idempotency-Keys (default `crypto.randomUUID`). */
  newIdempotencyKey?: () => string;
}

export interface PaginateOptions {
  /** Stop after this many pages (default: no limit). */
  maxPages?: number;
}

export interface PurseClient {
  /** GET a JSON path; resolves with the envelope's data, throws PurseApiError on any non-2xx answer. */
  get<P extends GetPath>(path: P, ...init: InitArgs<P, 'get'>): Promise<ApiResponse<ResponseData<P, 'get'>>>;
  /** POST (create, void, upload as JSON); sends an Idempotency-Key. */
  post<P extends PathsWith<'post'>>(path: P, ...init: InitArgs<P, 'post'>): Promise<ApiResponse<ResponseData<P, 'post'>>>;
  /** PUT (full replacement). */
  put<P extends PathsWith<'put'>>(path: P, ...init: InitArgs<P, 'put'>): Promise<ApiResponse<ResponseData<P, 'put'>>>;
  /** PATCH (partial update). */
  patch<P extends PathsWith<'patch'>>(path: P, ...init: InitArgs<P, 'patch'>): Promise<ApiResponse<ResponseData<P, 'patch'>>>;
  /** DELETE. */
  delete<P extends PathsWith<'delete'>>(path: P, ...init: InitArgs<P, 'delete'>): Promise<ApiResponse<ResponseData<P, 'delete'>>>;

  /**
   * Every item of a list, page after page (following `pagination.has_more`),
   * as an async iterator. `params.query.per_page` defaults to 100 (the
   * largest page), `params.query.page` to 1 (where to start).
   */
  paginate<P extends PagedPath>(path: P, init?: CallInit<P, 'get'>, options?: PaginateOptions): AsyncGenerator<PageItem<P>, void, undefined>;
  /** `paginate` collected into an array. */
  listAll<P extends PagedPath>(path: P, init?: CallInit<P, 'get'>, options?: PaginateOptions): Promise<PageItem<P>[]>;

  /** Uploads a file as multipart/form-data (POST .../files). */
  uploadFile(path: '/me/files' | '/teams/{team}/files', file: UploadFile & PurseRequestOptions & { team?: string }):
    Promise<ApiResponse<ResponseData<'/me/files', 'post'>>>;
  /** The bytes of a file; with `ifNoneMatch` (an ETag), a 304 gives empty bytes. */
  fileContent(path: '/me/files/{id}/content' | '/teams/{team}/files/{id}/content',
    params: { id: string; team?: string; ifNoneMatch?: string } & PurseRequestOptions): Promise<FileContent>;

  /**
   * The CSV export of transactions: `query` takes the list's filters and
   * `sort`. Refusals (401, 402, 403, 422, 429) throw PurseApiError before
   * any byte; the body is a stream. The client's `timeoutMs` bounds the
   * whole transfer: give a large export a client with a longer one.
   */
  exportCsv(path: '/me/transactions/export.csv' | '/teams/{team}/transactions/export.csv',
    params?: { team?: string; query?: CsvExportQuery } & PurseRequestOptions): Promise<CsvExport>;

  /**
   * The openapi-fetch client underneath (GET, POST, PUT, PATCH, DELETE, HEAD
   * with `{ data, error, response }` answers), with the same key, time-out,
   * Idempotency-Key and retry behaviour but without unwrapping or throwing.
   */
  readonly raw: Client<paths>;
}

/** A file for `uploadFile`. */
export interface UploadFile {
  /** The bytes. */
  data: Blob | Uint8Array | ArrayBuffer;
  /** The file name shown later (`name`). */
  filename: string;
  /** The declared type (optional: the server decides from the bytes). */
  contentType?: string;
  /** Attach to this transaction. */
  transactionId?: string;
}

const sleep = (ms: number, signal?: AbortSignal | null) => new Promise<void>((resolve, reject) => {
  if (signal?.aborted) return reject(signal.reason);
  const onAbort = () => { clearTimeout(t); reject(signal!.reason); };
  const t = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
  signal?.addEventListener('abort', onAbort, { once: true });
});

/** The fetch that openapi-fetch calls: time-out per attempt, and the bounded 429 retry. */
function retryingFetch(base: (r: Request) => Promise<Response>, timeoutMs: number, retry: Required<RetryOptions>) {
  return async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retry.maxRetries;
      // A body can be read once: each attempt but the last sends a copy.
      const copy = last ? request : request.clone();
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
      const res = await base(new Request(copy, { signal }));
      if (res.status !== 429 || last) return res;
      const wait = parseRetryAfter(res.headers.get('retry-after'));
      if (wait === null || wait > retry.maxWaitSeconds) return res;
      await res.body?.cancel().catch(() => undefined);
      await sleep(wait * 1000, request.signal);
    }
  };
}

function ourOptions<T extends PurseRequestOptions>(init: T | undefined): { rest: Omit<T, keyof PurseRequestOptions>; purse: PurseRequestOptions } {
  const { idempotencyKey, requestId, signal, ...rest } = (init ?? {}) as T;
  return { rest, purse: { idempotencyKey, requestId, signal } };
}

function headersOf(purse: PurseRequestOptions, method: string, newKey: () => string, extra?: unknown): Record<string, string> {
  const h: Record<string, string> = { ...((extra as Record<string, string> | undefined) ?? {}) };
  if (purse.requestId) h['X-Request-Id'] = purse.requestId;
  if (method === 'POST') {
    const given = purse.idempotencyKey ?? Object.entries(h).find(([k]) => k.toLowerCase() === 'idempotency-key')?.[1];
    h['Idempotency-Key'] = given ?? newKey();
  }
  return h;
}

/** Creates a client for one server and key. */
export function createClient(options: ClientOptions): PurseClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retry: Required<RetryOptions> = {
    maxRetries: Math.max(0, Math.floor(options.retry?.maxRetries ?? 2)),
    maxWaitSeconds: options.retry?.maxWaitSeconds ?? 60,
  };
  const newKey = options.newIdempotencyKey ?? (() => globalThis.crypto.randomUUID());
  const base = options.fetch ?? ((r: Request) => globalThis.fetch(r));
  const raw = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: retryingFetch(base, timeoutMs, retry),
    headers: {
      Authorization: `Bearer ${options.apiKey}`,
      Accept: 'application/json',
      'User-Agent': options.userAgent ?? 'purse-api-client',
    },
    redirect: 'error',
  });
  // POSTs made through `raw` get an Idempotency-Key too.
  raw.use({
    onRequest({ request }) {
      if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', newKey());
      return request;
    },
  });

  const unwrap = <D>(r: { data?: unknown; error?: unknown; response: Response }, method: string): ApiResponse<D> => {
    const res = r.response;
    if (!res.ok) {
      const e = r.error as Partial<ErrorEnvelope> | undefined;
      const body = e && typeof e === 'object' && e.meta && typeof e.meta === 'object' ? (e as ErrorEnvelope) : null;
      throw new PurseApiError({ status: res.status, body, headers: res.headers, method, url: res.url });
    }
    const env = r.data as { meta?: Meta; data?: unknown } | undefined;
    if (!env || typeof env !== 'object' || !env.meta)
      throw new TypeError(`${method} ${res.url}: ${res.status} without the JSON envelope`);
    return {
      status: res.status,
      meta: env.meta,
      data: env.data as D,
      requestId: res.headers.get('x-request-id'),
      replayed: res.headers.get('idempotent-replayed') === 'true',
      headers: res.headers,
    };
  };

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, init?: PurseRequestOptions & { headers?: unknown }) => {
    const { rest, purse } = ourOptions(init);
    const { headers, ...fetchInit } = rest as { headers?: unknown };
    const r = await raw.request(method.toLowerCase() as never, path as never, {
      ...fetchInit,
      headers: headersOf(purse, method, newKey, headers),
      ...(purse.signal ? { signal: purse.signal } : {}),
    } as never);
    return unwrap<never>(r as never, method);
  };

  const client: PurseClient = {
    raw,
    get: (path, ...init) => call('GET', path, init[0] as never),
    post: (path, ...init) => call('POST', path, init[0] as never),
    put: (path, ...init) => call('PUT', path, init[0] as never),
    patch: (path, ...init) => call('PATCH', path, init[0] as never),
    delete: (path, ...init) => call('DELETE', path, init[0] as never),

    async *paginate(path, init, opts) {
      const given = (init ?? {}) as { params?: { path?: object; query?: Record<string, unknown> } };
      const query: Record<string, unknown> = { per_page: 100, ...(given.params?.query ?? {}) };
      let page = Number(query.page ?? 1);
      // Lists that hand out a next_cursor are followed by cursor: stable when
      // rows are added or deleted meanwhile. Others by page number.
      let cursor: string | undefined;
      for (let n = 0; opts?.maxPages === undefined || n < opts.maxPages; n++, page++) {
        const { page: _ignored, ...rest } = query;
        const r = await call('GET', path, {
          ...(init as object),
          params: { ...given.params, query: cursor === undefined ? { ...query, page } : { ...rest, cursor } },
        } as never) as ApiResponse<{ items: unknown[]; pagination: AnyPagination }>;
        for (const item of r.data.items) yield item as never;
        if (!r.data.pagination.has_more || r.data.items.length === 0) return;
        const next = (r.data.pagination as { next_cursor?: string | null }).next_cursor;
        if (typeof next === 'string') cursor = next;
      }
    },

    async listAll(path, init, opts) {
      const out: unknown[] = [];
      const pages = client.paginate(path as PagedPath, init as never, opts) as AsyncGenerator<unknown>;
      for await (const item of pages) out.push(item);
      return out as never;
    },

    async uploadFile(path, file) {
      const form = new FormData();
      const blob = file.data instanceof Blob ? file.data
        : new Blob([file.data as BlobPart], file.contentType ? { type: file.contentType } : {});
      form.append('file', blob, file.filename);
      if (file.transactionId) form.append('transaction_id', file.transactionId);
      return call('POST', path, {
        idempotencyKey: file.idempotencyKey, requestId: file.requestId, signal: file.signal,
        params: { path: file.team ? { team: file.team } : {} },
        body: form,
        bodySerializer: (b: unknown) => b,
      } as never);
    },

    async fileContent(path, p) {
      const headers = headersOf(p, 'GET', newKey, p.ifNoneMatch ? { 'If-None-Match': p.ifNoneMatch } : undefined);
      const r = await raw.request('get', path as never, {
        params: { path: p.team ? { team: p.team, id: p.id } : { id: p.id } },
        headers: { ...headers, Accept: '*/*' },
        parseAs: 'arrayBuffer',
        ...(p.signal ? { signal: p.signal } : {}),
      } as never) as { data?: ArrayBuffer; error?: unknown; response: Response };
      const res = r.response;
      if (res.status !== 304 && !res.ok) unwrap(r, 'GET');
      return {
        status: res.status === 304 ? 304 : 200,
        bytes: r.data ? new Uint8Array(r.data) : new Uint8Array(0),
        contentType: res.headers.get('content-type'),
        etag: res.headers.get('etag'),
        headers: res.headers,
      };
    },

    async exportCsv(path, p = {}) {
      const headers = headersOf(p, 'GET', newKey);
      const r = await raw.request('get', path as never, {
        params: { path: p.team ? { team: p.team } : {}, query: p.query ?? {} },
        headers: { ...headers, Accept: 'text/csv, application/json' },
        parseAs: 'stream',
        ...(p.signal ? { signal: p.signal } : {}),
      } as never) as { data?: ReadableStream<Uint8Array>; error?: unknown; response: Response };
      const res = r.response;
      if (!res.ok) unwrap(r, 'GET');
      const body = r.data ?? res.body;
      if (!body) throw new TypeError('the export answered without a body');
      return { status: 200, body, contentType: res.headers.get('content-type'), headers: res.headers };
    },
  };
  return client;
}
