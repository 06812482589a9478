// SPDX-License-Identifier: MIT
// Reference data with a short in-memory cache, and the resolution of names
// to ids (teams, accounts, categories, tags) so that a model may pass either.
//
// Names are always current: within a tool call (`callStarted`), a name or id
// given by the model is resolved against a list read no earlier than the
// call began, and so are the names a result shows. The API has no cheap
// revalidation of these lists (no updated_since, no ETag on them), so
// "revalidate" is one read of the list (100 items a page); calls that run
// together share it, and a list read for an argument serves the result's
// names too. The cache keeps the currency decimals and the profile (time
// zone), and serves reads outside a tool call.

import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError, type Account, type Category, type Currency, type Me, type PurseApi, type Scope, type Tag } from './api.js';
import { TtlCache } from './cache.js';
import { ToolInputError } from './errors.js';
import { CurrencyDecimals } from './money.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function looksLikeId(s: string): boolean {
  return UUID_RE.test(s);
}

/** The instant (ms) the tool call running now began; set by the tool wrapper. */
export const callStarted = new AsyncLocalStorage<number>();

export type NamedKind = 'account' | 'category' | 'tag';
const KINDS: readonly NamedKind[] = ['account', 'category', 'tag'];
const PLURAL: Record<NamedKind, string> = { account: 'accounts', category: 'categories', tag: 'tags' };
const ARTICLE: Record<NamedKind, string> = { account: 'an', category: 'a', tag: 'a' };

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

  /**
   * A currency code the model gave (already upper-case ISO 4217 in form) →
   * the code, if Purse knows it; else an error naming the argument. The list
   * of currencies is kept for 60 seconds and read again on a miss.
   */
  async currency(code: string, signal?: AbortSignal, arg = 'currency'): Promise<string> {
    const started = this.now();
    let list = await this.currencies(signal);
    if (!list.some((c) => c.code === code) && (this.cache.loadedAt('currencies') ?? 0) < started)
      list = await this.currencies(signal, started);
    if (list.some((c) => c.code === code)) return code;
    throw new ToolInputError(arg, `"${code}" is not a currency Purse knows (it has ${list.length} ISO 4217 currencies). ` +
      'Call list_currencies (with "query" for a name, e.g. "yen") to find the code.');
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
    const me = await this.me(signal, callStarted.getStore());
    const hits = me.teams.filter((m) => m.name.toLowerCase() === t.toLowerCase());
    if (hits.length === 1) return hits[0]!.id;
    const known = me.teams.map((m) => `"${m.name}" (${m.id})`).join(', ') || 'none';
    if (hits.length > 1)
      throw new ToolInputError('team', `several of your teams are named "${t}"; pass the id instead: ${hits.map((h) => h.id).join(', ')}.`);
    throw new ToolInputError('team', `no team of yours is named "${t}". Your teams: ${known}. Omit "team" for your personal data.`);
  }

  /**
   * An account/category/tag given as id or exact name (case-insensitive) →
   * id, against the list as it is now (read no earlier than the call began).
   * An id or a name that names nothing in this scope is an error naming the
   * argument (a search for it would only answer "no transactions").
   */
  async resolve(kind: NamedKind, value: string, scope: Scope, signal?: AbortSignal, arg: string = kind): Promise<string> {
    const v = value.trim();
    const list = await this.list(kind, scope, signal, callStarted.getStore() ?? this.now());
    const how = `Call list_${PLURAL[kind]} to see the valid ones${scope ? ' (in this team)' : ''}.`;
    if (looksLikeId(v)) {
      const id = v.toLowerCase();
      if (list.some((x) => x.id === id)) return id;
      throw new ToolInputError(arg, `${ARTICLE[kind]} ${kind} with the id ${id} does not exist in this scope ` +
        `(deleted, mistyped, or of ${scope ? 'another scope' : 'a team: pass "team"'}). ${how}`);
    }
    const hits = list.filter((x) => x.name.toLowerCase() === v.toLowerCase());
    if (hits.length === 1) return hits[0]!.id;
    if (hits.length > 1)
      throw new ToolInputError(arg, `several ${PLURAL[kind]} are named "${v}"; pass one of these ids: ${hits.map((h) => h.id).join(', ')}.`);
    const near = list.filter((x) => x.name.toLowerCase().includes(v.toLowerCase())).slice(0, 5);
    const hint = near.length > 0 ? ` Close matches: ${near.map((x) => `"${x.name}" (${x.id})`).join(', ')}.` : '';
    throw new ToolInputError(arg, `no ${kind} named "${v}" exists in this scope (the list was just read).${hint} ${how}`);
  }

  /**
   * Names of the ids a result shows, from lists read no earlier than the
   * call began (shared with the call's own resolutions). When the read limit stops a list from loading, its names
   * are left out (`missing`) instead of failing a call whose data is in hand.
   */
  async names(scope: Scope, needed: Needed, signal?: AbortSignal): Promise<Names> {
    const since = callStarted.getStore() ?? this.now();
    const out: Names = { account: new Map(), category: new Map(), tag: new Map(), missing: [], retryAfter: null };
    await Promise.all(KINDS.map(async (kind) => {
      const ids = new Set([...needed[kind]].filter((x): x is string => !!x));
      if (ids.size === 0) return;
      try {
        const list = await this.list(kind, scope, signal, since);
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
}
