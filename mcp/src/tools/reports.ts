// SPDX-License-Identifier: MIT
// Report tools: aggregates computed by the server (no rows to page through).
// Spending = expense transactions; income = income; transfers and voided
// transactions never count; figures are per currency, never converted.

import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import type {
  CategoryShare, CurrencyCode, DashboardQuery, ReportFilters, ReportQuery, ReportRange, Scope, TrendQuery,
} from '../api.js';
import { arg } from '../args.js';
import { fitBudget, render, truncationNote } from '../budget.js';
import { checkTimeZone, parseMonth, type Preset, resolveRangeAsync } from '../dates.js';
import type { CurrencyDecimals } from '../money.js';
import { formatMinor } from '../money.js';
import type { Names, Needed } from '../lookup.js';
import { named, namesNote, neededNames, ref, shapeTransaction, transactionRowSchema } from '../rows.js';
import {
  accountArg, currencyArg, dateArg, defineTool, namedArg, periodArg, SIGN_CONVENTION, teamArg, timezoneArg,
  type ToolContext,
} from './common.js';

const reportRange = z.object({ from: z.string(), to: z.string(), timezone: z.string(), period: z.string().nullable() });
/** The filters applied, named as the tool's arguments are; account and category with id and name. */
const reportFilters = z.object({
  currency: z.string().nullable(), account: ref.nullable(), category: ref.nullable().optional(),
});
const categoryShare = z.object({
  id: z.string().nullable(), name: z.string(), amount: z.string(), count: z.number(), share: z.number(),
});

const rangeArgs = {
  team: teamArg,
  from: dateArg('First'),
  to: dateArg('Last'),
  period: periodArg,
  timezone: timezoneArg,
  currency: currencyArg,
  account: accountArg,
};

const RANGE_HELP =
  'Range: from/to (YYYY-MM-DD, inclusive; each defaults to the first/last day of the current month) or a "period" preset; ' +
  'at most 5 years. Day and month boundaries use "timezone" (default: your profile time zone). ';

interface RangeArgs {
  team?: string | undefined; from?: string | undefined; to?: string | undefined;
  period?: Preset | undefined;
  timezone?: string | undefined; currency?: string | undefined; account?: string | undefined;
}

async function reportQuery(ctx: ToolContext, args: RangeArgs, signal: AbortSignal):
    Promise<{ scope: Scope; query: ReportQuery; period: string | null }> {
  const scope = await ctx.lookups.scope(args.team, signal);
  const query: ReportQuery = {};
  if (args.timezone) query.tz = checkTimeZone(args.timezone);
  // A preset needs a time zone to resolve: the given one, else the profile's
  // (then passed on, so the server uses the same one).
  const range = await resolveRangeAsync(args, async () => query.tz ?? (query.tz = await ctx.lookups.timezone(signal)), ctx.now());
  if (range.from) query.from = range.from;
  if (range.to) query.to = range.to;
  if (args.currency) query.currency_code = await ctx.lookups.currency(args.currency, signal) as CurrencyCode;
  if (args.account) query.account_id = await ctx.lookups.resolve('account', args.account, scope, signal);
  return { scope, query, period: args.period ?? null };
}

const NO_NAMES: Needed = { account: [], category: [], tag: [] };

/** The echo of a report's filters, with the names of the ids (read once more if new). */
async function echoFilters(ctx: ToolContext, scope: Scope, f: ReportFilters & { category_id?: string | null },
                           signal: AbortSignal, needed: Needed = NO_NAMES):
    Promise<{ filters: z.infer<typeof reportFilters>; names: Names }> {
  const names = await ctx.lookups.names(scope, {
    account: [...needed.account, f.account_id], category: [...needed.category, f.category_id], tag: needed.tag,
  }, signal);
  const filters: z.infer<typeof reportFilters> = {
    currency: f.currency_code, account: named(names, 'account', f.account_id),
  };
  if (f.category_id !== undefined) filters.category = named(names, 'category', f.category_id);
  return { filters, names };
}

function echoRange(r: ReportRange, period: string | null) {
  return { from: r.from, to: r.to, timezone: r.timezone, period };
}

function money(d: CurrencyDecimals, code: string, amount: number, minor: number): string {
  d.learn(code, amount, minor);
  return formatMinor(minor, d.get(code));
}

function shareRow(d: CurrencyDecimals, code: string, c: CategoryShare) {
  return {
    id: c.category.id, name: c.category.name, amount: money(d, code, c.amount, c.amount_minor),
    count: c.transaction_count, share: c.share,
  };
}

const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** What a cut trend left out: the oldest buckets, by date, and how to see them. */
function leftOut(cur: { currency: string; buckets: { start: string; end: string }[] }[], keep: number, interval: string): string {
  const parts = cur.filter((c) => c.buckets.length > keep).map((c) => {
    const gone = c.buckets.slice(0, c.buckets.length - keep);
    return `${c.currency} ${gone[0]!.start} to ${gone[gone.length - 1]!.end} (${gone.length} buckets)`;
  });
  if (parts.length === 0) return '';
  return `Cut to fit: only the latest ${keep} ${interval} buckets per currency are listed; left out (the oldest): ` +
    `${parts.join('; ')}. The totals above cover the whole range. To see the left-out range, call again with from/to ` +
    'set to it, or use a coarser interval (week or month).';
}

export function registerReportTools(server: McpServer, ctx: ToolContext): void {
  const d = ctx.lookups.decimals;

  defineTool(server, ctx, 'get_total_spending_report', {
    title: 'Total spending',
    description:
      'Total spending (expense transactions) per currency over a date range, with the number of transactions. ' +
      RANGE_HELP + 'Transfers and voided transactions never count; currencies are never converted or added together. ' +
      'Optional: only one currency, only one account (id or exact name).',
    input: z.object(rangeArgs).strict(),
    output: z.object({
      summary: z.string(),
      range: reportRange,
      filters: reportFilters,
      totals: z.array(z.object({ currency: z.string(), amount: z.string(), count: z.number() })),
    }),
    run: async (args, signal) => {
      const { scope, query, period } = await reportQuery(ctx, args, signal);
      const r = await ctx.api.totalSpending(scope, query, signal);
      const totals = r.totals.map((t) => ({
        currency: t.currency_code, amount: money(d, t.currency_code, t.amount, t.amount_minor), count: t.transaction_count,
      }));
      const { filters, names } = await echoFilters(ctx, scope, r.filters, signal);
      const summary = `Spending from ${r.range.from} to ${r.range.to} (${r.range.timezone}): ` +
        (totals.length ? totals.map((t) => `${t.currency} ${t.amount} in ${t.count} transaction${t.count === 1 ? '' : 's'}`).join('; ')
          : 'none') + '.' + namesNote(names);
      return fitBudget(1, ctx.budget, () => render({
        summary, range: echoRange(r.range, period), filters, totals,
      }));
    },
  });

  defineTool(server, ctx, 'get_categories_spending_report', {
    title: 'Spending by category',
    description:
      'Spending (expense transactions) per category and currency over a date range: each category\'s amount, ' +
      'transaction count and share of the currency\'s total (0..1), largest first; transactions without a category ' +
      'appear as "Uncategorized" with id null. ' + RANGE_HELP +
      'Transfers and voided transactions never count. Optional: one currency, one account.',
    input: z.object(rangeArgs).strict(),
    output: z.object({
      summary: z.string(),
      range: reportRange,
      filters: reportFilters,
      truncated: z.boolean(),
      currencies: z.array(z.object({
        currency: z.string(), total: z.string(), count: z.number(), category_count: z.number(),
        categories: z.array(categoryShare),
      })),
    }),
    run: async (args, signal) => {
      const { scope, query, period } = await reportQuery(ctx, args, signal);
      const r = await ctx.api.categoriesSpending(scope, query, signal);
      const cur = r.currencies.map((c) => ({
        currency: c.currency_code, total: money(d, c.currency_code, c.total, c.total_minor), count: c.transaction_count,
        categories: c.categories.map((x) => shareRow(d, c.currency_code, x)),
      }));
      const most = Math.max(0, ...cur.map((c) => c.categories.length));
      const { filters, names } = await echoFilters(ctx, scope, r.filters, signal);
      return fitBudget(most, ctx.budget, (k, cut) => render({
        summary: `Spending by category from ${r.range.from} to ${r.range.to} (${r.range.timezone}): ` +
          (cur.length ? cur.map((c) => `${c.currency} ${c.total} in ${c.count}, top: ` +
            c.categories.slice(0, 3).map((x) => `${x.name} ${x.amount} (${pct(x.share)})`).join(', ')).join('; ') : 'no spending') + '.' +
          (cut ? ' ' + truncationNote(k, most, 'categories per currency', 'pass "currency" or a shorter range to see the rest', ctx.budget) : '') +
          namesNote(names),
        range: echoRange(r.range, period),
        filters,
        truncated: cut,
        currencies: cur.map((c) => ({ ...c, category_count: c.categories.length, categories: c.categories.slice(0, k) })),
      }));
    },
  });

  defineTool(server, ctx, 'get_spending_trends', {
    title: 'Spending over time',
    description:
      'Spending (expense transactions) per currency in buckets of a day, an ISO week (Monday to Sunday) or a calendar ' +
      'month (default), in order, zero-filled; the first and last bucket may be partial. ' + RANGE_HELP +
      'Optional: one currency, one account, one category (id or exact name). Daily buckets over long ranges are cut ' +
      'to the budget: use week or month for ranges over a few months.',
    input: z.object({
      ...rangeArgs,
      interval: arg(z.enum(['day', 'week', 'month']).optional().describe('Bucket size (default month).'),
        'one of day, week, month'),
      category: namedArg('category', 'Only this category: id or exact name (see list_categories).'),
    }).strict(),
    output: z.object({
      summary: z.string(),
      range: reportRange,
      filters: reportFilters,
      interval: z.string(),
      truncated: z.boolean(),
      currencies: z.array(z.object({
        currency: z.string(), total: z.string(), count: z.number(), bucket_count: z.number(),
        buckets: z.array(z.object({ start: z.string(), end: z.string(), amount: z.string(), count: z.number() })),
      })),
    }),
    run: async (args, signal) => {
      const { scope, query, period } = await reportQuery(ctx, args, signal);
      const q: TrendQuery = { ...query, interval: args.interval ?? 'month' };
      if (args.category) q.category_id = await ctx.lookups.resolve('category', args.category, scope, signal);
      const r = await ctx.api.spendingTrends(scope, q, signal);
      const cur = r.currencies.map((c) => ({
        currency: c.currency_code, total: money(d, c.currency_code, c.total, c.total_minor), count: c.transaction_count,
        buckets: c.buckets.map((b) => ({
          start: b.start, end: b.end, amount: money(d, c.currency_code, b.amount, b.amount_minor), count: b.transaction_count,
          minor: b.amount_minor,
        })),
      }));
      const most = Math.max(0, ...cur.map((c) => c.buckets.length));
      const { filters, names } = await echoFilters(ctx, scope, { ...r.filters, category_id: r.filters.category_id ?? null }, signal);
      const peak = (c: (typeof cur)[number]) => c.buckets.reduce((m, b) => (b.minor > m.minor ? b : m), c.buckets[0]!);
      return fitBudget(most, ctx.budget, (k, cut) => render({
        summary: `Spending per ${r.interval} from ${r.range.from} to ${r.range.to} (${r.range.timezone}): ` +
          (cur.length ? cur.map((c) => {
            const p = c.buckets.length ? peak(c) : null;
            return `${c.currency} ${c.total} in ${c.count} over ${c.buckets.length} buckets` +
              (p && p.minor > 0 ? `, highest ${p.amount} (${p.start}${p.end !== p.start ? '..' + p.end : ''})` : '');
          }).join('; ') : 'no spending') + '.' +
          (cut ? ' ' + leftOut(cur, k, r.interval) : '') +
          namesNote(names),
        range: echoRange(r.range, period),
        filters,
        interval: r.interval,
        truncated: cut,
        currencies: cur.map((c) => ({
          currency: c.currency, total: c.total, count: c.count, bucket_count: c.buckets.length,
          // Cut: the most recent buckets are kept (what a user asks about).
          buckets: c.buckets.slice(Math.max(0, c.buckets.length - k)).map(({ minor: _m, ...b }) => b),
        })),
      }));
    },
  });

  defineTool(server, ctx, 'get_dashboard_report', {
    title: 'Monthly dashboard',
    description:
      'One month at a glance, per currency: spending and income with the previous month and the change ' +
      '(change_percent null when the previous month is 0), top 5 spending categories; plus recent_transactions: the 10 ' +
      'latest non-voided transactions dated before the end of the month (so earlier months fill in when the month has ' +
      'fewer than 10; "account" and "currency" apply), every account with its balance, and the scope\'s counts. ' +
      '"month" is YYYY-MM (default: the current ' +
      'month in "timezone" or your profile time zone). Optional: one currency, one account. A good first call for ' +
      '"how am I doing" questions.',
    input: z.object({
      team: teamArg,
      month: arg(z.string().max(7).optional().describe('Month, YYYY-MM (default: the current month).'),
        'a month written YYYY-MM (e.g. 2026-03)'),
      timezone: timezoneArg,
      currency: currencyArg,
      account: accountArg,
    }).strict(),
    output: z.object({
      summary: z.string(),
      month: z.string(),
      previous_month: z.string(),
      range: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
      filters: reportFilters,
      truncated: z.boolean(),
      currencies: z.array(z.object({
        currency: z.string(),
        spending: z.object({ amount: z.string(), count: z.number(), previous: z.string(), change: z.string(), change_percent: z.number().nullable() }),
        income: z.object({ amount: z.string(), count: z.number(), previous: z.string(), change: z.string(), change_percent: z.number().nullable() }),
        top_categories: z.array(categoryShare),
      })),
      recent_transactions: z.array(transactionRowSchema),
      accounts: z.array(z.object({
        id: z.string(), name: z.string(), type: z.string(), currency: z.string(), balance: z.string(), archived: z.boolean(),
      })),
      counts: z.record(z.string(), z.number()),
      sign_convention: z.string(),
    }),
    run: async (args, signal) => {
      const scope = await ctx.lookups.scope(args.team, signal);
      const q: DashboardQuery = {};
      if (args.month) q.month = parseMonth(args.month, 'month');
      if (args.timezone) q.tz = checkTimeZone(args.timezone);
      if (args.currency) q.currency_code = await ctx.lookups.currency(args.currency, signal) as CurrencyCode;
      if (args.account) q.account_id = await ctx.lookups.resolve('account', args.account, scope, signal);
      const r = await ctx.api.dashboard(scope, q, signal);
      const { filters, names } = await echoFilters(ctx, scope, r.filters, signal, neededNames(r.recent_transactions));
      const flow = (code: string, f: typeof r.currencies[number]['spending']) => ({
        amount: money(d, code, f.amount, f.amount_minor), count: f.transaction_count,
        previous: money(d, code, f.previous_amount, f.previous_amount_minor),
        change: money(d, code, f.change, f.change_minor), change_percent: f.change_percent,
      });
      const cur = r.currencies.map((c) => ({
        currency: c.currency_code, spending: flow(c.currency_code, c.spending), income: flow(c.currency_code, c.income),
        top_categories: c.top_categories.map((x) => shareRow(d, c.currency_code, x)),
      }));
      const recent = r.recent_transactions.map((t) => shapeTransaction(t, names, d, r.range.timezone));
      const accounts = r.accounts.map((a) => ({
        id: a.id, name: a.name, type: a.type, currency: a.currency_code,
        balance: money(d, a.currency_code, a.current_balance, a.current_balance_minor), archived: a.archived,
      }));
      const most = Math.max(recent.length, accounts.length);
      const change = (p: number | null) => (p === null ? 'no change % as the previous month is 0' : `${p > 0 ? '+' : ''}${p}% vs previous`);
      return fitBudget(most, ctx.budget, (k, cut) => render({
        summary: `${r.month} (${r.range.timezone}) vs ${r.previous_month}: ` +
          (cur.length ? cur.map((c) => `${c.currency} spent ${c.spending.amount} (${change(c.spending.change_percent)}), ` +
            `income ${c.income.amount} (${change(c.income.change_percent)})` +
            (c.top_categories[0] ? `, top category ${c.top_categories[0].name} ${c.top_categories[0].amount}` : '')).join('; ')
            : 'no spending or income') +
          `. ${accounts.length} account${accounts.length === 1 ? '' : 's'}, ${r.counts.transactions ?? 0} transaction${r.counts.transactions === 1 ? '' : 's'} in the scope.` +
          (cut ? ' ' + truncationNote(k, most, 'accounts and recent transactions', 'pass "account" or "currency" to narrow it', ctx.budget) : '') +
          namesNote(names),
        month: r.month,
        previous_month: r.previous_month,
        range: r.range,
        filters,
        truncated: cut,
        currencies: cur,
        recent_transactions: recent.slice(0, k),
        accounts: accounts.slice(0, k),
        counts: r.counts,
        sign_convention: SIGN_CONVENTION,
      }));
    },
  });
}
