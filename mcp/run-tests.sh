#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
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
# Then runs the same tests on the other supported Node.js lines (the LTS line
# and the newest, 24 and 26, by default; PURSE_MCP_EXTRA_NODE), fetched as the
# `node` package by ../deploy/node-versions.sh.
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

# shellcheck source=SCRIPTDIR/../deploy/node-versions.sh
source ../deploy/node-versions.sh

# The MCP Inspector's CLI checks the tool schemas' portability (--strict,
# test/schemas.test.ts). It needs Node >= 22.19, so it runs on the LTS line
# fetched above, and is installed (pinned) into the same cache, outside the
# package and its lock file. PURSE_MCP_INSPECTOR="" skips that one test;
# an Inspector that cannot be obtained fails the run.
INSPECTOR_VERSION=2.12.0
if [ -z "${PURSE_MCP_INSPECTOR+set}" ]; then
  cache="${PURSE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/purse-node}"
  idir="$cache/inspector-$INSPECTOR_VERSION"
  if ! inode=$(purse_node_fetch "$PURSE_NODE_LTS" 'PURSE_MCP_INSPECTOR="" skips the Inspector check'); then
    echo "mcp/run-tests.sh: stopped: Node.js $PURSE_NODE_LTS (for the MCP Inspector) is missing" >&2
    exit 2
  fi
  if [ ! -x "$idir/node_modules/.bin/mcp-inspector" ] &&
     ! npm install --prefix "$idir" --prefer-offline --no-audit --no-fund \
         "@modelcontextprotocol/inspector@$INSPECTOR_VERSION" >"$idir.log" 2>&1; then
    echo "mcp/run-tests.sh: could not install the MCP Inspector $INSPECTOR_VERSION (see $idir.log);" \
         'PURSE_MCP_INSPECTOR="" skips its check' >&2
    exit 2
  fi
  export PURSE_MCP_INSPECTOR="$idir/node_modules/.bin/mcp-inspector"
  export PURSE_MCP_INSPECTOR_NODE="$inode/node"
fi

echo "mcp: tests on Node $(node --version) (this machine's)"
npm test

# The same suite on the other Node.js lines the README promises (default:
# the LTS line and the newest, 24 and 26, from ../deploy/node-versions.sh),
# fetched as the `node` package from the npm registry and cached in
# PURSE_NODE_CACHE. PURSE_MCP_EXTRA_NODE="" skips this; a version that
# cannot be obtained fails the run (it is not silently left out).
extra="${PURSE_MCP_EXTRA_NODE-$PURSE_NODE_LTS $PURSE_NODE_NEWEST}"
for v in $extra; do
  if ! bin=$(purse_node_fetch "$v" 'PURSE_MCP_EXTRA_NODE="" skips the other Node versions'); then
    echo "mcp/run-tests.sh: stopped: Node.js $v is missing" >&2
    exit 2
  fi
  echo "mcp: tests on Node $(purse_node_describe "$bin")"
  # First on PATH: the spawned bins, npm and the installed package all run on it.
  PATH="$bin:$PATH" node --test --test-concurrency=1 --test-timeout=300000 dist-test/test/*.test.js
done
