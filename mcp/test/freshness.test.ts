// SPDX-License-Identifier: MIT
// No stale data, against the real purse-server: the reference cache only
// resolves names, so a revoked key is refused on the very next call of any
// tool, and accounts, categories, tags and teams made a moment ago (while the
// cache still holds the older lists) are usable by name and shown by name.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { err, ok, startMcp } from './support/mcp.js';
import { admin, Direct, makeKey, makeUser, PurseServer, revokeKey, type TestUser } from './support/purse.js';

const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('no stale data from the reference cache', () => {
  let server: PurseServer;
  let user: TestUser;
  let direct: Direct;
  let txId: string;

  before(async () => {
    server = await PurseServer.start(['--write-limit', '100000', '--read-limit', '100000']);
    user = await makeUser('solo', 'UTC');
    direct = new Direct(server.origin, user.key);
    const account = (await direct.post('/me/accounts', { name: 'Main', currency_code: 'EUR' })).id;
    const category = (await direct.post('/me/categories', { name: 'Food', kind: 'expense' })).id;
    const tag = (await direct.post('/me/tags', { name: 'old' })).id;
    txId = (await direct.post('/me/transactions', {
      account_id: account, flow_type: 'expense', amount: 5, currency_code: 'EUR', transaction_at: iso(Date.now() - 3_600_000),
      category_id: category, tag_ids: [tag], description: 'Lunch',
    })).id;
  });
  after(async () => {
    await server?.stop();
  });

  it('a revoked key gets the API\'s 401 explanation on the very next call of every tool', async () => {
    const key = await makeKey(user.id);
    const mcp = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: key.secret });
    try {
      const calls: [string, Record<string, unknown>][] = [
        ['get_current_user', {}], ['get_usage', {}], ['list_currencies', {}], ['list_accounts', {}],
        ['list_categories', {}], ['list_tags', {}], ['search_transactions', { account: 'Main', tag: 'old' }],
        ['get_transaction', { id: txId }], ['get_total_spending_report', { account: 'Main' }],
        ['get_categories_spending_report', {}], ['get_spending_trends', { category: 'Food' }],
        ['get_dashboard_report', { account: 'Main' }],
      ];
      // Every tool works, and the reference lists are now cached.
      for (const [tool, args] of calls) ok(await mcp.call(tool, args));
      await revokeKey(key.id);
      const answered: string[] = [];
      for (const [tool, args] of calls) {
        const r = await mcp.call(tool, args);
        if (!r.isError) {
          answered.push(tool);
          continue;
        }
        const text = r.content[0]!.text;
        assert.match(text, /the API key is invalid or incomplete — check SERVICE_API_KEY/, tool);
        assert.match(text, /server: "The API key has been revoked"/, tool);
        assert.ok(!text.includes(key.secret), 'the key is never echoed');
      }
      assert.deepEqual(answered, [], 'tools that answered from the cache after the key was revoked');
    } finally {
      await mcp.close();
    }
  });

  it('an account, category, tag and team made a moment ago are usable by name and shown by name', async () => {
    const mcp = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: user.key });
    try {
      // Fill the cache: every list, the profile, and names through a search.
      ok(await mcp.call('list_accounts'));
      ok(await mcp.call('list_categories'));
      ok(await mcp.call('list_tags'));
      ok(await mcp.call('get_current_user'));
      ok(await mcp.call('search_transactions', { account: 'Main', category: 'Food', tag: 'old' }));
      ok(await mcp.call('get_dashboard_report'));

      const account = (await direct.post('/me/accounts', { name: 'Brand New Card', currency_code: 'EUR', type: 'credit_card' })).id;
      const category = (await direct.post('/me/categories', { name: 'Brand New Category', kind: 'expense' })).id;
      const tag = (await direct.post('/me/tags', { name: 'brand-new-tag' })).id;
      const tx = (await direct.post('/me/transactions', {
        account_id: account, flow_type: 'expense', amount: 7.25, currency_code: 'EUR', transaction_at: iso(Date.now() - 60_000),
        category_id: category, tag_ids: [tag], description: 'Fresh',
      })).id;

      // By name, at once.
      const s = ok(await mcp.call('search_transactions', { account: 'Brand New Card', category: 'brand new category', tag: 'brand-new-tag' }));
      assert.deepEqual(s.rows.map((r: any) => r.id), [tx]);
      assert.deepEqual(s.rows[0].account, { id: account, name: 'Brand New Card' });
      assert.deepEqual(s.rows[0].category, { id: category, name: 'Brand New Category' });
      assert.deepEqual(s.rows[0].tags, ['brand-new-tag']);
      assert.deepEqual(s.filters.account, { id: account, name: 'Brand New Card' });
      const trends = ok(await mcp.call('get_spending_trends', { category: 'Brand New Category', account: 'Brand New Card' }));
      assert.equal(trends.currencies[0].total, '7.25');
      assert.deepEqual(trends.filters.category, { id: category, name: 'Brand New Category' });

      // Shown by name when found by id or by another filter (never name: null).
      const all = ok(await mcp.call('search_transactions', { text: 'Fresh' }));
      assert.deepEqual(all.rows[0].account, { id: account, name: 'Brand New Card' });
      assert.deepEqual(all.rows[0].category, { id: category, name: 'Brand New Category' });
      assert.deepEqual(all.rows[0].tags, ['brand-new-tag']);
      const one = ok(await mcp.call('get_transaction', { id: tx }));
      assert.equal(one.transaction.account.name, 'Brand New Card');
      assert.equal(one.transaction.category.name, 'Brand New Category');
      const dash = ok(await mcp.call('get_dashboard_report'));
      const recent = dash.recent_transactions.find((r: any) => r.id === tx);
      assert.deepEqual(recent.category, { id: category, name: 'Brand New Category' });
      const byId = ok(await mcp.call('get_total_spending_report', { account }));
      assert.deepEqual(byId.filters.account, { id: account, name: 'Brand New Card' });

      // The list tools show them at once too.
      assert.ok(ok(await mcp.call('list_tags')).items.some((t: any) => t.id === tag));
      assert.ok(ok(await mcp.call('list_accounts', { name_contains: 'brand new' })).items.some((a: any) => a.id === account));
      assert.ok(ok(await mcp.call('list_categories', { name_contains: 'brand new' })).items.some((c: any) => c.id === category));

      // A team made a moment ago is usable by its name.
      const teamName = `Fresh Team ${process.pid}-${Date.now()}`;
      const team = String((await admin(['team', 'create', '--name', teamName, '--owner', user.id])).id);
      const t = ok(await mcp.call('list_accounts', { team: teamName }));
      assert.equal(t.total, 0);
      assert.deepEqual(ok(await mcp.call('get_current_user', { team: teamName })).team.id, team);

      // A name that really does not exist is still refused, and the advice holds.
      assert.match(err(await mcp.call('search_transactions', { tag: 'no-such-tag' })), /"tag".*no tag named "no-such-tag".*list_tags/);
    } finally {
      await mcp.close();
    }
  });
});
