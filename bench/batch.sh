#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Bulk writes (issue 28, part 3): 100 transactions as one
# POST /me/transactions/batch against 100 single creates, sequential on one
# connection and CONCURRENCY at once (bench/batch.mjs), ROUNDS rounds in
# alternating order, on a private PostgreSQL cluster.
#   bash bench/batch.sh
# Settings (environment): ROUNDS=10 CONCURRENCY=16 POOL=8 IO_THREADS=2
#   PG_DIR=/tmp/purse-batch-pg PG_PORT=25540 HTTP_PORT=25541
#   BUILD=<repo>/build
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
ROUNDS=${ROUNDS:-10}
CONCURRENCY=${CONCURRENCY:-16}
POOL=${POOL:-8}
IO_THREADS=${IO_THREADS:-2}
PG_DIR=${PG_DIR:-/tmp/purse-batch-pg}
PG_PORT=${PG_PORT:-25540}
HTTP_PORT=${HTTP_PORT:-25541}
BUILD=${BUILD:-$ROOT/build}
BASE="http://127.0.0.1:$HTTP_PORT/api/public/v1"

log() { printf '%s bench: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
json_field() { sed -E "s/.*\"$1\":\"([^\"]*)\".*/\\1/"; }

SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  bash "$ROOT/deploy/pg-local.sh" stop "$PG_DIR" >/dev/null 2>&1 || true
}
trap cleanup EXIT

rm -rf "$PG_DIR"
log "starting PostgreSQL in $PG_DIR on port $PG_PORT"
PURSE_DATABASE_URL=$(timeout 120 bash "$ROOT/deploy/pg-local.sh" start "$PG_DIR" "$PG_PORT")
export PURSE_DATABASE_URL
"$BUILD/purse-admin" migrate >/dev/null
uid=$("$BUILD/purse-admin" user create --email batch@bench.invalid --plan solo | json_field id)
key=$("$BUILD/purse-admin" key create --user "$uid" --days 1 --name bench-batch | json_field secret)

"$BUILD/purse-server" --insecure-http --listen "127.0.0.1:$HTTP_PORT" \
  --db-pool "$POOL" --io-threads "$IO_THREADS" --drain-seconds 2 \
  --read-limit 10000000 --write-limit 10000000 2>"$PG_DIR/server.log" &
SERVER_PID=$!
for _ in $(seq 1 100); do
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$BASE/me/transactions" || true)
  [ "$code" = 401 ] && break
  sleep 0.2
done
account=$(curl -s -X POST -H "Authorization: Bearer $key" \
  -H 'Content-Type: application/json' \
  -d '{"name":"Bench","type":"checking","currency_code":"USD"}' \
  "$BASE/me/accounts" | sed -E 's/.*"data":\{"id":"([^"]*)".*/\1/')
log "nproc $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg); $ROUNDS rounds"
node "$HERE/batch.mjs" "$BASE" "$key" "$account" "$ROUNDS" "$CONCURRENCY"
