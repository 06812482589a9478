// SPDX-License-Identifier: MIT
// The compact shape of a transaction as tools return it: ids and names
// together, exact amounts with their currency, local date and UTC time.

import * as z from 'zod/v4';
import type { Transaction } from './api.js';
import { localDate } from './dates.js';
import type { NamedKind, Names, Needed } from './lookup.js';
import { type CurrencyDecimals, formatMinor } from './money.js';

/** An id with its name; the name is null only when the read limit kept the names from loading (the summary says so). */
export const ref = z.object({ id: z.string(), name: z.string().nullable() });

export const transactionRowSchema = z.object({
  id: z.string(),
  date: z.string().describe('local calendar day in the time zone used'),
  at: z.string().describe('UTC time, RFC 3339'),
  flow_type: z.enum(['expense', 'income', 'transfer']),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  account: ref,
  to_account: ref.optional(),
  category: ref.nullable(),
  tags: z.array(z.string()),
  voided_at: z.string().optional(),
  notes: z.string().optional(),
  file_ids: z.array(z.string()).optional(),
});

export type TransactionRow = z.infer<typeof transactionRowSchema>;

export function shapeTransaction(t: Transaction, names: Names, decimals: CurrencyDecimals, tz: string,
                                 detail = false): TransactionRow {
  decimals.learn(t.currency_code, t.amount, t.amount_minor);
  const row: TransactionRow = {
    id: t.id,
    date: localDate(t.transaction_at, tz),
    at: t.transaction_at,
    flow_type: t.flow_type,
    amount: formatMinor(t.amount_minor, decimals.get(t.currency_code)),
    currency: t.currency_code,
    description: t.description,
    account: { id: t.account_id, name: names.account.get(t.account_id) ?? null },
    category: t.category_id ? { id: t.category_id, name: names.category.get(t.category_id) ?? null } : null,
    tags: t.tag_ids.map((id) => names.tag.get(id) ?? id),
  };
  if (t.to_account_id) row.to_account = { id: t.to_account_id, name: names.account.get(t.to_account_id) ?? null };
  if (t.voided_at) row.voided_at = t.voided_at;
  if (detail) {
    row.notes = t.notes;
    row.file_ids = t.file_ids;
  }
  return row;
}

/** The account, category and tag ids that rows of these transactions show. */
export function neededNames(ts: readonly Transaction[], extra: Partial<Record<NamedKind, (string | null | undefined)[]>> = {}): Needed {
  return {
    account: [...ts.flatMap((t) => [t.account_id, t.to_account_id]), ...(extra.account ?? [])],
    category: [...ts.map((t) => t.category_id), ...(extra.category ?? [])],
    tag: [...ts.flatMap((t) => t.tag_ids), ...(extra.tag ?? [])],
  };
}

/** The sentence a summary carries when names had to be left out; empty otherwise. */
export function namesNote(names: Names): string {
  if (names.missing.length === 0) return '';
  const kinds = names.missing.map((k) => (k === 'category' ? 'categories' : `${k}s`)).join(' and ');
  const how = [
    names.missing.some((k) => k !== 'tag') ? 'their name is null' : '',
    names.missing.includes('tag') ? 'tags are listed by id' : '',
  ].filter(Boolean).join(', ');
  const wait = names.retryAfter !== null ? ` ${names.retryAfter} s` : '';
  return ` Names of ${kinds} could not be read because the read limit was reached (${how}); the ids are exact. ` +
    `Wait${wait} and call again for the names.`;
}

/** `{id, name}` of one id, for echoing a filter. */
export function named(names: Names, kind: NamedKind, id: string | null | undefined): { id: string; name: string | null } | null {
  return id ? { id, name: names[kind].get(id) ?? null } : null;
}
