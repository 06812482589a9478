// Reference data with a short in-memory cache, and the resolution of names
// to ids (teams, accounts, categories, tags) so that a model may pass either.

import type { Account, Category, Currency, Me, PurseApi, Scope, Tag } from './api.js';
import { TtlCache } from './cache.js';
import { ToolInputError } from './errors.js';
import { CurrencyDecimals } from './money.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function looksLikeId(s: string): boolean {
  return UUID_RE.test(s);
}

export class Lookups {
  readonly decimals = new CurrencyDecimals();
  private readonly cache: TtlCache;

  constructor(private readonly api: PurseApi, ttlMs: number) {
    this.cache = new TtlCache(ttlMs);
  }

  me(signal?: AbortSignal): Promise<Me> {
    return this.cache.get('me', () => this.api.me(signal));
  }

  async currencies(signal?: AbortSignal): Promise<Currency[]> {
    const list = await this.cache.get('currencies', () => this.api.all((p) => this.api.currencies(p, signal), 5));
    for (const c of list) this.decimals.set(c.code, c.minor_units);
    return list;
  }

  accounts(scope: Scope, signal?: AbortSignal): Promise<Account[]> {
    return this.cache.get(`${scope ?? 'me'}/accounts`, async () => {
      const list = await this.api.all((p) => this.api.accounts(scope, p, signal));
      for (const a of list) {
        this.decimals.learn(a.currency_code, a.current_balance, a.current_balance_minor);
        this.decimals.learn(a.currency_code, a.opening_balance, a.opening_balance_minor);
      }
      return list;
    });
  }

  categories(scope: Scope, signal?: AbortSignal): Promise<Category[]> {
    return this.cache.get(`${scope ?? 'me'}/categories`, () => this.api.all((p) => this.api.categories(scope, p, signal)));
  }

  tags(scope: Scope, signal?: AbortSignal): Promise<Tag[]> {
    return this.cache.get(`${scope ?? 'me'}/tags`, () => this.api.all((p) => this.api.tags(scope, p, signal)));
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
    const me = await this.me(signal);
    const hits = me.teams.filter((m) => m.name.toLowerCase() === t.toLowerCase());
    if (hits.length === 1) return hits[0]!.id;
    const known = me.teams.map((m) => `"${m.name}" (${m.id})`).join(', ') || 'none';
    if (hits.length > 1)
      throw new ToolInputError('team', `several of your teams are named "${t}"; pass the id instead: ${hits.map((h) => h.id).join(', ')}.`);
    throw new ToolInputError('team', `no team of yours is named "${t}". Your teams: ${known}. Omit "team" for your personal data.`);
  }

  /** An account/category/tag given as id or exact name (case-insensitive) → id. */
  async resolve(kind: 'account' | 'category' | 'tag', value: string, scope: Scope,
                signal?: AbortSignal): Promise<string> {
    const v = value.trim();
    if (looksLikeId(v)) return v.toLowerCase();
    const list: { id: string; name: string }[] =
      kind === 'account' ? await this.accounts(scope, signal)
        : kind === 'category' ? await this.categories(scope, signal)
          : await this.tags(scope, signal);
    const hits = list.filter((x) => x.name.toLowerCase() === v.toLowerCase());
    if (hits.length === 1) return hits[0]!.id;
    if (hits.length > 1)
      throw new ToolInputError(kind, `several ${kind === 'category' ? 'categories' : kind + 's'} are named "${v}"; pass one of these ids: ${hits.map((h) => h.id).join(', ')}.`);
    const near = list.filter((x) => x.name.toLowerCase().includes(v.toLowerCase())).slice(0, 5);
    const hint = near.length > 0 ? ` Close matches: ${near.map((x) => `"${x.name}" (${x.id})`).join(', ')}.` : '';
    const tool = kind === 'account' ? 'list_accounts' : kind === 'category' ? 'list_categories' : 'list_tags';
    throw new ToolInputError(kind, `no ${kind} named "${v}" in this scope.${hint} Call ${tool} to see them.`);
  }

  /** id → name maps for shaping rows. */
  async names(scope: Scope, signal?: AbortSignal) {
    const [accounts, categories, tags] = await Promise.all([
      this.accounts(scope, signal), this.categories(scope, signal), this.tags(scope, signal)]);
    return {
      account: new Map(accounts.map((a) => [a.id, a.name])),
      category: new Map(categories.map((c) => [c.id, c.name])),
      tag: new Map(tags.map((t) => [t.id, t.name])),
    };
  }
}

export type Names = Awaited<ReturnType<Lookups['names']>>;
