// SPDX-License-Identifier: MIT
// The guard of `npm publish` (prepublishOnly, before the tests): refuses to
// publish unless the package has a scoped name the publisher owns, and
// package.json, server.json and the server's own version agree. In the
// repository the names are placeholders (an unscoped name and example
// namespaces), so publishing as-is fails here: see RELEASING.md.
//
// `releaseProblems` is also used by the unit tests.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME_RE = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const PLACEHOLDER_RE = /example/i;

/** Problems that forbid publishing; `placeholdersOk` skips the ones the repository has on purpose. */
export function releaseProblems(pkg, server, serverVersion, { placeholdersOk = false } = {}) {
  const out = [];
  const npm = (server.packages ?? []).filter((p) => p.registryType === 'npm');
  if (!placeholdersOk) {
    if (!/^@[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/.test(pkg.name ?? ''))
      out.push(`package.json name "${pkg.name}" is not scoped: publish only under a scope you own (@owner/purse-mcp)`);
    if (PLACEHOLDER_RE.test(pkg.mcpName ?? '')) out.push(`mcpName "${pkg.mcpName}" is a placeholder`);
    if (PLACEHOLDER_RE.test(pkg.repository?.url ?? '')) out.push(`repository.url "${pkg.repository?.url}" is a placeholder`);
    if (PLACEHOLDER_RE.test(server.repository?.url ?? '')) out.push(`server.json repository.url "${server.repository?.url}" is a placeholder`);
  }
  if (!pkg.mcpName) out.push('package.json has no mcpName');
  if (!pkg.repository?.url) out.push('package.json has no repository.url');
  if (pkg.repository?.directory !== 'mcp') out.push('package.json repository.directory is not "mcp"');
  if (!NAME_RE.test(server.name ?? '')) out.push(`server.json name "${server.name}" is not namespace/name`);
  if (pkg.mcpName !== server.name) out.push(`mcpName "${pkg.mcpName}" differs from server.json name "${server.name}"`);
  if (typeof server.description !== 'string' || server.description.length < 1 || server.description.length > 100)
    out.push('server.json description must have 1 to 100 characters');
  if (server.version !== pkg.version) out.push(`server.json version ${server.version} differs from package.json ${pkg.version}`);
  if (serverVersion !== pkg.version) out.push(`SERVER_VERSION ${serverVersion} (src/server.ts) differs from package.json ${pkg.version}`);
  if (npm.length !== 1) out.push('server.json must list exactly one npm package');
  for (const p of npm) {
    if (p.identifier !== pkg.name) out.push(`server.json package identifier "${p.identifier}" differs from package.json name "${pkg.name}"`);
    if (p.version !== pkg.version) out.push(`server.json package version ${p.version} differs from ${pkg.version}`);
    if (p.transport?.type !== 'stdio') out.push('server.json package transport must be stdio');
    const env = new Set((p.environmentVariables ?? []).map((e) => e.name));
    for (const v of ['SERVICE_API_BASE_URL', 'SERVICE_API_KEY']) if (!env.has(v)) out.push(`server.json does not list ${v}`);
    if (!(p.environmentVariables ?? []).some((e) => e.name === 'SERVICE_API_KEY' && e.isSecret === true))
      out.push('SERVICE_API_KEY must be isSecret');
  }
  if (!String(pkg.scripts?.prepublishOnly ?? '').includes('npm test')) out.push('prepublishOnly does not run the tests');
  if (pkg.private) out.push('package.json is private');
  return out;
}

/** The version the server announces (SERVER_VERSION in src/server.ts). */
export function serverVersionOf(source) {
  return /export const SERVER_VERSION = '([^']+)'/.exec(source)?.[1] ?? null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..');
  const read = (f) => readFileSync(join(dir, f), 'utf8');
  const problems = releaseProblems(JSON.parse(read('package.json')), JSON.parse(read('server.json')),
    serverVersionOf(read('src/server.ts')));
  if (problems.length > 0) {
    process.stderr.write(`purse-mcp: not publishing (see mcp/RELEASING.md):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exit(1);
  }
  process.stderr.write('purse-mcp: release metadata consistent\n');
}
