// SPDX-License-Identifier: MIT
// Opaque cursors for search_transactions. A cursor carries the resolved
// query (filters after name and date resolution), the scope and the offset
// of the next row, so a model may pass the cursor alone and the listing stays
// consistent even if "this_month" would resolve differently later.

import { createHash } from 'node:crypto';
import type { TransactionQuery } from './api.js';
import { ToolInputError } from './errors.js';

export interface CursorState {
  scope: string | null;
  query: Omit<TransactionQuery, 'page' | 'per_page'>;
  /** The echo of the resolved range: dates and the time zone. */
  range: { from: string | null; to: string | null; timezone: string; period: string | null };
  offset: number;
}

/** Detects a damaged or hand-edited cursor (not a secret: cursors only select rows the key may read anyway). */
function check(state: CursorState): string {
  return createHash('sha256').update(JSON.stringify([state.scope, state.query, state.range, state.offset])).digest('base64url').slice(0, 10);
}

export function encodeCursor(state: CursorState): string {
  const { offset, ...rest } = state;
  const body = { v: 1, ...rest, o: offset, c: check(state) };
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
  const p = parsed as { v?: number; scope?: string | null; query?: CursorState['query']; range?: CursorState['range']; o?: number; c?: string };
  if (!p || p.v !== 1 || typeof p.o !== 'number' || !Number.isInteger(p.o) || p.o < 0 || !p.query || !p.range
      || (p.scope !== null && typeof p.scope !== 'string'))
    throw bad();
  const state = { scope: p.scope, query: p.query, range: p.range, offset: p.o };
  if (check(state) !== p.c) throw bad();
  return state;
}

/** Pages of `perPage` rows to request so that rows [offset, offset+limit) are covered. */
export function planPages(offset: number, limit: number): { perPage: number; pages: number[] } {
  for (let p = limit; p <= 100; p++)
    if (offset % p === 0) return { perPage: p, pages: [offset / p + 1] };
  const first = Math.floor(offset / limit) + 1;
  return { perPage: limit, pages: [first, first + 1] };
}
