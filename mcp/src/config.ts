// SPDX-License-Identifier: MIT
// Configuration from the environment: exactly SERVICE_API_BASE_URL and
// SERVICE_API_KEY (the two the specification names), plus the optional
// LOG_LEVEL for the logs, which never stops the server: a value it does not
// know is ignored with a warning. Pure: takes an env object, returns a Config
// or throws ConfigError with a message meant for a person editing a client
// config.

export const API_PATH = '/api/public/v1';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Config {
  /** Origin plus /api/public/v1, no trailing slash. */
  apiBase: string;
  apiKey: string;
  logLevel: LogLevel;
  /** How long reference lists (currencies, accounts, ...) stay cached. */
  cacheTtlMs: number;
  /** Character budget of one tool result. */
  budgetChars: number;
  /** Warnings to log once the logger exists (never contain the key). */
  warnings: string[];
}

export class ConfigError extends Error {}

export const REQUIRED_MESSAGE =
  'purse-mcp: both SERVICE_API_BASE_URL and SERVICE_API_KEY are required ' +
  '(SERVICE_API_BASE_URL is the origin of your Purse server, e.g. https://purse.example.com; ' +
  'SERVICE_API_KEY is an API key of a Solo or Family account).';

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/** Checks SERVICE_API_BASE_URL and returns origin + API_PATH. */
export function apiBaseFrom(raw: string, warnings: string[]): string {
  const value = raw.trim();
  const hint = 'Write only the origin, for example SERVICE_API_BASE_URL=https://purse.example.com ' +
    '(purse-mcp appends /api/public/v1 itself).';
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(value))
    throw new ConfigError(`purse-mcp: SERVICE_API_BASE_URL "${value}" has no scheme (http:// or https://). ${hint}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`purse-mcp: SERVICE_API_BASE_URL "${value}" is not a valid URL. ${hint}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`purse-mcp: SERVICE_API_BASE_URL must use http or https, not "${url.protocol.replace(':', '')}". ${hint}`);
  if (url.username || url.password)
    throw new ConfigError(`purse-mcp: SERVICE_API_BASE_URL must not contain credentials; put the key in SERVICE_API_KEY. ${hint}`);
  if (url.search || url.hash)
    throw new ConfigError(`purse-mcp: SERVICE_API_BASE_URL must not have a query or fragment. ${hint}`);
  // The key goes out in the Authorization header of every request: over
  // plain HTTP only to this machine (loopback), never across a network.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new ConfigError(`purse-mcp: SERVICE_API_BASE_URL "${url.origin}" uses plain http:// to a host that is not this ` +
      `machine; the API key would travel in clear text. Purse is reached over HTTPS only: write ` +
      `SERVICE_API_BASE_URL=https://${url.host}. (http:// is accepted only for localhost, 127.0.0.0/8 and [::1].)`);
  const path = url.pathname.replace(/\/+$/, '');
  if (path === API_PATH) {
    warnings.push(`SERVICE_API_BASE_URL already ends in ${API_PATH}; accepted, but write only the origin (${url.origin}).`);
  } else if (path !== '') {
    throw new ConfigError(`purse-mcp: SERVICE_API_BASE_URL must be an origin without a path, got path "${url.pathname}". ` +
      `Write SERVICE_API_BASE_URL=${url.origin} instead (purse-mcp appends /api/public/v1 itself).`);
  }
  return url.origin + API_PATH;
}

/**
 * True for the hosts that never leave this machine: `localhost`, IPv4
 * 127.0.0.0/8 and IPv6 ::1 (as WHATWG URL parsing writes them: IPv4 in
 * dotted decimal, IPv6 in brackets, names in lower case).
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (h === 'localhost' || h === '[::1]') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return v4 !== null && Number(v4[1]) === 127 && v4.slice(2).every((o) => Number(o) <= 255);
}

/** LOG_LEVEL, optional: unset or empty is `info`; an unknown value is `info` plus a warning. */
export function logLevelFrom(raw: string | undefined, warnings: string[]): LogLevel {
  const level = (raw ?? '').trim().toLowerCase();
  if (level === '') return 'info';
  if (LEVELS.includes(level as LogLevel)) return level as LogLevel;
  const shown = raw!.length > 40 ? raw!.slice(0, 40) + '...' : raw;
  warnings.push(`LOG_LEVEL "${shown}" is not one of ${LEVELS.join(', ')}; ignored, logging at info.`);
  return 'info';
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const base = env.SERVICE_API_BASE_URL;
  const key = env.SERVICE_API_KEY;
  if (!base || base.trim() === '' || !key || key.trim() === '')
    throw new ConfigError(REQUIRED_MESSAGE);
  const warnings: string[] = [];
  const apiBase = apiBaseFrom(base, warnings);
  return {
    apiBase,
    apiKey: key.trim(),
    logLevel: logLevelFrom(env.LOG_LEVEL, warnings),
    cacheTtlMs: 60_000,
    budgetChars: 20_000,
    warnings,
  };
}
