// SPDX-License-Identifier: MIT
// Reference data tools: currencies, accounts, categories, tags. Each call
// reads the list from the API (so it is never stale, and a refused key is
// refused at once) and leaves it in the short-lived cache, from which names
// given to other tools are resolved.

import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { arg } from '../args.js';
import { fitBudget, render, truncationNote } from '../budget.js';
import { formatMinor, totalsByCurrency } from '../money.js';
import { defineTool, teamArg, type ToolContext } from './common.js';

const containsArg = arg(z.string().trim().min(1).max(100).optional()
  .describe('Only entries whose name contains this text (case-insensitive).'), 'text of 1 to 100 characters');

const listMeta = { summary: z.string(), total: z.number(), returned: z.number(), truncated: z.boolean() };

function matches(name: string, needle: string | undefined): boolean {
  return !needle || name.toLowerCase().includes(needle.toLowerCase());
}

export function registerReferenceTools(server: McpServer, ctx: ToolContext): void {
  defineTool(server, ctx, 'list_currencies', {
    title: 'Currencies',
    description:
      'The ISO 4217 currencies Purse knows: code, name, symbol and minor_units (number of decimals amounts have, ' +
      'e.g. 2 for EUR, 0 for JPY). Use the code in "currency" arguments. The list is the same for every scope; ' +
      '"team" is accepted but changes nothing. Filter with "query" (matches code or name).',
    input: z.object({
      team: teamArg,
      query: arg(z.string().trim().min(1).max(100).optional().describe('Only currencies whose code or name contains this text.'),
        'text of 1 to 100 characters'),
    }).strict(),
    output: z.object({
      ...listMeta,
      items: z.array(z.object({ code: z.string(), name: z.string(), symbol: z.string(), minor_units: z.number() })),
    }),
    run: async (args, signal) => {
      const all = await ctx.lookups.currencies(signal, Date.now());
      const items = all.filter((c) => matches(c.code, args.query) || matches(c.name, args.query))
        .map((c) => ({ code: c.code, name: c.name, symbol: c.symbol, minor_units: c.minor_units }));
      return fitBudget(items.length, ctx.budget, (k, cut) => render({
        summary: `${items.length} currencies${args.query ? ` matching "${args.query}"` : ''}.` +
          (cut ? ' ' + truncationNote(k, items.length, 'currencies', 'pass "query" to narrow the list', ctx.budget) : ''),
        total: items.length, returned: k, truncated: cut, items: items.slice(0, k),
      }));
    },
  });

  defineTool(server, ctx, 'list_accounts', {
    title: 'Accounts',
    description:
      'Accounts of the scope with id, name, type (checking, savings, credit_card, cash, investment, loan, other), ' +
      'currency and current balance (a signed decimal string in the account\'s currency: opening balance plus income ' +
      'and incoming transfers minus expenses and outgoing transfers; voided transactions do not count). ' +
      'Archived accounts are included and flagged unless include_archived is false. ' +
      'Use an account\'s id or exact name in the "account" argument of other tools.',
    input: z.object({
      team: teamArg,
      name_contains: containsArg,
      include_archived: arg(z.boolean().optional().describe('Include archived accounts (default true).'), 'true or false'),
    }).strict(),
    output: z.object({
      ...listMeta,
      balances: z.array(z.object({ currency: z.string(), total: z.string(), count: z.number() })),
      items: z.array(z.object({
        id: z.string(), name: z.string(), type: z.string(), currency: z.string(),
        balance: z.string(), archived: z.boolean(),
      })),
    }),
    run: async (args, signal) => {
      const fresh = Date.now();
      const scope = await ctx.lookups.scope(args.team, signal);
      const all = await ctx.lookups.accounts(scope, signal, fresh);
      const d = ctx.lookups.decimals;
      const list = all.filter((a) => matches(a.name, args.name_contains) && (args.include_archived !== false || !a.archived));
      const items = list.map((a) => ({
        id: a.id, name: a.name, type: a.type, currency: a.currency_code,
        balance: formatMinor(a.current_balance_minor, d.get(a.currency_code)), archived: a.archived,
      }));
      const balances = totalsByCurrency(list.filter((a) => !a.archived)
        .map((a) => ({ currency: a.currency_code, minor: a.current_balance_minor })), d);
      return fitBudget(items.length, ctx.budget, (k, cut) => render({
        summary: `${items.length} account${items.length === 1 ? '' : 's'}${scope ? ' in the team' : ''}` +
          `${args.name_contains ? ` matching "${args.name_contains}"` : ''}. ` +
          (balances.length ? `Sum of balances of open accounts: ${balances.map((b) => `${b.currency} ${b.total}`).join(', ')}.` : '') +
          (cut ? ' ' + truncationNote(k, items.length, 'accounts', 'pass "name_contains" to narrow the list', ctx.budget) : ''),
        total: items.length, returned: k, truncated: cut, balances, items: items.slice(0, k),
      }));
    },
  });

  defineTool(server, ctx, 'list_categories', {
    title: 'Categories',
    description:
      'Categories of the scope with id, name, kind (expense or income), parent category (id and name, or null) and ' +
      'color. Use a category\'s id or exact name in the "category" argument of search_transactions and ' +
      'get_spending_trends. Transactions without a category are reported as "Uncategorized".',
    input: z.object({
      team: teamArg,
      name_contains: containsArg,
      kind: arg(z.enum(['expense', 'income']).optional().describe('Only this kind.'), 'expense or income'),
    }).strict(),
    output: z.object({
      ...listMeta,
      items: z.array(z.object({
        id: z.string(), name: z.string(), kind: z.string(),
        parent: z.object({ id: z.string(), name: z.string().nullable() }).nullable(), color: z.string().nullable(),
      })),
    }),
    run: async (args, signal) => {
      const fresh = Date.now();
      const scope = await ctx.lookups.scope(args.team, signal);
      const all = await ctx.lookups.categories(scope, signal, fresh);
      const byId = new Map(all.map((c) => [c.id, c.name]));
      const items = all.filter((c) => matches(c.name, args.name_contains) && (!args.kind || c.kind === args.kind))
        .map((c) => ({
          id: c.id, name: c.name, kind: c.kind,
          parent: c.parent_id ? { id: c.parent_id, name: byId.get(c.parent_id) ?? null } : null, color: c.color,
        }));
      return fitBudget(items.length, ctx.budget, (k, cut) => render({
        summary: `${items.length} categor${items.length === 1 ? 'y' : 'ies'}` +
          `${args.name_contains ? ` matching "${args.name_contains}"` : ''}${args.kind ? ` of kind ${args.kind}` : ''}.` +
          (cut ? ' ' + truncationNote(k, items.length, 'categories', 'pass "name_contains" or "kind" to narrow the list', ctx.budget) : ''),
        total: items.length, returned: k, truncated: cut, items: items.slice(0, k),
      }));
    },
  });

  defineTool(server, ctx, 'list_tags', {
    title: 'Tags',
    description:
      'Tags of the scope with id and name (names are unique ignoring case). Use a tag\'s id or exact name in the ' +
      '"tag" argument of search_transactions.',
    input: z.object({ team: teamArg, name_contains: containsArg }).strict(),
    output: z.object({ ...listMeta, items: z.array(z.object({ id: z.string(), name: z.string() })) }),
    run: async (args, signal) => {
      const fresh = Date.now();
      const scope = await ctx.lookups.scope(args.team, signal);
      const all = await ctx.lookups.tags(scope, signal, fresh);
      const items = all.filter((t) => matches(t.name, args.name_contains)).map((t) => ({ id: t.id, name: t.name }));
      return fitBudget(items.length, ctx.budget, (k, cut) => render({
        summary: `${items.length} tag${items.length === 1 ? '' : 's'}${args.name_contains ? ` matching "${args.name_contains}"` : ''}.` +
          (cut ? ' ' + truncationNote(k, items.length, 'tags', 'pass "name_contains" to narrow the list', ctx.budget) : ''),
        total: items.length, returned: k, truncated: cut, items: items.slice(0, k),
      }));
    },
  });
}
