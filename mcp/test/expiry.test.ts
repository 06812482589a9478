// SPDX-License-Identifier: MIT
// The key-expiry warning: a key in its last 7 days makes every tool result
// say so (both channels), a longer-lived key does not, and the expiry is
// read cheaply: from get_usage's own answer, else one background
// GET /me/usage per hour at most (counted at a recording proxy in front of
// the real server). The clock-dependent rules are tested on KeyExpiry with a
// fake clock.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { render } from '../src/budget.js';
import { KeyExpiry, REFRESH_MS, RETRY_MS } from '../src/expiry.js';
import { withNotice } from '../src/tools/common.js';
import { RecordingProxy } from './support/http.js';
import { ok, startMcp } from './support/mcp.js';
import { makeKey, makeUser, PurseServer } from './support/purse.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('KeyExpiry (fake clock)', () => {
  it('warns within 7 days only, in days, then hours, then as expired; never for a key without expiry', () => {
    let now = Date.parse('2026-11-25T12:00:00Z');
    const e = new KeyExpiry(() => now);
    assert.equal(e.notice(), null, 'unknown: no warning');
    e.record(null);
    assert.equal(e.notice(), null, 'a key that never expires');
    e.record(new Date(now + 8 * DAY).toISOString());
    assert.equal(e.notice(), null, '8 days left');
    now += 1.5 * DAY; // 6.5 days left
    assert.match(e.notice()!, /^Warning: the Purse API key \(SERVICE_API_KEY\) expires in 6 days 12 hours, at 2026-12-03T12:00:00Z; after that every tool fails\./);
    assert.match(e.notice()!, /purse-admin key create --user <id> --days 365/);
    now += 6 * DAY + 3 * HOUR; // 9 hours left
    assert.match(e.notice()!, /expires in 9 hours,/);
    now += 8.5 * HOUR;
    assert.match(e.notice()!, /expires in less than an hour,/);
    now += HOUR;
    assert.match(e.notice()!, /^Warning: the Purse API key expired at 2026-12-03T12:00:00Z\./);
    assert.ok(e.notice()!.length < 400, 'fits the reserve');
  });

  it('reads at most once an hour, again after 5 minutes when a read failed, never two at once', async () => {
    let now = 0;
    const e = new KeyExpiry(() => now);
    let reads = 0;
    let answer: () => Promise<string | null> = async () => new Date(now + 30 * DAY).toISOString();
    const read = () => { reads++; return answer(); };
    const settle = () => new Promise((r) => setImmediate(r));

    e.refresh(read);
    e.refresh(read); // in flight: not a second read
    assert.equal(reads, 1);
    await settle();
    now += REFRESH_MS - 1;
    e.refresh(read);
    assert.equal(reads, 1, 'not before an hour');
    now += 1;
    answer = async () => { throw new Error('429'); };
    e.refresh(read);
    assert.equal(reads, 2, 'after an hour');
    await settle();
    now += RETRY_MS - 1;
    e.refresh(read);
    assert.equal(reads, 2, 'a failed read waits 5 minutes');
    now += 1;
    answer = async () => new Date(now + 2 * DAY).toISOString();
    e.refresh(read);
    assert.equal(reads, 3);
    await settle();
    assert.match(e.notice()!, /expires in 2 days/);

    // get_usage's answer counts as a read.
    now += 2 * REFRESH_MS;
    e.record(new Date(now + 3 * DAY).toISOString());
    e.refresh(read);
    assert.equal(reads, 3);
    assert.match(e.notice()!, /expires in 3 days/);
  });

  it('withNotice appends the warning to the summary in both channels', () => {
    const r = withNotice(render({ summary: 'Three tags.', total: 3 }), 'Warning: soon.');
    assert.equal(r.structuredContent.summary, 'Three tags. Warning: soon.');
    assert.deepEqual(Object.keys(r.structuredContent), ['summary', 'total']);
    assert.equal(r.content[0]!.text, 'Three tags. Warning: soon.\n\n{"total":3}');
  });
});

describe('the expiry warning against the real server', () => {
  let server: PurseServer;
  let proxy: RecordingProxy;
  let url: string;

  before(async () => {
    server = await PurseServer.start(['--write-limit', '100000', '--read-limit', '100000']);
    proxy = new RecordingProxy(server.origin);
    url = await proxy.start();
  });
  after(async () => {
    await proxy?.close();
    await server?.stop();
  });

  const usageReads = (key: string) =>
    proxy.requests.filter((r) => r.authorization === `Bearer ${key}` && r.path.split('?')[0] === '/api/public/v1/me/usage').length;

  it('a key made with --days 3: every result after the first says it expires in 2 days 23 hours (not "2 days"); one usage read for many calls', async () => {
    const user = await makeUser('solo');
    const key = await makeKey(user.id, 'public-api', 3);
    const mcp = await startMcp({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: key.secret });
    try {
      const first = ok(await mcp.call('get_current_user'));
      assert.doesNotMatch(first.summary, /Warning/, 'the expiry is read after the first call');
      // The background read follows the first call; give it a moment.
      for (let i = 0; i < 50 && usageReads(key.secret) === 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(usageReads(key.secret), 1, 'one background read of /me/usage');
      await new Promise((r) => setTimeout(r, 100));
      for (const tool of ['list_accounts', 'list_tags', 'get_current_user', 'list_categories', 'get_dashboard_report']) {
        const r = await mcp.call(tool);
        const s = ok(r);
        assert.match(s.summary, /Warning: the Purse API key \(SERVICE_API_KEY\) expires in 2 days 23 hours, at \d{4}-\d\d-\d\dT/, tool);
        assert.match(s.summary, /purse-admin key create --user <id> --days 365/);
        assert.ok(r.content[0]!.text.startsWith(s.summary), `${tool}: the text channel says it too`);
      }
      assert.equal(usageReads(key.secret), 1, 'still one usage read after six calls');
      const usage = ok(await mcp.call('get_usage'));
      assert.match(usage.summary, /Warning: the Purse API key/);
      const expires = Date.parse(usage.key.expires_at);
      assert.ok(expires - Date.now() > 2 * DAY && expires - Date.now() <= 3 * DAY + 60_000, usage.key.expires_at);
    } finally {
      await mcp.close();
    }
  });

  it('get_usage warns on the very first call (its own answer has the expiry) and needs no second read', async () => {
    const user = await makeUser('solo');
    const key = await makeKey(user.id, 'public-api', 1);
    const mcp = await startMcp({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: key.secret });
    try {
      const s = ok(await mcp.call('get_usage'));
      assert.match(s.summary, /expires in \d+ hours?, at /);
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(usageReads(key.secret), 1, 'only get_usage\'s own read');
    } finally {
      await mcp.close();
    }
  });

  it('a key made with --days 365 (and the default 30 days) never warns', async () => {
    const user = await makeUser('solo');
    for (const days of [365, undefined]) {
      const key = await makeKey(user.id, 'public-api', days);
      const mcp = await startMcp({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: key.secret });
      try {
        ok(await mcp.call('get_current_user'));
        for (let i = 0; i < 50 && usageReads(key.secret) === 0; i++) await new Promise((r) => setTimeout(r, 20));
        assert.equal(usageReads(key.secret), 1, 'the expiry was read');
        await new Promise((r) => setTimeout(r, 100));
        const s = ok(await mcp.call('list_accounts'));
        assert.doesNotMatch(s.summary, /Warning/, `--days ${days}`);
        const u = ok(await mcp.call('get_usage'));
        assert.doesNotMatch(u.summary, /Warning/);
      } finally {
        await mcp.close();
      }
    }
  });
});
