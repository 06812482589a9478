// SPDX-License-Identifier: MIT
// Failures the real server cannot produce on demand, from a loopback stub:
// 5xx, slow answers, malformed bodies, a refused connection, and 429 with a
// short Retry-After (the real server's Retry-After is the rest of its
// 60-second window). Every one is an isError result, and the process lives on.
//
// The request timeout is a fixed 15 s (no setting changes it), so the
// time-out tests really wait for it; they run concurrently, in their own
// suite, so together they cost about 16 s.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, Stub } from './support/http.js';
import { type McpSession, startMcp } from './support/mcp.js';
import { freePort } from './support/purse.js';

const TIMEOUT_S = 15;

const KEY = 'purse_stubstubstub_thisIsOnlyForTheStubAndNeverValid000000';
const USAGE = {
  plan: 'solo', scope: { type: 'user', id: '01900000-0000-7000-8000-000000000001' },
  quotas: { accounts: { used: 1, limit: 25 } },
  key: { id: 'x', expires_at: null, rate_limits: { read: { limit: 120, remaining: 100, reset: 10 }, write: { limit: 30, remaining: 30, reset: 0 } } },
};
const okUsage = (res: Parameters<typeof json>[0]) => json(res, 200, { meta: { code: 200, message: 'OK' }, data: USAGE });

describe('failures from a loopback stub', () => {
  let stub: Stub;
  let mcp: McpSession;

  before(async () => {
    stub = new Stub((_q, res) => okUsage(res));
    const url = await stub.start();
    mcp = await startMcp({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: KEY });
  });
  after(async () => {
    await mcp?.close();
    await stub?.close();
  });

  const errorText = async (tool = 'get_usage') => {
    const r = await mcp.call(tool);
    assert.equal(r.isError, true, `expected an error, got ${r.content[0]?.text}`);
    return r.content[0]!.text;
  };

  it('a 500 with the envelope', async () => {
    stub.setHandler((_q, res) => json(res, 500, { meta: { code: 500, message: 'Internal Server Error' }, data: null }));
    assert.match(await errorText(), /The Purse server failed \(HTTP 500\).*Retry in a little while/);
  });

  it('a 502 from a proxy with an HTML body', async () => {
    stub.setHandler((_q, res) => { res.writeHead(502, { 'Content-Type': 'text/html' }); res.end('<html>bad gateway</html>'); });
    assert.match(await errorText(), /HTTP 502/);
  });

  it('a 503 while the server shuts down', async () => {
    stub.setHandler((_q, res) => json(res, 503, { meta: { code: 503, message: 'Shutting down' }, data: null }));
    assert.match(await errorText(), /HTTP 503.*Shutting down/);
  });

  it('malformed JSON on a 200', async () => {
    stub.setHandler((_q, res) => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end('{"meta":{"code":200'); });
    assert.match(await errorText(), /not valid API JSON/);
  });

  it('a 200 that is JSON but not the envelope', async () => {
    stub.setHandler((_q, res) => json(res, 200, [1, 2, 3]));
    assert.match(await errorText(), /not valid API JSON/);
  });

  it('an HTML page on a 404 (base URL pointing at something else)', async () => {
    stub.setHandler((_q, res) => { res.writeHead(404, { 'Content-Type': 'text/html' }); res.end('<h1>nope</h1>'); });
    assert.match(await errorText('list_tags'), /not valid API JSON.*SERVICE_API_BASE_URL/);
  });

  it('429 with Retry-After 1: waits and retries once, then succeeds', async () => {
    const before = stub.requests.length;
    stub.setHandler((_q, res, n) => n === before + 1
      ? json(res, 429, { meta: { code: 429, message: 'Too Many Requests' }, data: null }, { 'Retry-After': '1' })
      : okUsage(res));
    const started = Date.now();
    const r = await mcp.call('get_usage');
    assert.ok(!r.isError, r.content[0]?.text);
    assert.equal(stub.requests.length - before, 2);
    assert.ok(Date.now() - started >= 950, 'it waited for Retry-After');
  });

  it('429 twice with Retry-After 1: retries only once', async () => {
    const before = stub.requests.length;
    stub.setHandler((_q, res) => json(res, 429, { meta: { code: 429, message: 'Too Many Requests' }, data: null }, { 'Retry-After': '1' }));
    assert.match(await errorText(), /read limit reached — resets in 1 s: .*Wait that long/);
    assert.equal(stub.requests.length - before, 2);
  });

  it('429 with Retry-After 30: no waiting, the reset time at once', async () => {
    const before = stub.requests.length;
    stub.setHandler((_q, res) => json(res, 429, { meta: { code: 429, message: 'Too Many Requests' }, data: null }, { 'Retry-After': '30' }));
    const started = Date.now();
    assert.match(await errorText(), /read limit reached — resets in 30 s: .*Wait that long/);
    assert.ok(Date.now() - started < 1500);
    assert.equal(stub.requests.length - before, 1);
  });

  it('after all of that the process still answers, and only GET was ever sent', async () => {
    stub.setHandler((_q, res) => okUsage(res));
    const r = await mcp.call('get_usage');
    assert.ok(!r.isError);
    assert.match(r.content[0]!.text, /Reads: 100 of 120 left/);
    assert.deepEqual([...new Set(stub.requests.map((q) => q.method))], ['GET']);
    assert.ok(!mcp.stderr().includes(KEY));
  });
});

describe('the fixed 15-second request timeout', { concurrency: true }, () => {
  let stub: Stub;
  let mcp: McpSession;
  const CATEGORIES = { items: [], pagination: { page: 1, per_page: 100, total: 0, has_more: false } };

  before(async () => {
    stub = new Stub((q, res) => {
      const path = (q.url ?? '').split('?')[0];
      if (path === '/api/public/v1/me/usage') return; // never answers
      if (path === '/api/public/v1/me/tags') { // headers, then a body that stalls half-way
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        res.write('{"meta":');
        return;
      }
      if (path === '/api/public/v1/me/categories') { // slow, but inside the deadline
        setTimeout(() => json(res, 200, { meta: { code: 200, message: 'OK' }, data: CATEGORIES }), 11_000);
        return;
      }
      json(res, 404, { meta: { code: 404, message: 'Not Found' }, data: null });
    });
    const url = await stub.start();
    mcp = await startMcp({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: KEY });
  });
  after(async () => {
    await mcp?.close();
    await stub?.close();
  });

  const timed = async (tool: string) => {
    const started = Date.now();
    const r = await mcp.call(tool);
    return { r, seconds: (Date.now() - started) / 1000 };
  };

  it('an answer that never comes times out after 15 s', async () => {
    const { r, seconds } = await timed('get_usage');
    assert.equal(r.isError, true, r.content[0]?.text);
    assert.match(r.content[0]!.text, new RegExp(`did not answer within ${TIMEOUT_S} s`));
    assert.ok(seconds >= TIMEOUT_S - 0.5 && seconds < TIMEOUT_S + 5, `took ${seconds} s`);
  });

  it('a body that stalls half-way times out after 15 s', async () => {
    const { r, seconds } = await timed('list_tags');
    assert.equal(r.isError, true, r.content[0]?.text);
    assert.match(r.content[0]!.text, new RegExp(`did not answer within ${TIMEOUT_S} s`));
    assert.ok(seconds >= TIMEOUT_S - 0.5 && seconds < TIMEOUT_S + 5, `took ${seconds} s`);
  });

  it('an answer after 11 s is still in time', async () => {
    const { r, seconds } = await timed('list_categories');
    assert.ok(!r.isError, r.content[0]?.text);
    assert.ok(seconds >= 10.5, `took ${seconds} s`);
    assert.equal(r.structuredContent.total, 0);
  });
});

describe('a refused connection', () => {
  it('says the server cannot be reached', async () => {
    const port = await freePort();
    const mcp = await startMcp({ SERVICE_API_BASE_URL: `http://127.0.0.1:${port}`, SERVICE_API_KEY: KEY });
    try {
      const r = await mcp.call('list_accounts');
      assert.equal(r.isError, true);
      assert.match(r.content[0]!.text, /Could not reach the Purse server \(ECONNREFUSED\).*SERVICE_API_BASE_URL/);
      const again = await mcp.call('get_current_user');
      assert.equal(again.isError, true, 'still alive and answering');
    } finally {
      await mcp.close();
    }
  });
});

describe('lookups in parallel near the read limit', () => {
  // A bucket like the real one: two reads left, then one more admitted per
  // second; a refusal costs nothing and says (Retry-After) when the next
  // read will be admitted.
  const ACCOUNT = '01900000-0000-7000-8000-00000000000a';
  const CATEGORY = '01900000-0000-7000-8000-00000000000c';
  const TAG = '01900000-0000-7000-8000-00000000000e';
  const page = (items: unknown[]) => ({ items, pagination: { page: 1, per_page: 100, total: items.length, has_more: false } });
  const LISTS: Record<string, unknown> = {
    '/api/public/v1/me/accounts': page([{ id: ACCOUNT, name: 'Main', type: 'checking', currency_code: 'EUR', opening_balance: 0,
      opening_balance_minor: 0, current_balance: 5, current_balance_minor: 500, archived: false }]),
    '/api/public/v1/me/categories': page([{ id: CATEGORY, name: 'Food', kind: 'expense', parent_id: null, color: null }]),
    '/api/public/v1/me/tags': page([{ id: TAG, name: 'work' }]),
  };
  const TX = {
    id: '01900000-0000-7000-8000-000000000100', account_id: ACCOUNT, to_account_id: null, category_id: CATEGORY,
    flow_type: 'expense', amount: 5, amount_minor: 500, currency_code: 'EUR', transaction_at: '2026-03-02T10:00:00Z',
    description: 'Lunch', notes: '', tag_ids: [TAG], file_ids: [], voided_at: null,
  };
  const ME = { id: '01900000-0000-7000-8000-000000000001', email: 'a@b.c', name: 'A', plan: 'solo', default_currency: 'EUR',
    timezone: 'UTC', teams: [] };

  it('a tool\'s parallel lookups do not retry all at once, and names the bucket refused fall back to ids', async () => {
    let tokens = 2;
    let refillAt: number | null = null;
    const admitted: string[] = [];
    const refused: { path: string; at: number }[] = [];
    const stub = new Stub((q, res) => {
      const path = (q.url ?? '').split('?')[0]!;
      const now = Date.now();
      while (refillAt !== null && now >= refillAt) { tokens = Math.min(tokens + 1, 1); refillAt += 1000; }
      if (tokens === 0) {
        refillAt ??= now + 1000;
        refused.push({ path, at: now });
        json(res, 429, { meta: { code: 429, message: 'Rate limit exceeded for reads' }, data: null },
          { 'Retry-After': String(Math.max(1, Math.ceil((refillAt - now) / 1000))) });
        return;
      }
      tokens--;
      admitted.push(path);
      const ok = (data: unknown) => json(res, 200, { meta: { code: 200, message: 'OK' }, data });
      if (path === '/api/public/v1/me') return ok(ME);
      if (path === '/api/public/v1/me/transactions') return ok(page([TX]));
      if (LISTS[path]) return ok(LISTS[path]);
      json(res, 404, { meta: { code: 404, message: 'Not Found' }, data: null });
    });
    const url = await stub.start();
    const mcp = await startMcp({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: KEY });
    try {
      const r = await mcp.call('search_transactions');
      assert.ok(!r.isError, `the reads already made are not thrown away: ${r.content[0]?.text}`);
      const s = r.structuredContent;
      assert.deepEqual(s.rows.map((x: any) => x.id), [TX.id]);
      const row = s.rows[0];
      // The three lists were refused together; their retries went one at a time,
      // so at most one of them was refused again (and only that one lacks names).
      const lists = Object.keys(LISTS);
      const retriesRefused = refused.filter((x) => lists.includes(x.path)).length - 3;
      assert.ok(retriesRefused <= 1, `retries refused: ${retriesRefused}; refused: ${JSON.stringify(refused)}`);
      const named = [row.account.name === 'Main', row.category.name === 'Food', row.tags[0] === 'work'];
      assert.equal(named.filter((x) => !x).length, retriesRefused, JSON.stringify(row));
      assert.deepEqual(row.account.id, ACCOUNT);
      assert.deepEqual(row.category.id, CATEGORY);
      if (retriesRefused === 1) {
        assert.match(s.summary, /Names of (accounts|categories|tags) could not be read because the read limit was reached \(.*\); the ids are exact\. Wait 1 s/);
        assert.ok(!named[2] ? row.tags[0] === TAG : true, 'a tag without its name is shown by id');
      }
      // Every read the bucket admitted went into the answer.
      assert.equal(admitted.filter((p) => lists.includes(p)).length, 3 - retriesRefused);
    } finally {
      await mcp.close();
      await stub.close();
    }
  });
});
