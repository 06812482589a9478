// SPDX-License-Identifier: MIT
// Turns failures into one or two sentences a model can act on. Nothing here
// ever includes the API key: messages are built from the status, the
// envelope's meta.message, and the names of arguments.

import { ApiError } from './api.js';

/** A bad tool argument found before any request (dates, cursor, names); `more` holds further bad arguments. */
export class ToolInputError extends Error {
  constructor(readonly argument: string, message: string, readonly more: readonly ToolInputError[] = []) {
    super(message);
  }
}

/** API field names that differ from the tool's argument names. */
const ARGUMENT_NAMES: Record<string, string> = {
  q: 'text',
  tz: 'timezone',
  currency_code: 'currency',
  account_id: 'account',
  category_id: 'category',
  tag_id: 'tag',
  page: 'cursor',
  per_page: 'limit',
};

function argName(field: string): string {
  return ARGUMENT_NAMES[field] ?? field;
}

/** The 403 of a key whose audience is not the public API (the server's words). */
const AUDIENCE_RE = /not valid for the public API|audience/i;

function clean(message: string): string {
  const m = message.trim().replace(/\s+/g, ' ');
  return m.length > 300 ? m.slice(0, 297) + '...' : m;
}

export function describeError(err: unknown, tool: string): string {
  if (err instanceof ToolInputError)
    return [err, ...err.more].map((e) => `Invalid argument "${e.argument}": ${e.message}`).join(' ');
  if (!(err instanceof ApiError))
    return `${tool} failed unexpectedly inside purse-mcp (${clean(String((err as Error)?.message ?? err))}); ` +
      'the call can be retried, and if it fails again, report it.';
  const f = err.failure;
  switch (f.kind) {
    case 'timeout':
      return `The Purse server did not answer within ${f.timeoutMs / 1000} s; ` +
        'try again later or narrow the request (shorter date range, smaller limit).';
    case 'network':
      return `Could not reach the Purse server (${clean(f.detail)}); check that it is running and that ` +
        'SERVICE_API_BASE_URL points at it, then retry.';
    case 'malformed':
      return `The Purse server sent an answer that is not valid API JSON (HTTP ${f.status}); ` +
        'SERVICE_API_BASE_URL may point at something that is not a Purse server, or a proxy is in the way. Retry later.';
    case 'cancelled':
      return 'The request was cancelled.';
    case 'http':
      break;
  }
  const server = f.message ? ` (server: "${clean(f.message)}")` : '';
  const teamPath = err.path.startsWith('/teams/');
  switch (f.status) {
    case 401:
      return `Purse rejected the request: the API key is invalid or incomplete — check SERVICE_API_KEY${server}. ` +
        'A revoked or expired key stays refused: no tool works until SERVICE_API_KEY holds a valid key ' +
        '(audience public-api) and the client is restarted. Retrying with the same key will not help.';
    case 402:
      // meta.plan_required_of says whose plan failed; older servers say it
      // only in the message.
      return paymentRequired(f.data, f.planRequiredOf
        ? f.planRequiredOf === 'team_owner'
        : teamPath && TEAM_OWNER_RE.test(f.message), server);
    case 403:
      if (!teamPath || AUDIENCE_RE.test(f.message))
        return `Purse refused this API key${server}: the key was made for another audience (such as "app", ` +
          'for the Purse apps), and only keys of the "public-api" audience may use this API. ' +
          'Create a key with the public-api audience (the default of purse-admin key create), put it in ' +
          'SERVICE_API_KEY and restart the client. Retrying with this key will not help.';
      return `Access denied to this team${server}: the key's owner is not a member of that team, or the team does not exist. ` +
        'Call get_current_user to list the teams you can use, or omit "team" for your own data.';
    case 404:
      return `Not found${server}: no such item in this scope. IDs of another scope (personal vs. team) are not visible; ` +
        'check the id and the "team" argument, or search first.';
    case 422: {
      const fields = f.fieldErrors ? Object.entries(f.fieldErrors) : [];
      if (fields.length > 0) {
        const parts = fields.slice(0, 5).map(([k, v]) => `"${argName(k)}" ${Array.isArray(v) ? v.map(String).join('; ') : String(v)}`);
        return `Invalid argument: ${clean(parts.join(', '))}. Fix it and call again.`;
      }
      return `Purse rejected the arguments${server}. Fix them and call again.`;
    }
    case 429:
      return rateLimited(f.retryAfter);
    default:
      break;
  }
  // The request id lets an operator find the server's log line.
  const reference = f.requestId ? ` Request id for the operator: ${f.requestId}.` : '';
  // meta.error says which failure a 5xx is (older servers send none).
  if (f.code === 'unavailable' || (!f.code && f.status === 503))
    return `The Purse server is temporarily unavailable (HTTP ${f.status})${server} (its database is unreachable, or it is restarting); ` +
      `this is not caused by the arguments. Retry in ${f.retryAfter ?? 5} s.${reference}`;
  if (f.code === 'timeout' || (!f.code && f.status === 504))
    return `The Purse server took too long to answer (HTTP ${f.status})${server}; this is not caused by the arguments. ` +
      `Retry in a little while, or narrow the request (shorter date range, smaller limit).${reference}`;
  if (f.status >= 500)
    return `The Purse server failed (HTTP ${f.status})${server}; this is not caused by the arguments. Retry in a little while.${reference}`;
  return `Purse answered HTTP ${f.status}${f.code ? ` (${f.code})` : ''}${server}.${reference}`;
}

/** A 429: when the bucket admits the next read, and to wait for it (get_usage reads from the same bucket). */
export function rateLimited(retryAfter: number | null): string {
  const wait = retryAfter ?? 60;
  return `Purse read limit reached — resets in ${wait} s: the key's read bucket admits the next request after ` +
    `${wait} s (Retry-After). Wait that long before calling any tool again; every tool, get_usage included, ` +
    'reads from the same bucket, so an earlier call only gets this answer again.';
}

/** A 402, with the plan and the upgrade address the API sends (`data`: current_plan, upgrade_url). */
/** The 402 message of a server without meta.plan_required_of when the plan that failed is the team owner's. */
const TEAM_OWNER_RE = /team('s)? owner/i;

/**
 * A 402. `ownersPlan`: the API said the team owner's plan failed (its
 * `data.current_plan` is then the owner's); otherwise the caller's own plan.
 */
function paymentRequired(data: unknown, ownersPlan: boolean, server: string): string {
  const hint = data && typeof data === 'object' ? data as { current_plan?: unknown; upgrade_url?: unknown } : {};
  const current = typeof hint.current_plan === 'string' ? clean(hint.current_plan) : null;
  const plan = current ? `; the current plan is ${current}` : '';
  const url = typeof hint.upgrade_url === 'string' && hint.upgrade_url !== '' ? clean(hint.upgrade_url) : null;
  const page = url ? `${url}${url.startsWith('/') ? ' (a page of your Purse site)' : ''}` : null;
  if (ownersPlan) {
    return `Purse refused: the team owner's plan has no API access — the owner of this team is on the ` +
      `${current ?? 'a'} plan${current ? '' : ' without API access'}, and team data needs the owner on Solo or Family${server}. ` +
      'Your own plan is not the problem: your personal data (omit "team") still works. ' +
      `Only the team's owner can upgrade their plan${page ? `, signed in as themselves, at ${page}` : ''}; tell the user to ask them. ` +
      'Retrying will not help until then.';
  }
  return `Purse refused: this account's plan has no API access — Solo or Family is needed${plan}${server}. ` +
    (page ? `Upgrade at ${page}. ` : '') +
    'Retrying will not help until the plan is upgraded.';
}
