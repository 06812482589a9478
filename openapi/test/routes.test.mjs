// SPDX-License-Identifier: GPL-2.0-or-later
// (b) Route coverage: what `purse-server --print-routes` says it serves and
// what the document describes must be the same set, in both directions.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { normalise, operations } from './lib/contract.mjs';
import { loadDocument, requireBinary, serverBin } from './lib/env.mjs';

test('every served route is documented and every documented route is served', () => {
  const r = spawnSync(requireBinary(serverBin), ['--print-routes'], { encoding: 'utf8', timeout: 20000 });
  assert.equal(r.status, 0, `purse-server --print-routes failed (exit ${r.status}); the flag must print every route as "METHOD PATH":\n${r.stderr}${r.stdout}`);
  const lines = r.stdout.split('\n').map((l) => l.trim()).filter(Boolean);
  const served = new Set();
  for (const line of lines) {
    // The developer settings page's routes, outside the API and its document.
    if (line.startsWith('page ')) continue;
    const m = /^([A-Z]+) (\/\S*)$/.exec(line);
    assert.ok(m, `unexpected line from --print-routes: ${JSON.stringify(line)}`);
    if (m[1] === 'HEAD') continue; // implied by GET
    served.add(`${m[1]} ${normalise(m[2])}`);
  }
  assert.ok(served.size > 0, '--print-routes printed no routes');
  const documented = new Set(operations(loadDocument()).map((o) => `${o.method.toUpperCase()} ${normalise(o.path)}`));
  const undocumented = [...served].filter((x) => !documented.has(x)).sort();
  const unserved = [...documented].filter((x) => !served.has(x)).sort();
  assert.deepEqual({ undocumented, unserved }, { undocumented: [], unserved: [] },
    `served but not documented: ${undocumented.join(', ') || '-'}; documented but not served: ${unserved.join(', ') || '-'}`);
  console.log(`# route coverage: ${served.size} routes served and documented`);
});
