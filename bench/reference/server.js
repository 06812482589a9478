// SPDX-License-Identifier: GPL-2.0-or-later
'use strict';
// The reference service of bench/run.sh: Purse's transaction list and create
// written plainly with Fastify and postgres.js, on Purse's own tables, so
// the same API keys work. No actors, tags, files, idempotency or rate limits.
//
//   DATABASE_URL=postgresql://... PORT=55511 DB_POOL=8 node server.js
//
// One process (the default), or the many-core mode, as a Node team deploys
// it on a machine with many cores: REF_CLUSTER=auto runs node:cluster
// workers, one per two of the cores this process may run on
// (os.availableParallelism(), which follows taskset / the affinity mask;
// at least 1); REF_CLUSTER=N runs N workers (REF_CLUSTER=1: one worker
// behind the primary). Unset, empty or 0: one process.
// DB_POOL is the service's PostgreSQL connections in all: in cluster mode
// the workers split it, worker i of N gets floor(DB_POOL / N), plus one for
// the first DB_POOL % N workers, and at least 1 (so N workers open at most
// max(DB_POOL, N) connections). The primary restarts a worker that dies
// (with the same share of the pool); SIGTERM or SIGINT stops the workers
// (each closes its server and pool) and then the primary.
// In cluster mode every response carries x-ref-worker: the worker's pid.
// REF_LOG=0: no per-request log line (default: one per request on stdout,
// as Purse logs one per request).
const cluster = require('node:cluster');
const crypto = require('node:crypto');
const os = require('node:os');

// The workers REF_CLUSTER asks for; 0: one process, no cluster.
function clusterWorkers(setting) {
  const v = String(setting ?? '').trim();
  if (v === '' || v === '0') return 0;
  if (v === 'auto') return Math.max(1, Math.floor(os.availableParallelism() / 2));
  if (!/^[0-9]+$/.test(v)) {
    console.error(`REF_CLUSTER must be auto or a number of workers, not ${JSON.stringify(v)}`);
    process.exit(2);
  }
  return Number(v);
}
// Worker i's share of a pool of `total` connections over n workers.
function poolShare(total, n, i) {
  return Math.max(1, Math.floor(total / n) + (i < total % n ? 1 : 0));
}

const POOL = Number(process.env.DB_POOL || 8);
if (cluster.isPrimary) {
  const workers = clusterWorkers(process.env.REF_CLUSTER);
  if (workers > 0) primary(workers);
  else serve(POOL);
} else {
  serve(Number(process.env.REF_WORKER_POOL), true);
}

function primary(n) {
  const shares = Array.from({ length: n }, (_, i) => poolShare(POOL, n, i));
  console.error(`reference: primary ${process.pid}, ${n} workers (${os.availableParallelism()} cores available), ` +
    `pools ${shares.join('+')} of DB_POOL=${POOL}`);
  const slots = new Map(); // worker id -> { slot, started }
  let stopping = false;
  let earlyDeaths = 0;
  const fork = (slot) => {
    const w = cluster.fork({ REF_WORKER_POOL: String(shares[slot]) });
    slots.set(w.id, { slot, started: Date.now() });
  };
  for (let i = 0; i < n; i++) fork(i);
  cluster.on('exit', (w, code, signal) => {
    const { slot, started } = slots.get(w.id);
    slots.delete(w.id);
    if (stopping) {
      console.error(`reference: worker ${w.process.pid} stopped (${signal || `exit ${code}`})`);
      if (slots.size === 0) process.exit();
      return;
    }
    // A worker that died at once (a port in use, a bad setting) is retried
    // after a second, not in a tight loop; five such deaths in a row end
    // the service.
    const early = Date.now() - started < 2000;
    earlyDeaths = early ? earlyDeaths + 1 : 0;
    console.error(`reference: worker ${w.process.pid} died (${signal || `exit ${code}`}), starting another`);
    if (earlyDeaths >= 5) {
      console.error('reference: five workers in a row died within 2 s of their start; stopping');
      process.exitCode = 1;
      stop('failure');
      return;
    }
    setTimeout(() => { if (!stopping) fork(slot); }, early ? 1000 : 0);
  });
  const stop = (sig) => {
    if (stopping) return;
    stopping = true;
    console.error(`reference: ${sig}, stopping ${slots.size} workers`);
    if (slots.size === 0) process.exit();
    for (const w of Object.values(cluster.workers)) w.process.kill('SIGTERM');
    // A worker that does not finish in 5 s is killed.
    setTimeout(() => {
      for (const w of Object.values(cluster.workers)) w.process.kill('SIGKILL');
    }, 5000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

function serve(pool, inCluster = false) {
  const Fastify = require('fastify');
  const postgres = require('postgres');
  const sql = postgres(process.env.DATABASE_URL, { max: pool });
  const app = Fastify({ logger: process.env.REF_LOG !== '0', disableRequestLogging: true });
  if (inCluster) {
    const pid = String(process.pid);
    app.addHook('onRequest', (req, reply, done) => { reply.header('x-ref-worker', pid); done(); });
  }
  const TOKEN = /^purse_([0-9A-Za-z]{12})_[0-9A-Za-z]{49}$/;
  const MINOR_UNITS = { JPY: 0, KRW: 0, BHD: 3, KWD: 3, JOD: 3, OMR: 3, TND: 3 };
  const now = () => Math.floor(Date.now() / 1000);
  const iso = (s) => (Number(s) === 0 ? null : new Date(Number(s) * 1000).toISOString().replace('.000Z', 'Z'));
  const envelope = (code, message, data) => ({ meta: { code, message }, data });
  class HttpError extends Error {
    constructor(code, message) { super(message); this.code = code; }
  }

  // The key's lookup id picks the row; the SHA-256 of the whole token must
  // be its secret hash (as purse-server computes it).
  async function scopeOf(req) {
    const token = (req.headers.authorization || '').replace(/^Bearer /, '');
    const m = TOKEN.exec(token);
    if (!m) throw new HttpError(401, 'The API key is invalid');
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    const [key] = await sql`SELECT user_id, revoked_at, expires_at FROM api_keys
      WHERE lookup_id = ${m[1]} AND secret_hash = ${hash} AND audience = 'public-api'`;
    if (!key) throw new HttpError(401, 'The API key is invalid');
    if (Number(key.revoked_at) !== 0) throw new HttpError(401, 'The API key has been revoked');
    if (Number(key.expires_at) <= now()) throw new HttpError(401, 'The API key has expired');
    return key.user_id; // a user's own scope has the user's id
  }

  const item = (t) => ({
    id: t.id, account_id: t.account_id, to_account_id: t.to_account_id || null,
    category_id: t.category_id || null, flow_type: t.flow_type,
    amount: Number(t.amount_minor) / 10 ** t.minor_units, amount_minor: Number(t.amount_minor),
    currency_code: t.currency_code, description: t.description, notes: t.notes,
    tag_ids: [], file_ids: [], transaction_at: iso(t.transaction_at),
    created_at: iso(t.created_at), updated_at: iso(t.updated_at), voided_at: iso(t.voided_at),
  });

  app.get('/api/public/v1/me/transactions', async (req) => {
    const scope = await scopeOf(req);
    const page = Math.max(1, Number.parseInt(req.query.page, 10) || 1);
    const perPage = Math.min(100, Math.max(1, Number.parseInt(req.query.per_page, 10) || 25));
    // One row more than the page tells whether there is a next page.
    const rows = await sql`SELECT * FROM transactions
      WHERE scope_id = ${scope} AND voided_at = 0
      ORDER BY transaction_at DESC, id DESC LIMIT ${perPage + 1} OFFSET ${(page - 1) * perPage}`;
    const items = rows.slice(0, perPage).map(item);
    return envelope(200, 'OK', { items, pagination: { page, per_page: perPage, has_more: rows.length > perPage } });
  });

  const createBody = {
    type: 'object',
    required: ['account_id', 'flow_type', 'amount', 'currency_code', 'transaction_at'],
    properties: {
      account_id: { type: 'string', minLength: 1, maxLength: 64 },
      flow_type: { enum: ['expense', 'income'] },
      amount: { type: 'number', exclusiveMinimum: 0 },
      currency_code: { type: 'string', pattern: '^[A-Z]{3}$' },
      transaction_at: { type: 'string', format: 'date-time' },
      description: { type: 'string', maxLength: 500 },
      notes: { type: 'string', maxLength: 5000 },
    },
  };
  app.post('/api/public/v1/me/transactions', { schema: { body: createBody } }, async (req, reply) => {
    const scope = await scopeOf(req);
    const b = req.body;
    const units = MINOR_UNITS[b.currency_code] ?? 2;
    const amount = Math.round(b.amount * 10 ** units);
    const ts = now();
    // A UUIDv7: 48 bits of milliseconds, then random bits.
    const ms = Date.now().toString(16).padStart(12, '0');
    const id = `${ms.slice(0, 8)}-${ms.slice(8)}-7${crypto.randomUUID().slice(15)}`;
    const row = {
      id, scope_id: scope, account_id: b.account_id, to_account_id: '', category_id: '',
      flow_type: b.flow_type, amount_minor: amount, currency_code: b.currency_code,
      minor_units: units, description: b.description ?? '', notes: b.notes ?? '',
      transaction_at: Math.floor(Date.parse(b.transaction_at) / 1000),
      created_at: ts, updated_at: ts, voided_at: 0,
    };
    await sql.begin(async (tx) => {
      const moved = await tx`UPDATE accounts SET balance_minor = balance_minor + ${b.flow_type === 'income' ? amount : -amount},
        updated_at = ${ts} WHERE id = ${b.account_id} AND scope_id = ${scope}
        AND currency_code = ${b.currency_code} AND NOT archived RETURNING id`;
      if (moved.length === 0) throw new HttpError(422, 'account_id must be an account of this scope in currency_code');
      await tx`INSERT INTO transactions ${tx(row)}`;
    });
    reply.code(201);
    return envelope(201, 'Created', item(row));
  });

  app.setErrorHandler((err, req, reply) => {
    const code = err.validation ? 422 : err instanceof HttpError ? err.code : (err.statusCode ?? 500);
    if (code >= 500) req.log.error(err);
    reply.code(code).send(envelope(code, code >= 500 ? 'Internal error' : err.message, null));
  });
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ m: req.method, url: req.url, status: reply.statusCode, ms: reply.elapsedTime });
  });

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await sql.end({ timeout: 2 });
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  app.listen({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT || 55511) }).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
