#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Backup and restore as docs/OPERATIONS.md tells operators to do it: a
# database seeded through the real purse-server (and `purse-admin demo
# seed`) is dumped with pg_dump, restored into a new database with
# pg_restore, and a server on the restored database must answer every
# report, every account (its balance) and the transaction list exactly as
# the original did.
#
# Needs PURSE_TEST_DATABASE_URL (a role that may create databases),
# PURSE_SERVER_BIN and PURSE_ADMIN_BIN (ctest sets them: ctest -R ops.backup).
set -euo pipefail

: "${PURSE_TEST_DATABASE_URL:?set PURSE_TEST_DATABASE_URL}"
: "${PURSE_SERVER_BIN:?set PURSE_SERVER_BIN}"
: "${PURSE_ADMIN_BIN:?set PURSE_ADMIN_BIN}"
PG_BIN=${PURSE_PG_BINDIR:-/usr/lib/postgresql/15/bin}
[ -x "$PG_BIN/pg_dump" ] || PG_BIN=$(dirname "$(command -v pg_dump)")

work=$(mktemp -d /tmp/purse-backup-test.XXXXXX)
base=${PURSE_TEST_DATABASE_URL%/*}
src_db=purse_backup_src_$$
dst_db=purse_backup_dst_$$
src=$base/$src_db
dst=$base/$dst_db
server_pid=""

say() { echo "backup_restore: $*" >&2; }
sql() { psql -X -q -v ON_ERROR_STOP=1 "$PURSE_TEST_DATABASE_URL" -c "$1" >/dev/null; }

# shellcheck disable=SC2317  # called through the EXIT trap
cleanup() {
  stop_server
  sql "DROP DATABASE IF EXISTS $src_db" || true
  sql "DROP DATABASE IF EXISTS $dst_db" || true
  rm -rf "$work"
}
trap cleanup EXIT

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start_server() { # DATABASE_URL LOG
  local p
  for p in $(shuf -i 19000-19099 -n 100); do
    port_free "$p" && break
  done
  port=$p
  PURSE_DATABASE_URL=$1 "$PURSE_SERVER_BIN" --insecure-http \
    --listen "127.0.0.1:$port" --read-limit 100000 --write-limit 100000 \
    2>"$2" &
  server_pid=$!
  for _ in $(seq 100); do
    if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then return 0; fi
    kill -0 "$server_pid" 2>/dev/null || { cat "$2" >&2; return 1; }
    sleep 0.1
  done
  say "the server did not become ready"
  cat "$2" >&2
  return 1
}

stop_server() {
  if [ -n "$server_pid" ]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}

api() { # METHOD PATH [BODY]
  local body=()
  [ $# -lt 3 ] || body=(-H "Content-Type: application/json" --data "$3")
  curl -sS -X "$1" -H "Authorization: Bearer $key" -H "Accept: application/json" \
    "${body[@]}" "http://127.0.0.1:$port/api/public/v1$2"
}

# The first string field NAME of a JSON text.
field() { grep -o "\"$2\":\"[^\"]*\"" <<<"$1" | head -n 1 | cut -d'"' -f4; }

# Every answer the comparison covers, one per line.
snapshot() {
  local month from to accounts id
  month=$(date -u +%Y-%m)
  from=$(date -u -d "$(date -u +%Y-%m-01) -3 months" +%Y-%m-%d)
  to=$(date -u +%Y-%m-%d)
  api GET "/me/reports/total-spending?from=$from&to=$to"; echo
  api GET "/me/reports/categories-spending?from=$from&to=$to"; echo
  api GET "/me/reports/spending-trends?from=$from&to=$to&interval=week"; echo
  api GET "/me/reports/spending-trends?from=$from&to=$to&interval=month"; echo
  api GET "/me/reports/dashboard?month=$month"; echo
  api GET "/me/transactions?per_page=100&include_voided=true"; echo
  accounts=$(api GET "/me/accounts?per_page=100")
  echo "$accounts"
  for id in $(grep -o '"id":"[^"]*"' <<<"$accounts" | cut -d'"' -f4); do
    api GET "/me/accounts/$id"; echo
  done
}

say "seeding $src_db"
sql "CREATE DATABASE $src_db"
PURSE_DATABASE_URL=$src "$PURSE_ADMIN_BIN" migrate >/dev/null
export PURSE_DATABASE_URL=$src
user=$(field "$("$PURSE_ADMIN_BIN" user create --email "backup$$@test.purse" \
                 --plan solo --currency EUR --timezone Europe/Berlin)" id)
"$PURSE_ADMIN_BIN" demo seed --user "$user" >/dev/null
key=$(field "$("$PURSE_ADMIN_BIN" key create --user "$user" --name backup)" secret)
unset PURSE_DATABASE_URL
start_server "$src" "$work/src.log"
# Writes through the API on top of the demo data: a new account, category,
# tag, an expense, an income, a transfer, and a voided and an edited one.
acct=$(field "$(api POST /me/accounts '{"name":"Wallet","type":"cash","currency_code":"EUR","opening_balance":40.00}')" id)
cat_id=$(field "$(api POST /me/categories '{"name":"Books","color":"#123456"}')" id)
tag=$(field "$(api POST /me/tags '{"name":"backup-test"}')" id)
other=$(grep -o '"id":"[^"]*"' <<<"$(api GET '/me/accounts?per_page=100')" \
        | cut -d'"' -f4 | grep -v "$acct" | head -n 1)
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
api POST /me/transactions "{\"account_id\":\"$acct\",\"flow_type\":\"expense\",\"amount\":12.34,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\",\"category_id\":\"$cat_id\",\"tag_ids\":[\"$tag\"],\"description\":\"Novel\"}" >/dev/null
api POST /me/transactions "{\"account_id\":\"$acct\",\"flow_type\":\"income\",\"amount\":5.00,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\",\"description\":\"Found\"}" >/dev/null
api POST /me/transactions "{\"account_id\":\"$other\",\"flow_type\":\"transfer\",\"amount\":20.00,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\",\"to_account_id\":\"$acct\"}" >/dev/null
void_id=$(field "$(api POST /me/transactions "{\"account_id\":\"$acct\",\"flow_type\":\"expense\",\"amount\":99.00,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\"}")" id)
api POST "/me/transactions/$void_id/void" >/dev/null
edit_id=$(field "$(api POST /me/transactions "{\"account_id\":\"$acct\",\"flow_type\":\"expense\",\"amount\":3.00,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\",\"category_id\":\"$cat_id\"}")" id)
api PATCH "/me/transactions/$edit_id" '{"amount":4.50}' >/dev/null
snapshot >"$work/before.txt"
stop_server

count=$(grep -c '"code":200' "$work/before.txt" || true)
lines=$(wc -l <"$work/before.txt")
if [ "$count" -ne "$lines" ] || [ "$lines" -lt 10 ]; then
  say "$count of $lines answers before the backup were 200s; the others:"
  grep -v '"code":200' "$work/before.txt" | cut -c1-300 >&2
  exit 1
fi
grep -q '"transaction_count":[1-9]' "$work/before.txt" \
  || { say "the seeded reports are empty"; exit 1; }

say "pg_dump $src_db; pg_restore into $dst_db"
"$PG_BIN/pg_dump" --format=custom --file="$work/purse.dump" "$src"
sql "CREATE DATABASE $dst_db"
"$PG_BIN/pg_restore" --no-owner --no-privileges --exit-on-error \
  --dbname="$dst" "$work/purse.dump"
PURSE_DATABASE_URL=$dst "$PURSE_ADMIN_BIN" migrate >/dev/null

start_server "$dst" "$work/dst.log"
snapshot >"$work/after.txt"
stop_server

if ! diff -u "$work/before.txt" "$work/after.txt" | cut -c1-300 >&2 \
   || ! cmp -s "$work/before.txt" "$work/after.txt"; then
  say "FAILED: the restored database answers differently"
  exit 1
fi
say "$lines answers (4 reports, the transaction list, every account and its balance) equal after restore"
echo "1 passed, 0 failed"
