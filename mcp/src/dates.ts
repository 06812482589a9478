// SPDX-License-Identifier: MIT
// Dates without guesswork: strict YYYY-MM-DD with a calendar check, named
// presets resolved in an IANA time zone, and conversion of a local day's
// bounds to UTC instants (the transaction list compares instants).

import { ToolInputError } from './errors.js';

export const PRESETS = ['this_month', 'last_month', 'last_30_days', 'year_to_date', 'last_year'] as const;
export type Preset = (typeof PRESETS)[number];

export interface DateRange { from: string | null; to: string | null; period: Preset | null }

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(\d{2})$/;

interface Ymd { y: number; m: number; d: number }

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function fmt({ y, m, d }: Ymd): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Checks a YYYY-MM-DD date against the calendar; `arg` names the argument in errors. */
export function parseDate(text: string, arg: string): string {
  const m = DATE_RE.exec(text);
  if (!m) throw new ToolInputError(arg, `must be a date written YYYY-MM-DD (e.g. 2026-03-31), got "${text}".`);
  const y = Number(m[1]), mo = Number(m[2]), d = Number(m[3]);
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo))
    throw new ToolInputError(arg, `"${text}" is not a day of the calendar.`);
  return text;
}

/** Checks a YYYY-MM month. */
export function parseMonth(text: string, arg: string): string {
  const m = MONTH_RE.exec(text);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || Number(m[1]) < 1900 || Number(m[1]) > 2999)
    throw new ToolInputError(arg, `must be a month written YYYY-MM (e.g. 2026-03), got "${text}".`);
  return text;
}

/** Throws unless `tz` is an IANA time zone this runtime knows. */
export function checkTimeZone(tz: string, arg = 'timezone'): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new ToolInputError(arg, `"${tz}" is not an IANA time zone name (e.g. Europe/Berlin, America/New_York, UTC).`);
  }
  return tz;
}

/** The calendar day at instant `now` in `tz`. */
export function todayIn(tz: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function ymd(date: string): Ymd {
  const [y, m, d] = date.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
}

export function addDays(date: string, days: number): string {
  const { y, m, d } = ymd(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return fmt({ y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() });
}

/** Resolves a preset to an inclusive range of calendar days, as seen in `tz` at `now`. */
export function resolvePreset(preset: Preset, tz: string, now: Date = new Date()): { from: string; to: string } {
  const today = todayIn(tz, now);
  const { y, m } = ymd(today);
  switch (preset) {
    case 'this_month':
      return { from: fmt({ y, m, d: 1 }), to: fmt({ y, m, d: daysInMonth(y, m) }) };
    case 'last_month': {
      const py = m === 1 ? y - 1 : y, pm = m === 1 ? 12 : m - 1;
      return { from: fmt({ y: py, m: pm, d: 1 }), to: fmt({ y: py, m: pm, d: daysInMonth(py, pm) }) };
    }
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'year_to_date':
      return { from: fmt({ y, m: 1, d: 1 }), to: today };
    case 'last_year':
      return { from: fmt({ y: y - 1, m: 1, d: 1 }), to: fmt({ y: y - 1, m: 12, d: 31 }) };
  }
}

/** Validates from/to/period together. Needs `tz` only for presets. */
export function resolveRange(args: { from?: string | undefined; to?: string | undefined; period?: Preset | undefined },
                             tz: () => string, now: Date = new Date()): DateRange {
  if (args.period && (args.from || args.to))
    throw new ToolInputError('period', 'give either "period" or "from"/"to", not both.');
  if (args.period) {
    const r = resolvePreset(args.period, tz(), now);
    return { ...r, period: args.period };
  }
  const from = args.from ? parseDate(args.from, 'from') : null;
  const to = args.to ? parseDate(args.to, 'to') : null;
  if (from && to && from > to)
    throw new ToolInputError('to', `must not be before "from" (${from} > ${to}).`);
  return { from, to, period: null };
}

/** resolveRange, for a time zone that may need a request to learn. */
export async function resolveRangeAsync(
  args: { from?: string | undefined; to?: string | undefined; period?: Preset | undefined },
  tz: () => Promise<string>, now: Date = new Date()): Promise<DateRange> {
  const zone = args.period && !(args.from || args.to) ? await tz() : 'UTC';
  return resolveRange(args, () => zone, now);
}

/** Offset of `tz` from UTC at instant `t` (ms), e.g. +3600000 for Berlin in winter. */
function offsetAt(t: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(t / 1000) * 1000;
}

/** The UTC instant at which local day `date` starts in `tz`. */
export function dayStartUtc(date: string, tz: string): Date {
  const { y, m, d } = ymd(date);
  const guess = Date.UTC(y, m - 1, d);
  let t = guess - offsetAt(guess, tz);
  const again = guess - offsetAt(t, tz);
  if (again !== t) t = again;
  return new Date(t);
}

/** RFC 3339 UTC with whole seconds, as the API writes times. */
export function rfc3339(t: Date): string {
  return t.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Instant bounds (inclusive) of an inclusive range of local days. */
export function instantBounds(range: { from: string | null; to: string | null }, tz: string):
    { from?: string; to?: string } {
  const out: { from?: string; to?: string } = {};
  if (range.from) out.from = rfc3339(dayStartUtc(range.from, tz));
  if (range.to) out.to = rfc3339(new Date(dayStartUtc(addDays(range.to, 1), tz).getTime() - 1000));
  return out;
}

/** The local calendar day of an instant in `tz`. */
export function localDate(instant: string, tz: string): string {
  const t = new Date(instant);
  return Number.isNaN(t.getTime()) ? instant.slice(0, 10) : todayIn(tz, t);
}
