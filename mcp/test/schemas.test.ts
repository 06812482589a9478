// SPDX-License-Identifier: MIT
// Portable tool schemas: no `type` written as an array (["string", "null"]),
// which clients that map schemas onto a single-type dialect reject; nullable
// values are written as `anyOf` branches of one type each. Checked on the
// tools/list the bin serves over stdio, and with the MCP Inspector's CLI in
// --strict mode (PURSE_MCP_INSPECTOR, set by run-tests.sh; it needs Node
// >= 22.19, PURSE_MCP_INSPECTOR_NODE).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { BIN, RawSession } from './support/mcp.js';

const ENV = { SERVICE_API_BASE_URL: 'http://127.0.0.1:9', SERVICE_API_KEY: 'purse_abcdefghijkl_notARealKeyButLongEnough123456' };

/** Paths of every `type` that is an array, anywhere in a schema. */
function arrayTypes(schema: unknown, path = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => arrayTypes(s, `${path}[${i}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'type' && Array.isArray(v)) out.push(`${path}.type=${JSON.stringify(v)}`);
    else out.push(...arrayTypes(v, `${path}.${k}`));
  }
  return out;
}

describe('portable tool schemas', () => {
  it('no input or output schema of the twelve tools writes `type` as an array', async () => {
    const raw = new RawSession(ENV);
    let tools: any[];
    try {
      await raw.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } });
      raw.notify('notifications/initialized');
      tools = (await raw.request(2, 'tools/list', {})).result.tools;
    } finally {
      await raw.close();
    }
    assert.equal(tools.length, 12);
    const found = tools.flatMap((t) => [
      ...arrayTypes(t.inputSchema, `${t.name}.inputSchema`), ...arrayTypes(t.outputSchema, `${t.name}.outputSchema`)]);
    assert.deepEqual(found, []);
    // Nullable values are still nullable: as anyOf branches.
    const search = tools.find((t) => t.name === 'search_transactions');
    assert.deepEqual(search.outputSchema.properties.next_cursor.anyOf.map((b: any) => b.type).sort(), ['null', 'string']);
  });

  it('the MCP Inspector CLI, --strict: tools/list exits 0 with no portability warning', async (t) => {
    const inspector = process.env.PURSE_MCP_INSPECTOR;
    const node = process.env.PURSE_MCP_INSPECTOR_NODE ?? process.execPath;
    if (!inspector) {
      t.skip('PURSE_MCP_INSPECTOR is not set (run-tests.sh installs the Inspector and sets it)');
      return;
    }
    const args = [inspector, '--cli', '--strict', '-e', `SERVICE_API_BASE_URL=${ENV.SERVICE_API_BASE_URL}`,
      '-e', `SERVICE_API_KEY=${ENV.SERVICE_API_KEY}`, '-e', 'LOG_LEVEL=silent', '--method', 'tools/list', '--', process.execPath, BIN];
    const r = await new Promise<{ code: number; stdout: string; stderr: string }>((res) => {
      execFile(node, args, { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (e, stdout, stderr) =>
        res({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, stdout, stderr }));
    });
    assert.equal(r.code, 0, r.stderr.slice(0, 2000));
    assert.equal(JSON.parse(r.stdout).tools.length, 12);
    assert.doesNotMatch(r.stderr, /Warning|Error|portab/i, r.stderr.slice(0, 2000));
  });
});
