#!/usr/bin/env bash
# Installs the three npm packages of openapi/ (npm ci, the machine's npm
# config), builds the reference page and the typed client, and runs every
# contract test. Exits with the tests' status.
#
# Needs: PURSE_TEST_DATABASE_URL (a migrated PostgreSQL), the built
# purse-server and purse-admin (PURSE_SERVER_BIN / PURSE_ADMIN_BIN, default
# ../build/), PURSE_CONTRACT_LOG (the exchanges the C++ end-to-end tests
# recorded), and Debian's chromium (CHROMIUM_PATH, default /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
export PURSE_SERVER_BIN="${PURSE_SERVER_BIN:-$here/../build/purse-server}"
export PURSE_ADMIN_BIN="${PURSE_ADMIN_BIN:-$here/../build/purse-admin}"

for pkg in . docs client; do
  echo "openapi: npm ci in $pkg"
  (cd "$pkg" && npm ci --no-audit --no-fund)
done
echo "openapi: building the reference page"
(cd docs && npm run build)
echo "openapi: building the client"
(cd client && npm run build)

# Nothing under openapi/ (but node_modules) may name a package registry.
if grep -rIl --exclude-dir=node_modules -E 'registry\.(npmjs|yarnpkg)|npmjs\.(org|com)' . ; then
  echo "openapi: a registry host name is written in the files above" >&2
  exit 1
fi

mkdir -p test-artifacts
status=0
node --test --test-concurrency=1 test/*.test.mjs || status=$?
echo "openapi: contract tests exited with $status"
exit "$status"
