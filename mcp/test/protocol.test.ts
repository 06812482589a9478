// SPDX-License-Identifier: MIT
// JSON-RPC over stdio, byte for byte, against the real server: malformed
// JSON, a message that is not JSON-RPC 2.0 and a batch each get the error
// JSON-RPC 2.0 names; requests before `initialize` are refused; and calls
// still in flight when stdin closes are answered before the process exits.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runBin } from './support/mcp.js';
import { makeUser, PurseServer, type TestUser } from './support/purse.js';

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } };
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
const lines = (...msgs: unknown[]) => msgs.map((m) => (typeof m === 'string' ? m : JSON.stringify(m)) + '\n').join('');
const parse = (stdout: string) => stdout.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

describe('JSON-RPC over stdio', () => {
  let server: PurseServer;
  let user: TestUser;
  let env: Record<string, string>;

  before(async () => {
    server = await PurseServer.start();
    user = await makeUser('solo', 'UTC');
    env = { SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: user.key, LOG_LEVEL: 'warn' };
  });
  after(async () => {
    await server?.stop();
  });

  it('calls in flight when stdin closes are answered before the process exits 0 (3 runs of 3)', async () => {
    for (let run = 0; run < 3; run++) {
      const r = await runBin(env, lines(INIT, INITIALIZED,
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_current_user', arguments: {} } },
        { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'search_transactions', arguments: { limit: 5 } } }), 40_000);
      assert.equal(r.code, 0, r.stderr);
      const byId = new Map(parse(r.stdout).map((m) => [m.id, m]));
      assert.deepEqual([...byId.keys()].sort(), [1, 2, 3, 4], `run ${run}: ${r.stdout.slice(0, 500)}`);
      assert.equal(byId.get(3).result.structuredContent.user.id, user.id);
      assert.equal(byId.get(4).result.isError ?? false, false);
    }
  });

  it('malformed JSON gets -32700 Parse error with id null; the session goes on', async () => {
    const r = await runBin(env, lines('{"jsonrpc": "2.0", "id": 7, "method": "tools/list"', INIT));
    const msgs = parse(r.stdout);
    const parseError = msgs.find((m) => m.error?.code === -32700);
    assert.ok(parseError, r.stdout);
    assert.equal(parseError.id, null);
    assert.equal(parseError.jsonrpc, '2.0');
    assert.ok(msgs.some((m) => m.id === 1 && m.result?.serverInfo?.name === 'purse-mcp'), 'still serves after it');
  });

  it('a message without "jsonrpc": "2.0" gets -32600 Invalid Request (with its id)', async () => {
    const r = await runBin(env, lines(INIT, INITIALIZED, { id: 8, method: 'tools/list', params: {} },
      { jsonrpc: '1.0', id: 9, method: 'tools/list' }, { jsonrpc: '2.0', id: 10, method: 42 }, 'null', '"text"'));
    const errs = parse(r.stdout).filter((m) => m.error);
    assert.deepEqual(errs.map((m) => [m.id, m.error.code]), [[8, -32600], [9, -32600], [10, -32600], [null, -32600], [null, -32600]],
      r.stdout);
    for (const m of errs) assert.equal(m.jsonrpc, '2.0');
  });

  it('a batch (JSON array) gets one -32600 that says batches are not supported; an empty one too', async () => {
    const r = await runBin(env, lines(INIT, INITIALIZED, [{ jsonrpc: '2.0', id: 11, method: 'tools/list' }], []));
    const errs = parse(r.stdout).filter((m) => m.error);
    assert.equal(errs.length, 2, r.stdout);
    for (const m of errs) {
      assert.equal(m.id, null);
      assert.equal(m.error.code, -32600);
    }
    assert.match(errs[0].error.message, /batch/i);
    assert.ok(!parse(r.stdout).some((m) => m.id === 11), 'the batch\'s request is not answered as if sent alone');
  });

  it('tools/list and tools/call before initialize are refused; ping is answered; initialize then works', async () => {
    const r = await runBin(env, lines(
      { jsonrpc: '2.0', id: 20, method: 'tools/list', params: {} },
      { jsonrpc: '2.0', id: 21, method: 'tools/call', params: { name: 'get_current_user', arguments: {} } },
      { jsonrpc: '2.0', id: 22, method: 'ping' },
      INIT, INITIALIZED,
      { jsonrpc: '2.0', id: 23, method: 'tools/list', params: {} }), 30_000);
    const byId = new Map(parse(r.stdout).map((m) => [m.id, m]));
    for (const id of [20, 21]) {
      assert.equal(byId.get(id)?.error?.code, -32600, r.stdout);
      assert.match(byId.get(id).error.message, /initialize/);
      assert.equal(byId.get(id).result, undefined);
    }
    assert.deepEqual(byId.get(22)?.result, {});
    assert.equal(byId.get(1)?.result?.serverInfo?.name, 'purse-mcp');
    assert.equal(byId.get(23)?.result?.tools?.length, 12);
  });
});
