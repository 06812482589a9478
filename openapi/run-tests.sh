#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Installs the three npm packages of openapi/ (npm ci, the machine's npm
# config), builds the reference page and the typed client, and runs every
# contract test. Exits with the tests' status.
#
# Needs: PURSE_TEST_DATABASE_URL (a migrated PostgreSQL), the built
# purse-server and purse-admin (PURSE_SERVER_BIN / PURSE_ADMIN_BIN, default
# ../build/), PURSE_CONTRACT_LOG (the exchanges the C++ end-to-end tests
# recorded), and Debian's chromium (CHROMIUM_PATH, default /usr/bin/chromium).
#
# The tests run on the machine's Node (>= 20), then again on the current LTS
# line (PURSE_NODE_LTS in ../deploy/node-versions.sh, 24), fetched as the
# `node` package from the npm registry and cached in PURSE_NODE_CACHE.
# PURSE_OPENAPI_EXTRA_NODE chooses the lines ("" skips them); a version that
# cannot be obtained fails the run with exit status 2.
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
echo "openapi: contract and SDK tests on Node $(node --version) (this machine's)"
node --test --test-concurrency=1 test/*.test.mjs || status=$?
echo "openapi: contract tests on Node $(node --version) exited with $status"

# shellcheck source=SCRIPTDIR/../deploy/node-versions.sh
source ../deploy/node-versions.sh
extra="${PURSE_OPENAPI_EXTRA_NODE-$PURSE_NODE_LTS}"
for v in $extra; do
  if ! bin=$(purse_node_fetch "$v" 'PURSE_OPENAPI_EXTRA_NODE="" skips the other Node versions'); then
    echo "openapi: stopped: Node.js $v is missing" >&2
    exit 2
  fi
  echo "openapi: contract and SDK tests on Node $(purse_node_describe "$bin")"
  # First on PATH: npm (spawned by the SDK test) runs on it too.
  s=0
  PATH="$bin:$PATH" node --test --test-concurrency=1 test/*.test.mjs || s=$?
  echo "openapi: contract tests on Node $("$bin/node" --version) exited with $s"
  [ "$s" = 0 ] || status=$s
done
exit "$status"
