// SPDX-License-Identifier: MIT
// The agent skill (skill/SKILL.md) names only what exists: its front matter
// follows the Agent Skills format, every tool it names is in the server's
// tools/list, every argument of its JSON examples is an argument of that
// tool, and every REST endpoint and query parameter of its curl examples is
// a GET operation (and its parameter) of openapi/openapi.json.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { RawSession } from './support/mcp.js';
import { MCP_DIR } from './support/purse.js';

const SKILL = readFileSync(resolve(MCP_DIR, 'skill', 'SKILL.md'), 'utf8');
const OPENAPI = JSON.parse(readFileSync(resolve(MCP_DIR, '..', 'openapi', 'openapi.json'), 'utf8'));
const TOOL_RE = /^(get|list|search)_[a-z_]+$/;

/** The GET operation of `path` (concrete, e.g. /me/transactions/abc) in the OpenAPI document, with its query parameters. */
function getOperation(path: string): { template: string; query: string[] } | null {
  for (const [template, item] of Object.entries<any>(OPENAPI.paths)) {
    const re = new RegExp('^' + template.replace(/\{[^}]+\}/g, '[^/]+') + '$');
    if (!re.test(path) || !item.get) continue;
    const params = [...(item.parameters ?? []), ...(item.get.parameters ?? [])].map((p: any) =>
      p.$ref ? OPENAPI.components.parameters[p.$ref.split('/').pop()] : p);
    return { template, query: params.filter((p: any) => p.in === 'query').map((p: any) => p.name) };
  }
  return null;
}

describe('the agent skill', () => {
  let tools: Map<string, string[]>;

  before(async () => {
    const raw = new RawSession({ SERVICE_API_BASE_URL: 'http://127.0.0.1:9', SERVICE_API_KEY: 'purse_abcdefghijkl_notARealKeyButLongEnough123456' });
    try {
      await raw.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } });
      raw.notify('notifications/initialized');
      const list = (await raw.request(2, 'tools/list', {})).result.tools;
      tools = new Map(list.map((t: any) => [t.name, Object.keys(t.inputSchema.properties ?? {})]));
    } finally {
      await raw.close();
    }
  });

  it('has Agent Skills front matter: a name, and a description saying what it does and when to use it', () => {
    const m = /^---\n([\s\S]*?)\n---\n/.exec(SKILL);
    assert.ok(m, 'front matter');
    const fields = Object.fromEntries(m[1]!.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
    assert.match(fields.name!, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(fields.name!.length <= 64);
    assert.ok(fields.description && fields.description.length <= 1024, 'description of at most 1024 characters');
    assert.match(fields.description!, /Use it when/);
  });

  it('names only tools the server lists, and every one of the twelve', () => {
    const named = new Set([...SKILL.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!).filter((w) => TOOL_RE.test(w)));
    const unknown = [...named].filter((t) => !tools.has(t));
    assert.deepEqual(unknown, [], 'tools the server does not have');
    assert.deepEqual([...tools.keys()].filter((t) => !named.has(t)), [], 'tools the skill never mentions');
  });

  it('every argument of its examples is an argument of that tool', () => {
    const examples = [...SKILL.matchAll(/`([a-z_]+)`\s*`(\{[^`]*\})`/g)];
    assert.ok(examples.length >= 7, `examples found: ${examples.length}`);
    for (const [, tool, json] of examples) {
      assert.ok(tools.has(tool!), tool);
      const args = JSON.parse(json!);
      for (const k of Object.keys(args)) assert.ok(tools.get(tool!)!.includes(k), `${tool}: no argument "${k}"`);
    }
    // Arguments named on their own in the text exist on some tool.
    const all = new Set([...tools.values()].flat());
    for (const a of ['team', 'account', 'category', 'tag', 'from', 'to', 'period', 'timezone', 'month', 'limit', 'cursor',
      'currency', 'include_voided', 'min_amount', 'flow_type', 'text', 'interval', 'sort'])
      assert.ok(all.has(a), a);
  });

  it('every REST endpoint and query parameter it names is a GET of the OpenAPI document', () => {
    const calls = [...SKILL.matchAll(/api '([^']+)'/g)].map((m) => m[1]!);
    const mentioned = [...SKILL.matchAll(/`GET (\/[^`\s]+)`/g)].map((m) => m[1]!);
    assert.ok(calls.length >= 7 && mentioned.length >= 5, `${calls.length} calls, ${mentioned.length} mentions`);
    for (const c of [...calls, ...mentioned]) {
      const url = new URL(c.replace(/<[^>]+>/g, 'x'), 'https://purse.invalid');
      const op = getOperation(url.pathname);
      assert.ok(op, `no GET ${url.pathname} in openapi.json`);
      for (const name of url.searchParams.keys()) assert.ok(op.query.includes(name), `GET ${op.template}: no query parameter "${name}"`);
    }
    const txParams = getOperation('/me/transactions')!.query;
    for (const p of ['account_id', 'category_id', 'tag_id', 'flow_type', 'min_amount', 'max_amount', 'currency_code', 'include_voided'])
      assert.ok(txParams.includes(p), p);
  });
});
