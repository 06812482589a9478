// SPDX-License-Identifier: MIT
// Money without floating point: the API sends each amount as a JSON number
// with the currency's decimals next to its integer `_minor` value. We keep
// the integers, learn each currency's number of decimals, and write amounts
// as exact decimal strings ("12.30", JPY "1200").

/** Decimals per currency code, learned from /currencies or from (amount, minor) pairs. */
export class CurrencyDecimals {
  private readonly known = new Map<string, number>();

  set(code: string, decimals: number): void {
    this.known.set(code, decimals);
  }

  /** Learns from an API amount pair; ignores zeros, which say nothing. */
  learn(code: string, amount: number, minor: number): void {
    if (minor === 0 || !Number.isFinite(amount) || this.known.has(code)) return;
    for (let d = 0; d <= 4; d++) {
      if (Math.round(amount * 10 ** d) === minor) {
        this.known.set(code, d);
        return;
      }
    }
  }

  get(code: string): number {
    const d = this.known.get(code);
    if (d !== undefined) return d;
    try {
      return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      return 2;
    }
  }
}

/** Writes integer minor units as a decimal string with `decimals` places. */
export function formatMinor(minor: number, decimals: number): string {
  const neg = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor)));
  if (decimals === 0) return (neg ? '-' : '') + digits;
  const padded = digits.padStart(decimals + 1, '0');
  const out = `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  return (neg ? '-' : '') + out;
}

export interface CurrencyTotal { currency: string; total: string; count: number }

/** Sums minor units per currency (never across currencies), sorted by code. */
export function totalsByCurrency(rows: { currency: string; minor: number }[], decimals: CurrencyDecimals): CurrencyTotal[] {
  const sums = new Map<string, { minor: number; count: number }>();
  for (const r of rows) {
    const s = sums.get(r.currency) ?? { minor: 0, count: 0 };
    s.minor += r.minor;
    s.count += 1;
    sums.set(r.currency, s);
  }
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, s]) => ({ currency, total: formatMinor(s.minor, decimals.get(currency)), count: s.count }));
}
