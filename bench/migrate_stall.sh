#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What `purse-admin migrate` costs a server that serves (docs/BENCHMARKS.md,
# "Migrations against a serving database"):
#
#   PURSE_DATABASE_URL=postgresql://… bash bench/migrate_stall.sh ADMIN
#
# Starts BUILD's purse-server (default <repo>/build) on the migrated
# database, POSTs transactions at CONNS connections (8) for DURATION
# seconds (14), rotating over 64 writers of its own, and runs ADMIN's
# `migrate` MIGRATE_AT seconds (4) into the load. Prints how long the
# migration took and wrk's RESULT line (p50, p90, p99, max, statuses): a
# create that waits for the migration shows in the tail, one it fails in
# the statuses. The migration's cost grows with the database: say how
# many transactions it holds when you quote the figures.
set -euo pipefail

ADMIN=${1:?usage: migrate_stall.sh PURSE_ADMIN_BINARY}
URL=${PURSE_DATABASE_URL:?set PURSE_DATABASE_URL}
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-$HERE/../build}
CONNS=${CONNS:-8}
DURATION=${DURATION:-14}
MIGRATE_AT=${MIGRATE_AT:-4}
PORT=${PORT:-25698}
OUT=${OUT:-$(mktemp -d /tmp/purse-migrate-stall.XXXXXX)}
mkdir -p "$OUT"
export PURSE_DATABASE_URL=$URL

if [ ! -s "$OUT/writers.txt" ]; then
  bash "$HERE/make_writers.sh" "$BUILD/purse-admin" stall "$OUT/writers.txt"
fi

"$BUILD/purse-server" --insecure-http --listen "127.0.0.1:$PORT" \
  --read-limit 10000000 --write-limit 10000000 >"$OUT/server.log" 2>&1 &
server=$!
# The server lets go of the database when it has stopped: wait for it, so a
# run right after this one can start its own.
trap 'kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true' EXIT
ready=0
for _ in $(seq 1 100); do
  if curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then
    ready=1
    break
  fi
  sleep 0.1
done
if [ "$ready" != 1 ]; then
  echo "the server did not become ready; its log:" >&2
  cat "$OUT/server.log" >&2
  exit 1
fi
echo "transactions in the database: $(psql "$URL" -X -qAt -c \
  'SELECT count(*) FROM transactions')"
BENCH_KEYS="$OUT/writers.txt" wrk -t2 -c"$CONNS" -d"${DURATION}s" \
  --timeout 30s --latency -s "$HERE/create.lua" \
  "http://127.0.0.1:$PORT/api/public/v1/me/transactions" >"$OUT/wrk.txt" 2>&1 &
load=$!
sleep "$MIGRATE_AT"
start=$(date +%s%N)
"$ADMIN" migrate >/dev/null
end=$(date +%s%N)
echo "migrate took $(((end - start) / 1000000)) ms"
wait "$load"
grep '^RESULT' "$OUT/wrk.txt"
grep -c '"event":"db_unavailable"' "$OUT/server.log" \
  | sed 's/^/server log db_unavailable lines: /' || true
