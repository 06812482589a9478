// SPDX-License-Identifier: GPL-2.0-or-later
// (f) The SDK (openapi/client, @purse/api-client) against the live server:
// every operation of the document called through it in both scopes (and
// every answer it got conforms to the document), webhooks delivered to a
// receiver and checked with the SDK's verifyWebhook, auto-pagination, the
// Idempotency-Key on POST, typed errors, and the 429 retry honouring the
// real server's Retry-After. Runs the built client (client/dist), as a user
// of the package would.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Contract, operations } from './lib/contract.mjs';
import { admin, createUser, loadDocument, openapiDir, startReceiver, startServer, webhookTestFlags } from './lib/env.mjs';

const doc = loadDocument();
const contract = new Contract(doc);
const { createClient, PurseApiError, parseRetryAfter, signWebhook, verifyWebhook, WebhookSignatureError } = await import(join(openapiDir, 'client', 'dist', 'index.js'));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A fetch that records every attempt the SDK makes (method, URL, headers,
 * status, the operation of the document it hits) and passes it on to the
 * real one. `problems` collects answers that do not conform to the document.
 */
function recordingFetch() {
  const seen = [];
  const problems = [];
  const fetchImpl = async (request) => {
    const entry = {
      method: request.method,
      url: new URL(request.url),
      headers: Object.fromEntries(request.headers),
      status: null,
    };
    seen.push(entry);
    const res = await fetch(request);
    entry.status = res.status;
    entry.retryAfter = res.headers.get('retry-after');
    const op = contract.match(request.method, entry.url.pathname);
    entry.op = op ? `${op.method.toUpperCase()} ${op.path}` : null;
    if (op) {
      const text = await res.clone().text();
      const { problems: p } = contract.checkResponse(op, res.status, res.headers.get('content-type'),
        Object.fromEntries(res.headers), text);
      for (const x of p) problems.push(`${entry.op} → ${res.status}: ${x}`);
    }
    return res;
  };
  return { seen, problems, fetchImpl };
}

let server;
let receiver;
before(async () => {
  receiver = await startReceiver();
  server = await startServer(['--read-limit', '100000', '--write-limit', '100000', ...webhookTestFlags]);
});
after(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('every operation through the SDK', () => {
  test('both scopes: create, read, list, update, replace, void, upload, download, report, delete; answers conform', async () => {
    const user = createUser('sdk-all');
    const team = admin('team', 'create', '--name', `sdk-${Date.now()}`, '--owner', user.id);
    const rec = recordingFetch();
    const purse = createClient({ baseUrl: server.base, apiKey: user.key, fetch: rec.fetchImpl, timeoutMs: 15000 });

    const me = await purse.get('/me');
    assert.equal(me.status, 200);
    assert.equal(me.data.id, user.id);
    assert.ok(me.data.teams.some((t) => t.id === team.id), 'the new team is listed');
    const t = await purse.get('/teams/{team}', { params: { path: { team: team.id } } });
    assert.equal(t.data.id, team.id);
    const currencies = await purse.get('/currencies', { params: { query: { per_page: 100 } } });
    assert.ok(currencies.data.items.some((c) => c.code === 'EUR'));

    for (const scope of ['/me', '/teams/{team}']) {
      const P = (p) => scope + p; // a document path in this scope
      const at = (extra = {}) => ({ ...(scope === '/me' ? {} : { team: team.id }), ...extra });
      const where = `${scope}`;

      // Accounts
      const acc = await purse.post(P('/accounts'), { params: { path: at() }, body: { name: 'Main', currency_code: 'EUR', opening_balance: 100 } });
      assert.equal(acc.status, 201, where);
      const acc2 = (await purse.post(P('/accounts'), { params: { path: at() }, body: { name: 'Spare', currency_code: 'EUR' } })).data;
      assert.equal((await purse.get(P('/accounts/{id}'), { params: { path: at({ id: acc.data.id }) } })).data.name, 'Main');
      assert.equal((await purse.patch(P('/accounts/{id}'), { params: { path: at({ id: acc.data.id }) }, body: { name: 'Main account' } })).data.name, 'Main account');
      const replaced = await purse.put(P('/accounts/{id}'), { params: { path: at({ id: acc2.id }) }, body: { name: 'Spare 2', currency_code: 'EUR', type: 'savings' } });
      assert.equal(replaced.data.type, 'savings');
      assert.equal((await purse.get(P('/accounts'), { params: { path: at() } })).data.pagination.total, 2);

      // Categories
      const cat = (await purse.post(P('/categories'), { params: { path: at() }, body: { name: 'Food', kind: 'expense' } })).data;
      const cat2 = (await purse.post(P('/categories'), { params: { path: at() }, body: { name: 'Misc' } })).data;
      await purse.get(P('/categories/{id}'), { params: { path: at({ id: cat.id }) } });
      assert.equal((await purse.patch(P('/categories/{id}'), { params: { path: at({ id: cat.id }) }, body: { color: '#aa3300' } })).data.color, '#aa3300');
      assert.equal((await purse.put(P('/categories/{id}'), { params: { path: at({ id: cat2.id }) }, body: { name: 'Other' } })).data.name, 'Other');
      assert.equal((await purse.get(P('/categories'), { params: { path: at() } })).data.items.length, 2);

      // Tags
      const tag = (await purse.post(P('/tags'), { params: { path: at() }, body: { name: 'work' } })).data;
      await purse.get(P('/tags/{id}'), { params: { path: at({ id: tag.id }) } });
      assert.equal((await purse.patch(P('/tags/{id}'), { params: { path: at({ id: tag.id }) }, body: { name: 'job' } })).data.name, 'job');
      assert.equal((await purse.put(P('/tags/{id}'), { params: { path: at({ id: tag.id }) }, body: { name: 'work' } })).data.name, 'work');
      assert.equal((await purse.get(P('/tags'), { params: { path: at() } })).data.items[0].id, tag.id);

      // Transactions
      const txBody = {
        account_id: acc.data.id, flow_type: 'expense', amount: 12.3, currency_code: 'EUR',
        transaction_at: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), category_id: cat.id, tag_ids: [tag.id], description: 'Lunch',
      };
      const tx = (await purse.post(P('/transactions'), { params: { path: at() }, body: txBody })).data;
      assert.equal(tx.amount_minor, 1230);
      assert.equal((await purse.get(P('/transactions/{id}'), { params: { path: at({ id: tx.id }) } })).data.description, 'Lunch');
      assert.equal((await purse.patch(P('/transactions/{id}'), { params: { path: at({ id: tx.id }) }, body: { description: 'Dinner' } })).data.description, 'Dinner');
      assert.equal((await purse.put(P('/transactions/{id}'), { params: { path: at({ id: tx.id }) }, body: { ...txBody, amount: 20 } })).data.amount_minor, 2000);
      const tx2 = (await purse.post(P('/transactions'), { params: { path: at() }, body: { ...txBody, amount: 5 } })).data;
      const voided = await purse.post(P('/transactions/{id}/void'), { params: { path: at({ id: tx2.id }) } });
      assert.ok(voided.data.voided_at, 'voided');
      const list = await purse.get(P('/transactions'), { params: { path: at(), query: { include_voided: 'true' } } });
      assert.equal(list.data.pagination.total, 2);
      assert.equal(tx.created_by, user.id, 'the server sets created_by');
      const mine = await purse.get(P('/transactions'), { params: { path: at(), query: { include_voided: 'true', created_by: user.id } } });
      assert.equal(mine.data.pagination.total, 2);
      // A batch: one stored, one invalid; again, the stored one is found by its external_id
      const batchBody = { transactions: [{ ...txBody, amount: 1, external_id: `sdk${scope}` }, { ...txBody, amount: 0 }] };
      const batch = await purse.post(P('/transactions/batch'), { params: { path: at() }, body: batchBody });
      assert.deepEqual(batch.data.items.map((i) => i.status), [201, 422]);
      assert.equal(batch.data.items[0].data.external_id, `sdk${scope}`);
      const rebatch = await purse.post(P('/transactions/batch'), { params: { path: at() }, body: batchBody });
      assert.equal(rebatch.data.items[0].data.id, batch.data.items[0].data.id);
      await purse.delete(P('/transactions/{id}'), { params: { path: at({ id: batch.data.items[0].data.id }) } });

      // Budgets (and the budget report): the expense category, this month
      const month = txBody.transaction_at.slice(0, 7);
      const bud = await purse.post(P('/budgets'), { params: { path: at() }, body: { category_id: cat.id, month, amount: 50, currency_code: 'EUR' } });
      assert.equal(bud.status, 201, where);
      assert.equal(bud.data.amount_minor, 5000);
      assert.equal(bud.data.updated_by, user.id);
      assert.equal((await purse.get(P('/budgets/{id}'), { params: { path: at({ id: bud.data.id }) } })).data.month, month);
      assert.equal((await purse.patch(P('/budgets/{id}'), { params: { path: at({ id: bud.data.id }) }, body: { amount: 60 } })).data.amount_minor, 6000);
      assert.equal((await purse.put(P('/budgets/{id}'), { params: { path: at({ id: bud.data.id }) }, body: { category_id: cat.id, month, amount: 40, currency_code: 'EUR' } })).data.amount_minor, 4000);
      assert.equal((await purse.get(P('/budgets'), { params: { path: at(), query: { month, category_id: cat.id } } })).data.pagination.total, 1);
      const plan = await purse.get(P('/reports/budget'), { params: { path: at(), query: { month, tz: 'UTC', currency_code: 'EUR' } } });
      const food = plan.data.currencies[0].categories[0];
      assert.deepEqual([food.budget_id, food.budgeted_minor, food.spent_minor, food.remaining_minor, food.transaction_count], [bud.data.id, 4000, 2000, 2000, 1]);

      // Files: multipart and JSON uploads, metadata, bytes (and a 304), delete
      const bytes = new TextEncoder().encode(`receipt of ${scope}\n`);
      const up = await purse.uploadFile(P('/files'), { data: bytes, filename: 'receipt.txt', contentType: 'text/plain', transactionId: tx.id, team: scope === '/me' ? undefined : team.id });
      assert.equal(up.status, 201);
      assert.deepEqual(up.data.transaction_ids, [tx.id]);
      const up2 = await purse.post(P('/files'), { params: { path: at() }, body: { name: 'note.txt', content_type: 'text/plain', content_base64: Buffer.from('hello\n').toString('base64') } });
      assert.equal(up2.data.size_bytes, 6);
      assert.equal((await purse.get(P('/files/{id}'), { params: { path: at({ id: up.data.id }) } })).data.name, 'receipt.txt');
      assert.equal((await purse.get(P('/files'), { params: { path: at(), query: { transaction_id: tx.id } } })).data.items.length, 1);
      const content = await purse.fileContent(P('/files/{id}/content'), at({ id: up.data.id }));
      assert.equal(content.status, 200);
      assert.equal(Buffer.from(content.bytes).toString(), `receipt of ${scope}\n`);
      assert.ok(content.etag, 'the bytes come with an ETag');
      const again = await purse.fileContent(P('/files/{id}/content'), at({ id: up.data.id, ifNoneMatch: content.etag }));
      assert.equal(again.status, 304);
      assert.equal(again.bytes.length, 0);
      await purse.delete(P('/files/{id}'), { params: { path: at({ id: up2.data.id }) } });

      // The CSV export: a stream of what the list's filters match.
      const csv = await purse.exportCsv(P('/transactions/export.csv'), { ...at(), query: { include_voided: true } });
      assert.equal(csv.status, 200);
      assert.match(csv.contentType, /^text\/csv/);
      const text = await new Response(csv.body).text();
      assert.ok(text.startsWith('id,transaction_at,account_id,account_name,'), text.slice(0, 200));
      assert.ok(text.includes(tx.id), 'the export has the transaction');
      await assert.rejects(purse.exportCsv(P('/transactions/export.csv'), { ...at(), query: { per_page: 5 } }),
        (e) => e instanceof PurseApiError && e.status === 422 && e.fieldErrors?.per_page !== undefined);

      // Reports and usage
      assert.ok((await purse.get(P('/reports'), { params: { path: at() } })).data.items.length >= 5);
      const total = await purse.get(P('/reports/total-spending'), { params: { path: at(), query: { currency_code: 'EUR' } } });
      assert.equal(total.data.totals[0].amount_minor, 2000);
      await purse.get(P('/reports/categories-spending'), { params: { path: at() } });
      await purse.get(P('/reports/spending-trends'), { params: { path: at(), query: { interval: 'day' } } });
      await purse.get(P('/reports/dashboard'), { params: { path: at() } });
      await purse.get(P('/usage'), { params: { path: at() } });

      // The changes feed: from the beginning, then on from its cursor.
      const feed = await purse.get(P('/changes'), { params: { path: at(), query: { per_page: 100 } } });
      assert.ok(feed.data.items.length > 0);
      assert.ok(feed.data.items.every((e) => e.deleted === (e.record === null)));
      const later = await purse.get(P('/changes'), { params: { path: at(), query: { since: feed.data.next_cursor, per_page: 5 } } });
      assert.ok(later.data.items.length <= 5);

      // Webhooks: create (the secret shown once), read, list, change; a change
      // of the scope is delivered signed, and its delivery listed.
      const hook = await purse.post(P('/webhooks'), { params: { path: at() }, body: { url: receiver.url, events: ['account.*', 'tag.created'], description: 'sdk' } });
      assert.equal(hook.status, 201, where);
      assert.match(hook.data.secret, /^whsec_[0-9a-f]{64}$/);
      assert.deepEqual(hook.data.events, ['account.*', 'tag.created']);
      const hookAt = at({ id: hook.data.id });
      const readHook = await purse.get(P('/webhooks/{id}'), { params: { path: hookAt } });
      assert.equal(readHook.data.url, receiver.url);
      assert.equal('secret' in readHook.data, false, 'reads never show the secret');
      const hooks = await purse.get(P('/webhooks'), { params: { path: at() } });
      assert.deepEqual(hooks.data.items.map((h) => h.id), [hook.data.id]);
      assert.equal((await purse.patch(P('/webhooks/{id}'), { params: { path: hookAt }, body: { description: null } })).data.description, null);
      const replacedHook = await purse.put(P('/webhooks/{id}'), { params: { path: hookAt }, body: { url: receiver.url, events: ['tag.created'] } });
      assert.deepEqual([replacedHook.data.events, replacedHook.data.active], [['tag.created'], true]);
      const hooked = (await purse.post(P('/tags'), { params: { path: at() }, body: { name: `hooked ${scope}` } })).data;
      await receiver.waitFor((rs) => rs.some((r) => r.body.includes(hooked.id)));
      const delivery = receiver.requests.find((r) => r.body.includes(hooked.id));
      const event = await verifyWebhook({ secret: hook.data.secret, body: delivery.body, signature: delivery.headers['purse-signature'] });
      assert.equal(event.type, 'tag.created');
      assert.deepEqual(event.scope, { kind: scope === '/me' ? 'me' : 'team', id: scope === '/me' ? user.id : team.id });
      assert.deepEqual(event.data, { record: (await purse.get(P('/tags/{id}'), { params: { path: at({ id: hooked.id }) } })).data });
      assert.equal(delivery.headers['purse-event-id'], event.id);
      await assert.rejects(verifyWebhook({ secret: hook.data.secret, body: `${delivery.body} `, signature: delivery.headers['purse-signature'] }),
        (e) => e instanceof WebhookSignatureError && e.problem === 'mismatch');
      let deliveries;
      for (let i = 0; i < 50; i++) {
        deliveries = await purse.get(P('/webhooks/{id}/deliveries'), { params: { path: hookAt } });
        if (deliveries.data.items[0]?.status === 'delivered') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.equal(deliveries.data.pagination.total, 1, JSON.stringify(deliveries.data));
      assert.deepEqual([deliveries.data.items[0].event_id, deliveries.data.items[0].type, deliveries.data.items[0].record_id, deliveries.data.items[0].status, deliveries.data.items[0].last_status_code],
        [event.id, 'tag.created', hooked.id, 'delivered', 204]);
      await purse.delete(P('/webhooks/{id}'), { params: { path: hookAt } });
      await purse.delete(P('/tags/{id}'), { params: { path: at({ id: hooked.id }) } });

      // Deletes (with the parameters the document names)
      await purse.delete(P('/transactions/{id}'), { params: { path: at({ id: tx.id }), query: { delete_files: 'true' } } });
      await purse.delete(P('/transactions/{id}'), { params: { path: at({ id: tx2.id }) } });
      await purse.delete(P('/budgets/{id}'), { params: { path: at({ id: bud.data.id }) } });
      await purse.delete(P('/tags/{id}'), { params: { path: at({ id: tag.id }) } });
      await purse.delete(P('/categories/{id}'), { params: { path: at({ id: cat.id }) } });
      await purse.delete(P('/categories/{id}'), { params: { path: at({ id: cat2.id }) } });
      await purse.delete(P('/accounts/{id}'), { params: { path: at({ id: acc.data.id }), query: { cascade: 'true' } } });
      const gone = await purse.delete(P('/accounts/{id}'), { params: { path: at({ id: acc2.id }) } });
      assert.equal(gone.status, 200);
      await assert.rejects(purse.get(P('/accounts/{id}'), { params: { path: at({ id: acc2.id }) } }), (e) => e instanceof PurseApiError && e.status === 404);
    }

    // The keyless documents, through the openapi-fetch client underneath.
    const openapi = await purse.raw.GET('/openapi.json');
    assert.equal(openapi.response.status, 200);
    assert.equal(openapi.data.info.title, doc.info.title);
    const page = await purse.raw.GET('/docs', { parseAs: 'text' });
    assert.equal(page.response.status, 200);
    const asset = [...page.data.matchAll(/(?:src|href)="[^"]*\/docs\/([A-Za-z0-9._-]+\.(?:js|css))"/g)].map((m) => m[1])[0];
    assert.ok(asset, `no asset named on the page: ${page.data.slice(0, 300)}`);
    const file = await purse.raw.GET('/docs/{asset}', { params: { path: { asset } }, parseAs: 'text' });
    assert.equal(file.response.status, 200, `GET /docs/${asset}`);

    const called = new Set(rec.seen.filter((s) => s.status >= 200 && s.status < 400).map((s) => s.op));
    const all = operations(doc).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    const missing = all.filter((o) => !called.has(o));
    assert.deepEqual(missing, [], 'operations the SDK did not call successfully');
    assert.deepEqual(rec.problems, [], 'answers that do not conform to the document');
    assert.ok(rec.seen.every((s) => s.headers.authorization === `Bearer ${user.key}` || s.url.pathname.endsWith('/openapi.json') || s.url.pathname.includes('/docs')),
      'every keyed request carries the key');
    console.log(`# sdk: ${all.length} operations called, ${rec.seen.length} requests`);
  });
});

describe('pagination', () => {
  test('paginate follows pagination.has_more page by page; listAll collects; maxPages stops', async () => {
    const user = createUser('sdk-pages');
    const rec = recordingFetch();
    const purse = createClient({ baseUrl: server.base, apiKey: user.key, fetch: rec.fetchImpl });
    const made = [];
    for (let i = 0; i < 7; i++) made.push((await purse.post('/me/tags', { body: { name: `tag ${i}` } })).data.id);
    rec.seen.length = 0;

    const ids = [];
    for await (const tag of purse.paginate('/me/tags', { params: { query: { per_page: 3 } } })) ids.push(tag.id);
    assert.deepEqual([...ids].sort(), [...made].sort());
    assert.equal(new Set(ids).size, 7, 'no item twice');
    assert.deepEqual(rec.seen.map((s) => [s.url.searchParams.get('page'), s.url.searchParams.get('per_page')]),
      [['1', '3'], ['2', '3'], ['3', '3']], 'three pages of three');

    rec.seen.length = 0;
    const all = await purse.listAll('/me/tags');
    assert.equal(all.length, 7);
    assert.deepEqual(rec.seen.map((s) => s.url.searchParams.get('per_page')), ['100'], 'one page of 100 by default');

    const two = await purse.listAll('/me/tags', { params: { query: { per_page: 2 } } }, { maxPages: 2 });
    assert.equal(two.length, 4);
    const fromThird = await purse.listAll('/me/tags', { params: { query: { per_page: 3, page: 3 } } });
    assert.equal(fromThird.length, 1, 'starts at the given page');
  });
});

describe('Idempotency-Key on POST', () => {
  test('a random UUID on every POST unless given; a given key replays the first answer; other methods send none', async () => {
    const user = createUser('sdk-idem');
    const rec = recordingFetch();
    const purse = createClient({ baseUrl: server.base, apiKey: user.key, fetch: rec.fetchImpl });
    const a = await purse.post('/me/tags', { body: { name: 'a' } });
    const b = await purse.post('/me/tags', { body: { name: 'b' } });
    const [ka, kb] = rec.seen.map((s) => s.headers['idempotency-key']);
    assert.match(ka, UUID);
    assert.match(kb, UUID);
    assert.notEqual(ka, kb);
    assert.equal(a.replayed, false);

    const key = `sdk-test-${Date.now()}`;
    const first = await purse.post('/me/tags', { body: { name: 'once' }, idempotencyKey: key });
    const second = await purse.post('/me/tags', { body: { name: 'once' }, idempotencyKey: key });
    assert.equal(rec.seen.at(-1).headers['idempotency-key'], key);
    assert.equal(second.replayed, true, 'the server replayed the first answer');
    assert.equal(second.data.id, first.data.id);
    const tags = await purse.listAll('/me/tags');
    assert.equal(tags.filter((t) => t.name === 'once').length, 1, 'created once');
    await assert.rejects(purse.post('/me/tags', { body: { name: 'other' }, idempotencyKey: key }),
      (e) => e instanceof PurseApiError && e.status === 422, 'the same key with another body is a 422');

    // Through the raw openapi-fetch client too.
    rec.seen.length = 0;
    const raw = await purse.raw.POST('/me/tags', { body: { name: 'raw' } });
    assert.equal(raw.response.status, 201);
    assert.match(rec.seen[0].headers['idempotency-key'], UUID);

    rec.seen.length = 0;
    await purse.patch('/me/tags/{id}', { params: { path: { id: b.data.id } }, body: { name: 'b2' } });
    await purse.get('/me/tags');
    await purse.delete('/me/tags/{id}', { params: { path: { id: b.data.id } } });
    assert.deepEqual(rec.seen.map((s) => s.headers['idempotency-key']), [undefined, undefined, undefined]);
  });
});

describe('typed errors', () => {
  test('404, 422 with field errors, 401, a bad team: PurseApiError with status, code, message, field errors, request id', async () => {
    const user = createUser('sdk-errors');
    const purse = createClient({ baseUrl: server.base, apiKey: user.key });
    const missing = '01a207ed-0000-7000-8000-000000000000';
    const e404 = await purse.get('/me/tags/{id}', { params: { path: { id: missing } } }).catch((e) => e);
    assert.ok(e404 instanceof PurseApiError, String(e404));
    assert.ok(e404 instanceof Error);
    assert.equal(e404.status, 404);
    assert.equal(e404.code, 404);
    assert.equal(typeof e404.serverMessage, 'string');
    assert.ok(e404.serverMessage.length > 0);
    assert.match(e404.message, /^GET .*\/me\/tags\/01a207ed-0000-7000-8000-000000000000: 404 /);
    assert.ok(e404.requestId, 'X-Request-Id');
    assert.equal(e404.fieldErrors, null);

    const e422 = await purse.get('/me/transactions', { params: { query: { per_page: 1000 } } }).catch((e) => e);
    assert.equal(e422.status, 422);
    assert.ok(Array.isArray(e422.fieldErrors.per_page) && e422.fieldErrors.per_page.length > 0, JSON.stringify(e422.body));

    const bad = await purse.post('/me/accounts', { body: { name: '', currency_code: 'XXXX' } }).catch((e) => e);
    assert.equal(bad.status, 422);
    assert.equal(bad.error, 'validation_failed');
    assert.equal(bad.body.meta.request_id, bad.requestId);
    assert.ok(bad.fieldErrors.currency_code, JSON.stringify(bad.fieldErrors));

    const nokey = createClient({ baseUrl: server.base, apiKey: 'purse_not_a_key' });
    const e401 = await nokey.get('/me').catch((e) => e);
    assert.ok(e401 instanceof PurseApiError);
    assert.equal(e401.status, 401);
    assert.equal(e401.body.meta.code, 401);
    assert.equal(e401.error, 'unauthenticated');

    const e403 = await purse.get('/teams/{team}/tags', { params: { path: { team: missing } } }).catch((e) => e);
    assert.ok(e403 instanceof PurseApiError);
    assert.ok([403, 404].includes(e403.status), String(e403.status));
  });

  test('verifyWebhook: a signWebhook signature holds; a changed body, another secret, an old t, a malformed header do not', async () => {
    const secret = `whsec_${'ab'.repeat(32)}`;
    const body = '{"id":"3be2c39d-3787-49a4-844c-4e7b5a1f4a11","type":"tag.deleted","created_at":"2026-11-25T10:00:00Z","scope":{"kind":"me","id":"01a207ed-047c-7315-94bc-7e2b7601d88c"},"data":{"id":"01a207ed-4c12-7e83-b5d9-2a7f1c6e3b44"}}';
    const now = Date.parse('2026-11-25T10:00:00Z');
    const t = now / 1000;
    const signature = await signWebhook(secret, t, body);
    // The same HMAC as node:crypto's over "<t>.<body>" with the whole secret.
    const { createHmac } = await import('node:crypto');
    assert.equal(signature, `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
    const event = await verifyWebhook({ secret, body, signature, now });
    assert.equal(event.type, 'tag.deleted');
    assert.equal((await verifyWebhook({ secret, body: new TextEncoder().encode(body), signature, now: now + 299000 })).id, event.id);
    const problem = (p) => (e) => e instanceof WebhookSignatureError && e.problem === p;
    await assert.rejects(verifyWebhook({ secret, body: body.replace('tag.deleted', 'tag.created'), signature, now }), problem('mismatch'));
    await assert.rejects(verifyWebhook({ secret: secret.slice(6), body, signature, now }), problem('mismatch'));
    await assert.rejects(verifyWebhook({ secret, body, signature, now: now + 301000 }), problem('timestamp'));
    await assert.rejects(verifyWebhook({ secret, body, signature: null, now }), problem('missing'));
    await assert.rejects(verifyWebhook({ secret, body, signature: 'v1=00', now }), problem('malformed'));
    assert.equal((await verifyWebhook({ secret, body, signature, now: now + 86400000, toleranceSeconds: Infinity })).id, event.id);
  });

  test('Retry-After as seconds or an HTTP date', () => {
    assert.equal(parseRetryAfter('7'), 7);
    assert.equal(parseRetryAfter(null), null);
    assert.equal(parseRetryAfter('soon'), null);
    const now = Date.parse('2026-11-25T10:00:00Z');
    assert.equal(parseRetryAfter('Wed, 25 Nov 2026 10:00:30 GMT', now), 30);
    assert.equal(parseRetryAfter('Wed, 25 Nov 2026 09:00:00 GMT', now), 0);
  });
});

describe('429: retry honouring Retry-After, bounded', () => {
  let limited;
  before(async () => {
    // One write per key per rolling minute: the second write is refused with
    // the real server's Retry-After (the rest of the minute).
    limited = await startServer(['--write-limit', '1']);
  });
  after(async () => {
    await limited?.stop();
  });

  test('a Retry-After longer than maxWaitSeconds is thrown at once, not waited for', async () => {
    const user = createUser('sdk-429a');
    const rec = recordingFetch();
    const purse = createClient({ baseUrl: limited.base, apiKey: user.key, fetch: rec.fetchImpl, retry: { maxWaitSeconds: 5 } });
    await purse.post('/me/tags', { body: { name: 'first' } });
    const started = Date.now();
    const e = await purse.post('/me/tags', { body: { name: 'second' } }).catch((x) => x);
    assert.ok(e instanceof PurseApiError, String(e));
    assert.equal(e.status, 429);
    assert.ok(e.retryAfter > 5 && e.retryAfter <= 60, `Retry-After ${e.retryAfter}`);
    assert.ok(Date.now() - started < 3000, 'did not wait');
    assert.equal(rec.seen.length, 2, 'no retry was sent');
  });

  test('maxRetries bounds the attempts (a fetch that always answers 429, Retry-After: 0)', async () => {
    let attempts = 0;
    const always429 = async () => {
      attempts++;
      return new Response(JSON.stringify({ meta: { code: 429, message: 'Rate limit exceeded' }, data: null }),
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '0' } });
    };
    const purse = createClient({ baseUrl: limited.base, apiKey: 'purse_x', fetch: always429, retry: { maxRetries: 3 } });
    const e = await purse.get('/me').catch((x) => x);
    assert.equal(e.status, 429);
    assert.equal(attempts, 4, 'the first attempt and three retries');
    attempts = 0;
    const none = createClient({ baseUrl: limited.base, apiKey: 'purse_x', fetch: always429, retry: { maxRetries: 0 } });
    await assert.rejects(none.get('/me'), (x) => x.status === 429);
    assert.equal(attempts, 1);
  });

  test('a refused POST waits the real Retry-After, is retried with the same Idempotency-Key, and creates once', async () => {
    const user = createUser('sdk-429b');
    const rec = recordingFetch();
    const purse = createClient({ baseUrl: limited.base, apiKey: user.key, fetch: rec.fetchImpl, retry: { maxWaitSeconds: 70 } });
    await purse.post('/me/tags', { body: { name: 'first' } });
    const started = Date.now();
    const second = await purse.post('/me/tags', { body: { name: 'second' } });
    const waited = (Date.now() - started) / 1000;
    assert.equal(second.status, 201);
    const attempts = rec.seen.slice(1);
    assert.deepEqual(attempts.map((s) => s.status), [429, 201]);
    assert.equal(attempts[0].headers['idempotency-key'], attempts[1].headers['idempotency-key']);
    const retryAfter = Number(attempts[0].retryAfter);
    assert.ok(retryAfter > 0, `Retry-After ${attempts[0].retryAfter}`);
    assert.ok(waited >= retryAfter - 1, `waited ${waited} s, Retry-After said ${retryAfter}`);
    const tags = await createClient({ baseUrl: limited.base, apiKey: user.key }).listAll('/me/tags');
    assert.deepEqual(tags.map((t) => t.name).sort(), ['first', 'second']);
    console.log(`# sdk: the refused POST was retried after ${waited.toFixed(1)} s`);
  });
});

describe('the package', () => {
  test('npm pack gives a tarball that installs into another project and talks to the server', async () => {
    const { spawnSync } = await import('node:child_process');
    const { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'purse-sdk-pack-'));
    try {
      const npm = (args, cwd) => {
        const r = spawnSync('npm', args, { cwd, encoding: 'utf8', timeout: 180000 });
        assert.equal(r.status, 0, `npm ${args.join(' ')}: ${r.stderr}`);
        return r.stdout;
      };
      npm(['pack', '--pack-destination', dir], join(openapiDir, 'client'));
      const tgz = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
      const { version } = JSON.parse(readFileSync(join(openapiDir, 'client', 'package.json'), 'utf8'));
      assert.deepEqual(tgz, [`purse-api-client-${version}.tgz`]);
      const listing = spawnSync('tar', ['-tzf', join(dir, tgz[0])], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).sort();
      for (const f of ['package/LICENSE', 'package/README.md', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/schema.d.ts'])
        assert.ok(listing.includes(f), `${f} is not in the tarball: ${listing.join(', ')}`);
      assert.ok(!listing.some((f) => f.startsWith('package/src/') || f.includes('node_modules')), listing.join(', '));

      const app = join(dir, 'app');
      spawnSync('mkdir', [app]);
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'sdk-user', version: '1.0.0', private: true, type: 'module' }));
      npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, tgz[0])], app);
      const user = createUser('sdk-pack');
      writeFileSync(join(app, 'main.mjs'), [
        "import { createClient, PurseApiError } from '@purse/api-client';",
        'const purse = createClient({ baseUrl: process.argv[2], apiKey: process.argv[3] });',
        "const me = await purse.get('/me');",
        "const tag = await purse.post('/me/tags', { body: { name: 'from the tarball' } });",
        "const e = await purse.get('/me/tags/{id}', { params: { path: { id: '01a207ed-0000-7000-8000-000000000000' } } }).catch((x) => x);",
        "console.log(JSON.stringify({ id: me.data.id, tag: tag.data.name, error: e instanceof PurseApiError ? e.status : String(e) }));",
      ].join('\n'));
      const r = spawnSync(process.execPath, ['main.mjs', server.base, user.key], { cwd: app, encoding: 'utf8', timeout: 30000 });
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), { id: user.id, tag: 'from the tarball', error: 404 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
