#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the whole test suite on a fresh machine: installs dependencies, builds,
# starts a throw-away private PostgreSQL cluster, migrates it, runs ctest.
# The cluster is stopped and deleted on exit, whatever happened.
#
#   deploy/test.sh                 everything
#   deploy/test.sh -R store -V     extra arguments go to ctest
#
# ctest includes the operator checks (tests/ops/): the systemd unit under
# systemd-analyze, and a backup/restore round trip with pg_dump/pg_restore.
#
# Then the Node.js suites: openapi/run-tests.sh (contract tests against the
# document, fed with every exchange the C++ end-to-end tests made) and
# tests/browser/run-tests.sh (the developer settings page in headless
# Chromium) and mcp/run-tests.sh (the MCP tool server over stdio). Exits non-zero if any
# phase failed.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

phase() { printf '\n==== %s ====\n' "$*"; }

# Something accepts connections on 127.0.0.1:PORT (or ss says it listens).
# bash's /dev/tcp needs no extra package; ss (iproute2) may be absent.
port_in_use() {
  if command -v ss >/dev/null 2>&1 \
     && [ -n "$(ss -Hltn "sport = :$1" 2>/dev/null)" ]; then
    return 0
  fi
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

phase "Dependencies"
bash deploy/install-deps.sh test

phase "Format (.clang-format)"
bash deploy/check-format.sh

phase "Build"
# PURSE_SANITIZE=1 builds a Debug tree with ASan and UBSan in build-asan and
# runs the same suite on it (reports also go to $BUILD/sanitizer/).
if [ "${PURSE_SANITIZE:-0}" = 1 ]; then
  BUILD=${PURSE_BUILD_DIR:-build-asan}
  cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Debug -DPURSE_SANITIZE=ON -DBUILD_TESTING=ON
  mkdir -p "$BUILD/sanitizer"
  export ASAN_OPTIONS="log_path=$PWD/$BUILD/sanitizer/asan:detect_leaks=1"
  export UBSAN_OPTIONS="log_path=$PWD/$BUILD/sanitizer/ubsan:print_stacktrace=1:suppressions=$PWD/deploy/ubsan.supp"
else
  BUILD=${PURSE_BUILD_DIR:-build}
  cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=ON
fi
cmake --build "$BUILD" -j"$(nproc)"

phase "Database (throw-away private cluster)"
PG_DIR=$(mktemp -d /tmp/purse-test-pg.XXXXXX)
# shellcheck disable=SC2317  # only called through the EXIT trap
cleanup() {
  bash deploy/pg-local.sh stop "$PG_DIR" || true
  rm -rf "$PG_DIR"
}
trap cleanup EXIT

# First free port from 56000 up. Another run may grab the same port between
# the check and the start, so a failed start moves on to the next port.
url="" port=56000 failures=0
while [ -z "$url" ]; do
  [ "$port" -le 56999 ] || { echo "test: no free port in 56000-56999" >&2; exit 1; }
  if ! port_in_use "$port"; then
    if url=$(bash deploy/pg-local.sh start "$PG_DIR" "$port"); then break; fi
    url=""
    failures=$((failures + 1))
    [ "$failures" -lt 5 ] || { echo "test: the cluster failed to start 5 times" >&2; exit 1; }
  fi
  port=$((port + 1))
done
export PURSE_TEST_DATABASE_URL=$url
# The suites run several servers on one database on purpose; outside the
# tests a second server alone refuses to start (README, Cluster).
export PURSE_ALLOW_SHARED_DATABASE=1
# Test clients fire hundreds of requests at once, all from 127.0.0.1: no
# per-address connection cap (tests/e2e/gate_test.cpp checks the cap).
export PURSE_MAX_CONNECTIONS_PER_ADDRESS=0
# The servers the tests start hold 8 database connections each, whatever
# the machine's cores (the default follows them: tests/unit covers it), so
# four cluster nodes stay well under the test cluster's max_connections.
export PURSE_DB_POOL=${PURSE_DB_POOL:-8}
echo "PostgreSQL on 127.0.0.1:$port, data in $PG_DIR"

phase "Migrate"
PURSE_DATABASE_URL=$PURSE_TEST_DATABASE_URL "$BUILD/purse-admin" migrate

phase "C++ tests (ctest)"
status=0
# Every exchange of the end-to-end suites, for the contract tests below.
export PURSE_CONTRACT_LOG=$PG_DIR/contract-exchanges.jsonl
: >"$PURSE_CONTRACT_LOG"
ctest --test-dir "$BUILD" --output-on-failure --no-tests=error "$@" || status=$?
if [ "${PURSE_SANITIZE:-0}" = 1 ] && [ -n "$(ls -A "$BUILD/sanitizer")" ]; then
  echo "test: sanitizer reports in $BUILD/sanitizer:" >&2
  cat "$BUILD"/sanitizer/* >&2
  status=1
fi

phase "Contract tests (openapi/: the document, the reference page, recorded exchanges, fuzzing)"
node_ok=1
if ! command -v node >/dev/null 2>&1 \
   || [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  echo "test: Node.js >= 20 with npm is needed for the contract and MCP tests" >&2
  node_ok=0
  status=1
fi
export PURSE_SERVER_BIN=$PWD/$BUILD/purse-server PURSE_ADMIN_BIN=$PWD/$BUILD/purse-admin
if [ "$node_ok" = 1 ]; then
  bash openapi/run-tests.sh || status=1
fi

phase "Developer settings page in headless Chromium (tests/browser/)"
if [ "$node_ok" = 1 ]; then
  bash tests/browser/run-tests.sh || status=1
fi
phase "MCP tool server tests (mcp/)"
if [ "$node_ok" = 1 ]; then
  bash mcp/run-tests.sh || status=1
fi

phase "Done: exit status $status"
exit "$status"
