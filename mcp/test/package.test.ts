// SPDX-License-Identifier: MIT
// The install path the README gives: `npm pack` makes a tarball that
// installs with `npm install -g --prefix <dir>` (no repository, no dev
// dependencies), whose bin answers --help and serves a real session against
// the real server. And the release metadata: package.json, server.json and
// the server's version agree, the MIT licence ships, and publishing from the
// repository as it is (unscoped name, placeholder namespaces) is refused.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SERVER_VERSION } from '../src/server.js';
import { makeUser, MCP_DIR, PurseServer } from './support/purse.js';

const read = (f: string) => readFileSync(join(MCP_DIR, f), 'utf8');

describe('release metadata', () => {
  const pkg = JSON.parse(read('package.json'));
  const server = JSON.parse(read('server.json'));
  const guard = () => import(pathToFileURL(join(MCP_DIR, 'scripts', 'check-release.mjs')).href);

  it('package.json, server.json and SERVER_VERSION agree; licence, repository, prepublishOnly, mcpName are set', async () => {
    const { releaseProblems, serverVersionOf } = await guard();
    assert.equal(serverVersionOf(read('src/server.ts')), SERVER_VERSION);
    assert.deepEqual(releaseProblems(pkg, server, SERVER_VERSION, { placeholdersOk: true }), []);
    assert.equal(pkg.license, 'MIT');
    assert.match(read('LICENSE'), /^MIT License\n\nCopyright \(c\) \d{4} Purse contributors/);
    assert.deepEqual(pkg.files.sort(), ['LICENSE', 'README.md', 'dist']);
    assert.equal(server.$schema, 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
  });

  it('publishing the repository as it is would be refused (unscoped name, placeholders)', async () => {
    const { releaseProblems } = await guard();
    const problems: string[] = releaseProblems(pkg, server, SERVER_VERSION);
    assert.ok(problems.some((p) => /not scoped/.test(p)), problems.join('; '));
    assert.ok(problems.some((p) => /mcpName .* placeholder/.test(p)), problems.join('; '));
    const r = spawnSync(process.execPath, [join(MCP_DIR, 'scripts', 'check-release.mjs')], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /not publishing \(see mcp\/RELEASING\.md\)/);
  });

  it('a release as RELEASING.md describes it passes the guard, and a mismatch does not', async () => {
    const { releaseProblems } = await guard();
    const name = 'io.github.someone/purse-mcp';
    const good = {
      ...pkg, name: '@someone/purse-mcp', version: '0.2.0', mcpName: name,
      repository: { type: 'git', url: 'git+https://github.com/someone/purse.git', directory: 'mcp' },
    };
    const goodServer = {
      ...server, name, version: '0.2.0',
      repository: { url: 'https://github.com/someone/purse', source: 'github', subfolder: 'mcp' },
      packages: [{ ...server.packages[0], identifier: '@someone/purse-mcp', version: '0.2.0' }],
    };
    assert.deepEqual(releaseProblems(good, goodServer, '0.2.0'), []);
    assert.ok(releaseProblems(good, goodServer, '0.1.0').some((p: string) => /SERVER_VERSION/.test(p)));
    assert.ok(releaseProblems({ ...good, mcpName: 'io.github.other/purse-mcp' }, goodServer, '0.2.0').some((p: string) => /differs from server.json name/.test(p)));
    assert.ok(releaseProblems(good, { ...goodServer, packages: [{ ...goodServer.packages[0], identifier: 'purse-mcp' }] }, '0.2.0')
      .some((p: string) => /identifier/.test(p)));
  });

  it('no document of mcp/ tells anyone to run a package from a registry', () => {
    for (const f of ['README.md', 'RELEASING.md']) {
      const text = read(f);
      assert.doesNotMatch(text, /npx\s+(-y\s+)?purse-mcp|purse-mcp@\d/, f);
      assert.doesNotMatch(text, /registry\.(npmjs|yarnpkg)|npmjs\.(org|com)/, f);
    }
  });
});

describe('npm pack → npm install -g --prefix → the installed bin', () => {
  let dir: string;
  let server: PurseServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'purse-mcp-pack-'));
    server = await PurseServer.start();
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('packs dist, README and LICENSE only; installs without the repository; --help; serves a session', async () => {
    const npm = (args: string[], cwd: string) => {
      const r = spawnSync('npm', args, { cwd, encoding: 'utf8', timeout: 240_000 });
      assert.equal(r.status, 0, `npm ${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    npm(['pack', '--pack-destination', dir], MCP_DIR);
    const tgz = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
    assert.deepEqual(tgz, [`purse-mcp-${SERVER_VERSION}.tgz`]);
    const listing = spawnSync('tar', ['-tzf', join(dir, tgz[0]!)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    assert.ok(listing.includes('package/dist/index.js') && listing.includes('package/LICENSE') && listing.includes('package/README.md'), listing.join(', '));
    assert.ok(!listing.some((f) => /^package\/(src|test|dist-test|scripts|node_modules)\//.test(f)), listing.join(', '));

    const prefix = join(dir, 'prefix');
    npm(['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', join(dir, tgz[0]!)], dir);
    const bin = join(prefix, 'bin', 'purse-mcp');
    assert.ok(existsSync(bin), `${bin} was not installed`);
    assert.ok(!existsSync(join(prefix, 'lib', 'node_modules', 'purse-mcp', 'node_modules', '@purse')), 'no dev dependency installed');

    const help = spawnSync(bin, ['--help'], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stderr, new RegExp(`^purse-mcp ${SERVER_VERSION.replace(/\./g, '\\.')} — read-only MCP tool server`));
    assert.equal(help.stdout, '', 'stdout is the protocol\'s');

    const user = await makeUser('solo');
    const transport = new StdioClientTransport({
      command: bin, args: [],
      env: { PATH: process.env.PATH ?? '', SERVICE_API_BASE_URL: server.origin, SERVICE_API_KEY: user.key },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'package-test', version: '0' });
    await client.connect(transport);
    try {
      const r = (await client.callTool({ name: 'get_current_user', arguments: {} })) as { isError?: boolean; structuredContent?: any };
      assert.ok(!r.isError, JSON.stringify(r));
      assert.equal(r.structuredContent.user.id, user.id);
    } finally {
      await client.close();
    }
  });
});
