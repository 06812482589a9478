// SPDX-License-Identifier: GPL-2.0-or-later
// (c) Every exchange the C++ end-to-end suite recorded (PURSE_CONTRACT_LOG,
// JSON lines) must conform to the document: a documented operation, a
// documented status, and a body valid against that status's schema.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Contract } from './lib/contract.mjs';
import { loadDocument } from './lib/env.mjs';

test('every recorded exchange of the end-to-end suite conforms to the document', () => {
  const file = process.env.PURSE_CONTRACT_LOG;
  assert.ok(file, 'PURSE_CONTRACT_LOG is not set: deploy/test.sh exports it to the file the C++ end-to-end tests recorded their HTTP exchanges in');
  assert.ok(existsSync(file), `PURSE_CONTRACT_LOG=${file} does not exist: the end-to-end tests recorded nothing`);
  const contract = new Contract(loadDocument());
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
  assert.ok(lines.length > 0, `${file} is empty`);
  const stats = { total: 0, validated: 0, statusOnly: 0, unmatchedPath: 0, probes: 0, page: 0, proxy: 0, metrics: 0 };
  const failures = new Map(); // problem text -> { count, example }
  const fail = (text, x) => {
    const f = failures.get(text) || { count: 0, example: `${x.method} ${x.url} -> ${x.status}: ${String(x.body).slice(0, 300)}` };
    f.count++;
    failures.set(text, f);
  };
  lines.forEach((line, i) => {
    let x;
    try {
      x = JSON.parse(line);
    } catch (e) {
      fail(`line ${i + 1} is not JSON: ${e.message}`, { method: '?', url: '?', status: '?', body: line });
      return;
    }
    stats.total++;
    const url = new URL(x.url);
    if ([502, 503, 504].includes(x.status) && !x.headers?.['x-request-id'] && !/json/.test(x.content_type || '')) {
      // The proxy in front of the cluster tests' nodes (haproxy) answers for
      // a node that died under a request: not Purse's answer (Purse's carry
      // X-Request-Id and the JSON envelope), so not the document's.
      stats.proxy++;
      return;
    }
    if (url.pathname === '/healthz' || url.pathname === '/readyz') {
      // The load balancers' probes live outside the API and its document.
      stats.probes++;
      if (![200, 405, 503].includes(x.status)) fail(`${x.method} ${url.pathname} answered ${x.status} (expected 200, 405 or 503)`, x);
      return;
    }
    if (url.pathname === '/metrics') {
      // Prometheus scrapes of the metrics listener (tests/e2e/metrics_test.cpp),
      // and the API's listener refusing the path.
      stats.metrics++;
      if (![200, 404, 405].includes(x.status)) fail(`${x.method} /metrics answered ${x.status} (expected 200, 404 or 405)`, x);
      return;
    }
    if (/^\/(login|logout|set-password|settings)(\/|$)/.test(url.pathname)) {
      // The developer settings page lives outside the API and its document
      // (tests/e2e/settings_test.cpp and tests/browser cover it).
      stats.page++;
      return;
    }
    const op = contract.match(x.method, url.pathname);
    if (!op) {
      // Unknown paths and methods a path does not allow: the server answers
      // 404 / 405 (or 414/431 before routing); nothing else to check.
      stats.unmatchedPath++;
      const expected = contract.pathExists(url.pathname) ? [405, 414, 431, 503] : [404, 405, 414, 431, 503];
      if (!expected.includes(x.status)) fail(`${x.method} on an undocumented path/method answered ${x.status} (expected one of ${expected.join(', ')})`, x);
      return;
    }
    const ct = (x.content_type || '').split(';')[0].trim().toLowerCase();
    const isJson = ct === 'application/json';
    // A gzipped body (the documents, for clients that accept gzip) is not
    // recorded as text: its status and headers are checked.
    const encoded = Object.keys(x.headers || {}).some((h) => h.toLowerCase() === 'content-encoding');
    const { problems, validated } = contract.checkResponse(op, x.status, x.content_type, x.headers || {}, isJson ? x.body : '', { isHead: x.method === 'HEAD' || encoded });
    if (validated) stats.validated++;
    else stats.statusOnly++;
    for (const p of problems) fail(`${op.method.toUpperCase()} ${op.path}: ${p}`, x);
  });
  console.log(`# recorded exchanges: ${stats.total} read, ${stats.validated} bodies validated against the document, `
    + `${stats.statusOnly} checked for status/headers only (HEAD, file content, 304), ${stats.unmatchedPath} on undocumented paths or methods, ${stats.probes} health probes, ${stats.page} of the settings page, ${stats.proxy} from the cluster tests' proxy, ${stats.metrics} metrics scrapes`);
  const report = [...failures.entries()].map(([text, f]) => `${f.count}x ${text}\n    e.g. ${f.example}`).join('\n');
  assert.equal(failures.size, 0, `exchanges that disagree with the document:\n${report}`);
});
