// SPDX-License-Identifier: MIT
// Opaque cursors for search_transactions. A cursor carries the resolved
// query (filters after name and date resolution), the scope, how many rows
// came before (for the summary's "rows 26–50"), and where the next row is:
// the API's keyset cursor after the last row shown, so rows added or
// deleted between calls never make a page repeat or skip a row.

import { createHash } from 'node:crypto';
import type { TransactionQuery } from './api.js';
import { ToolInputError } from './errors.js';

export interface CursorState {
  scope: string | null;
  query: Omit<TransactionQuery, 'page' | 'per_page'>;
  /** The echo of the resolved range: dates and the time zone. */
  range: { from: string | null; to: string | null; timezone: string; period: string | null };
  /** Rows shown before the next one (display only). */
  offset: number;
  /** Rows per call, kept for calls that pass the cursor alone. */
  limit: number;
  /** The API's cursor of the next row (its `next_cursor` format); empty:
   * from the first row. */
  after: string;
}

/** Detects a damaged or hand-edited cursor (not a secret: cursors only select rows the key may read anyway). */
function check(state: CursorState): string {
  return createHash('sha256').update(JSON.stringify([state.scope, state.query, state.range, state.offset, state.limit, state.after]))
    .digest('base64url').slice(0, 10);
}

export function encodeCursor(state: CursorState): string {
  const { offset, limit, after, ...rest } = state;
  const body = { v: 2, ...rest, o: offset, l: limit, a: after, c: check(state) };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorState {
  const bad = () => new ToolInputError('cursor',
    'is not a cursor from search_transactions (pass next_cursor unchanged, or omit it to start from the first row).');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const p = parsed as { v?: number; scope?: string | null; query?: CursorState['query']; range?: CursorState['range']; o?: number; l?: number; a?: string; c?: string };
  if (!p || p.v !== 2 || typeof p.o !== 'number' || !Number.isInteger(p.o) || p.o < 0 || !p.query || !p.range
      || typeof p.a !== 'string' || p.a.length > 200
      || typeof p.l !== 'number' || !Number.isInteger(p.l) || p.l < 1 || p.l > 100
      || (p.scope !== null && typeof p.scope !== 'string'))
    throw bad();
  const state = { scope: p.scope, query: p.query, range: p.range, offset: p.o, limit: p.l, after: p.a };
  if (check(state) !== p.c) throw bad();
  return state;
}

/**
 * The API's keyset cursor of the row after `row` in `sort` order, for a
 * result cut short of the API's page (the API hands out only the cursor
 * after its page's last row). The same text as the API's `next_cursor`
 * (purse-server, actors/src/resources/transaction_cursor.cpp):
 * "v1~SORT~VALUE~ID~PER_PAGE", VALUE the row's time in seconds, or its
 * amount in major units for the amount orders.
 */
export function apiCursorAfter(row: { id: string; transaction_at: string; amount_minor: number },
  sort: string, decimals: number, perPage: number): string {
  const value = sort === 'amount' || sort === '-amount'
    ? minorToDecimal(row.amount_minor, decimals)
    : String(Math.floor(Date.parse(row.transaction_at) / 1000));
  return ['v1', sort, value, row.id, String(perPage)].join('~');
}

function minorToDecimal(minor: number, decimals: number): string {
  const digits = BigInt(minor).toString();
  if (decimals <= 0) return digits;
  const padded = digits.padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}
