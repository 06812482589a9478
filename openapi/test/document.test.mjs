// SPDX-License-Identifier: GPL-2.0-or-later
// (a) The document itself: valid OpenAPI 3.1, and complete in the ways this
// project promises (operationIds, examples, error statuses, headers).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Contract, deref, operations } from './lib/contract.mjs';
import { documentPath, loadDocument, openapiDir } from './lib/env.mjs';

const doc = loadDocument();
const contract = new Contract(doc);
const ops = operations(doc);
const isPublic = (o) => Array.isArray(o.op.security) && o.op.security.length === 0;
const name = (o) => `${o.method.toUpperCase()} ${o.path}`;

test('the document is valid OpenAPI 3.1 (official schema)', async () => {
  const validator = new Validator();
  const res = await validator.validate(documentPath);
  assert.equal(validator.version, '3.1', `detected version ${validator.version}`);
  assert.ok(res.valid, `invalid OpenAPI document:\n${String(JSON.stringify(res.errors ?? null, null, 2)).slice(0, 4000)}`);
  assert.equal(doc.openapi, '3.1.0');
  assert.deepEqual(doc.servers, [{ url: '/api/public/v1' }]);
});

test('every $ref resolves and every schema compiles', () => {
  const walk = (node, path) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`));
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      assert.ok(node.$ref.startsWith('#/'), `non-local $ref at ${path}`);
      assert.doesNotThrow(() => deref(doc, node), `unresolvable $ref ${node.$ref} at ${path}`);
    }
    for (const [k, v] of Object.entries(node)) walk(v, `${path}/${k}`);
  };
  walk(doc, '#');
  for (const n of Object.keys(doc.components.schemas))
    assert.doesNotThrow(() => contract.validatorAt(`/components/schemas/${n}`), `schema ${n} does not compile`);
});

test('every operation has a unique operationId, a summary, tags and an HTTP 2xx with an example', () => {
  const seen = new Map();
  for (const o of ops) {
    const id = o.op.operationId;
    assert.ok(typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id), `${name(o)}: operationId ${id}`);
    assert.ok(!seen.has(id), `operationId ${id} used by ${seen.get(id)} and ${name(o)}`);
    seen.set(id, name(o));
    assert.ok(o.op.summary, `${name(o)}: no summary`);
    assert.ok(o.op.tags?.length, `${name(o)}: no tags`);
    const ok = Object.keys(o.op.responses).filter((s) => /^2/.test(s));
    assert.ok(ok.length > 0, `${name(o)}: no 2xx response`);
    for (const s of ok) {
      const resp = deref(doc, o.op.responses[s]);
      const examples = Object.values(resp.content || {}).filter((m) => m.example !== undefined || (m.examples && Object.keys(m.examples).length));
      assert.ok(examples.length > 0, `${name(o)}: response ${s} has no example`);
    }
    if (o.op.requestBody) {
      const body = deref(doc, o.op.requestBody);
      const json = body.content['application/json'];
      assert.ok(json, `${name(o)}: request body without application/json`);
      assert.ok(json.examples && Object.keys(json.examples).length, `${name(o)}: request body has no example`);
    }
  }
  assert.ok(ops.length >= 70, `only ${ops.length} operations`);
});

test('every example validates against its own schema', () => {
  const problems = [];
  const check = (mediaPtr, media, where) => {
    const values = [];
    if (media.example !== undefined) values.push(media.example);
    for (const ex of Object.values(media.examples || {})) values.push(deref(doc, ex).value);
    if (!media.schema) return;
    const t = media.schema.type;
    for (const v of values) {
      if (typeof v === 'string' && (t === 'string' || !t) && !media.schema.$ref) continue;
      const r = contract.validate(`${mediaPtr}/schema`, v);
      if (!r.ok) problems.push(`${where}: ${r.errors.join('; ')}`);
    }
  };
  const esc = (s) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  for (const o of ops) {
    if (o.op.requestBody) {
      const body = o.op.requestBody;
      const base = body.$ref ? body.$ref.slice(1) : `${o.pointer}/requestBody`;
      for (const [mt, media] of Object.entries(deref(doc, body).content)) check(`${base}/content/${esc(mt)}`, media, `${name(o)} request ${mt}`);
    }
    for (const [s, r] of Object.entries(o.op.responses)) {
      const base = r.$ref ? r.$ref.slice(1) : `${o.pointer}/responses/${s}`;
      for (const [mt, media] of Object.entries(deref(doc, r).content || {})) check(`${base}/content/${esc(mt)}`, media, `${name(o)} ${s} ${mt}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every keyed operation documents 400, 401, 402, 403, 404, 405, 413, 414, 415, 422, 429, 431, 503 with the envelope', () => {
  for (const o of ops.filter((x) => !isPublic(x))) {
    for (const s of ['400', '401', '402', '403', '404', '405', '413', '414', '415', '422', '429', '431', '503']) {
      const r = deref(doc, o.op.responses[s]);
      assert.ok(r, `${name(o)}: no ${s}`);
      // allOf: the envelope, then the codes meta.error may take here.
      const schema = deref(doc, r.content?.['application/json']?.schema?.allOf?.[0]);
      assert.ok(schema?.properties?.meta && schema.required.includes('data'), `${name(o)} ${s}: not an envelope`);
    }
    const r402 = deref(doc, o.op.responses['402']);
    assert.equal(r402.content['application/json'].schema.allOf[0].$ref, '#/components/schemas/PaymentRequiredEnvelope');
    const r422 = deref(doc, o.op.responses['422']);
    // A batch's 422 may also carry its invalid bodies (atomic: nothing stored).
    const validation = o.path.endsWith('/transactions/batch') ? 'TransactionBatchValidationEnvelope' : 'ValidationErrorEnvelope';
    assert.equal(r422.content['application/json'].schema.allOf[0].$ref, `#/components/schemas/${validation}`);
    const r429 = deref(doc, o.op.responses['429']);
    assert.ok(deref(doc, r429.headers['Retry-After']).required, `${name(o)}: 429 without a required Retry-After`);
    const r405 = deref(doc, o.op.responses['405']);
    assert.ok(deref(doc, r405.headers.Allow).required, `${name(o)}: 405 without Allow`);
    const r401 = deref(doc, o.op.responses['401']);
    assert.ok(r401.headers['WWW-Authenticate'], `${name(o)}: 401 without WWW-Authenticate`);
    assert.notDeepEqual(o.op.security, [], `${name(o)} must need the key`);
  }
  assert.ok(doc.components.securitySchemes.bearerAuth.scheme === 'bearer');
  assert.deepEqual(doc.security, [{ bearerAuth: [] }]);
});

test('every success of a keyed operation carries X-Request-Id and the rate-limit headers', () => {
  for (const o of ops.filter((x) => !isPublic(x))) {
    for (const [s, r] of Object.entries(o.op.responses)) {
      if (!/^[23]/.test(s)) continue;
      const headers = deref(doc, r).headers || {};
      for (const h of ['X-Request-Id', 'RateLimit-Policy', 'RateLimit', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])
        assert.ok(deref(doc, headers[h])?.required, `${name(o)} ${s}: ${h} not required`);
    }
  }
});

test('every POST takes Idempotency-Key, documents 409 and Idempotent-Replayed', () => {
  for (const o of ops.filter((x) => x.method === 'post')) {
    const params = (o.op.parameters || []).map((p) => deref(doc, p));
    assert.ok(params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'), `${name(o)}: no Idempotency-Key`);
    assert.ok(o.op.responses['409'], `${name(o)}: no 409`);
    const ok = Object.entries(o.op.responses).find(([s]) => /^2/.test(s));
    assert.ok(deref(doc, ok[1]).headers['Idempotent-Replayed'], `${name(o)}: no Idempotent-Replayed`);
  }
});

test('both scopes offer the same operations, the personal ones under /me', () => {
  const me = ops.filter((o) => o.path.startsWith('/me/')).map((o) => `${o.method} ${o.path.slice(3)}`).sort();
  const team = ops.filter((o) => o.path.startsWith('/teams/{team}/')).map((o) => `${o.method} ${o.path.slice(13)}`).sort();
  assert.deepEqual(team, me);
  for (const o of ops.filter((x) => x.path.startsWith('/teams/'))) {
    const params = (o.op.parameters || []).map((p) => deref(doc, p));
    assert.ok(params.some((p) => p.in === 'path' && p.name === 'team' && p.required), `${name(o)}: no team parameter`);
    assert.ok(/Team/.test(o.op.operationId), `${name(o)}: operationId ${o.op.operationId} does not say Team`);
  }
  const paths = Object.keys(doc.paths);
  for (const p of ['/me', '/currencies', '/openapi.json', '/docs']) assert.ok(paths.includes(p), `missing ${p}`);
});

test('request bodies reject unknown fields, money is documented as number plus _minor', () => {
  for (const n of ['TransactionInput', 'TransactionPatch', 'AccountInput', 'AccountPatch', 'CategoryInput', 'CategoryPatch', 'TagInput', 'TagPatch', 'BudgetInput', 'BudgetPatch', 'FileUploadJson', 'FileUploadMultipart', 'VoidInput'])
    assert.equal(doc.components.schemas[n].additionalProperties, false, `${n} allows unknown fields`);
  const walk = (schema, where) => {
    if (!schema || typeof schema !== 'object') return;
    const props = schema.properties || {};
    for (const [k, v] of Object.entries(props)) {
      if (`${k}_minor` in props) {
        const t = deref(doc, v);
        assert.ok([].concat(t.type).includes('number'), `${where}.${k} is not a number`);
        assert.equal(deref(doc, props[`${k}_minor`]).type, 'integer', `${where}.${k}_minor is not an integer`);
      }
      walk(v, `${where}.${k}`);
    }
    if (schema.items) walk(schema.items, `${where}[]`);
  };
  for (const [n, s] of Object.entries(doc.components.schemas)) walk(s, n);
  const tx = doc.components.schemas.Transaction;
  assert.ok(tx.required.includes('amount') && tx.required.includes('amount_minor'));
});

test('response schemas never forbid additional properties (adding a field is not a breaking change)', () => {
  const forbidding = [];
  const seen = new Set();
  const walk = (node, where) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      if (seen.has(node.$ref)) return;
      seen.add(node.$ref);
      return walk(deref(doc, node), node.$ref);
    }
    if (node.additionalProperties === false) forbidding.push(where);
    for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
  };
  for (const o of ops) walk(o.op.responses, `${name(o)} responses`);
  assert.deepEqual(forbidding, [], `response schemas with additionalProperties: false:\n${forbidding.join('\n')}`);
});

test('every error response documents meta.error (the codes it may carry) and meta.request_id', () => {
  const codes = doc.components.schemas.ErrorCode.enum;
  assert.ok(codes.length >= 18, 'ErrorCode lists too few codes');
  const meta = doc.components.schemas.ErrorMeta;
  for (const m of ['code', 'message', 'error', 'request_id']) assert.ok(meta.required.includes(m), `ErrorMeta does not require ${m}`);
  let checked = 0;
  for (const o of ops) {
    for (const [status, raw] of Object.entries(o.op.responses)) {
      if (Number(status) < 400) continue;
      const resp = deref(doc, raw);
      const schema = resp.content?.['application/json']?.schema;
      assert.ok(schema && Array.isArray(schema.allOf), `${name(o)} ${status}: the schema does not narrow meta.error`);
      const envelope = deref(doc, schema.allOf[0]);
      assert.equal(envelope.properties.meta.$ref, '#/components/schemas/ErrorMeta', `${name(o)} ${status}: meta is not ErrorMeta`);
      const listed = schema.allOf[1].properties.meta.properties.error.enum;
      assert.ok(listed.length > 0 && listed.every((c) => codes.includes(c)), `${name(o)} ${status}: codes ${listed} are not all in ErrorCode`);
      const example = Object.values(resp.content['application/json'].examples || {})[0]?.value;
      assert.ok(example && listed.includes(example.meta.error) && example.meta.request_id, `${name(o)} ${status}: the example lacks its error code or request id`);
      checked++;
    }
  }
  assert.ok(checked > 100, `only ${checked} error responses checked`);
});

test('the README\'s error table lists every error code of the document', () => {
  const readme = readFileSync(join(openapiDir, '..', 'README.md'), 'utf8');
  for (const c of doc.components.schemas.ErrorCode.enum) assert.ok(readme.includes(`\`${c}\``), `README does not list the error code ${c}`);
});

test('info: the licence docs/LICENSING.md gives the document, the project version, keys from the settings page', () => {
  // docs/LICENSING.md's table: | `openapi/openapi.json` ... | <licence> | <text> |
  const licensing = readFileSync(join(openapiDir, '..', 'docs', 'LICENSING.md'), 'utf8');
  const row = licensing.split('\n').find((l) => l.startsWith('|') && l.includes('`openapi/openapi.json`'));
  assert.ok(row, 'docs/LICENSING.md has no row for openapi/openapi.json');
  const licence = row.split('|')[2].trim();
  assert.deepEqual(doc.info.license, { name: licence, identifier: licence });
  // CMake's project version is the one version (tests/ops/versions.sh
  // checks the binaries and the packages against it too).
  const cmake = readFileSync(join(openapiDir, '..', 'CMakeLists.txt'), 'utf8');
  const version = /^project\(purse VERSION ([0-9][0-9.]*)[ )]/m.exec(cmake)?.[1];
  assert.ok(version, 'no project(purse VERSION ...) in CMakeLists.txt');
  assert.equal(doc.info.version, version);
  // Users make their own keys on the settings page; purse-admin is the operator's.
  const text = JSON.stringify(doc);
  assert.doesNotMatch(text, /purse-admin/);
  assert.match(doc.info.description, /`\/settings\/developer`/);
  assert.match(doc.components.securitySchemes.bearerAuth.description, /`\/settings\/developer`/);
});
