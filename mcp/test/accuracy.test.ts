// SPDX-License-Identifier: MIT
// Never a stale or a silent answer, against the real purse-server: a name
// given by the model resolves against current data (a renamed tag, account
// or category and a new one of the old name), names shown on rows are the
// current ones, a filter naming nothing is an error (not "no
// transactions"), the last page's summary says what its numbers mean, and a
// long daily trend keeps the most recent buckets.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { err, ok, startMcp, type McpSession } from './support/mcp.js';
import { Direct, makeUser, PurseServer, type TestUser } from './support/purse.js';

const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('current data, and no silent answers', () => {
  let server: PurseServer;
  let user: TestUser;
  let direct: Direct;
  let mcp: McpSession;
  let account: string;
  let category: string;

  before(async () => {
    server = await PurseServer.start(['--write-limit', '100000', '--read-limit', '100000']);
    user = await makeUser('solo', 'UTC');
    direct = new Direct(server.origin, user.key);
    account = (await direct.post('/me/accounts', { name: 'Main', currency_code: 'EUR' })).id;
    category = (await direct.post('/me/categories', { name: 'Food', kind: 'expense' })).id;
    mcp = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: user.key });
  });
  after(async () => {
    await mcp?.close();
    await server?.stop();
  });

  const spend = (fields: Record<string, unknown>) => direct.post('/me/transactions', {
    account_id: account, flow_type: 'expense', amount: 3, currency_code: 'EUR', transaction_at: iso(Date.now() - 3_600_000),
    ...fields,
  });

  it('a renamed tag, account and category and new ones of the old names: names resolve to the new ones at once', async () => {
    const oldTag = (await direct.post('/me/tags', { name: 'family' })).id;
    const oldTx = (await spend({ tag_ids: [oldTag], category_id: category, description: 'old family' })).id;
    // Fill the cache with the old names.
    let s = ok(await mcp.call('search_transactions', { tag: 'family', account: 'Main', category: 'Food' }));
    assert.deepEqual(s.rows.map((r: any) => r.id), [oldTx]);

    await direct.call('PATCH', `/me/tags/${oldTag}`, { name: 'family-2025' });
    await direct.call('PATCH', `/me/accounts/${account}`, { name: 'Main (old)' });
    await direct.call('PATCH', `/me/categories/${category}`, { name: 'Food (old)' });
    const newTag = (await direct.post('/me/tags', { name: 'family' })).id;
    const newAccount = (await direct.post('/me/accounts', { name: 'Main', currency_code: 'EUR' })).id;
    const newCategory = (await direct.post('/me/categories', { name: 'Food', kind: 'expense' })).id;
    const newTx = (await spend({ account_id: newAccount, tag_ids: [newTag], category_id: newCategory, description: 'new family' })).id;

    s = ok(await mcp.call('search_transactions', { tag: 'family' }));
    assert.deepEqual(s.rows.map((r: any) => r.id), [newTx], 'the tag named "family" now');
    assert.deepEqual(s.filters.tag, { id: newTag, name: 'family' });
    s = ok(await mcp.call('search_transactions', { account: 'Main' }));
    assert.deepEqual(s.rows.map((r: any) => r.id), [newTx], 'the account named "Main" now');
    assert.deepEqual(s.filters.account, { id: newAccount, name: 'Main' });
    s = ok(await mcp.call('search_transactions', { category: 'Food' }));
    assert.deepEqual(s.rows.map((r: any) => r.id), [newTx], 'the category named "Food" now');
    assert.deepEqual(s.filters.category, { id: newCategory, name: 'Food' });
    const t = ok(await mcp.call('get_total_spending_report', { account: 'Main', period: 'last_30_days' }));
    assert.deepEqual(t.filters.account, { id: newAccount, name: 'Main' });
    const tr = ok(await mcp.call('get_spending_trends', { category: 'Food', period: 'last_30_days' }));
    assert.deepEqual(tr.filters.category, { id: newCategory, name: 'Food' });

    // The old rows are shown under their current names, not the cached ones.
    const old = ok(await mcp.call('search_transactions', { text: 'old family' }));
    assert.deepEqual(old.rows[0].tags, ['family-2025']);
    assert.deepEqual(old.rows[0].account, { id: account, name: 'Main (old)' });
    assert.deepEqual(old.rows[0].category, { id: category, name: 'Food (old)' });
    const one = ok(await mcp.call('get_transaction', { id: oldTx }));
    assert.deepEqual(one.transaction.tags, ['family-2025']);
  });

  it('a filter naming nothing (a tag deleted a moment ago, a made-up id) is an error naming the argument, not "no transactions"', async () => {
    const gone = (await direct.post('/me/tags', { name: 'short-lived' })).id;
    ok(await mcp.call('search_transactions', { tag: 'short-lived' }));
    ok(await mcp.call('list_tags'));
    assert.equal((await direct.call('DELETE', `/me/tags/${gone}`)).status < 300, true);
    const madeUp = '01900000-0000-7000-8000-0000000000ff';
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['search_transactions', { tag: gone }, 'tag', /list_tags/],
      ['search_transactions', { tag: 'short-lived' }, 'tag', /list_tags/],
      ['search_transactions', { category: madeUp }, 'category', /list_categories/],
      ['search_transactions', { account: madeUp }, 'account', /list_accounts/],
      ['get_total_spending_report', { account: madeUp }, 'account', /list_accounts/],
      ['get_categories_spending_report', { account: madeUp }, 'account', /list_accounts/],
      ['get_spending_trends', { category: madeUp }, 'category', /list_categories/],
      ['get_dashboard_report', { account: madeUp }, 'account', /list_accounts/],
    ];
    for (const [tool, args, name, how] of cases) {
      const text = err(await mcp.call(tool, args));
      assert.match(text, new RegExp(`"${name}"`), `${tool} ${JSON.stringify(args)}: ${text}`);
      assert.match(text, /does not exist|no (tag|account|category)/, text);
      assert.match(text, how, text);
      assert.doesNotMatch(text, /No transactions match/);
    }
  });

  it('the last page after rows were added behind the cursor says what its total means', async () => {
    const u = await makeUser('solo', 'UTC');
    const d = new Direct(server.origin, u.key);
    const acc = (await d.post('/me/accounts', { name: 'Paging', currency_code: 'EUR' })).id;
    const base = Date.now() - 100 * 86_400_000;
    for (let i = 0; i < 55; i++)
      await d.post('/me/transactions', { account_id: acc, flow_type: 'expense', amount: 1, currency_code: 'EUR', transaction_at: iso(base + i * 60_000) });
    const m = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: u.key });
    try {
      const first = ok(await m.call('search_transactions', { limit: 50 }));
      assert.equal(first.total, 55);
      // Newer rows: newest first, so they sort before the cursor.
      for (let i = 0; i < 6; i++)
        await d.post('/me/transactions', { account_id: acc, flow_type: 'expense', amount: 2, currency_code: 'EUR', transaction_at: iso(Date.now() - i * 60_000) });
      const last = ok(await m.call('search_transactions', { cursor: first.next_cursor }));
      assert.equal(last.returned, 5);
      assert.equal(last.next_cursor, null);
      assert.match(last.summary, /end of the list/);
      assert.match(last.summary, /61 match now/, last.summary);
      assert.match(last.summary, /6 more than this search has shown/, last.summary);
      assert.match(last.summary, /without cursor/, last.summary);
    } finally {
      await m.close();
    }
  });

  it('a daily trend over years keeps the most recent days and says which range was left out', async () => {
    const u = await makeUser('solo', 'UTC');
    const d = new Direct(server.origin, u.key);
    const acc = (await d.post('/me/accounts', { name: 'Trend', currency_code: 'EUR' })).id;
    await d.post('/me/transactions', { account_id: acc, flow_type: 'expense', amount: 9, currency_code: 'EUR', transaction_at: iso(Date.now() - 3_600_000) });
    const m = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: u.key });
    try {
      const today = new Date().toISOString().slice(0, 10);
      const from = `${Number(today.slice(0, 4)) - 4}-01-01`;
      const r = ok(await m.call('get_spending_trends', { from, to: today, interval: 'day' }));
      assert.equal(r.truncated, true);
      const buckets = r.currencies[0].buckets;
      assert.equal(buckets[buckets.length - 1].start, today, 'the latest day is kept');
      assert.ok(buckets[0].start > from, 'the oldest days are the ones left out');
      assert.match(r.summary, new RegExp(`left out.*${from}`), r.summary);
      assert.match(r.summary, /from\/to|interval/, r.summary);
    } finally {
      await m.close();
    }
  });
});
