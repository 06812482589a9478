// SPDX-License-Identifier: MIT
// Advice a model can act on, against the real purse-server: a key of the
// wrong audience is explained as such (not as a team problem), a 402 carries
// the API's upgrade address, bad arguments get clear messages that name the
// argument, echoed filters use the tool's own argument names, and the
// dashboard's description says which transactions it returns.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { err, type McpSession, ok, startMcp } from './support/mcp.js';
import { admin, Direct, makeKey, makeUser, PurseServer, type TestUser } from './support/purse.js';

const UPGRADE_URL = 'https://purse.example.com/settings/billing?from=api';
/** The schema library's own wording, which must never reach the model. */
const LIBRARY_WORDING = /Too big|Too small|Invalid input|Invalid option|expected (string|number|boolean)|Unrecognized key|Input validation error/;

describe('advice a model can act on', () => {
  let server: PurseServer;
  let user: TestUser;
  let direct: Direct;
  let mcp: McpSession;
  let ids: Record<string, string>;

  before(async () => {
    server = await PurseServer.start(['--write-limit', '100000', '--read-limit', '100000', '--upgrade-url', UPGRADE_URL]);
    user = await makeUser('solo', 'UTC');
    direct = new Direct(server.origin, user.key);
    const account = (await direct.post('/me/accounts', { name: 'Main', currency_code: 'EUR' })).id;
    const category = (await direct.post('/me/categories', { name: 'Food', kind: 'expense' })).id;
    const tag = (await direct.post('/me/tags', { name: 'work' })).id;
    ids = { account, category, tag };
    mcp = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: user.key });
  });
  after(async () => {
    await mcp?.close();
    await server?.stop();
  });

  it('a key of the app audience: its 403 explains the audience, not a team', async () => {
    const key = await makeKey(user.id, 'app');
    const m = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: key.secret });
    try {
      for (const tool of ['get_current_user', 'list_accounts', 'search_transactions']) {
        const text = err(await m.call(tool));
        assert.match(text, /server: "This API key is not valid for the public API"/, tool);
        assert.match(text, /audience/, tool);
        assert.match(text, /public-api/, tool);
        assert.doesNotMatch(text, /team/i, `${tool}: not a team problem`);
        assert.ok(!text.includes(key.secret));
      }
    } finally {
      await m.close();
    }
  });

  it('a free plan: the 402 includes the API\'s upgrade_url', async () => {
    const free = await makeUser('free');
    const m = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: free.key });
    try {
      const text = err(await m.call('get_usage'));
      assert.match(text, /this account's plan has no API access — Solo or Family is needed/);
      assert.ok(text.includes(UPGRADE_URL), text);
      assert.match(text, /current plan is free/);
    } finally {
      await m.close();
    }
    // A team whose owner is on the free plan: the owner's plan, with the same address.
    const owner = await makeUser('solo');
    const team = String((await admin(['team', 'create', '--name', `Free-owned ${Date.now()}`, '--owner', owner.id])).id);
    await admin(['team', 'add-member', '--team', team, '--user', user.id, '--role', 'member']);
    await admin(['user', 'set-plan', '--user', owner.id, '--plan', 'free']);
    const text = err(await mcp.call('list_tags', { team }));
    assert.match(text, /the team owner's plan has no API access/);
    assert.match(text, /owner of this team is on the free plan/);
    assert.match(text, /your own plan is not the problem/i);
    assert.match(text, /only the team's owner can upgrade/i);
    assert.doesNotMatch(text, /Upgrade at/, 'the member is not told to upgrade their own plan');
    assert.ok(text.includes(UPGRADE_URL), text);
    // The member's own data still works.
    ok(await mcp.call('list_tags'));
    // A Free member of a paid team: their own plan, not the owner's.
    const paidOwner = await makeUser('solo');
    const paidTeam = String((await admin(['team', 'create', '--name', `Paid ${Date.now()}`, '--owner', paidOwner.id])).id);
    const member = await makeUser('free');
    await admin(['team', 'add-member', '--team', paidTeam, '--user', member.id, '--role', 'member']);
    const own = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: member.key });
    try {
      const mine = err(await own.call('list_tags', { team: paidTeam }));
      assert.match(mine, /this account's plan has no API access — Solo or Family is needed/);
      assert.doesNotMatch(mine, /team owner's plan has no API access/);
      assert.match(mine, /current plan is free/);
    } finally {
      await own.close();
    }
  });

  it('bad arguments of every kind get a clear message naming the argument', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['get_dashboard_report', { month: '2026-100' }, /^Invalid argument "month": must be a month written YYYY-MM \(e\.g\. 2026-03\), got "2026-100"\.$/],
      ['get_dashboard_report', { month: 202603 }, /^Invalid argument "month": must be a month written YYYY-MM/],
      ['search_transactions', { from: '2026-03-011' }, /^Invalid argument "from": must be a date written YYYY-MM-DD/],
      ['search_transactions', { limit: 101 }, /^Invalid argument "limit": must be a whole number from 1 to 100, got 101\.$/],
      ['search_transactions', { limit: 'ten' }, /^Invalid argument "limit": must be a whole number from 1 to 100, got "ten"\.$/],
      ['search_transactions', { currency: 'eur' }, /^Invalid argument "currency": must be an upper-case ISO 4217 currency code/],
      ['search_transactions', { currency: 'XXX' }, /^Invalid argument "currency": "XXX" is not a currency Purse knows.*list_currencies/],
      ['get_total_spending_report', { currency: 'ABC' }, /^Invalid argument "currency": "ABC" is not a currency Purse knows.*list_currencies/],
      ['get_dashboard_report', { currency: 'QQQ' }, /^Invalid argument "currency": "QQQ" is not a currency Purse knows/],
      ['search_transactions', { flow_type: 'spend' }, /^Invalid argument "flow_type": must be one of expense, income, transfer/],
      ['search_transactions', { min_amount: -1 }, /^Invalid argument "min_amount": must be a non-negative decimal/],
      ['search_transactions', { include_voided: 'yes' }, /^Invalid argument "include_voided": must be true or false/],
      ['search_transactions', { account: '' }, /^Invalid argument "account": must be the id or the exact name of an account/],
      ['search_transactions', { period: 'last_week' }, /^Invalid argument "period": must be one of this_month, last_month/],
      ['get_spending_trends', { interval: 'year' }, /^Invalid argument "interval": must be one of day, week, month/],
      ['list_categories', { kind: 'transfer' }, /^Invalid argument "kind": must be expense or income/],
      ['list_accounts', { include_archived: 1 }, /^Invalid argument "include_archived": must be true or false/],
      ['list_tags', { name_contains: 'x'.repeat(101) }, /^Invalid argument "name_contains": must be text of 1 to 100 characters/],
      ['get_transaction', {}, /^Invalid argument "id": is required: a transaction id/],
      ['get_transaction', { id: 'abc' }, /^Invalid argument "id": must be a transaction id/],
      ['get_usage', { team: '' }, /^Invalid argument "team": must be a team id or the exact name of one of your teams/],
      ['get_usage', { days: 7 }, /^Invalid argument "days": get_usage has no argument "days"; its arguments are team\.$/],
      ['get_total_spending_report', { timezone: 'x'.repeat(65) }, /^Invalid argument "timezone": must be an IANA time zone name/],
    ];
    for (const [tool, args, expected] of cases) {
      const text = err(await mcp.call(tool, args));
      assert.match(text, expected, `${tool} ${JSON.stringify(args)}: ${text}`);
      assert.doesNotMatch(text, LIBRARY_WORDING, `${tool} ${JSON.stringify(args)}: ${text}`);
    }
    // Several bad arguments: each is named.
    const both = err(await mcp.call('search_transactions', { limit: 0, sort: 'date' }));
    assert.match(both, /Invalid argument "sort": must be one of -transaction_at.*Invalid argument "limit": must be a whole number/);
  });

  it('echoed filters use the tool\'s argument names, with ids and names', async () => {
    const s = ok(await mcp.call('search_transactions', {
      account: 'Main', category: 'Food', tag: 'work', currency: 'EUR', text: 'lunch', include_voided: true,
      flow_type: 'expense', min_amount: 1, max_amount: '20.5',
    }));
    assert.deepEqual(s.filters, {
      account: { id: ids.account, name: 'Main' }, category: { id: ids.category, name: 'Food' }, tag: { id: ids.tag, name: 'work' },
      flow_type: 'expense', min_amount: '1', max_amount: '20.5', currency: 'EUR', text: 'lunch', include_voided: true,
      sort: '-transaction_at',
    });
    const total = ok(await mcp.call('get_total_spending_report', { account: 'Main', currency: 'EUR' }));
    assert.deepEqual(total.filters, { currency: 'EUR', account: { id: ids.account, name: 'Main' } });
    const cats = ok(await mcp.call('get_categories_spending_report', {}));
    assert.deepEqual(cats.filters, { currency: null, account: null });
    const trends = ok(await mcp.call('get_spending_trends', { category: 'Food' }));
    assert.deepEqual(trends.filters, { currency: null, account: null, category: { id: ids.category, name: 'Food' } });
    const dash = ok(await mcp.call('get_dashboard_report', { account: ids.account }));
    assert.deepEqual(dash.filters, { currency: null, account: { id: ids.account, name: 'Main' } });
    for (const f of [s.filters, total.filters, cats.filters, trends.filters, dash.filters])
      for (const k of Object.keys(f)) assert.doesNotMatch(k, /_id$|_code$|^q$/, `API parameter name echoed: ${k}`);
  });

  it('the dashboard\'s description says which transactions it returns', async () => {
    const { tools } = await mcp.client.listTools();
    const dash = tools.find((t) => t.name === 'get_dashboard_report')!;
    assert.match(dash.description ?? '', /10 latest non-voided transactions dated before the end of the month/);
    assert.doesNotMatch(dash.description ?? '', /latest transactions of the month/);
    const usage = tools.find((t) => t.name === 'get_usage')!;
    assert.doesNotMatch(usage.description ?? '', /Call it after a "read limit reached" error/);
  });
});
