// SPDX-License-Identifier: MIT
// End to end over real stdio against the real purse-server and PostgreSQL:
// the built bin is spawned with the SDK's stdio client; every tool is called
// in both scopes and compared with direct API reads; a recording proxy in
// front of the server proves that only GET requests left the tool server.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RecordingProxy } from './support/http.js';
import { err, type McpSession, startMcp, type ToolResult } from './support/mcp.js';
import { admin, Direct, makeUser, PurseServer, type TestUser } from './support/purse.js';

const TOOLS = [
  'get_current_user', 'get_usage', 'list_currencies', 'list_accounts', 'list_categories', 'list_tags',
  'search_transactions', 'get_transaction', 'get_total_spending_report', 'get_categories_spending_report',
  'get_spending_trends', 'get_dashboard_report',
].sort();

const DECIMALS: Record<string, number> = { EUR: 2, USD: 2, JPY: 0 };
/** Independent of the tool server's code: integer minor units → decimal text. */
function fmt(minor: number, code: string): string {
  const d = DECIMALS[code]!;
  const neg = minor < 0;
  const s = String(Math.abs(minor)).padStart(d + 1, '0');
  return (neg ? '-' : '') + (d === 0 ? s : `${s.slice(0, -d)}.${s.slice(-d)}`);
}

const TZ = 'Europe/Berlin';
function berlinToday(now = new Date()): { y: number; m: number } {
  const p = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit' }).formatToParts(now);
  return { y: Number(p.find((x) => x.type === 'year')!.value), m: Number(p.find((x) => x.type === 'month')!.value) };
}
const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');

const BUDGET = 20_000;
function ok(r: ToolResult): any {
  assert.ok(!r.isError, `tool failed: ${r.content?.[0]?.text}`);
  assert.ok(r.structuredContent, 'structuredContent present');
  assert.equal(typeof r.structuredContent.summary, 'string');
  assert.equal(Object.keys(r.structuredContent)[0], 'summary', 'summary comes first');
  const text = r.content[0]!.text;
  assert.ok(text.startsWith(r.structuredContent.summary), 'the text starts with the same summary');
  assert.ok(text.length <= BUDGET && JSON.stringify(r.structuredContent).length <= BUDGET, 'within the budget');
  // The same data in both channels.
  const { summary: _s, ...rest } = r.structuredContent;
  assert.deepEqual(JSON.parse(text.slice(text.indexOf('\n\n') + 2)), rest);
  return r.structuredContent;
}

describe('purse-mcp end to end (real purse-server over stdio)', () => {
  let server: PurseServer;
  let proxy: RecordingProxy;
  let owner: TestUser;
  let mcpKey: string;
  let direct: Direct;
  let mcp: McpSession;
  let teamId: string;
  const teamName = `Household ${process.pid}-${Date.now()}`;
  const outputs: string[] = [];
  const ids: Record<string, string> = {};
  let call: (name: string, args?: Record<string, unknown>) => Promise<ToolResult>;

  before(async () => {
    // Seeding writes many rows: a high write limit; reads are limited on their own server elsewhere.
    server = await PurseServer.start(['--write-limit', '100000', '--read-limit', '100000']);
    owner = await makeUser('solo', TZ);
    mcpKey = String((await admin(['key', 'create', '--user', owner.id])).secret);
    direct = new Direct(server.origin, owner.key);

    const acc = async (scope: string, name: string, currency: string, opening: number, type = 'checking') =>
      (await direct.post(`${scope}/accounts`, { name, currency_code: currency, opening_balance: opening, type })).id as string;
    const cat = async (scope: string, name: string, kind = 'expense', parent_id?: string) =>
      (await direct.post(`${scope}/categories`, { name, kind, ...(parent_id ? { parent_id } : {}) })).id as string;
    const tag = async (scope: string, name: string) => (await direct.post(`${scope}/tags`, { name })).id as string;

    ids.main = await acc('/me', 'Main', 'EUR', 1000.5);
    ids.cash = await acc('/me', 'Cash Yen', 'JPY', 5000, 'cash');
    ids.savings = await acc('/me', 'Savings', 'EUR', 0, 'savings');
    ids.groceries = await cat('/me', 'Groceries');
    ids.coffee = await cat('/me', 'Coffee', 'expense', ids.groceries);
    ids.salary = await cat('/me', 'Salary', 'income');
    ids.work = await tag('/me', 'work');
    ids.trip = await tag('/me', 'trip');

    const { y, m } = berlinToday();
    const lower = Date.UTC(y, m - 1, 1, 2);
    // Early on the 1st of a month there is little past to spread over: a future time of this month is fine too.
    const upper = Math.max(Date.now() - 60_000, lower + 3_600_000);
    const at = (i: number, n: number) => iso(lower + Math.floor(((upper - lower) * (i + 1)) / (n + 2)));
    const prev = iso(Date.UTC(m === 1 ? y - 1 : y, m === 1 ? 11 : m - 2, 15, 12));
    const tx = (scope: string, body: Record<string, unknown>) => direct.post(`${scope}/transactions`, body);
    const N = 8;
    ids.t1 = (await tx('/me', { account_id: ids.main, flow_type: 'expense', amount: 12.3, currency_code: 'EUR', transaction_at: at(0, N),
      category_id: ids.groceries, description: 'Weekly groceries', notes: 'paid by card', tag_ids: [ids.work] })).id;
    ids.t2 = (await tx('/me', { account_id: ids.main, flow_type: 'expense', amount: 3.5, currency_code: 'EUR', transaction_at: at(1, N),
      category_id: ids.coffee, description: 'Coffee beans', tag_ids: [ids.work, ids.trip] })).id;
    ids.t3 = (await tx('/me', { account_id: ids.main, flow_type: 'income', amount: 2500, currency_code: 'EUR', transaction_at: at(2, N),
      category_id: ids.salary, description: 'Salary' })).id;
    ids.t4 = (await tx('/me', { account_id: ids.cash, flow_type: 'expense', amount: 1200, currency_code: 'JPY', transaction_at: at(3, N),
      category_id: ids.groceries, description: 'Ramen', tag_ids: [ids.trip] })).id;
    ids.t5 = (await tx('/me', { account_id: ids.main, to_account_id: ids.savings, flow_type: 'transfer', amount: 200, currency_code: 'EUR',
      transaction_at: at(4, N), description: 'To savings' })).id;
    ids.t6 = (await tx('/me', { account_id: ids.main, flow_type: 'expense', amount: 99.99, currency_code: 'EUR', transaction_at: at(5, N),
      description: 'Voided purchase' })).id;
    await direct.post(`/me/transactions/${ids.t6}/void`, {});
    ids.t7 = (await tx('/me', { account_id: ids.main, flow_type: 'expense', amount: 40, currency_code: 'EUR', transaction_at: at(6, N),
      description: 'Uncategorized thing' })).id;
    ids.t8 = (await tx('/me', { account_id: ids.main, flow_type: 'expense', amount: 80, currency_code: 'EUR', transaction_at: prev,
      category_id: ids.groceries, description: 'Last month groceries' })).id;

    teamId = String((await admin(['team', 'create', '--name', teamName, '--owner', owner.id])).id);
    const T = `/teams/${teamId}`;
    ids.joint = await acc(T, 'Joint', 'USD', 300);
    ids.household = await cat(T, 'Household');
    ids.shared = await tag(T, 'shared');
    ids.tt1 = (await tx(T, { account_id: ids.joint, flow_type: 'expense', amount: 45.1, currency_code: 'USD', transaction_at: at(0, 3),
      category_id: ids.household, description: 'Cleaning supplies', tag_ids: [ids.shared] })).id;
    ids.tt2 = (await tx(T, { account_id: ids.joint, flow_type: 'income', amount: 100, currency_code: 'USD', transaction_at: at(1, 3),
      description: 'Refund' })).id;

    proxy = new RecordingProxy(server.origin);
    const proxied = await proxy.start();
    mcp = await startMcp({ SERVICE_API_BASE_URL: proxied, SERVICE_API_KEY: mcpKey });
    call = async (name, args = {}) => {
      const r = await mcp.call(name, args);
      outputs.push(JSON.stringify(r));
      return r;
    };
  });

  after(async () => {
    await mcp?.close();
    await proxy?.close();
    await server?.stop();
  });

  it('lists exactly the twelve tools, read-only annotated, with input and output schemas', async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
    for (const t of tools) {
      assert.equal(t.annotations?.readOnlyHint, true, t.name);
      assert.equal(t.annotations?.destructiveHint, false, t.name);
      assert.equal(t.annotations?.idempotentHint, true, t.name);
      assert.equal(t.inputSchema.type, 'object');
      assert.ok(t.inputSchema.properties && 'team' in t.inputSchema.properties, `${t.name} takes team`);
      assert.equal((t.inputSchema as { additionalProperties?: boolean }).additionalProperties, false, `${t.name} rejects unknown arguments`);
      assert.equal(t.outputSchema?.type, 'object', `${t.name} has an outputSchema`);
      assert.ok((t.outputSchema?.properties as Record<string, unknown>)?.summary, `${t.name} output has summary`);
      assert.ok((t.description ?? '').length > 80, `${t.name} has a real description`);
    }
    const search = tools.find((t) => t.name === 'search_transactions')!;
    const props = search.inputSchema.properties as Record<string, any>;
    for (const p of ['from', 'to', 'period', 'account', 'category', 'tag', 'flow_type', 'min_amount', 'max_amount', 'currency',
      'text', 'include_voided', 'limit', 'cursor'])
      assert.ok(p in props, `search_transactions has ${p}`);
    assert.equal(props.limit.maximum, 100);
    assert.equal(props.limit.minimum, 1);
    assert.match(mcp.client.getInstructions() ?? '', /read-only/i);
  });

  it('get_current_user matches GET /me, in both scopes', async () => {
    const me = await direct.get('/me');
    const s = ok(await call('get_current_user'));
    assert.equal(s.user.id, me.id);
    assert.equal(s.user.email, me.email);
    assert.equal(s.user.plan, 'solo');
    assert.equal(s.user.timezone, TZ);
    assert.deepEqual(s.teams, me.teams.map((t: any) => ({ id: t.id, name: t.name, role: t.role })));
    assert.equal(s.team, null);
    const byName = ok(await call('get_current_user', { team: teamName }));
    assert.deepEqual(byName.team, { id: teamId, name: teamName, role: 'owner' });
    const byId = ok(await call('get_current_user', { team: teamId }));
    assert.equal(byId.team.id, teamId);
    assert.match(err(await call('get_current_user', { team: 'No Such Team' })), /"team".*no team of yours/);
  });

  it('get_usage matches GET .../usage in both scopes', async () => {
    for (const [scope, team] of [['/me', undefined], [`/teams/${teamId}`, teamId]] as const) {
      const u = await direct.get(`${scope}/usage`);
      const s = ok(await call('get_usage', team ? { team } : {}));
      assert.equal(s.plan, u.plan);
      assert.deepEqual(s.scope, u.scope);
      for (const [name, q] of Object.entries(u.quotas as Record<string, any>)) {
        const got = s.quotas.find((x: any) => x.name === name);
        assert.ok(got, `quota ${name}`);
        assert.equal(got.limit, q.limit);
        assert.equal(got.used, q.used ?? null);
      }
      assert.equal(s.key.read.limit, 100000);
      assert.ok(s.key.read.remaining > 0);
      assert.match(s.summary, /Reads: \d+ of 100000 left/);
    }
  });

  it('list_currencies matches GET /currencies (both scopes give the same list)', async () => {
    // Every page of the API's list (100 at most per page, like every list).
    const direct200 = { items: [] as any[] };
    for (let page = 1; ; page++) {
      const got = await direct.get(`/currencies?per_page=100&page=${page}`);
      direct200.items.push(...got.items);
      if (!got.pagination.has_more) break;
    }
    const s = ok(await call('list_currencies'));
    assert.equal(s.total, direct200.items.length);
    assert.deepEqual(s.items.map((c: any) => c.code), direct200.items.map((c: any) => c.code));
    const eur = s.items.find((c: any) => c.code === 'EUR');
    assert.equal(eur.minor_units, 2);
    assert.equal(s.items.find((c: any) => c.code === 'JPY').minor_units, 0);
    const team = ok(await call('list_currencies', { team: teamId, query: 'yen' }));
    assert.ok(team.items.some((c: any) => c.code === 'JPY'));
    assert.ok(team.items.length < s.items.length);
  });

  it('list_accounts, list_categories, list_tags match the API in both scopes', async () => {
    for (const [scope, team] of [['/me', undefined], [`/teams/${teamId}`, teamId]] as const) {
      const args = team ? { team } : {};
      const accounts = (await direct.get(`${scope}/accounts?per_page=100`)).items;
      const a = ok(await call('list_accounts', args));
      assert.equal(a.total, accounts.length);
      assert.deepEqual(a.items.map((x: any) => [x.id, x.name, x.type, x.currency, x.balance, x.archived]),
        accounts.map((x: any) => [x.id, x.name, x.type, x.currency_code, fmt(x.current_balance_minor, x.currency_code), x.archived]));
      const categories = (await direct.get(`${scope}/categories?per_page=100`)).items;
      const c = ok(await call('list_categories', args));
      assert.deepEqual(c.items.map((x: any) => [x.id, x.name, x.kind, x.parent?.id ?? null]),
        categories.map((x: any) => [x.id, x.name, x.kind, x.parent_id]));
      const tags = (await direct.get(`${scope}/tags?per_page=100`)).items;
      const t = ok(await call('list_tags', args));
      assert.deepEqual(t.items, tags.map((x: any) => ({ id: x.id, name: x.name })));
    }
    const a = ok(await call('list_accounts'));
    // Exact money: 1000.5 opening - 12.30 - 3.50 + 2500 - 200 - 40 - 80 (the voided 99.99 does not count).
    assert.equal(a.items.find((x: any) => x.name === 'Main').balance, '3164.70');
    assert.equal(a.items.find((x: any) => x.name === 'Cash Yen').balance, '3800');
    const coffee = ok(await call('list_categories', { name_contains: 'coff' }));
    assert.deepEqual(coffee.items, [{ id: ids.coffee, name: 'Coffee', kind: 'expense', parent: { id: ids.groceries, name: 'Groceries' }, color: null }]);
  });

  it('search_transactions matches GET .../transactions in both scopes, with ids and names together', async () => {
    for (const [scope, team] of [['/me', undefined], [`/teams/${teamId}`, teamId]] as const) {
      const d = await direct.get(`${scope}/transactions`);
      const s = ok(await call('search_transactions', team ? { team } : {}));
      assert.equal(s.total, d.pagination.total);
      assert.deepEqual(s.rows.map((r: any) => r.id), d.items.map((x: any) => x.id));
      for (const [i, r] of s.rows.entries()) {
        const x = d.items[i];
        assert.equal(r.amount, fmt(x.amount_minor, x.currency_code));
        assert.equal(r.currency, x.currency_code);
        assert.equal(r.flow_type, x.flow_type);
        assert.equal(r.at, x.transaction_at);
        assert.equal(r.account.id, x.account_id);
        assert.equal(typeof r.account.name, 'string');
        assert.equal(r.category?.id ?? null, x.category_id);
      }
      assert.equal(s.next_cursor, null);
      assert.equal(s.range.timezone, TZ);
    }
    const s = ok(await call('search_transactions'));
    const t1 = s.rows.find((r: any) => r.id === ids.t1);
    assert.deepEqual(t1.account, { id: ids.main, name: 'Main' });
    assert.deepEqual(t1.category, { id: ids.groceries, name: 'Groceries' });
    assert.deepEqual(t1.tags, ['work']);
    assert.equal(t1.amount, '12.30');
    const t4 = s.rows.find((r: any) => r.id === ids.t4);
    assert.equal(t4.amount, '1200');
    assert.equal(t4.currency, 'JPY');
    const t5 = s.rows.find((r: any) => r.id === ids.t5);
    assert.deepEqual(t5.to_account, { id: ids.savings, name: 'Savings' });
    assert.ok(!s.rows.some((r: any) => r.id === ids.t6), 'voided rows are hidden by default');
    assert.match(s.sign_convention, /expense = money out/);
    // Page totals: per currency and flow type, never mixed.
    const eurExpense = s.page_totals.find((p: any) => p.currency === 'EUR' && p.flow_type === 'expense');
    assert.deepEqual(eurExpense, { currency: 'EUR', flow_type: 'expense', total: '135.80', count: 4 });
    assert.match(s.summary, /^Transactions 1–7 of 7/);
  });

  it('search_transactions applies every filter like the API', async () => {
    const q = async (args: Record<string, unknown>, query: string) => {
      const d = await direct.get(`/me/transactions?${query}`);
      const s = ok(await call('search_transactions', args));
      assert.deepEqual(s.rows.map((r: any) => r.id), d.items.map((x: any) => x.id), `${JSON.stringify(args)} vs ${query}`);
      assert.equal(s.total, d.pagination.total);
      return s;
    };
    await q({ account: 'Cash Yen' }, `account_id=${ids.cash}`);
    await q({ account: ids.savings }, `account_id=${ids.savings}`);
    await q({ category: 'groceries' }, `category_id=${ids.groceries}`);
    await q({ tag: 'trip' }, `tag_id=${ids.trip}`);
    await q({ flow_type: 'income' }, 'flow_type=income');
    await q({ min_amount: 40, max_amount: '100' }, 'min_amount=40&max_amount=100');
    await q({ currency: 'JPY' }, 'currency_code=JPY');
    await q({ text: 'GROCER' }, 'q=GROCER');
    const v = await q({ include_voided: true }, 'include_voided=true');
    assert.ok(v.rows.some((r: any) => r.id === ids.t6 && r.voided_at));
    assert.ok(!v.page_totals.some((p: any) => p.total === '99.99'), 'voided rows never count in totals');
    await q({ sort: '-amount' }, 'sort=-amount');
    // Dates are calendar days in the profile time zone, sent as UTC instants.
    const { y, m } = berlinToday();
    const py = m === 1 ? y - 1 : y, pm = m === 1 ? 12 : m - 1;
    const from = `${py}-${String(pm).padStart(2, '0')}-01`;
    const last = new Date(Date.UTC(py, pm, 0)).getUTCDate();
    const to = `${py}-${String(pm).padStart(2, '0')}-${last}`;
    const s = ok(await call('search_transactions', { period: 'last_month' }));
    assert.deepEqual(s.rows.map((r: any) => r.id), [ids.t8]);
    assert.deepEqual(s.range, { from, to, timezone: TZ, period: 'last_month' });
    const explicit = ok(await call('search_transactions', { from, to }));
    assert.deepEqual(explicit.rows.map((r: any) => r.id), [ids.t8]);
    const utc = ok(await call('search_transactions', { from, to, timezone: 'UTC' }));
    assert.equal(utc.range.timezone, 'UTC');
    const none = ok(await call('search_transactions', { text: 'nothing matches this' }));
    assert.equal(none.total, 0);
    assert.equal(none.next_cursor, null);
    assert.deepEqual(none.rows, []);
    assert.match(none.summary, /^No transactions match/);
    // Bad arguments come back as actionable errors that name the argument.
    assert.match(err(await call('search_transactions', { from: '2026-02-30' })), /"from".*not a day of the calendar/);
    assert.match(err(await call('search_transactions', { from: '2026-3-1' })), /"from".*YYYY-MM-DD/);
    assert.match(err(await call('search_transactions', { from: '2026-03-02', to: '2026-03-01' })), /"to"/);
    assert.match(err(await call('search_transactions', { period: 'this_month', from: '2026-03-01' })), /"period"/);
    assert.match(err(await call('search_transactions', { account: 'Nope' })), /"account".*list_accounts/);
    assert.match(err(await call('search_transactions', { timezone: 'Mars/Olympus' })), /"timezone"/);
    assert.match(err(await call('search_transactions', { currency: 'ZZZ' })), /Invalid argument "currency": "ZZZ" is not a currency Purse knows/);
    assert.match(err(await call('search_transactions', { limit: 101 })), /limit/);
    assert.match(err(await call('search_transactions', { cursor: 'garbage' })), /"cursor"/);
  });

  it('get_transaction matches GET .../transactions/{id}; other scope and unknown ids are 404s', async () => {
    const d = await direct.get(`/me/transactions/${ids.t2}`);
    const s = ok(await call('get_transaction', { id: ids.t2 }));
    assert.equal(s.transaction.id, d.id);
    assert.equal(s.transaction.amount, '3.50');
    assert.deepEqual(s.transaction.category, { id: ids.coffee, name: 'Coffee' });
    assert.deepEqual([...s.transaction.tags].sort(), ['trip', 'work']);
    assert.equal(s.transaction.notes, d.notes);
    assert.equal(s.timezone, TZ);
    const voided = ok(await call('get_transaction', { id: ids.t6 }));
    assert.ok(voided.transaction.voided_at);
    assert.match(voided.summary, /VOIDED/);
    const team = ok(await call('get_transaction', { id: ids.tt1, team: teamName }));
    assert.deepEqual(team.transaction.account, { id: ids.joint, name: 'Joint' });
    assert.equal(team.transaction.amount, '45.10');
    assert.match(err(await call('get_transaction', { id: ids.tt1 })), /Not found/);
    assert.match(err(await call('get_transaction', { id: '00000000-0000-7000-8000-000000000000' })), /Not found/);
  });

  it('get_total_spending_report matches GET .../reports/total-spending in both scopes', async () => {
    for (const [scope, team] of [['/me', undefined], [`/teams/${teamId}`, teamId]] as const) {
      const d = await direct.get(`${scope}/reports/total-spending`);
      const s = ok(await call('get_total_spending_report', team ? { team } : {}));
      assert.deepEqual(s.totals, d.totals.map((t: any) => ({ currency: t.currency_code, amount: fmt(t.amount_minor, t.currency_code), count: t.transaction_count })));
      assert.equal(s.range.from, d.range.from);
      assert.equal(s.range.to, d.range.to);
      assert.equal(s.range.timezone, d.range.timezone);
    }
    const s = ok(await call('get_total_spending_report'));
    assert.deepEqual(s.totals, [{ currency: 'EUR', amount: '55.80', count: 3 }, { currency: 'JPY', amount: '1200', count: 1 }]);
    const last = ok(await call('get_total_spending_report', { period: 'last_month', currency: 'EUR' }));
    assert.deepEqual(last.totals, [{ currency: 'EUR', amount: '80.00', count: 1 }]);
    assert.equal(last.range.period, 'last_month');
    const acct = ok(await call('get_total_spending_report', { account: 'Cash Yen' }));
    assert.deepEqual(acct.totals, [{ currency: 'JPY', amount: '1200', count: 1 }]);
    // A 422 from the server names the argument.
    assert.match(err(await call('get_total_spending_report', { from: '2001-01-01', to: '2026-01-01' })), /Invalid argument: "to"/);
  });

  it('get_categories_spending_report matches GET .../reports/categories-spending in both scopes', async () => {
    for (const [scope, team] of [['/me', undefined], [`/teams/${teamId}`, teamId]] as const) {
      const d = await direct.get(`${scope}/reports/categories-spending`);
      const s = ok(await call('get_categories_spending_report', team ? { team } : {}));
      assert.deepEqual(s.currencies.map((c: any) => [c.currency, c.total, c.count, c.categories.map((x: any) => [x.id, x.name, x.amount, x.count, x.share])]),
        d.currencies.map((c: any) => [c.currency_code, fmt(c.total_minor, c.currency_code), c.transaction_count,
          c.categories.map((x: any) => [x.category.id, x.category.name, fmt(x.amount_minor, c.currency_code), x.transaction_count, x.share])]));
    }
    const s = ok(await call('get_categories_spending_report', { currency: 'EUR' }));
    const eur = s.currencies[0];
    assert.equal(eur.total, '55.80');
    assert.deepEqual(eur.categories.map((c: any) => c.name), ['Uncategorized', 'Groceries', 'Coffee']);
  });

  it('get_spending_trends matches GET .../reports/spending-trends in both scopes', async () => {
    for (const [scope, team] of [['/me', undefined], [`/teams/${teamId}`, teamId]] as const) {
      const d = await direct.get(`${scope}/reports/spending-trends?interval=week`);
      const s = ok(await call('get_spending_trends', { interval: 'week', ...(team ? { team } : {}) }));
      assert.equal(s.interval, 'week');
      assert.deepEqual(s.currencies.map((c: any) => [c.currency, c.total, c.buckets.map((b: any) => [b.start, b.end, b.amount, b.count])]),
        d.currencies.map((c: any) => [c.currency_code, fmt(c.total_minor, c.currency_code),
          c.buckets.map((b: any) => [b.start, b.end, fmt(b.amount_minor, c.currency_code), b.transaction_count])]));
    }
    const d = await direct.get(`/me/reports/spending-trends?category_id=${ids.groceries}&interval=day`);
    const s = ok(await call('get_spending_trends', { category: 'Groceries', interval: 'day' }));
    assert.deepEqual(s.filters.category, { id: ids.groceries, name: 'Groceries' });
    assert.deepEqual(s.currencies.map((c: any) => c.total), d.currencies.map((c: any) => fmt(c.total_minor, c.currency_code)));
  });

  it('get_dashboard_report matches GET .../reports/dashboard in both scopes', async () => {
    for (const [scope, team] of [['/me', undefined], [`/teams/${teamId}`, teamId]] as const) {
      const d = await direct.get(`${scope}/reports/dashboard`);
      const s = ok(await call('get_dashboard_report', team ? { team } : {}));
      assert.equal(s.month, d.month);
      assert.equal(s.previous_month, d.previous_month);
      assert.deepEqual(s.currencies.map((c: any) => [c.currency, c.spending.amount, c.spending.previous, c.spending.change_percent, c.income.amount]),
        d.currencies.map((c: any) => [c.currency_code, fmt(c.spending.amount_minor, c.currency_code), fmt(c.spending.previous_amount_minor, c.currency_code),
          c.spending.change_percent, fmt(c.income.amount_minor, c.currency_code)]));
      assert.deepEqual(s.recent_transactions.map((t: any) => t.id), d.recent_transactions.map((t: any) => t.id));
      assert.deepEqual(s.accounts.map((a: any) => [a.id, a.balance]), d.accounts.map((a: any) => [a.id, fmt(a.current_balance_minor, a.currency_code)]));
      assert.deepEqual(s.counts, d.counts);
    }
    const s = ok(await call('get_dashboard_report', { currency: 'EUR' }));
    assert.equal(s.currencies[0].spending.amount, '55.80');
    assert.equal(s.currencies[0].spending.previous, '80.00');
    assert.match(err(await call('get_dashboard_report', { month: '2026-13' })), /"month"/);
  });

  it('a team the user is not in is a 403 with a way forward', async () => {
    const outsider = await makeUser('solo');
    const m = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: outsider.key });
    try {
      const text = err(await m.call('list_accounts', { team: teamId }));
      assert.match(text, /Access denied to this team/);
      assert.match(text, /get_current_user/);
      // The process survives and answers the next call.
      ok(await m.call('list_accounts'));
    } finally {
      await m.close();
    }
  });

  it('a free-plan key gives 402 and a bad key gives 401, never echoing the key', async () => {
    const free = await makeUser('free');
    const m = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: free.key });
    try {
      const text = err(await m.call('get_current_user'));
      assert.match(text, /this account's plan has no API access — Solo or Family is needed/);
      assert.ok(!text.includes(free.key));
      assert.ok(!m.stderr().includes(free.key));
    } finally {
      await m.close();
    }
    // Well-formed but wrong: the checksum part changed.
    const bad = owner.key.slice(0, -8) + 'AAAAAAAA';
    const b = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: bad });
    try {
      for (const tool of ['get_usage', 'search_transactions', 'get_total_spending_report']) {
        const text = err(await b.call(tool));
        assert.match(text, /the API key is invalid or incomplete — check SERVICE_API_KEY/);
        assert.ok(!text.includes(bad));
      }
      assert.ok(!b.stderr().includes(bad), 'the key is not in the logs');
      assert.ok(!b.stderr().includes(owner.key.slice(20)), 'no part of the key secret is in the logs');
    } finally {
      await b.close();
    }
  });

  it('only GET requests left the tool server, and the key never appeared in any output or log', async () => {
    assert.ok(proxy.requests.length > 20, `requests seen: ${proxy.requests.length}`);
    const methods = new Set(proxy.requests.map((r) => r.method));
    assert.deepEqual([...methods], ['GET']);
    assert.ok(proxy.requests.every((r) => r.authorization === `Bearer ${mcpKey}`), 'every request carried the key as a Bearer token');
    assert.ok(proxy.requests.every((r) => r.path.startsWith('/api/public/v1/')));
    const all = outputs.join('\n') + mcp.stderr();
    assert.ok(mcp.stderr().includes('"level":"debug"'), 'debug logging was on');
    assert.ok(!all.includes(mcpKey), 'the key is not in any output or log');
    assert.ok(!all.includes(mcpKey.slice(-30)), 'no part of the key secret is in any output or log');
  });
});

describe('paging and the output budget (250 transactions)', () => {
  let server: PurseServer;
  let user: TestUser;
  let direct: Direct;
  let mcp: McpSession;

  before(async () => {
    server = await PurseServer.start(['--write-limit', '100000', '--read-limit', '100000']);
    user = await makeUser('family', 'UTC');
    direct = new Direct(server.origin, user.key);
    const account = (await direct.post('/me/accounts', { name: 'Busy', currency_code: 'EUR' })).id;
    const base = Date.UTC(2025, 0, 1, 12);
    const long = 'x'.repeat(400);
    for (let i = 0; i < 250; i += 25) {
      await Promise.all(Array.from({ length: 25 }, (_, j) => {
        const n = i + j;
        return direct.post('/me/transactions', {
          account_id: account, flow_type: 'expense', amount: Number(`${1 + Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`), currency_code: 'EUR',
          // Distinct times, some sharing a day; descriptions long enough to test the budget.
          transaction_at: iso(base + n * 3_600_000), description: `Item ${String(n).padStart(3, '0')} ${long}`,
        });
      }));
    }
    mcp = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: user.key });
  });

  after(async () => {
    await mcp?.close();
    await server?.stop();
  });

  it('pages through all 250 with cursors, in the API order, without gaps or repeats', async () => {
    const expected: string[] = [];
    for (let page = 1; page <= 3; page++)
      expected.push(...(await direct.get(`/me/transactions?per_page=100&page=${page}`)).items.map((x: any) => x.id));
    assert.equal(expected.length, 250);
    const seen: string[] = [];
    let cursor: string | null = null;
    let calls = 0;
    do {
      const r: ToolResult = await mcp.call('search_transactions', cursor ? { cursor, limit: 40 } : { limit: 40 });
      const s = ok(r);
      assert.equal(s.total, 250);
      assert.equal(s.offset, seen.length);
      seen.push(...s.rows.map((x: any) => x.id));
      cursor = s.next_cursor;
      calls++;
      assert.ok(calls < 50, 'paging terminates');
    } while (cursor);
    assert.deepEqual(seen, expected);
    assert.equal(new Set(seen).size, 250);
  });

  it('the default page is 25 rows; a cursor with changed filters is refused, with the same filters accepted', async () => {
    const s = ok(await mcp.call('search_transactions', { min_amount: 1 }));
    assert.equal(s.returned, 25);
    assert.ok(s.next_cursor);
    assert.match(s.summary, /Transactions 1–25 of 250/);
    const same = ok(await mcp.call('search_transactions', { min_amount: 1, cursor: s.next_cursor }));
    assert.equal(same.offset, 25);
    assert.match(err(await mcp.call('search_transactions', { min_amount: 2, cursor: s.next_cursor })), /"cursor".*other filters/);
    const last = ok(await mcp.call('search_transactions', { from: '2025-01-11', to: '2025-01-11' }));
    assert.equal(last.total, 22);
    assert.equal(last.next_cursor, null);
  });

  it('the largest result stays within the budget, says how to narrow, and the cursor continues after the cut', async () => {
    const r = await mcp.call('search_transactions', { limit: 100 });
    const s = ok(r);
    assert.equal(s.truncated, true);
    assert.ok(s.returned > 0 && s.returned < 100, `returned ${s.returned}`);
    assert.ok(r.content[0]!.text.length <= BUDGET);
    assert.ok(JSON.stringify(s).length <= BUDGET);
    assert.match(s.summary, /cut to the first \d+ of 100 rows to stay within 20000 characters/);
    const expected = (await direct.get('/me/transactions?per_page=100')).items.map((x: any) => x.id);
    const next = ok(await mcp.call('search_transactions', { cursor: s.next_cursor, limit: 5 }));
    assert.deepEqual([...s.rows.map((x: any) => x.id), ...next.rows.map((x: any) => x.id)], expected.slice(0, s.returned + 5));
    // Other big results: the whole year by day, every report.
    for (const [tool, args] of [
      ['get_spending_trends', { from: '2022-01-01', to: '2025-12-31', interval: 'day' }],
      ['get_categories_spending_report', { from: '2025-01-01', to: '2025-12-31' }],
      ['get_dashboard_report', { month: '2025-01' }],
      ['list_currencies', {}],
    ] as const) {
      const out = await mcp.call(tool, args);
      ok(out);
    }
    const trends = ok(await mcp.call('get_spending_trends', { from: '2022-01-01', to: '2025-12-31', interval: 'day' }));
    assert.equal(trends.truncated, true);
    assert.ok(trends.currencies[0].bucket_count > trends.currencies[0].buckets.length);
  });
  it('a row added between calls is neither repeated nor makes a row skipped (keyset cursors)', async () => {
    const first = ok(await mcp.call('search_transactions', { limit: 10 }));
    assert.equal(first.returned, 10);
    // A new newest row: page numbers would shift every later row by one.
    const account = first.rows[0].account.id;
    const added = await direct.post('/me/transactions', {
      account_id: account, flow_type: 'expense', amount: 1, currency_code: 'EUR',
      transaction_at: iso(Date.UTC(2026, 0, 1, 12)), description: 'Added between calls',
    });
    try {
      const second = ok(await mcp.call('search_transactions', { cursor: first.next_cursor }));
      const firstIds = new Set(first.rows.map((x: any) => x.id));
      assert.ok(second.rows.every((x: any) => !firstIds.has(x.id)), 'no row repeated');
      const expected = (await direct.get('/me/transactions?per_page=21')).items.map((x: any) => x.id).slice(11, 21);
      assert.deepEqual(second.rows.map((x: any) => x.id), expected);
      assert.equal(second.offset, 10);
    } finally {
      await direct.call('DELETE', `/me/transactions/${added.id}`);
    }
  });
});

describe('rate limit: an exhausted read bucket', () => {
  let server: PurseServer;
  let mcp: McpSession;

  before(async () => {
    server = await PurseServer.start(['--read-limit', '3']);
  });
  after(async () => {
    await mcp?.close();
    await server?.stop();
  });

  it('429 comes back at once with the reset time and the advice to wait for it', async () => {
    const user = await makeUser('solo');
    mcp = await startMcp({ SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: user.key });
    let text = '';
    for (let i = 0; i < 6 && !text; i++) {
      const r = await mcp.call('get_usage');
      if (r.isError) text = r.content[0]!.text;
    }
    assert.match(text, /read limit reached — resets in (\d+) s: .*\(Retry-After\)\. Wait that long before calling any tool again/);
    assert.doesNotMatch(text, /call get_usage/, 'get_usage reads from the same exhausted bucket');
    const n = Number(/resets in (\d+) s/.exec(text)![1]);
    assert.ok(n >= 1 && n <= 60, `reset ${n}`);
    // Retry-After is far above 5 s here: no waiting, the answer is immediate.
    const started = Date.now();
    const again = await mcp.call('get_usage');
    assert.ok(Date.now() - started < 3000, 'returned without sleeping');
    assert.match(err(again), /read limit reached/);
  });
});
