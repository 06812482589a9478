// Turns failures into one or two sentences a model can act on. Nothing here
// ever includes the API key: messages are built from the status, the
// envelope's meta.message, and the names of arguments.

import { ApiError } from './api.js';

/** A bad tool argument found before any request (dates, cursor, names). */
export class ToolInputError extends Error {
  constructor(readonly argument: string, message: string) {
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

function clean(message: string): string {
  const m = message.trim().replace(/\s+/g, ' ');
  return m.length > 300 ? m.slice(0, 297) + '...' : m;
}

export function describeError(err: unknown, tool: string): string {
  if (err instanceof ToolInputError)
    return `Invalid argument "${err.argument}": ${err.message}`;
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
  switch (f.status) {
    case 401:
      return `Purse rejected the request: the API key is invalid or incomplete — check SERVICE_API_KEY${server}.`;
    case 402:
      return `Purse refused: this account's plan has no API access — Solo or Family is needed${server}. ` +
        'Retrying will not help until the plan is upgraded.';
    case 403:
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
    case 429: {
      const wait = f.retryAfter ?? 60;
      return `Purse read limit reached — resets in ${wait} s; call get_usage to see the remaining quota, and wait before retrying.`;
    }
    default:
      if (f.status >= 500)
        return `The Purse server failed (HTTP ${f.status})${server}; this is not caused by the arguments. Retry in a little while.`;
      return `Purse answered HTTP ${f.status}${server}.`;
  }
}
