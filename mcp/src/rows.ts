// The compact shape of a transaction as tools return it: ids and names
// together, exact amounts with their currency, local date and UTC time.

import * as z from 'zod/v4';
import type { Transaction } from './api.js';
import { localDate } from './dates.js';
import type { Names } from './lookup.js';
import { type CurrencyDecimals, formatMinor } from './money.js';

const ref = z.object({ id: z.string(), name: z.string().nullable() });

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
