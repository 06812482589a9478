// SPDX-License-Identifier: MIT
// Both protocol eras over stdio, against the real server: initialize-era
// sessions (revisions 2024-11-05 .. 2025-11-25, opened with `initialize`) and
// the 2026-07-28 revision (opened with `server/discover`, every request
// carrying the `_meta` envelope, no `initialize`). Each lists the twelve tools
// and answers a tool call with the same data.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type McpSession, MODERN_REVISION, RawSession, startMcp } from './support/mcp.js';
import { makeUser, PurseServer, type TestUser } from './support/purse.js';

const TOOLS = [
  'get_categories_spending_report', 'get_current_user', 'get_dashboard_report', 'get_spending_trends',
  'get_total_spending_report', 'get_transaction', 'get_usage', 'list_accounts', 'list_categories', 'list_currencies',
  'list_tags', 'search_transactions',
];
const LEGACY_REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

/** The per-request envelope of the 2026-07-28 revision. */
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN_REVISION,
  'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe('protocol eras over stdio', () => {
  let server: PurseServer;
  let user: TestUser;
  let env: Record<string, string>;
  const sessions: McpSession[] = [];

  before(async () => {
    server = await PurseServer.start();
    user = await makeUser('solo', 'Europe/Berlin');
    env = { SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: user.key };
  });
  after(async () => {
    for (const s of sessions) await s.close();
    await server?.stop();
  });

  for (const revision of LEGACY_REVISIONS) {
    it(`initialize era: a raw \`initialize\` at ${revision} is answered with ${revision}, then twelve tools and a working call`, async () => {
      const raw = new RawSession(env);
      try {
        const init = await raw.request(1, 'initialize', {
          protocolVersion: revision, capabilities: {}, clientInfo: { name: 'raw-2025', version: '0' },
        });
        assert.equal(init.error, undefined, JSON.stringify(init.error));
        assert.equal(init.result.protocolVersion, revision);
        assert.equal(init.result.serverInfo.name, 'purse-mcp');
        assert.ok(init.result.capabilities.tools, 'tools capability');
        assert.match(init.result.instructions, /read-only/i);
        raw.notify('notifications/initialized');
        const list = await raw.request(2, 'tools/list', {});
        assert.deepEqual(list.result.tools.map((t: { name: string }) => t.name).sort(), TOOLS);
        for (const t of list.result.tools) {
          assert.equal(t.annotations.readOnlyHint, true, t.name);
          assert.equal(t.outputSchema.type, 'object', t.name);
        }
        const call = await raw.request(3, 'tools/call', { name: 'get_current_user', arguments: {} }, 60_000);
        assert.equal(call.result.isError ?? false, false, JSON.stringify(call.result));
        assert.equal(call.result.structuredContent.user.id, user.id);
        assert.equal(call.result.structuredContent.user.timezone, 'Europe/Berlin');
        assert.match(call.result.content[0].text, /^MCP \d+ \(/);
        assert.ok(raw.stdoutLines.every((l) => JSON.parse(l).jsonrpc === '2.0'), 'stdout carries only JSON-RPC');
      } finally {
        assert.equal(await raw.close(), 0, 'exits 0 when stdin closes');
      }
      assert.ok(!raw.stderr().includes(user.key), 'the key is never logged');
    });
  }

  it('2026-07-28: a raw `server/discover` offers the revision; enveloped tools/list and tools/call work without `initialize`', async () => {
    const raw = new RawSession(env);
    try {
      const discover = await raw.request(1, 'server/discover', { _meta: ENVELOPE });
      assert.equal(discover.error, undefined, JSON.stringify(discover.error));
      assert.ok(discover.result.supportedVersions.includes(MODERN_REVISION), JSON.stringify(discover.result.supportedVersions));
      assert.ok(discover.result.capabilities.tools, 'tools capability');
      assert.match(discover.result.instructions, /read-only/i);
      const list = await raw.request(2, 'tools/list', { _meta: ENVELOPE });
      assert.deepEqual(list.result.tools.map((t: { name: string }) => t.name).sort(), TOOLS);
      for (const t of list.result.tools) {
        assert.equal(t.annotations.readOnlyHint, true, t.name);
        assert.equal(t.annotations.destructiveHint, false, t.name);
        assert.equal(t.outputSchema.type, 'object', t.name);
      }
      const call = await raw.request(3, 'tools/call', { name: 'get_current_user', arguments: {}, _meta: ENVELOPE }, 60_000);
      assert.equal(call.result.isError ?? false, false, JSON.stringify(call.result));
      assert.equal(call.result.structuredContent.user.id, user.id);
      // An initialize-era opening is no longer possible on this connection.
      const late = await raw.request(4, 'initialize', {
        protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'late', version: '0' },
      });
      assert.ok(late.error, 'initialize after a 2026 opening is refused');
    } finally {
      assert.equal(await raw.close(), 0);
    }
    assert.ok(!raw.stderr().includes(user.key));
  });

  it('the SDK client: default (initialize) and pinned 2026-07-28 sessions list the same twelve tools and return the same data', async () => {
    const legacy = await startMcp(env, 'legacy');
    sessions.push(legacy);
    const modern = await startMcp(env, 'modern');
    sessions.push(modern);
    assert.equal(legacy.client.getProtocolEra(), 'legacy');
    assert.equal(legacy.client.getNegotiatedProtocolVersion(), '2025-11-25');
    assert.equal(modern.client.getProtocolEra(), 'modern');
    assert.equal(modern.client.getNegotiatedProtocolVersion(), MODERN_REVISION);
    assert.ok(modern.client.getDiscoverResult(), 'the 2026 session was opened by server/discover');
    const [a, b] = await Promise.all([legacy.client.listTools(), modern.client.listTools()]);
    assert.deepEqual(a.tools.map((t) => t.name).sort(), TOOLS);
    assert.deepEqual(b.tools.map((t) => t.name).sort(), TOOLS);
    assert.deepEqual(b.tools, a.tools, 'identical tool definitions in both eras');
    assert.equal(modern.client.getInstructions(), legacy.client.getInstructions());
    for (const [name, args] of [['get_current_user', {}], ['list_currencies', { query: 'yen' }], ['get_usage', {}]] as const) {
      const [x, y] = [await legacy.call(name, args), await modern.call(name, args)];
      assert.equal(x.isError ?? false, false, name);
      assert.equal(y.isError ?? false, false, name);
      if (name === 'get_usage') {
        assert.equal(y.structuredContent.plan, x.structuredContent.plan);
      } else {
        assert.deepEqual(y.structuredContent, x.structuredContent, name);
        assert.deepEqual(y.content, x.content, name);
      }
    }
    // Tool errors are results in the 2026 era too.
    const bad = await modern.call('get_transaction', { id: '01900000-0000-7000-8000-0000000000ff' });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0]!.text, /Not found/);
  });

  it('the SDK client in `auto` negotiation lands on 2026-07-28', async () => {
    const auto = await startMcp(env, 'auto');
    sessions.push(auto);
    assert.equal(auto.client.getProtocolEra(), 'modern');
    assert.equal((await auto.client.listTools()).tools.length, 12);
  });
});
