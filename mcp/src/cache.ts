// SPDX-License-Identifier: MIT
// A small in-memory cache with a time to live, for reference lists
// (currencies, accounts, categories, tags, the profile). Nothing is ever
// written to disk. Concurrent misses for one key share one request, and a
// failed load is not cached.
//
// `since` asks for a value loaded no earlier than that instant: a caller that
// must not see stale data (a list tool, a name missed in a cached list) passes
// the time its own call started, so it gets a fresh load, yet concurrent calls
// that started together still share one request.

export class TtlCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  get<T>(key: string, load: () => Promise<T>, since?: number): Promise<T> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && now - hit.at < this.ttlMs && (since === undefined || hit.at >= since)) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** When the entry of `key` was loaded (ms), or null if there is none. */
  loadedAt(key: string): number | null {
    return this.entries.get(key)?.at ?? null;
  }

  clear(): void {
    this.entries.clear();
  }
}
