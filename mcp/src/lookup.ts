// SPDX-License-Identifier: MIT
// Reference data with a short in-memory cache, and the resolution of names
// to ids (teams, accounts, categories, tags) so that a model may pass either.
//
// The cache only saves reads when resolving names; it never answers a tool
// on its own. The list tools ask for a fresh load (`since`), a name that is
// not in a cached list reloads that list once before it is refused, and an id
// without a name in a cached list reloads it once too, so an account, a
// category, a tag or a team made a moment ago is known at once.

import { ApiError, type Account, type Category, type Currency, type Me, type PurseApi, type Scope, type Tag } from './api.js';
import { TtlCache } from './cache.js';
import { ToolInputError } from './errors.js';
import { CurrencyDecimals } from './money.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function looksLikeId(s: string): boolean {
  return UUID_RE.test(s);
}

export type NamedKind = 'account' | 'category' | 'tag';
const KINDS: readonly NamedKind[] = ['account', 'category', 'tag'];
const PLURAL: Record<NamedKind, string> = { account: 'accounts', category: 'categories', tag: 'tags' };

/** Ids whose names a result shows. */
export type Needed = Record<NamedKind, Iterable<string | null | undefined>>;

/** id → name per kind; `missing` lists kinds whose names could not be read (read limit), with the wait. */
export interface Names {
  account: Map<string, string>;
  category: Map<string, string>;
  tag: Map<string, string>;
  missing: NamedKind[];
  retryAfter: number | null;
}

export class Lookups {
  readonly decimals = new CurrencyDecimals();
  private readonly cache: TtlCache;

  constructor(private readonly api: PurseApi, ttlMs: number, private readonly now: () => number = Date.now) {
    this.cache = new TtlCache(ttlMs, now);
  }

  /** Drops everything cached (after the API refused the key). */
  forget(): void {
    this.cache.clear();
  }

  /** The profile; `since` (ms) asks for a load no older than that. */
  me(signal?: AbortSignal, since?: number): Promise<Me> {
    return this.cache.get('me', () => this.api.me(signal), since);
  }

  async currencies(signal?: AbortSignal, since?: number): Promise<Currency[]> {
    const list = await this.cache.get('currencies', () => this.api.all((p) => this.api.currencies(p, signal), 5), since);
    for (const c of list) this.decimals.set(c.code, c.minor_units);
    return list;
  }

  accounts(scope: Scope, signal?: AbortSignal, since?: number): Promise<Account[]> {
    return this.cache.get(this.key(scope, 'account'), async () => {
      const list = await this.api.all((p) => this.api.accounts(scope, p, signal));
      for (const a of list) {
        this.decimals.learn(a.currency_code, a.current_balance, a.current_balance_minor);
        this.decimals.learn(a.currency_code, a.opening_balance, a.opening_balance_minor);
      }
      return list;
    }, since);
  }

  categories(scope: Scope, signal?: AbortSignal, since?: number): Promise<Category[]> {
    return this.cache.get(this.key(scope, 'category'),
      () => this.api.all((p) => this.api.categories(scope, p, signal)), since);
  }

  tags(scope: Scope, signal?: AbortSignal, since?: number): Promise<Tag[]> {
    return this.cache.get(this.key(scope, 'tag'), () => this.api.all((p) => this.api.tags(scope, p, signal)), since);
  }

  /** The profile time zone (IANA), `UTC` when unset. */
  async timezone(signal?: AbortSignal): Promise<string> {
    return (await this.me(signal)).timezone || 'UTC';
  }

  /** `team` as given by a model (id or name) → scope for the API. */
  async scope(team: string | undefined, signal?: AbortSignal): Promise<Scope> {
    if (team === undefined || team.trim() === '') return undefined;
    const t = team.trim();
    if (looksLikeId(t)) return t.toLowerCase();
    const started = this.now();
    let me = await this.me(signal);
    const find = () => me.teams.filter((m) => m.name.toLowerCase() === t.toLowerCase());
    let hits = find();
    if (hits.length === 0 && this.stale('me', started)) {
      me = await this.me(signal, started);
      hits = find();
    }
    if (hits.length === 1) return hits[0]!.id;
    const known = me.teams.map((m) => `"${m.name}" (${m.id})`).join(', ') || 'none';
    if (hits.length > 1)
      throw new ToolInputError('team', `several of your teams are named "${t}"; pass the id instead: ${hits.map((h) => h.id).join(', ')}.`);
    throw new ToolInputError('team', `no team of yours is named "${t}". Your teams: ${known}. Omit "team" for your personal data.`);
  }

  /** An account/category/tag given as id or exact name (case-insensitive) → id. */
  async resolve(kind: NamedKind, value: string, scope: Scope, signal?: AbortSignal): Promise<string> {
    const v = value.trim();
    if (looksLikeId(v)) return v.toLowerCase();
    const started = this.now();
    let list = await this.list(kind, scope, signal);
    const find = () => list.filter((x) => x.name.toLowerCase() === v.toLowerCase());
    let hits = find();
    if (hits.length === 0 && this.stale(this.key(scope, kind), started)) {
      list = await this.list(kind, scope, signal, started);
      hits = find();
    }
    if (hits.length === 1) return hits[0]!.id;
    if (hits.length > 1)
      throw new ToolInputError(kind, `several ${PLURAL[kind]} are named "${v}"; pass one of these ids: ${hits.map((h) => h.id).join(', ')}.`);
    const near = list.filter((x) => x.name.toLowerCase().includes(v.toLowerCase())).slice(0, 5);
    const hint = near.length > 0 ? ` Close matches: ${near.map((x) => `"${x.name}" (${x.id})`).join(', ')}.` : '';
    throw new ToolInputError(kind, `no ${kind} named "${v}" in this scope (the list was just read).${hint} ` +
      `Call list_${PLURAL[kind]} to see them.`);
  }

  /**
   * Names of the ids a result shows. A list that lacks one of them is read
   * again (once). When the read limit stops a list from loading, its names
   * are left out (`missing`) instead of failing a call whose data is in hand.
   */
  async names(scope: Scope, needed: Needed, signal?: AbortSignal): Promise<Names> {
    const started = this.now();
    const out: Names = { account: new Map(), category: new Map(), tag: new Map(), missing: [], retryAfter: null };
    await Promise.all(KINDS.map(async (kind) => {
      const ids = new Set([...needed[kind]].filter((x): x is string => !!x));
      if (ids.size === 0) return;
      try {
        let list = await this.list(kind, scope, signal);
        if ([...ids].some((id) => !list.some((x) => x.id === id)) && this.stale(this.key(scope, kind), started))
          list = await this.list(kind, scope, signal, started);
        for (const x of list) out[kind].set(x.id, x.name);
      } catch (e) {
        const f = e instanceof ApiError ? e.failure : null;
        if (!f || f.kind !== 'http' || f.status !== 429) throw e;
        out.missing.push(kind);
        out.retryAfter = Math.max(out.retryAfter ?? 0, f.retryAfter ?? 0) || null;
      }
    }));
    out.missing.sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b));
    return out;
  }

  private list(kind: NamedKind, scope: Scope, signal?: AbortSignal, since?: number): Promise<{ id: string; name: string }[]> {
    return kind === 'account' ? this.accounts(scope, signal, since)
      : kind === 'category' ? this.categories(scope, signal, since)
        : this.tags(scope, signal, since);
  }

  private key(scope: Scope, kind: NamedKind): string {
    return `${scope ?? 'me'}/${PLURAL[kind]}`;
  }

  /** True unless the entry was loaded at or after `since` (then reading it again would tell nothing new). */
  private stale(key: string, since: number): boolean {
    const at = this.cache.loadedAt(key);
    return at === null || at < since;
  }
}
