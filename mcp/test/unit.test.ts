// SPDX-License-Identifier: MIT
// Pure modules: configuration, dates, money, cursors, the budget, redaction
// and error sentences. No network.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, REQUEST_TIMEOUT_MS, RetryGate } from '../src/api.js';
import { arg, parseArgs } from '../src/args.js';
import { fitBudget, render, size } from '../src/budget.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { apiCursorAfter, decodeCursor, encodeCursor } from '../src/cursor.js';
import { dayStartUtc, instantBounds, parseDate, resolvePreset, resolveRange } from '../src/dates.js';
import { describeError, ToolInputError } from '../src/errors.js';
import { createLogger, redact } from '../src/log.js';
import { serverFactory } from '../src/server.js';
import * as z from 'zod/v4';
import { CurrencyDecimals, formatMinor, totalsByCurrency } from '../src/money.js';

describe('config', () => {
  const key = 'purse_abc';
  it('appends the API path to the origin', () => {
    assert.equal(loadConfig({ SERVICE_API_BASE_URL: 'https://p.example.com', SERVICE_API_KEY: key }).apiBase,
      'https://p.example.com/api/public/v1');
    assert.equal(loadConfig({ SERVICE_API_BASE_URL: 'http://127.0.0.1:8080/', SERVICE_API_KEY: key }).apiBase,
      'http://127.0.0.1:8080/api/public/v1');
  });
  it('accepts the full API path with a warning', () => {
    const c = loadConfig({ SERVICE_API_BASE_URL: 'https://p.example.com/api/public/v1', SERVICE_API_KEY: key });
    assert.equal(c.apiBase, 'https://p.example.com/api/public/v1');
    assert.equal(c.warnings.length, 1);
  });
  it('rejects paths, schemes and missing values', () => {
    for (const url of ['https://p.example.com/x', 'p.example.com', 'mailto://x', 'ws://p.example.com'])
      assert.throws(() => loadConfig({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: key }), ConfigError, url);
    assert.throws(() => loadConfig({ SERVICE_API_BASE_URL: 'https://p.example.com' }), /both SERVICE_API_BASE_URL and SERVICE_API_KEY/);
  });
  it('reads exactly SERVICE_API_BASE_URL, SERVICE_API_KEY and LOG_LEVEL; the request timeout is a fixed 15 s', () => {
    const env = { SERVICE_API_BASE_URL: 'https://p.example.com', SERVICE_API_KEY: key };
    const plain = loadConfig(env);
    const extra = loadConfig({ ...env, PURSE_MCP_TIMEOUT_MS: '700', PURSE_MCP_TIMEOUT: 'x', HTTP_TIMEOUT: '1' });
    assert.deepEqual(extra, plain, 'other variables change nothing');
    assert.deepEqual(Object.keys(plain).sort(), ['apiBase', 'apiKey', 'budgetChars', 'cacheTtlMs', 'logLevel', 'warnings']);
    assert.equal(REQUEST_TIMEOUT_MS, 15_000);
  });
  it('an unknown LOG_LEVEL is ignored with a warning, never a startup error', () => {
    const env = { SERVICE_API_BASE_URL: 'https://p.example.com', SERVICE_API_KEY: key };
    const c = loadConfig({ ...env, LOG_LEVEL: 'LOUD' });
    assert.equal(c.logLevel, 'info');
    assert.equal(c.warnings.length, 1);
    assert.match(c.warnings[0]!, /LOG_LEVEL "LOUD" is not one of debug, info, warn, error, silent; ignored/);
    assert.equal(loadConfig({ ...env, LOG_LEVEL: ' Debug ' }).logLevel, 'debug');
    assert.deepEqual(loadConfig({ ...env, LOG_LEVEL: '' }).warnings, []);
  });
});

describe('tool arguments', () => {
  it('every argument of every tool has a message of its own (the factory refuses a tool without)', () => {
    const config = loadConfig({ SERVICE_API_BASE_URL: 'http://127.0.0.1:9', SERVICE_API_KEY: 'purse_abc' });
    const log = createLogger('silent', []);
    assert.doesNotThrow(() => serverFactory(config, log)());
  });
  it('names each bad argument with what a valid value is', () => {
    const input = z.object({
      month: arg(z.string().max(7).optional(), 'a month written YYYY-MM (e.g. 2026-03)'),
      limit: arg(z.number().int().min(1).max(100).optional(), 'a whole number from 1 to 100'),
      id: arg(z.string(), 'a transaction id'),
    }).strict();
    const fail = (raw: unknown) => {
      try {
        parseArgs('t', input, raw);
      } catch (e) {
        return describeError(e, 't');
      }
      return 'no error';
    };
    assert.equal(fail({ id: 'x', month: '2026-100' }), 'Invalid argument "month": must be a month written YYYY-MM (e.g. 2026-03), got "2026-100".');
    assert.equal(fail({ month: '2026-03' }), 'Invalid argument "id": is required: a transaction id.');
    assert.equal(fail({ id: 'x', limit: 0, month: 5 }),
      'Invalid argument "month": must be a month written YYYY-MM (e.g. 2026-03), got 5. Invalid argument "limit": must be a whole number from 1 to 100, got 0.');
    assert.equal(fail({ id: 'x', extra: 1 }), 'Invalid argument "extra": t has no argument "extra"; its arguments are month, limit, id.');
    assert.equal(fail([1]), 'Invalid argument "arguments": t takes an object of named arguments, got [1].');
    assert.deepEqual(parseArgs('t', input, { id: 'x', limit: 3 }), { id: 'x', limit: 3 });
  });
});

describe('retries after a 429', () => {
  it('go one at a time, after the latest Retry-After, and are not sent when the wait is too long', async () => {
    const gate = new RetryGate();
    gate.block(0.2);
    const started = Date.now();
    let inFlight = 0, most = 0;
    const starts: number[] = [];
    const send = async (i: number) => {
      starts.push(Date.now() - started);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 30));
      if (i === 0) gate.block(0.3); // the first retry is refused again
      inFlight--;
      return i;
    };
    const results = await Promise.all([0, 1, 2].map((i) => gate.turn(1000, undefined, () => send(i))));
    assert.deepEqual(results, [0, 1, 2]);
    assert.equal(most, 1, 'never two at once');
    assert.ok(starts[0]! >= 190, `first retry after the Retry-After: ${starts[0]}`);
    assert.ok(starts[1]! - starts[0]! >= 280, `the next waited for the new Retry-After: ${starts.join(', ')}`);
    gate.block(10);
    let sent = false;
    assert.equal(await gate.turn(5000, undefined, async () => { sent = true; return 1; }), null);
    assert.equal(sent, false);
    assert.equal(gate.secondsLeft(), 10);
  });
});

describe('dates', () => {
  it('checks the calendar', () => {
    assert.equal(parseDate('2024-02-29', 'from'), '2024-02-29');
    assert.throws(() => parseDate('2023-02-29', 'from'), ToolInputError);
    assert.throws(() => parseDate('2026-04-31', 'from'), ToolInputError);
    assert.throws(() => parseDate('2026-13-01', 'from'), ToolInputError);
    assert.throws(() => parseDate('26-01-01', 'from'), ToolInputError);
    assert.throws(() => parseDate('2026-01-01T00:00:00Z', 'from'), ToolInputError);
  });
  it('resolves presets in the time zone', () => {
    // 2026-03-01 00:30 in Berlin is still February in UTC.
    const now = new Date('2026-02-28T23:30:00Z');
    assert.deepEqual(resolvePreset('this_month', 'Europe/Berlin', now), { from: '2026-03-01', to: '2026-03-31' });
    assert.deepEqual(resolvePreset('this_month', 'UTC', now), { from: '2026-02-01', to: '2026-02-28' });
    assert.deepEqual(resolvePreset('last_month', 'UTC', new Date('2026-01-15T12:00:00Z')), { from: '2025-12-01', to: '2025-12-31' });
    assert.deepEqual(resolvePreset('last_30_days', 'UTC', new Date('2026-03-10T12:00:00Z')), { from: '2026-02-09', to: '2026-03-10' });
    assert.deepEqual(resolvePreset('year_to_date', 'UTC', new Date('2026-03-10T12:00:00Z')), { from: '2026-01-01', to: '2026-03-10' });
    assert.deepEqual(resolvePreset('last_year', 'UTC', new Date('2026-03-10T12:00:00Z')), { from: '2025-01-01', to: '2025-12-31' });
  });
  it('refuses period with from/to, and from after to', () => {
    assert.throws(() => resolveRange({ period: 'this_month', to: '2026-01-01' }, () => 'UTC'), /either/);
    assert.throws(() => resolveRange({ from: '2026-01-02', to: '2026-01-01' }, () => 'UTC'), /not be before/);
  });
  it('converts local days to UTC instants, across DST', () => {
    assert.equal(dayStartUtc('2026-01-15', 'Europe/Berlin').toISOString(), '2026-01-14T23:00:00.000Z');
    assert.equal(dayStartUtc('2026-07-15', 'Europe/Berlin').toISOString(), '2026-07-14T22:00:00.000Z');
    assert.deepEqual(instantBounds({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Berlin'),
      { from: '2026-03-28T23:00:00Z', to: '2026-03-29T21:59:59Z' });
    assert.deepEqual(instantBounds({ from: '2026-01-01', to: null }, 'America/New_York'), { from: '2026-01-01T05:00:00Z' });
  });
});

describe('money', () => {
  it('formats minor units exactly', () => {
    assert.equal(formatMinor(1230, 2), '12.30');
    assert.equal(formatMinor(5, 2), '0.05');
    assert.equal(formatMinor(-230, 2), '-2.30');
    assert.equal(formatMinor(1200, 0), '1200');
    assert.equal(formatMinor(1, 3), '0.001');
  });
  it('learns decimals from amount pairs and never sums across currencies', () => {
    const d = new CurrencyDecimals();
    d.learn('BHD', 1.234, 1234);
    assert.equal(d.get('BHD'), 3);
    d.learn('EUR', 0.1 + 0.2, 30);
    assert.equal(d.get('EUR'), 2);
    assert.deepEqual(totalsByCurrency([{ currency: 'USD', minor: 10 }, { currency: 'EUR', minor: 5 }, { currency: 'USD', minor: 1 }], d),
      [{ currency: 'EUR', total: '0.05', count: 1 }, { currency: 'USD', total: '0.11', count: 2 }]);
  });
});

describe('cursor', () => {
  const state = { scope: null, query: { sort: '-transaction_at' as const, q: 'x' }, range: { from: null, to: null, timezone: 'UTC', period: null }, offset: 40, limit: 40, after: 'v1~-transaction_at~1735689600~01a210ae-de5b-7100-9229-4aa5bde3fd59~40' };
  it('round-trips and detects tampering', () => {
    assert.deepEqual(decodeCursor(encodeCursor(state)), state);
    const raw = JSON.parse(Buffer.from(encodeCursor(state), 'base64url').toString());
    raw.o = 0;
    assert.throws(() => decodeCursor(Buffer.from(JSON.stringify(raw)).toString('base64url')), /cursor/);
    raw.o = 40;
    raw.query.q = 'y';
    assert.throws(() => decodeCursor(Buffer.from(JSON.stringify(raw)).toString('base64url')), /cursor/);
    assert.throws(() => decodeCursor('!!'), ToolInputError);
  });
  it('makes the API cursor after a row, in the format of the API', () => {
    const row = { id: '01a210ae-de5b-7100-9229-4aa5bde3fd59', transaction_at: '2025-01-01T00:00:00Z', amount_minor: 1250 };
    assert.equal(apiCursorAfter(row, '-transaction_at', 2, 25), 'v1~-transaction_at~1735689600~01a210ae-de5b-7100-9229-4aa5bde3fd59~25');
    assert.equal(apiCursorAfter(row, 'amount', 2, 25), 'v1~amount~12.50~01a210ae-de5b-7100-9229-4aa5bde3fd59~25');
    assert.equal(apiCursorAfter({ ...row, amount_minor: 5 }, '-amount', 3, 7), 'v1~-amount~0.005~01a210ae-de5b-7100-9229-4aa5bde3fd59~7');
    assert.equal(apiCursorAfter(row, 'amount', 0, 25), 'v1~amount~1250~01a210ae-de5b-7100-9229-4aa5bde3fd59~25');
  });
});

describe('budget', () => {
  it('keeps the largest prefix that fits, deterministically', () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ i, pad: 'y'.repeat(100) }));
    const build = (k: number, cut: boolean) => render({ summary: cut ? `cut at ${k}` : 'all', items: items.slice(0, k) });
    const r = fitBudget(items.length, 5000, build);
    assert.ok(size(r) <= 5000);
    const k = (r.structuredContent.items as unknown[]).length;
    assert.ok(k > 0 && k < 500);
    assert.ok(size(build(k + 1, true)) > 5000, 'one more would not fit');
    assert.deepEqual(fitBudget(items.length, 5000, build), r);
    assert.equal(fitBudget(3, 5000, build).structuredContent.summary, 'all');
  });
});

describe('redaction and error sentences', () => {
  it('never logs the key', () => {
    const key = 'purse_AbCdEfGhIjKl_0123456789abcdefXYZ';
    let out = '';
    const log = createLogger('debug', [key], (l) => { out += l; });
    log.info('calling', { header: `Bearer ${key}`, raw: key });
    assert.ok(!out.includes(key));
    assert.equal(redact(`x ${key} y`, [key]), 'x [redacted] y');
  });
  it('maps statuses to sentences a model can act on', () => {
    const http = (status: number, extra: Record<string, unknown> = {}) =>
      describeError(new ApiError({ kind: 'http', status, message: 'm', fieldErrors: null, retryAfter: null, data: null, ...extra } as never, '/x'), 't');
    assert.match(http(401), /the API key is invalid or incomplete — check SERVICE_API_KEY/);
    assert.match(http(402), /this account's plan has no API access — Solo or Family is needed/);
    assert.match(http(402, { data: { current_plan: 'free', plans_with_api_access: ['solo', 'family'], upgrade_url: '/settings/billing' } }),
      /Solo or Family is needed; the current plan is free.*Upgrade at \/settings\/billing \(a page of your Purse site\)/);
    // On a team path, meta.plan_required_of says whose plan failed, whatever the message says.
    const team402 = (planRequiredOf: string | undefined, message: string) =>
      describeError(new ApiError({ kind: 'http', status: 402, message, fieldErrors: null, retryAfter: null,
        data: { current_plan: 'free' }, planRequiredOf } as never, '/teams/01900000-0000-7000-8000-000000000001/tags'), 't');
    assert.match(team402('caller', "The team owner's plan is fine"), /this account's plan has no API access/);
    assert.match(team402('team_owner', 'Your plan'), /the team owner's plan has no API access/);
    // A server without the field: the message decides, as before.
    assert.match(team402(undefined, "The team owner's plan has no API access"), /the team owner's plan has no API access/);
    assert.match(team402(undefined, 'The public API needs a Solo or Family plan'), /this account's plan has no API access/);
    const team403 = describeError(new ApiError({ kind: 'http', status: 403, message: 'You have no access to this team',
      fieldErrors: null, retryAfter: null, data: null }, '/teams/01900000-0000-7000-8000-000000000001/tags'), 't');
    assert.match(team403, /Access denied to this team.*get_current_user/);
    const audience403 = describeError(new ApiError({ kind: 'http', status: 403, message: 'This API key is not valid for the public API',
      fieldErrors: null, retryAfter: null, data: null }, '/teams/01900000-0000-7000-8000-000000000001/tags'), 't');
    assert.match(audience403, /audience/);
    assert.doesNotMatch(audience403, /team/i);
    assert.match(http(404), /Not found/);
    assert.match(http(422, { fieldErrors: { currency_code: ['unknown'], q: ['too long'] } }), /"currency" unknown, "text" too long/);
    assert.match(http(429, { retryAfter: 17 }), /read limit reached — resets in 17 s: .*after 17 s \(Retry-After\)\. Wait that long/);
    assert.doesNotMatch(http(429, { retryAfter: 17 }), /call get_usage/);
    assert.match(http(500), /HTTP 500/);
    // meta.error and the request id, when the server sends them.
    assert.match(http(500, { code: 'internal_error', requestId: 'req-42' }), /HTTP 500.*Request id for the operator: req-42\./);
    assert.match(http(503, { code: 'unavailable', retryAfter: 5, requestId: 'r1' }), /temporarily unavailable.*Retry in 5 s\..*r1/);
    assert.match(http(503), /temporarily unavailable.*Retry in 5 s/);
    assert.match(http(504, { code: 'timeout' }), /took too long/);
    assert.match(http(400, { code: 'malformed_request' }), /HTTP 400 \(malformed_request\)/);
    assert.doesNotMatch(http(404, { requestId: 'r2' }), /r2/);
  });
});

describe('read-only by construction', () => {
  it('no source file can send anything but GET', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { MCP_DIR } = await import('./support/purse.js');
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const e of await readdir(dir, { withFileTypes: true }))
        if (e.isDirectory()) await walk(join(dir, e.name));
        else if (e.name.endsWith('.ts')) files.push(join(dir, e.name));
    };
    await walk(join(MCP_DIR, 'src'));
    assert.ok(files.length >= 10);
    let fetchCalls = 0;
    for (const f of files) {
      const text = await readFile(f, 'utf8');
      assert.doesNotMatch(text, /['"](POST|PUT|PATCH|DELETE)['"]/, f);
      for (const m of text.matchAll(/method:\s*(\S+)/g)) assert.equal(m[1], "'GET',", `${f}: ${m[0]}`);
      fetchCalls += (text.match(/fetchImpl\(/g) ?? []).length;
      assert.doesNotMatch(text, /console\.(log|info|debug)/, `${f}: stdout belongs to the protocol`);
      // Only the wire writes the protocol's messages to stdout.
      if (!f.endsWith('transport.ts')) assert.doesNotMatch(text, /process\.stdout/, `${f}: stdout belongs to the protocol`);
      if (!f.endsWith('api.ts')) assert.doesNotMatch(text, /\bfetch\(|node:http|undici/, `${f}: HTTP only in api.ts`);
    }
    assert.equal(fetchCalls, 1, 'one request path');
  });

  it('the generated API client is a build-time dependency only: the built code never loads it', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { MCP_DIR } = await import('./support/purse.js');
    const pkg = JSON.parse(await readFile(join(MCP_DIR, 'package.json'), 'utf8'));
    assert.equal(pkg.devDependencies['@purse/api-client'], 'file:../openapi/client');
    assert.equal(pkg.dependencies['@purse/api-client'], undefined);
    const api = await readFile(join(MCP_DIR, 'src', 'api.ts'), 'utf8');
    assert.match(api, /^import type \{[^}]*\} from '@purse\/api-client';$/m, 'api.ts takes its types from the generated client');
    const dist = join(MCP_DIR, 'dist');
    for (const f of await readdir(dist, { recursive: true }))
      if (String(f).endsWith('.js'))
        assert.doesNotMatch(await readFile(join(dist, String(f)), 'utf8'), /(import|from|require)\s*\(?\s*['"]@purse\/api-client/, String(f));
  });
});
