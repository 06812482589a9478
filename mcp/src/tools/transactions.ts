// SPDX-License-Identifier: MIT
// Transaction tools: a bounded, cursor-paginated search with every filter
// the API has, and one transaction in full.

import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import type { CurrencyCode, Scope, TransactionQuery } from '../api.js';
import { arg } from '../args.js';
import { fitBudget, render, truncationNote } from '../budget.js';
import { apiCursorAfter, type CursorState, decodeCursor, encodeCursor } from '../cursor.js';
import { checkTimeZone, instantBounds, resolveRange } from '../dates.js';
import { ToolInputError } from '../errors.js';
import { formatMinor } from '../money.js';
import type { Names } from '../lookup.js';
import { named, namesNote, neededNames, ref, shapeTransaction, transactionRowSchema } from '../rows.js';
import {
  currencyArg, dateArg, defineTool, namedArg, periodArg, rangeSchema, SIGN_CONVENTION, teamArg, timezoneArg,
  type ToolContext,
} from './common.js';

const amountArg = (what: string) => arg(z.union([
  z.number().nonnegative(),
  z.string().regex(/^\d+(\.\d{1,4})?$/),
]).optional().describe(`${what}, a non-negative decimal in each transaction's own currency (e.g. 50 or "12.50"); inclusive.`),
'a non-negative decimal with at most 4 decimals, as a number or a string (e.g. 50 or "12.50")');

function amountText(v: number | string | undefined, arg: string): string | undefined {
  if (v === undefined) return undefined;
  const s = typeof v === 'number' ? String(v) : v;
  if (!/^\d+(\.\d{1,4})?$/.test(s)) throw new ToolInputError(arg, 'must be a non-negative decimal with at most 4 decimals.');
  return s;
}

const FILTER_KEYS = ['from', 'to', 'period', 'timezone', 'account', 'category', 'tag', 'flow_type', 'min_amount',
  'max_amount', 'currency', 'text', 'include_voided', 'sort'] as const;

const searchInput = z.object({
  team: teamArg,
  from: dateArg('First'),
  to: dateArg('Last'),
  period: periodArg,
  timezone: timezoneArg,
  account: namedArg('account', 'Only transactions touching this account (either side of a transfer): id or exact name.'),
  category: namedArg('category', 'Only this category: id or exact name (see list_categories).'),
  tag: namedArg('tag', 'Only transactions with this tag: id or exact name (see list_tags).'),
  flow_type: arg(z.enum(['expense', 'income', 'transfer']).optional().describe('Only this direction.'),
    'one of expense, income, transfer'),
  min_amount: amountArg('Smallest amount'),
  max_amount: amountArg('Largest amount'),
  currency: currencyArg,
  text: arg(z.string().max(200).optional().describe('Text that the description contains (case-insensitive).'),
    'text of at most 200 characters'),
  include_voided: arg(z.boolean().optional().describe('Also list voided transactions (default false). They never count in totals.'),
    'true or false'),
  sort: arg(z.enum(['-transaction_at', 'transaction_at', '-amount', 'amount']).optional()
    .describe('Order: -transaction_at (newest first, default), transaction_at, -amount (largest first), amount.'),
  'one of -transaction_at, transaction_at, -amount, amount'),
  limit: arg(z.number().int().min(1).max(100).optional().describe('Rows per call, 1..100 (default 25; with a cursor, the limit the cursor was made with).'),
    'a whole number from 1 to 100'),
  cursor: arg(z.string().max(4000).optional().describe(
    'next_cursor from the previous call, to get the following rows. It carries the filters and the limit: pass it alone (with the ' +
    'same team), or with the same filters. Rows added or deleted meanwhile never make a row repeat or go missing.'),
  'the next_cursor text of the previous search_transactions result, unchanged'),
}).strict();

/** The filters of a search as the tool's own arguments name them (ids resolved, with their names). */
const filtersSchema = z.object({
  account: ref.optional(),
  category: ref.optional(),
  tag: ref.optional(),
  flow_type: z.string().optional(),
  min_amount: z.string().optional(),
  max_amount: z.string().optional(),
  currency: z.string().optional(),
  text: z.string().optional(),
  include_voided: z.boolean().optional(),
  sort: z.string(),
});
type Filters = z.infer<typeof filtersSchema>;

function echoFilters(q: CursorState['query'], names: Names): Filters {
  const out: Filters = { sort: q.sort ?? '-transaction_at' };
  const account = named(names, 'account', q.account_id);
  const category = named(names, 'category', q.category_id);
  const tag = named(names, 'tag', q.tag_id);
  if (account) out.account = account;
  if (category) out.category = category;
  if (tag) out.tag = tag;
  if (q.flow_type) out.flow_type = q.flow_type;
  if (q.min_amount !== undefined) out.min_amount = String(q.min_amount);
  if (q.max_amount !== undefined) out.max_amount = String(q.max_amount);
  if (q.currency_code) out.currency = q.currency_code;
  if (q.q) out.text = q.q;
  if (q.include_voided !== undefined) out.include_voided = String(q.include_voided) === 'true';
  return out;
}

type SearchArgs = z.infer<typeof searchInput>;

async function queryFromArgs(ctx: ToolContext, args: SearchArgs, scope: Scope, signal: AbortSignal):
    Promise<Omit<CursorState, 'offset' | 'after' | 'limit'>> {
  const tz = args.timezone ? checkTimeZone(args.timezone) : await ctx.lookups.timezone(signal);
  const range = resolveRange(args, () => tz, ctx.now());
  const bounds = instantBounds(range, tz);
  const query: CursorState['query'] = {};
  if (bounds.from) query.from = bounds.from;
  if (bounds.to) query.to = bounds.to;
  if (args.account) query.account_id = await ctx.lookups.resolve('account', args.account, scope, signal);
  if (args.category) query.category_id = await ctx.lookups.resolve('category', args.category, scope, signal);
  if (args.tag) query.tag_id = await ctx.lookups.resolve('tag', args.tag, scope, signal);
  if (args.flow_type) query.flow_type = args.flow_type;
  const min = amountText(args.min_amount, 'min_amount');
  const max = amountText(args.max_amount, 'max_amount');
  if (min !== undefined) query.min_amount = min;
  if (max !== undefined) query.max_amount = max;
  if (min !== undefined && max !== undefined && Number(min) > Number(max))
    throw new ToolInputError('max_amount', 'must not be smaller than min_amount.');
  if (args.currency) query.currency_code = await ctx.lookups.currency(args.currency, signal) as CurrencyCode;
  if (args.text) query.q = args.text;
  if (args.include_voided) query.include_voided = 'true';
  query.sort = args.sort ?? '-transaction_at';
  return { scope: scope ?? null, query, range: { from: range.from, to: range.to, timezone: tz, period: range.period } };
}

const SORT_WORDS: Record<string, string> = {
  '-transaction_at': 'newest first', transaction_at: 'oldest first', '-amount': 'largest first', amount: 'smallest first',
};

/**
 * At the end of a paged search, what the total means when it differs from the
 * rows shown: it counts what matches now, including rows added or removed
 * since the search began on the pages already passed (a keyset cursor never
 * repeats or skips a row, but does not go back for them).
 */
function endNote(shown: number, total: number | null): string {
  if (total === null || total === shown) return '';
  const diff = total - shown;
  return ` This search has shown ${shown} rows in all; ${total} match now, ${Math.abs(diff)} ` +
    `${diff > 0 ? 'more' : 'fewer'} than this search has shown: rows ${diff > 0 ? 'added' : 'deleted'} since it began, ` +
    'on pages already passed, are counted but not shown. Search again without cursor to see the list as it is now.';
}

export function registerTransactionTools(server: McpServer, ctx: ToolContext): void {
  defineTool(server, ctx, 'search_transactions', {
    title: 'Search transactions',
    description:
      'Lists transactions matching filters, newest first by default, `limit` rows per call (1..100, default 25). ' +
      'The result starts with a summary (rows shown, total matches, range, totals per currency and flow type over the ' +
      'rows shown), then rows with id, local date, UTC time, flow_type, amount (positive decimal string) with currency, ' +
      'description, account {id,name}, category {id,name} and tag names. If next_cursor is not null, call again with ' +
      'cursor=next_cursor for the following rows; null means the end. Dates are YYYY-MM-DD calendar days in your ' +
      'profile time zone unless "timezone" is given, or use "period". Without dates every date matches. ' +
      'Account, category and tag accept an id or an exact name. For sums over many transactions prefer the report tools.',
    input: searchInput,
    output: z.object({
      summary: z.string(),
      range: rangeSchema,
      filters: filtersSchema,
      returned: z.number(),
      offset: z.number(),
      total: z.number().nullable(),
      next_cursor: z.string().nullable(),
      truncated: z.boolean(),
      page_totals: z.array(z.object({ currency: z.string(), flow_type: z.string(), total: z.string(), count: z.number() })),
      sign_convention: z.string(),
      rows: z.array(transactionRowSchema),
    }),
    run: async (args, signal) => {
      let limit = args.limit ?? 25;
      let state: Omit<CursorState, 'offset' | 'after' | 'limit'>;
      let offset = 0;
      let after = '';
      const hasFilters = FILTER_KEYS.some((k) => args[k] !== undefined);
      if (args.cursor) {
        const c = decodeCursor(args.cursor);
        if (args.team !== undefined) {
          const scope = await ctx.lookups.scope(args.team, signal);
          if ((scope ?? null) !== c.scope)
            throw new ToolInputError('cursor', 'belongs to another scope (team); omit it to start a new search.');
        }
        if (hasFilters) {
          const fresh = await queryFromArgs(ctx, args, c.scope ?? undefined, signal);
          if (JSON.stringify(fresh.query) !== JSON.stringify(c.query))
            throw new ToolInputError('cursor', 'belongs to a search with other filters; pass the cursor alone to continue, ' +
              'or omit it to start the new search from its first row.');
        }
        state = { scope: c.scope, query: c.query, range: c.range };
        offset = c.offset;
        after = c.after;
        // The cursor keeps the limit it was made with, unless one is given.
        limit = args.limit ?? c.limit;
      } else {
        const scope = await ctx.lookups.scope(args.team, signal);
        state = await queryFromArgs(ctx, args, scope, signal);
      }
      const scope = state.scope ?? undefined;
      // By the API's keyset cursor: rows added or deleted between calls
      // never repeat or skip a row.
      const q: TransactionQuery = after
        ? { ...state.query, cursor: after, per_page: limit }
        : { ...state.query, page: 1, per_page: limit };
      const res = await ctx.api.transactions(scope, q, signal);
      // Defensive: never trust a page to be longer than asked.
      const rows = res.items.slice(0, limit);
      const total = typeof res.pagination.total === 'number' ? res.pagination.total : null;
      const apiNext = res.pagination.next_cursor;
      const sort = state.query.sort ?? '-transaction_at';
      const names = await ctx.lookups.names(scope, neededNames(rows,
        { account: [state.query.account_id], category: [state.query.category_id], tag: [state.query.tag_id] }), signal);
      const tz = state.range.timezone;
      const shaped = rows.map((t) => shapeTransaction(t, names, ctx.lookups.decimals, tz));
      const moreAfter = (shown: number) => shown < rows.length || res.pagination.has_more;
      // Where the row after the first `shown` is: the API's own cursor
      // after a whole page, else one made after the last row shown.
      const afterShown = (shown: number): string => {
        if (shown === 0) return after;
        if (shown === rows.length && apiNext) return apiNext;
        const last = rows[shown - 1]!;
        return apiCursorAfter(last, sort, ctx.lookups.decimals.get(last.currency_code) ?? 2, limit);
      };
      const r = state.range;
      const rangeText = r.from || r.to ? `${r.from ?? 'the beginning'} to ${r.to ?? 'now'}` : 'all dates';
      const filters = echoFilters(state.query, names);
      return fitBudget(shaped.length, ctx.budget, (k, cut) => {
        const shown = shaped.slice(0, k);
        const sums = new Map<string, { minor: number; count: number }>();
        for (let i = 0; i < k; i++) {
          const t = rows[i]!;
          if (t.voided_at) continue;
          const key = `${t.currency_code}\u0000${t.flow_type}`;
          const s = sums.get(key) ?? { minor: 0, count: 0 };
          s.minor += t.amount_minor;
          s.count++;
          sums.set(key, s);
        }
        const pageTotals = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, s]) => {
          const [currency, flow] = key.split('\u0000') as [string, string];
          return { currency, flow_type: flow, total: formatMinor(s.minor, ctx.lookups.decimals.get(currency)), count: s.count };
        });
        const more = moreAfter(k);
        const next = more ? encodeCursor({ ...state, offset: offset + k, limit, after: afterShown(k) }) : null;
        const first = k === 0 ? 0 : offset + 1;
        const summary =
          (k > 0 ? `Transactions ${first}–${offset + k}${total !== null ? ` of ${total}` : ''}`
            : offset > 0 ? `No transactions after row ${offset}${total !== null ? ` (${total} in all)` : ''}` : 'No transactions match') +
          ` (${SORT_WORDS[state.query.sort ?? '-transaction_at']}), ${rangeText}, time zone ${r.timezone}` +
          `${Object.keys(filters).length > 1 ? ', filtered' : ''}.` +
          (pageTotals.length ? ` Totals over these rows: ${pageTotals.map((p) => `${p.currency} ${p.flow_type} ${p.total} (${p.count})`).join('; ')}.` : '') +
          (cut ? ' ' + truncationNote(k, rows.length, 'rows', 'next_cursor continues right after the last row shown; a smaller limit or narrower filters avoid the cut', ctx.budget) : '') +
          (next ? ' More rows: call again with cursor=next_cursor.' : ' This is the end of the list.' + endNote(offset + k, total)) +
          namesNote(names);
        return render({
          summary,
          range: r,
          filters,
          returned: k,
          offset,
          total,
          next_cursor: next,
          truncated: cut,
          page_totals: pageTotals,
          sign_convention: SIGN_CONVENTION,
          rows: shown,
        });
      });
    },
  });

  defineTool(server, ctx, 'get_transaction', {
    title: 'One transaction',
    description:
      'One transaction in full by its id (from search_transactions or a report): everything search_transactions shows ' +
      'plus notes, attached file ids and voided_at if voided. Pass the same "team" as the search that found it.',
    input: z.object({
      team: teamArg,
      id: arg(z.string().trim().regex(/^[0-9a-fA-F-]{36}$/).describe('The transaction id.'),
        'a transaction id, a UUID such as 01900000-0000-7000-8000-000000000001 (from search_transactions or a report)'),
      timezone: timezoneArg,
    }).strict(),
    output: z.object({
      summary: z.string(),
      timezone: z.string(),
      sign_convention: z.string(),
      transaction: transactionRowSchema,
    }),
    run: async (args, signal) => {
      const scope = await ctx.lookups.scope(args.team, signal);
      const tz = args.timezone ? checkTimeZone(args.timezone) : await ctx.lookups.timezone(signal);
      const t = await ctx.api.transaction(scope, args.id.toLowerCase(), signal);
      const names = await ctx.lookups.names(scope, neededNames([t]), signal);
      const row = shapeTransaction(t, names, ctx.lookups.decimals, tz, true);
      const summary = `${row.date}: ${row.flow_type} of ${row.amount} ${row.currency}` +
        `${row.description ? ` "${row.description}"` : ''} on ${row.account.name ?? row.account.id}` +
        (row.to_account ? ` to ${row.to_account.name ?? row.to_account.id}` : '') +
        (row.category ? `, category ${row.category.name ?? row.category.id}` : ', uncategorized') +
        (row.tags.length ? `, tags ${row.tags.join(', ')}` : '') +
        (row.voided_at ? `; VOIDED at ${row.voided_at} (does not count)` : '') + '.' + namesNote(names);
      return fitBudget(1, ctx.budget, (_k, _cut) => render({
        summary, timezone: tz, sign_convention: SIGN_CONVENTION, transaction: row,
      }));
    },
  });
}
