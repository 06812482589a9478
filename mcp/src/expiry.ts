// SPDX-License-Identifier: MIT
// The API key's expiry, and the warning every tool result carries in its
// last 7 days (keys expire, 30 days by default, and an MCP configuration
// would otherwise stop working without notice).
//
// Only GET /me/usage tells the expiry (`key.expires_at`), and it spends a
// read from the key's bucket like any call. So it is read rarely and never
// in a tool's way:
// - get_usage records it from its own answer (no extra read);
// - otherwise, after a tool call has succeeded, one background read when the
//   last one is older than REFRESH_MS (60 minutes), or RETRY_MS (5 minutes)
//   after a failed one; never two at once, never while a 429 is being waited
//   out, and never retried on a 429 itself. A session of any length spends
//   at most one read per hour on it.
// The warning is computed from the remembered instant at each call, so the
// days left are always current. The first result of a session cannot carry
// it (the expiry is read after that call); every later one can.

export const WARN_WITHIN_MS = 7 * 24 * 3600_000;
export const REFRESH_MS = 60 * 60_000;
export const RETRY_MS = 5 * 60_000;

/** Characters kept free in every result for the warning (see ToolContext.budget). */
export const NOTICE_RESERVE = 400;

export class KeyExpiry {
  /** undefined: not known yet; null: the key never expires; else ms since the epoch. */
  private expiresAt: number | null | undefined = undefined;
  private lastTry: number | null = null;
  private lastOk = false;
  private inFlight = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** An expiry the API stated (`key.expires_at` of a usage answer). */
  record(expiresAt: string | null): void {
    const at = expiresAt === null ? null : Date.parse(expiresAt);
    this.expiresAt = at !== null && Number.isNaN(at) ? undefined : at;
    this.lastTry = this.now();
    this.lastOk = this.expiresAt !== undefined;
  }

  /** True when a background read is due. */
  due(): boolean {
    if (this.inFlight) return false;
    if (this.lastTry === null) return true;
    return this.now() - this.lastTry >= (this.lastOk ? REFRESH_MS : RETRY_MS);
  }

  /** Starts `read` in the background if due; failures only delay the next try. */
  refresh(read: () => Promise<string | null>): void {
    if (!this.due()) return;
    this.inFlight = true;
    this.lastTry = this.now();
    this.lastOk = false;
    read().then((v) => this.record(v), () => undefined).finally(() => { this.inFlight = false; });
  }

  /** The warning for a tool result, or null when the key is not near its expiry (or it is unknown). */
  notice(): string | null {
    if (this.expiresAt === undefined || this.expiresAt === null) return null;
    const left = this.expiresAt - this.now();
    if (left > WARN_WITHIN_MS) return null;
    const when = new Date(this.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const fix = 'Tell the user: the Purse operator should create a new key (purse-admin key create --user <id> --days 365), ' +
      'put it in SERVICE_API_KEY of this MCP configuration and restart the client.';
    if (left <= 0) return `Warning: the Purse API key expired at ${when}. ${fix}`;
    const hours = Math.floor(left / 3600_000);
    const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
    // Days and the hours beyond them: 2 days 23 hours is not "2 days".
    const span = hours >= 48 ? plural(Math.floor(hours / 24), 'day') + (hours % 24 ? ' ' + plural(hours % 24, 'hour') : '')
      : hours >= 1 ? plural(hours, 'hour') : 'less than an hour';
    return `Warning: the Purse API key (SERVICE_API_KEY) expires in ${span}, at ${when}; after that every tool fails. ${fix}`;
  }
}
