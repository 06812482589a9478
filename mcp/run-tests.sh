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
npm test
