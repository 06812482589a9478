// SPDX-License-Identifier: GPL-2.0-or-later
// (e) Requests generated from the document: for every operation in the
// personal and a team scope, valid variants and invalid ones (wrong types,
// missing required fields, unknown fields, over-long and near-body-limit
// strings, odd Unicode, boundary numbers, bad query values, bad path ids,
// bad bodies and media types). Whether a variant is invalid is decided by
// the document's own schemas (Ajv), plus what its descriptions say about
// money decimals. Every invalid request must get a 4xx envelope; no request
// may get a 5xx or take more than a few seconds; every answer must conform
// to the document. Deterministic: a fixed seed, a fixed order.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Contract, deref, operations } from './lib/contract.mjs';
import { admin, artifactsDir, createUser, loadDocument, startReceiver, startServer, webhookTestFlags } from './lib/env.mjs';

const SEED = 0x5eed1234;
const TIMEOUT_MS = 5000;
const BODY_LIMIT = 1048576;
const doc = loadDocument();
const contract = new Contract(doc);

// mulberry32: a small seeded PRNG, so every run sends the same requests.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(SEED);
const randomUuid = () => {
  const hex = () => Math.floor(rand() * 16).toString(16);
  const h = (n) => Array.from({ length: n }, hex).join('');
  return `${h(8)}-${h(4)}-7${h(3)}-8${h(3)}-${h(12)}`;
};

// Numbers that JSON.stringify cannot write (-0) or would round are kept as
// their source text.
class Raw {
  constructor(text) { this.text = text; this.value = Number(text); }
}
const RAW_MARK = '\u0001RAW\u0001';
function toJsonText(value) {
  const text = JSON.stringify(value, (k, v) => (v instanceof Raw ? RAW_MARK + v.text + RAW_MARK : v));
  return text.replace(new RegExp(`"${RAW_MARK}([^\\u0001]*)${RAW_MARK}"`, 'g'), '$1');
}
const forAjv = (value) => JSON.parse(JSON.stringify(value, (k, v) => (v instanceof Raw ? v.value : v)));

let server;
let receiver;
let scopes;
let failures = [];
let stats = { requests: 0, invalid: 0, valid: 0, slowest: 0 };

async function send({ method, path, query = '', headers = {}, body, contentType }) {
  const h = { Authorization: `Bearer ${server.key}`, ...headers };
  if (contentType) h['Content-Type'] = contentType;
  const url = server.base + path + (query ? `?${query}` : '');
  const started = Date.now();
  let res;
  let text;
  try {
    res = await fetch(url, { method, headers: h, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = await res.text();
  } catch (e) {
    return { error: `no answer within ${TIMEOUT_MS} ms or connection failed: ${e.name}: ${e.message}`, ms: Date.now() - started };
  }
  const ms = Date.now() - started;
  stats.requests++;
  stats.slowest = Math.max(stats.slowest, ms);
  return { status: res.status, contentType: res.headers.get('content-type') || '', headers: Object.fromEntries(res.headers), text, ms };
}

/** Sends one generated case and records every way it breaks the promises. */
async function run(c) {
  const r = await send(c);
  const label = `${c.method} ${c.path}${c.query ? `?${c.query.slice(0, 120)}` : ''} [${c.what}]`;
  const fail = (why) => failures.push(`${label}: ${why}`);
  if (r.error) return fail(r.error);
  if (r.status >= 500) fail(`${r.status} ${r.text.slice(0, 200)}`);
  if (c.invalid) {
    stats.invalid++;
    if (r.status < 400 || r.status > 499) fail(`an invalid request got ${r.status}, not a 4xx: ${r.text.slice(0, 200)}`);
  } else {
    stats.valid++;
  }
  if (r.status >= 400) {
    let env = null;
    try { env = JSON.parse(r.text); } catch { /* reported below */ }
    if (!env || typeof env !== 'object' || !env.meta || env.meta.code !== r.status || typeof env.meta.message !== 'string' || !env.meta.message)
      fail(`the ${r.status} body is not the envelope: ${r.text.slice(0, 200)}`);
  }
  const op = contract.match(c.method, `/api/public/v1${c.path}`);
  if (!op) return fail('no documented operation matches');
  const { problems } = contract.checkResponse(op, r.status, r.contentType, r.headers, r.text);
  for (const p of problems) fail(`disagrees with the document: ${p}`);
  return r;
}

// ------------------------------------------------------------ fixtures --
async function createIn(scopePath, collection, body) {
  const r = await send({ method: 'POST', path: `${scopePath}/${collection}`, body: JSON.stringify(body), contentType: 'application/json' });
  assert.equal(r.status, 201, `fixture ${collection} in ${scopePath}: ${r.status} ${r.text}`);
  return JSON.parse(r.text).data.id;
}
async function fixtures(scopePath) {
  const ids = {};
  ids.account = await createIn(scopePath, 'accounts', { name: 'Fuzz main', currency_code: 'USD' });
  ids.account2 = await createIn(scopePath, 'accounts', { name: 'Fuzz savings', currency_code: 'USD', type: 'savings' });
  ids.category = await createIn(scopePath, 'categories', { name: 'Fuzz groceries' });
  ids.category2 = await createIn(scopePath, 'categories', { name: 'Fuzz food' });
  ids.tag = await createIn(scopePath, 'tags', { name: 'fuzz' });
  ids.file = await createIn(scopePath, 'files', { name: 'fuzz.txt', content_base64: Buffer.from('hello fuzz\n').toString('base64') });
  ids.transaction = await createIn(scopePath, 'transactions', {
    account_id: ids.account, flow_type: 'expense', amount: 12.34, currency_code: 'USD', transaction_at: '2026-11-01T10:00:00Z',
    category_id: ids.category, tag_ids: [ids.tag], file_ids: [ids.file],
  });
  ids.budget = await createIn(scopePath, 'budgets', { category_id: ids.category, month: '2026-10', amount: 100, currency_code: 'USD' });
  // A webhook first would have the fixtures above delivered: made last, it
  // gets the fuzzed writes' events (the receiver answers 204).
  ids.webhook = await createIn(scopePath, 'webhooks', { url: receiver.url, events: ['*'] });
  return ids;
}

before(async () => {
  // Webhooks post to a receiver on 127.0.0.1 over plain HTTP.
  receiver = await startReceiver();
  server = await startServer(['--read-limit', '1000000', '--write-limit', '1000000', ...webhookTestFlags]);
  const user = createUser('fuzz');
  server.key = user.key;
  const team = admin('team', 'create', '--name', `fuzz-${Date.now()}`, '--owner', user.id);
  scopes = [
    { name: 'personal', prefix: '/me', ids: await fixtures('/me') },
    { name: 'team', prefix: `/teams/${team.id}`, team: team.id, ids: await fixtures(`/teams/${team.id}`) },
  ];
});
after(async () => {
  await server?.stop();
  await receiver?.close();
  // The server's own log (last 20 kB) helps to find the cause of a 5xx.
  if (server) writeFileSync(join(artifactsDir, 'fuzz-server.log'), `${server.notable()}\n--- last requests ---\n${server.log()}`);
});

// ------------------------------------------------------------ generation --
const ID_FIELDS = { account_id: 'account', to_account_id: 'account2', category_id: 'category', parent_id: 'category2', transaction_id: 'transaction' };
const ID_ARRAYS = { tag_ids: 'tag', file_ids: 'file' };
const COLLECTION_OF = { transactions: 'transaction', accounts: 'account', categories: 'category', tags: 'tag', files: 'file', budgets: 'budget', webhooks: 'webhook' };

/** The example body with its ids replaced by the scope's real ones (and a webhook's URL by the receiver's). */
function realBody(example, ids) {
  const out = structuredClone(example);
  if (typeof out.url === 'string') out.url = receiver.url;
  for (const k of Object.keys(out)) {
    if (ID_FIELDS[k] && out[k] !== null) out[k] = ids[ID_FIELDS[k]];
    if (ID_ARRAYS[k] && Array.isArray(out[k])) out[k] = out[k].map(() => ids[ID_ARRAYS[k]]);
  }
  return out;
}

/** JSON types a (dereferenced) schema admits. */
function typesOf(schema) {
  const s = deref(doc, schema);
  if (s.oneOf || s.anyOf) return [...new Set((s.oneOf || s.anyOf).flatMap(typesOf))];
  if (s.type) return [].concat(s.type);
  if (s.const === null) return ['null'];
  return ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
}
const refersTo = (schema, name) => JSON.stringify(schema).includes(`#/components/schemas/${name}"`);

const UNICODE = ['\u0000', 'a\u0000b', '\u202Eevil\u202C', '\u05e9\u05dc\u05d5\u05dd', '💸🧾', 'e\u0301\u0301\u0301', '\ufeff', '\uffff', '𝕏'.repeat(30)];
const HUGE = 'h'.repeat(BODY_LIMIT - 2000); // just under the body limit with the rest of the body

function stringCandidates(s, depthBudget) {
  const out = ['', ' ', ' \t ', 'x', 'not-a-uuid', 'yesterday', '2026-13-45T25:61:00Z', '2026-01-31T12:00:00+02:00', '#12zz45', '#A1b2C3', 'usd', 'ZZZ', 'EUR', 'transfer', 'credit_card', randomUuid(), 'aGVsbG8=', '!!!', ...UNICODE];
  const max = s.maxLength;
  if (max !== undefined) out.push('a'.repeat(max), 'a'.repeat(max + 1), 'é'.repeat(max));
  else out.push('a'.repeat(5000));
  if (depthBudget.huge-- > 0) out.push(HUGE);
  return out;
}
const NUMBERS = ['0', '-0', '1', '-1', '0.001', '1.005', '12.3456789', '19.99', '1.5e2', '1e-7', '1e15', '999999999999999.99', '-999999999999999.99', '1e308', '-1e308', '999999999999999999999', '9007199254740993'];
const TOO_MANY_DECIMALS = (text) => /\.\d{3,}$/.test(text) || text === '1e-7';

/** Candidate values for one body property, each marked by the schema. */
function propertyCandidates(propSchema, budget) {
  const types = typesOf(propSchema);
  const c = [12345, true, 'text', {}, [], null];
  if (types.includes('string')) c.push(...stringCandidates(deref(doc, propSchema).type ? deref(doc, propSchema) : {}, budget));
  if (types.includes('number') || types.includes('integer')) c.push(...NUMBERS.map((n) => new Raw(n)));
  if (types.includes('array')) c.push(['not-a-uuid'], [1], Array.from({ length: 51 }, randomUuid), [randomUuid()]);
  return c;
}

function bodyCases(opSchemaPtr, schema, base, money) {
  const s = deref(doc, schema);
  const cases = [];
  const validBody = (b) => contract.validate(opSchemaPtr, forAjv(b)).ok;
  const budget = { huge: 1 };
  for (const [prop, propSchema] of Object.entries(s.properties || {})) {
    for (const v of propertyCandidates(propSchema, budget)) {
      const b = { ...base, [prop]: v };
      let invalid = !validBody(b);
      // The document says amounts have at most the currency's decimals (USD: 2).
      if (!invalid && v instanceof Raw && money.includes(prop) && TOO_MANY_DECIMALS(v.text)) invalid = true;
      const shown = v instanceof Raw ? v.text : typeof v === 'string' && v.length > 40 ? `${v.length} chars` : JSON.stringify(v);
      cases.push({ body: b, invalid, what: `${prop}=${shown}` });
    }
  }
  for (const r of s.required || []) {
    const b = { ...base };
    delete b[r];
    cases.push({ body: b, invalid: true, what: `without required ${r}` });
  }
  cases.push({ body: { ...base, unexpected_field: 1 }, invalid: s.additionalProperties === false ? true : !validBody({ ...base, unexpected_field: 1 }), what: 'unknown field' });
  return cases;
}

function queryCandidates(ids) {
  return ['', 'abc', '0', '1', '-1', '1.5', '100', '101', '200', '201', '10000000', '10000001', '99999999999999999999', 'true', 'false', 'yes', '1',
    'not-a-uuid', randomUuid(), ids.account, '2026-01-31', '2026-02-30', '2026-13-45', '2026-01-31T12:00:00Z', 'yesterday', 'USD', 'usd', 'expense',
    '-amount', 'amount', '2026-11', '2026-13', 'Europe/Berlin', 'Not/A_Zone', '1.25', '-0', 'a'.repeat(201), '\u0000', '💸', '\u202Eabc', 'week'];
}

function queryParamInvalid(schema, value) {
  const s = deref(doc, schema);
  const types = typesOf(s);
  let v = value;
  if ((types.includes('integer') || types.includes('number')) && /^-?[0-9]+(\.[0-9]+)?$/.test(value)) v = Number(value);
  return !contract.ajv.validate(s, v);
}

/** Every case of one operation in one scope, in a fixed order. */
function casesFor(o, scope) {
  const ids = scope.ids;
  const out = [];
  const fill = (path, id = null, team = null) => path.replace('{team}', team ?? scope.team ?? '').replace('{id}', id ?? ids[COLLECTION_OF[o.path.split('/').find((x) => COLLECTION_OF[x])]] ?? '');
  const path = fill(o.path.replace(/^\/(me|teams\/\{team\})/, scope.prefix));
  const method = o.method.toUpperCase();
  const params = (o.op.parameters || []).map((p) => deref(doc, p));
  const query = params.filter((p) => p.in === 'query');
  const bodySpec = o.op.requestBody ? deref(doc, o.op.requestBody) : null;
  const json = bodySpec?.content['application/json'];
  const bodyPtr = o.op.requestBody?.$ref ? `${o.op.requestBody.$ref.slice(1)}/content/application~1json/schema` : `${o.pointer}/requestBody/content/application~1json/schema`;
  const example = json ? deref(doc, Object.values(json.examples)[0]).value : undefined;
  const base = example !== undefined ? realBody(example, ids) : undefined;
  const withBody = (b, extra = {}) => ({ body: b === undefined ? undefined : toJsonText(b), contentType: b === undefined ? undefined : 'application/json', ...extra });

  // The valid request.
  out.push({ method, path, ...withBody(base), invalid: false, what: 'valid example' });
  // Query parameters.
  for (const p of query) {
    for (const v of queryCandidates(ids)) {
      out.push({ method, path, query: `${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`, ...withBody(base), invalid: queryParamInvalid(p.schema, v), what: `query ${p.name}=${v.length > 30 ? `${v.length} chars` : JSON.stringify(v)}` });
    }
    out.push({ method, path, query: `${p.name}=1&${p.name}=1`, ...withBody(base), invalid: true, what: `query ${p.name} twice` });
  }
  out.push({ method, path, query: 'unknown_param=1', ...withBody(base), invalid: true, what: 'unknown query parameter' });
  out.push({ method, path, query: `q=${'u'.repeat(9000)}`, ...withBody(base), invalid: true, what: 'URL over 8 KiB' });
  // Path parameters.
  if (o.path.includes('{id}')) {
    out.push({ method, path: fill(o.path.replace(/^\/(me|teams\/\{team\})/, scope.prefix), 'not-a-uuid'), ...withBody(base), invalid: true, what: 'id not a uuid' });
    out.push({ method, path: fill(o.path.replace(/^\/(me|teams\/\{team\})/, scope.prefix), randomUuid()), ...withBody(base), invalid: true, what: 'unknown id' });
  }
  if (scope.team) {
    out.push({ method, path: o.path.replace('{team}', 'not-a-team').replace('{id}', randomUuid()), ...withBody(base), invalid: true, what: 'team not a uuid' });
    out.push({ method, path: o.path.replace('{team}', randomUuid()).replace('{id}', randomUuid()), ...withBody(base), invalid: true, what: 'unknown team' });
  }
  // Headers.
  if (method === 'POST') out.push({ method, path, ...withBody(base), headers: { 'Idempotency-Key': 'k'.repeat(256) }, invalid: true, what: 'Idempotency-Key too long' });
  out.push({ method, path, ...withBody(base), headers: { Authorization: 'Bearer purse_nope' }, invalid: true, what: 'malformed key' });
  // Bodies.
  if (json) {
    const money = Object.entries(deref(doc, json.schema).properties || {})
      .filter(([, ps]) => refersTo(ps, 'AmountInput') || refersTo(ps, 'SignedAmountInput')).map(([k]) => k);
    for (const c of bodyCases(bodyPtr, json.schema, base, money)) out.push({ method, path, ...withBody(c.body), invalid: c.invalid, what: c.what });
    const raw = (text, what, contentType = 'application/json') => out.push({ method, path, body: text, contentType, invalid: true, what });
    raw('{"name":', 'truncated JSON');
    raw('{"name":"\\ud800"}', 'lone surrogate escaped');
    raw('{"name":"\\udc00x"}', 'lone low surrogate escaped');
    raw(Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'invalid UTF-8');
    raw('[]', 'array body');
    raw('"text"', 'string body');
    raw('42', 'number body');
    raw('null', 'null body');
    raw('[' .repeat(40) + ']'.repeat(40), 'nesting 40 deep');
    raw(`{"a":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`, 'object nesting 41 deep');
    raw(toJsonText(base), 'text/plain body', 'text/plain');
    raw(toJsonText(base), 'no content type', '');
    if (!o.path.endsWith('/files')) raw(`{"x":"${'o'.repeat(BODY_LIMIT + 10)}"}`, 'body over 1 MiB');
    if (bodySpec.required) raw(' ', 'empty body');
  }
  if (o.path.endsWith('/files') && method === 'POST') out.push(...multipartCases(path, ids));
  return out;
}

function multipart(parts, boundary = 'fuzzBoundary7MA4YWxk') {
  const chunks = [];
  for (const p of parts) {
    chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n`
      + (p.type ? `Content-Type: ${p.type}\r\n` : '') + `\r\n${p.data}\r\n`);
  }
  chunks.push(`--${boundary}--\r\n`);
  return { body: chunks.join(''), contentType: `multipart/form-data; boundary=${boundary}` };
}

function multipartCases(path, ids) {
  const file = { name: 'file', filename: 'note.txt', type: 'text/plain', data: 'hello multipart\n' };
  const m = (parts, invalid, what, boundary) => ({ method: 'POST', path, ...multipart(parts, boundary), invalid, what: `multipart ${what}` });
  return [
    m([file], false, 'valid'),
    m([file, { name: 'transaction_id', data: ids.transaction }], false, 'with transaction_id'),
    m([{ name: 'transaction_id', data: ids.transaction }], true, 'without a file part'),
    m([file, file], true, 'two file parts'),
    m([{ ...file, filename: undefined }], true, 'file part without filename'),
    m([file, { name: 'unexpected', data: 'x' }], true, 'unknown field'),
    m([file, { name: 'transaction_id', data: 'not-a-uuid' }], true, 'bad transaction_id'),
    m([{ ...file, data: '<html><script>alert(1)</script></html>', filename: 'x.html', type: 'text/html' }], true, 'HTML content'),
    m([{ ...file, type: 'image/png' }], true, 'declared type disagrees'),
    { method: 'POST', path, body: '--x\r\nbroken', contentType: 'multipart/form-data; boundary=x', invalid: true, what: 'multipart malformed' },
  ];
}

const ORDER = { get: 0, post: 1, patch: 2, put: 3, delete: 5 };
const rank = (o) => (o.path.endsWith('/void') ? 4 : ORDER[o.method] ?? 6);

test('generated requests: invalid ones get a 4xx envelope, none gets a 5xx or hangs, all answers match the document', async () => {
  const started = Date.now();
  const ops = operations(doc)
    .filter((o) => !(Array.isArray(o.op.security) && o.op.security.length === 0))
    .sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
  for (const scope of scopes) {
    for (const o of ops) {
      const scoped = o.path.startsWith('/me/') || o.path.startsWith('/teams/');
      if (scope.team && !o.path.startsWith('/teams/')) continue;
      if (!scope.team && o.path.startsWith('/teams/')) continue;
      if (!scoped && scope.team) continue;
      for (const c of casesFor(o, scope)) await run(c);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`# fuzz: ${stats.requests} requests (${stats.invalid} invalid, ${stats.valid} valid) in ${seconds.toFixed(1)} s, slowest ${stats.slowest} ms, seed ${SEED}`);
  const grouped = new Map();
  for (const f of failures) {
    const key = f.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}');
    grouped.set(key, (grouped.get(key) || 0) + 1);
  }
  const report = [...grouped.entries()].map(([k, n]) => (n > 1 ? `${n}x ${k}` : k));
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(join(artifactsDir, 'fuzz-failures.txt'), report.join('\n') + (report.length ? '\n' : ''));
  if (report.length) console.log(`# fuzz: ${report.length} distinct failures, all listed in ${join(artifactsDir, 'fuzz-failures.txt')}`);
  assert.ok(stats.invalid > 1000, `only ${stats.invalid} invalid requests were generated`);
  assert.deepEqual(report.slice(0, 300), [], `${failures.length} failures (${report.length} distinct)`);
});
