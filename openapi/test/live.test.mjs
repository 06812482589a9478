// SPDX-License-Identifier: GPL-2.0-or-later
// (d) The server serves the document byte for byte without a key and without
// rate limiting, and the reference page renders every operation in headless
// Chromium with nothing loaded from outside. The SDK's own tests are in sdk.test.mjs;
// here a smoke test of it.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { operations } from './lib/contract.mjs';
import { artifactsDir, createUser, documentPath, loadDocument, openapiDir, startServer } from './lib/env.mjs';

const doc = loadDocument();
const fileBytes = readFileSync(documentPath);
let server;
let user;

before(async () => {
  server = await startServer();
  user = createUser('live');
});
after(async () => {
  await server?.stop();
});

test('GET /openapi.json without a key is the repository file byte for byte', async () => {
  for (const path of ['/openapi.json']) {
    const res = await fetch(server.base + path, { signal: AbortSignal.timeout(10000) });
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200, `${path}: status ${res.status}: ${body.toString().slice(0, 300)}`);
    assert.equal((res.headers.get('content-type') || '').split(';')[0].trim(), 'application/json');
    assert.ok(res.headers.get('x-request-id'), 'no X-Request-Id');
    assert.ok(body.equals(fileBytes), `${path}: body (${body.length} bytes) differs from openapi/openapi.json (${fileBytes.length} bytes)`);
  }
  const head = await fetch(server.base + '/openapi.json', { method: 'HEAD', signal: AbortSignal.timeout(10000) });
  assert.equal(head.status, 200);
  const post = await fetch(server.base + '/openapi.json', { method: 'POST', signal: AbortSignal.timeout(10000) });
  assert.equal(post.status, 405);
  assert.match(post.headers.get('allow') || '', /GET/);
});

test('the public documents are never rate limited (300 requests, with and without a key)', async () => {
  const statuses = new Map();
  for (let i = 0; i < 300; i++) {
    const headers = i % 2 ? { Authorization: `Bearer ${user.key}` } : {};
    const path = i % 3 === 0 ? '/docs' : '/openapi.json';
    const res = await fetch(server.base + path, { headers, signal: AbortSignal.timeout(10000) });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) || 0) + 1);
  }
  assert.deepEqual([...statuses.entries()], [[200, 300]], `statuses: ${JSON.stringify([...statuses.entries()])}`);
});

test('GET /docs renders every operation in headless Chromium, offline, within its CSP', async () => {
  const res = await fetch(server.base + '/docs', { signal: AbortSignal.timeout(10000) });
  const html = await res.text();
  assert.equal(res.status, 200, `/docs answered ${res.status}: ${html.slice(0, 300)}`);
  assert.match(res.headers.get('content-type') || '', /^text\/html/);
  const csp = res.headers.get('content-security-policy') || '';
  assert.match(csp, /default-src 'self'/, `CSP: ${csp}`);
  // Never framed by another site (clickjacking).
  assert.match(csp, /frame-ancestors 'none'/, `CSP: ${csp}`);
  assert.doesNotMatch(html, /https?:\/\//, 'the page links to an absolute URL');
  const slash = await fetch(server.base + '/docs/', { signal: AbortSignal.timeout(10000) });
  assert.equal(slash.status, 200, '/docs/ is not served');
  await slash.arrayBuffer();

  // The page's files are named after their content and kept for a year;
  // the page itself is revalidated by its ETag; text comes gzipped.
  assert.equal(res.headers.get('cache-control'), 'no-cache');
  const again = await fetch(server.base + '/docs', { headers: { 'If-None-Match': res.headers.get('etag') }, signal: AbortSignal.timeout(10000) });
  assert.equal(again.status, 304, 'the page is not revalidated by its ETag');
  await again.arrayBuffer();
  const assets = [...html.matchAll(/\/api\/public\/v1\/docs\/([A-Za-z0-9._-]+)"/g)].map((m) => m[1]);
  assert.ok(assets.length >= 6, `the page refers to ${assets.length} files`);
  for (const a of assets) {
    assert.match(a, /\.[0-9a-f]{12}\.[a-z]+$/, `${a} is not named after its content`);
    const r = await fetch(`${server.base}/docs/${a}`, { headers: { 'Accept-Encoding': 'gzip' }, signal: AbortSignal.timeout(10000) });
    await r.arrayBuffer();
    assert.equal(r.status, 200, a);
    assert.equal(r.headers.get('cache-control'), 'public, max-age=31536000, immutable', a);
    if (/\.(js|css)$/.test(a)) assert.equal(r.headers.get('content-encoding'), 'gzip', a);
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const outside = [];
    const failed = [];
    const consoleErrors = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.origin + '/') && !r.url().startsWith('data:')) outside.push(r.url());
    });
    page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.url()}: ${r.status()}`); });
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => consoleErrors.push(String(e)));
    await page.goto(server.base + '/docs', { waitUntil: 'load', timeout: 30000 });
    const ids = operations(doc).map((o) => o.op.operationId);
    await page.waitForFunction((n) => document.querySelectorAll('.opblock').length >= n, ids.length, { timeout: 30000 })
      .catch(() => {});
    const shown = await page.$$eval('.opblock-summary-operation-id', (els) => els.map((e) => e.textContent.trim()));
    const text = await page.evaluate(() => document.body.innerText);
    mkdirSync(artifactsDir, { recursive: true });
    await page.screenshot({ path: join(artifactsDir, 'docs.png'), fullPage: true });
    const missing = ids.filter((id) => !shown.includes(id) && !text.includes(id));
    assert.deepEqual(missing, [], `operations not listed on the page: ${missing.join(', ')}`);
    assert.ok(text.includes(doc.info.title), 'the title is not shown');
    // The document's version and licence (docs/LICENSING.md's, by its SPDX
    // identifier) head the page.
    const info = await page.$eval('.info', (e) => e.innerText).catch(() => '');
    assert.ok(info.includes(doc.info.version), `the version is not shown: ${info}`);
    const licence = await page.$eval('.info__license', (e) => ({ text: e.innerText, href: e.querySelector('a')?.getAttribute('href') }))
      .catch(() => ({}));
    assert.equal(licence.text?.trim(), doc.info.license.name, 'the licence is not shown');
    assert.equal(licence.href, `https://spdx.org/licenses/${doc.info.license.identifier}.html`);
    assert.deepEqual(outside, [], 'the page requested outside URLs');
    assert.deepEqual(failed, [], 'requests of the page failed');
    const csp = consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e));
    assert.deepEqual(csp, [], 'Content-Security-Policy violations');
    assert.deepEqual(consoleErrors, [], 'errors in the page');
    console.log(`# docs page: ${shown.length} operations listed, screenshot ${join(artifactsDir, 'docs.png')}`);
  } finally {
    await browser.close();
  }
});

test('the generated client reads the live server with its types', async () => {
  const { createClient, PurseApiError } = await import(join(openapiDir, 'client', 'dist', 'index.js'));
  const client = createClient({ baseUrl: server.base, apiKey: user.key, timeoutMs: 10000 });
  const me = await client.get('/me');
  assert.equal(me.status, 200);
  assert.equal(me.data.id, user.id);
  const list = await client.get('/me/transactions', { params: { query: { per_page: 5, include_voided: 'true' } } });
  assert.equal(list.data.pagination.per_page, 5);
  await assert.rejects(
    client.get('/me/tags/{id}', { params: { path: { id: '01a207ed-0000-7000-8000-000000000000' } } }),
    (e) => e instanceof PurseApiError && e.status === 404 && e.body.meta.code === 404,
  );
  await assert.rejects(
    client.get('/me/transactions', { params: { query: { per_page: 1000 } } }),
    (e) => e instanceof PurseApiError && e.status === 422 && Array.isArray(e.fieldErrors.per_page),
  );
});
