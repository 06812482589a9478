// SPDX-License-Identifier: GPL-2.0-or-later
// (g) Webhooks against the document: every delivery a live server makes
// to a receiver conforms to the document's `event` webhook (its headers and
// its body, the WebhookEvent schema), its Purse-Signature holds as the
// README says to check it (node:crypto, HMAC-SHA256 of "<t>.<body>" keyed
// with the whole secret), retries resend the same bytes, one event per
// record per request, `.deleted` carries only the id; the deliveries list,
// the roles (admins and owners only, reads too), the quota, and the URL
// rules of a server with the default flags. Every API answer conforms too.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Contract, deref } from './lib/contract.mjs';
import { admin, createUser, loadDocument, startReceiver, startServer, webhookTestFlags } from './lib/env.mjs';

const doc = loadDocument();
const contract = new Contract(doc);
const eventOp = doc.webhooks.event.post;

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

/** A client of one server and key; every answer is checked against the document. */
function api(srv, key) {
  return async (method, path, body) => {
    const res = await fetch(srv.base + path, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15000),
    });
    const text = await res.text();
    const op = contract.match(method, `/api/public/v1${path.split('?')[0]}`);
    assert.ok(op, `${method} ${path}: no operation of the document`);
    const { problems } = contract.checkResponse(op, res.status, res.headers.get('content-type'), Object.fromEntries(res.headers), text);
    assert.deepEqual(problems, [], `${method} ${path} → ${res.status} disagrees with the document`);
    return { status: res.status, body: JSON.parse(text) };
  };
}

/** Checks one request the receiver got against the `event` webhook and the secret; returns the parsed body. */
function checkDelivery(r, secret) {
  assert.equal(r.method, 'POST');
  assert.equal(r.url, '/hook');
  assert.match(r.headers['content-type'] || '', /^application\/json/);
  for (const pRaw of eventOp.parameters) {
    const p = deref(doc, pRaw);
    const value = r.headers[p.name.toLowerCase()];
    assert.ok(value !== undefined || !p.required, `the delivery lacks the header ${p.name}`);
    assert.ok(contract.ajv.validate(p.schema, value), `header ${p.name}: ${JSON.stringify(value)} ${contract.ajv.errorsText(contract.ajv.errors)}`);
  }
  const body = JSON.parse(r.body);
  const v = contract.validate('/components/schemas/WebhookEvent', body);
  assert.ok(v.ok, `the body disagrees with WebhookEvent: ${v.errors.join('; ')}\n${r.body}`);
  assert.equal(r.headers['purse-event-id'], body.id);
  // The README's check: HMAC-SHA256 over "<t>.<raw body>", keyed with the whole secret.
  const { t, v1 } = Object.fromEntries(r.headers['purse-signature'].split(',').map((kv) => kv.split('=')));
  const expected = createHmac('sha256', secret).update(`${t}.${r.body}`).digest();
  assert.ok(timingSafeEqual(Buffer.from(v1, 'hex'), expected), 'Purse-Signature does not match the body and the secret');
  assert.ok(Math.abs(Date.now() / 1000 - Number(t)) < 300, `t=${t} is not now`);
  return body;
}

const until = async (what, fn, ms = 15000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

test('a delivery is the `event` webhook of the document, signed; failed attempts are retried with the same bytes; the deliveries list says so', async () => {
  const user = createUser('hooks-delivery');
  const call = api(server, user.key);
  const hook = (await call('POST', '/me/webhooks', { url: receiver.url, events: ['transaction.*'], description: 'contract' })).body.data;
  assert.match(hook.secret, /^whsec_[0-9a-f]{64}$/);
  const account = (await call('POST', '/me/accounts', { name: 'Hooked', currency_code: 'EUR' })).body.data;
  receiver.queue.push(500, 503); // the first two attempts fail
  const tx = (await call('POST', '/me/transactions', {
    account_id: account.id, flow_type: 'expense', amount: 4.5, currency_code: 'EUR', transaction_at: '2026-11-20T12:00:00Z',
  })).body.data;
  const mine = () => receiver.requests.filter((r) => r.body.includes(tx.id));
  await receiver.waitFor(() => mine().length >= 3, 20000);
  const attempts = mine();
  assert.deepEqual(attempts.map((r) => r.answered), [500, 503, 204]);
  const bodies = attempts.map((r) => checkDelivery(r, hook.secret));
  assert.equal(new Set(attempts.map((r) => r.body)).size, 1, 'retries resend the same body');
  assert.equal(new Set(attempts.map((r) => r.headers['purse-signature'])).size, 3, 'each attempt is signed afresh');
  // The first retry after --webhook-first-retry (1 s), the second after
  // twice that; the schedule is kept in whole seconds, so a delay may come
  // up to a second short.
  assert.ok(attempts[2].at - attempts[1].at >= 1000, `retried again after ${attempts[2].at - attempts[1].at} ms`);
  const event = bodies[0];
  assert.equal(event.type, 'transaction.created');
  assert.deepEqual(event.scope, { kind: 'me', id: user.id });
  assert.deepEqual(event.data, { record: (await call('GET', `/me/transactions/${tx.id}`)).body.data }, 'data.record is what GET answers');
  assert.match(event.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

  const page = await until('the delivery to be marked delivered', async () => {
    const p = (await call('GET', `/me/webhooks/${hook.id}/deliveries`)).body.data;
    return p.items[0]?.status === 'delivered' ? p : null;
  });
  assert.equal(page.pagination.total, 1, 'only transaction.* events: the account is not listed');
  const d = page.items[0];
  assert.deepEqual({ ...d, last_attempt_at: undefined },
    { event_id: event.id, type: 'transaction.created', record_id: tx.id, created_at: event.created_at, status: 'delivered', attempts: 3,
      last_status_code: 204, last_error: null, last_attempt_at: undefined, next_attempt_at: null });
  assert.match(d.last_attempt_at, /Z$/);

  // Another scope's webhook, an unknown id: 404.
  const other = api(server, createUser('hooks-other').key);
  assert.equal((await other('GET', `/me/webhooks/${hook.id}/deliveries`)).status, 404);
  assert.equal((await other('GET', `/me/webhooks/${hook.id}`)).status, 404);
  assert.equal((await call('GET', '/me/webhooks/01a207ed-0000-7000-8000-000000000000/deliveries')).status, 404);
});

test('one event per record per request: a create that tags is only `created`; a void; a delete carries only the id; inactive webhooks get nothing', async () => {
  const user = createUser('hooks-events');
  const team = admin('team', 'create', '--name', `hooks-${Date.now()}`, '--owner', user.id);
  const call = api(server, user.key);
  const T = `/teams/${team.id}`;
  const hook = (await call('POST', `${T}/webhooks`, { url: receiver.url, events: ['*'] })).body.data;
  const account = (await call('POST', `${T}/accounts`, { name: 'Team', currency_code: 'EUR' })).body.data;
  const tag = (await call('POST', `${T}/tags`, { name: 'hooked' })).body.data;
  const tx = (await call('POST', `${T}/transactions`, {
    account_id: account.id, flow_type: 'expense', amount: 1, currency_code: 'EUR', transaction_at: '2026-11-20T12:00:00Z', tag_ids: [tag.id],
  })).body.data;
  await call('POST', `${T}/transactions/${tx.id}/void`);
  await call('DELETE', `${T}/transactions/${tx.id}`);
  const ofTx = () => receiver.requests.filter((r) => r.body.includes(tx.id)).map((r) => checkDelivery(r, hook.secret));
  await receiver.waitFor(() => ofTx().length >= 3);
  const events = ofTx().filter((e) => e.type.startsWith('transaction.'));
  assert.deepEqual(events.map((e) => e.type).sort(), ['transaction.created', 'transaction.deleted', 'transaction.voided'],
    'one event per request: the tag attached by the create makes no transaction.updated');
  for (const e of events) assert.deepEqual(e.scope, { kind: 'team', id: team.id });
  assert.deepEqual(events.find((e) => e.type === 'transaction.deleted').data, { id: tx.id });
  for (const e of events.filter((x) => x.type !== 'transaction.deleted'))
    assert.ok('record' in e.data ? e.data.record.id === tx.id : e.data.id === tx.id, JSON.stringify(e.data));
  // The account's balance moved: account.updated, with the account.
  await receiver.waitFor((rs) => rs.some((r) => r.body.includes('"account.updated"') && r.body.includes(account.id)));

  // An inactive webhook gets no events.
  await call('PATCH', `${T}/webhooks/${hook.id}`, { active: false });
  const quiet = (await call('POST', `${T}/tags`, { name: 'unheard' })).body.data;
  await new Promise((r) => setTimeout(r, 3000));
  assert.ok(!receiver.requests.some((r) => r.body.includes(quiet.id)), 'an inactive webhook got an event');
  assert.equal((await call('DELETE', `${T}/webhooks/${hook.id}`)).status, 200);
  assert.equal((await call('GET', `${T}/webhooks/${hook.id}/deliveries`)).status, 404, 'the deliveries went with the webhook');
});

test('roles: members and viewers get 403 on every webhooks path, reads included; the plan quota; no secret on reads', async () => {
  const owner = createUser('hooks-owner', 'family');
  const team = admin('team', 'create', '--name', `hooks-roles-${Date.now()}`, '--owner', owner.id);
  const call = api(server, owner.key);
  const T = `/teams/${team.id}`;
  const hook = (await call('POST', `${T}/webhooks`, { url: receiver.url, events: ['tag.created'] })).body.data;
  for (const role of ['member', 'viewer', 'admin']) {
    const u = createUser(`hooks-${role}`, 'family');
    admin('team', 'add-member', '--team', team.id, '--user', u.id, '--role', role);
    const as = api(server, u.key);
    const statuses = [
      (await as('GET', `${T}/webhooks`)).status,
      (await as('GET', `${T}/webhooks/${hook.id}`)).status,
      (await as('GET', `${T}/webhooks/${hook.id}/deliveries`)).status,
      (await as('PATCH', `${T}/webhooks/${hook.id}`, { description: role })).status,
    ];
    assert.deepEqual(statuses, role === 'admin' ? [200, 200, 200, 200] : [403, 403, 403, 403], role);
  }
  for (const read of [(await call('GET', `${T}/webhooks/${hook.id}`)).body.data, ...(await call('GET', `${T}/webhooks`)).body.data.items])
    assert.equal('secret' in read, false, 'a read shows the secret');

  // Solo: 5 webhooks per scope; the sixth is the usual quota answer.
  const solo = createUser('hooks-quota', 'solo');
  const mine = api(server, solo.key);
  for (let i = 0; i < 5; i++) assert.equal((await mine('POST', '/me/webhooks', { url: receiver.url, events: ['tag.deleted'], active: false })).status, 201);
  const over = await mine('POST', '/me/webhooks', { url: receiver.url, events: ['tag.deleted'] });
  assert.equal(over.status, 422);
  assert.equal(over.body.meta.error, 'quota_exceeded');
  assert.ok('webhooks' in over.body.data, JSON.stringify(over.body));
  assert.deepEqual((await mine('GET', '/me/usage')).body.data.quotas.webhooks, { used: 5, limit: 5 });
});

test('input rules: events, description, url; with the default flags https only and no loopback, private, link-local or multicast host', async () => {
  const user = createUser('hooks-input');
  const call = api(server, user.key);
  const field = async (body, name) => {
    const r = await call('POST', '/me/webhooks', body);
    assert.equal(r.status, 422, `${JSON.stringify(body).slice(0, 200)} → ${r.status}`);
    assert.ok(name in r.body.data, `${JSON.stringify(body).slice(0, 200)}: ${JSON.stringify(r.body.data)}`);
  };
  const url = receiver.url;
  await field({ url, events: [] }, 'events');
  await field({ url, events: ['budget.created'] }, 'events');
  await field({ url, events: ['Transaction.created'] }, 'events');
  const all = doc.components.schemas.WebhookEventName.enum.filter((n) => n !== '*');
  await field({ url, events: all.slice(0, 21) }, 'events');
  await field({ url, events: ['*'], description: 'é'.repeat(501) }, 'description');
  await field({ url, events: ['*'], extra: 1 }, 'extra');
  await field({ url: 'ftp://example.com/x', events: ['*'] }, 'url');
  await field({ url: 'https://user:pw@example.com/x', events: ['*'] }, 'url');
  await field({ url: `${url}#fragment`, events: ['*'] }, 'url');
  await field({ url: `https://example.com/${'a'.repeat(2048)}`, events: ['*'] }, 'url');
  const ok = (await call('POST', '/me/webhooks', { url, events: ['tag.*', 'tag.*', '*'], description: 'é'.repeat(500) })).body.data;
  assert.deepEqual(ok.events, ['tag.*', '*'], 'duplicates dropped, order kept');
  assert.equal(ok.description.length, 500);
  const put = (await call('PUT', `/me/webhooks/${ok.id}`, { url, events: ['file.deleted'] })).body.data;
  assert.deepEqual([put.description, put.active], [null, true], 'PUT: description null and active true when left out');

  // A server with the default flags: https only, and the host must resolve to a public address.
  const strict = await startServer();
  try {
    const s = api(strict, user.key);
    const refused = async (u) => {
      const r = await s('POST', '/me/webhooks', { url: u, events: ['*'] });
      assert.equal(r.status, 422, `${u} → ${r.status}`);
      assert.ok(r.body.data.url, `${u}: ${JSON.stringify(r.body.data)}`);
    };
    for (const u of ['http://hooks.example.com/purse', 'https://127.0.0.1/hook', 'https://localhost/hook', 'https://10.1.2.3/hook',
      'https://192.168.1.10/hook', 'https://172.16.0.1/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'https://[fd00::1]/hook',
      'https://224.0.0.1/hook', 'https://does-not-exist.invalid/hook'])
      await refused(u);
    const r = await s('PATCH', `/me/webhooks/${ok.id}`, { url: 'https://127.0.0.1:8443/hook' });
    assert.equal(r.status, 422, 'a PATCH is held to the same rules');
  } finally {
    await strict.stop();
  }
});
