#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The many-core mode of the benchmarks' reference service
# (bench/reference/server.js, REF_CLUSTER): on a private PostgreSQL, with
# REF_CLUSTER=2 and DB_POOL=4 the service answers a list and a create, two
# distinct worker processes (x-ref-worker) serve requests, the workers
# hold at most DB_POOL connections in all, a worker killed with SIGKILL is
# replaced and the new one serves, and SIGTERM stops the primary (exit 0)
# and every worker it ever started (each closing itself: exit 0; no
# orphans). REF_CLUSTER=auto under `taskset -c 0` sees one core and runs
# one worker, which leaves when its primary is killed with SIGKILL.
#
# Needs node >= 20 and npm (the service's packages are installed with
# `npm ci` when bench/reference/node_modules is missing), curl, PostgreSQL
# 15. The schema comes from PURSE_ADMIN_BIN (ctest sets it) when it is
# there, else a minimal one with the columns the service reads. About 10 s.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
ref=$root/bench/reference
work=$(mktemp -d /tmp/purse-ref-cluster.XXXXXX)
svc=""
say() { echo "bench_reference_cluster: $*" >&2; }
fail() { say "FAILED: $*"; [ -f "$work/ref.log" ] && tail -n 20 "$work/ref.log" >&2; exit 1; }
cleanup() {
  set +e
  [ -n "$svc" ] && kill -KILL "$svc" 2>/dev/null
  for p in $(cat "$work/seen" 2>/dev/null); do kill -KILL "$p" 2>/dev/null; done
  bash "$root/deploy/pg-local.sh" stop "$work/pg" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

command -v node >/dev/null || fail "node is not installed"
[ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ] || fail "node >= 20 is needed"
if [ ! -d "$ref/node_modules/fastify" ] || [ ! -d "$ref/node_modules/postgres" ]; then
  say "npm ci in bench/reference"
  (cd "$ref" && npm ci --no-audit --no-fund --loglevel=error >&2) || fail "npm ci failed"
fi

# The first port from $1 up that nothing listens on (below the ephemeral range).
free_port() {
  local p=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}
url=$(bash "$root/deploy/pg-local.sh" start "$work/pg" "$(free_port 25451)")
psql=$(ls -d /usr/lib/postgresql/*/bin | tail -n 1)/psql
sql() { "$psql" -X -q -At -v ON_ERROR_STOP=1 "$url" "$@"; }
admin=${PURSE_ADMIN_BIN:-$root/build/purse-admin}
if [ -x "$admin" ] && PURSE_DATABASE_URL=$url "$admin" migrate >"$work/migrate.log" 2>&1; then
  say "schema: purse-admin migrate"
else
  say "schema: minimal (no working purse-admin)"
  sql <<'SQL'
CREATE TABLE users (id text PRIMARY KEY, email text, name text, plan text,
  currency_code text, timezone text, created_at bigint);
CREATE TABLE api_keys (id text PRIMARY KEY, lookup_id text, secret_hash text,
  user_id text, name text, audience text, created_at bigint, expires_at bigint,
  revoked_at bigint, last_used_at bigint);
CREATE TABLE accounts (id text PRIMARY KEY, scope_id text, name text, type text,
  currency_code text, opening_balance_minor bigint, balance_minor bigint,
  archived boolean, created_at bigint, updated_at bigint);
CREATE TABLE transactions (id text PRIMARY KEY, scope_id text, account_id text,
  to_account_id text, category_id text, flow_type text, amount_minor bigint,
  currency_code text, minor_units int, description text, notes text,
  transaction_at bigint, created_at bigint, updated_at bigint, voided_at bigint);
SQL
fi
# One user, one key of the shape the service accepts, one USD account.
token="purse_RefCluster01_$(printf 'x%.0s' $(seq 1 49))"
hash=$(printf '%s' "$token" | sha256sum | cut -d' ' -f1)
user=00000000-0000-7000-8000-0000000000a1 account=00000000-0000-7000-8000-0000000000b1
now=$(date +%s)
sql -v user="$user" -v account="$account" -v hash="$hash" -v now="$now" <<'SQL'
INSERT INTO users (id, email, name, plan, currency_code, timezone, created_at)
VALUES (:'user', 'ref-cluster@test.invalid', 'Ref', 'solo', 'USD', 'UTC', :now);
INSERT INTO api_keys (id, lookup_id, secret_hash, user_id, name, audience,
                      created_at, expires_at, revoked_at, last_used_at)
VALUES (gen_random_uuid()::text, 'RefCluster01', :'hash', :'user', 'ref', 'public-api',
        :now, :now + 86400, 0, 0);
INSERT INTO accounts (id, scope_id, name, type, currency_code, opening_balance_minor,
                      balance_minor, archived, created_at, updated_at)
VALUES (:'account', :'user', 'Main', 'checking', 'USD', 0, 0, false, :now, :now);
SQL

port=$(free_port 25460)
tx="http://127.0.0.1:$port/api/public/v1/me/transactions"
# get: one list request on a new connection; prints "STATUS WORKER_PID".
get() {
  curl -s -o /dev/null -D "$work/h" -w '%{http_code}' --max-time 5 \
    -H "Authorization: Bearer $token" "$tx" >"$work/code" || echo 000 >"$work/code"
  echo "$(cat "$work/code") $(tr -d '\r' <"$work/h" | awk 'tolower($1) == "x-ref-worker:" { print $2 }')"
}
workers() { pgrep -P "$svc" | sort; }   # the primary's children
remember() { workers >>"$work/seen"; }

(cd "$ref" && REF_CLUSTER=2 DB_POOL=4 PORT=$port REF_LOG=0 DATABASE_URL=$url \
   exec node server.js) >"$work/ref.log" 2>&1 &
svc=$!
for _ in $(seq 1 100); do
  [ "$(get | cut -d' ' -f1)" = 200 ] && break
  kill -0 "$svc" 2>/dev/null || fail "the service exited"
  sleep 0.1
done
remember
[ "$(workers | wc -l)" = 2 ] || fail "$(workers | wc -l) workers, not 2"
grep -q 'pools 2+2 of DB_POOL=4' "$work/ref.log" || fail "the pool is not split 2+2"

# Requests, each on its own connection: all 200, served by both workers.
: >"$work/served"
for _ in $(seq 1 12); do
  r=$(get); [ "${r% *}" = 200 ] || fail "list answered ${r% *}"
  echo "${r#* }" >>"$work/served"
done
code=$(curl -s -o "$work/create.json" -w '%{http_code}' --max-time 5 -X POST \
  -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d "{\"account_id\":\"$account\",\"flow_type\":\"expense\",\"amount\":12.34,\"currency_code\":\"USD\",\"transaction_at\":\"2026-06-30T12:00:00Z\"}" "$tx")
[ "$code" = 201 ] || fail "create answered $code: $(cat "$work/create.json")"
distinct=$(sort -u "$work/served" | grep -c . || true)
[ "$distinct" = 2 ] || fail "$distinct distinct workers served 12 requests: $(sort "$work/served" | uniq -c | tr '\n' ' ')"
sort -u "$work/served" | diff -q - <(workers) >/dev/null || fail "x-ref-worker is not the primary's children"
say "12 lists and a create served by workers $(sort -u "$work/served" | paste -sd' ')"

# 48 requests at once: the workers open at most DB_POOL connections in all.
seq 1 48 | xargs -P 24 -I{} curl -s -o /dev/null --max-time 10 -H "Authorization: Bearer $token" "$tx"
open=$(sql -c "SELECT count(*) FROM pg_stat_activity WHERE datname = 'purse'
               AND backend_type = 'client backend' AND pid <> pg_backend_pid()")
say "connections open after 48 concurrent requests: $open (DB_POOL=4)"
[ "$open" -ge 1 ] && [ "$open" -le 4 ] || fail "$open connections open, DB_POOL is 4"

# A worker killed with SIGKILL is replaced; the new one serves.
victim=$(workers | head -n 1)
kill -KILL "$victim"
# One listing of the children per look, so that the count, the victim's
# absence and the new pid are judged on the same snapshot.
fresh=""
for _ in $(seq 1 50); do
  now=$(workers)
  if [ "$(grep -c . <<<"$now")" = 2 ] && ! grep -qx "$victim" <<<"$now"; then
    fresh=$(grep -vxF -f <(sort -u "$work/served") <<<"$now" || true)
    [ -n "$fresh" ] && break
  fi
  sleep 0.1
done
remember
[ -n "$fresh" ] || fail "worker $victim was not replaced (children now: $(workers | paste -sd' '))"
# The new process exists before it listens (its start takes a moment, more
# on a busy machine): until then the other worker serves every request. So
# requests go on, each on its own connection, until the new one answers one
# (10 s at most); every answer meanwhile must still be a 200.
served_fresh=0 asked=0
for _ in $(seq 1 100); do
  r=$(get); asked=$((asked + 1))
  [ "${r% *}" = 200 ] || fail "list after the restart answered ${r% *}"
  if [ "${r#* }" = "$fresh" ]; then served_fresh=1; break; fi
  sleep 0.1
done
[ "$served_fresh" = 1 ] || fail "the new worker $fresh served none of $asked requests in 10 s"
say "worker $victim killed, $fresh took its place and serves"

# SIGTERM: the primary exits 0 and no worker it started is left.
kill -TERM "$svc"
rc=0; wait "$svc" || rc=$?
svc=""
[ "$rc" = 0 ] || fail "the primary exited with $rc after SIGTERM"
sleep 0.2
for p in $(sort -u "$work/seen"); do
  kill -0 "$p" 2>/dev/null && fail "worker $p is still running after SIGTERM"
done
grep -q 'SIGTERM, stopping 2 workers' "$work/ref.log" || fail "no orderly stop in the log"
[ "$(grep -c 'stopped (exit 0)' "$work/ref.log")" = 2 ] \
  || fail "the workers did not close on their own: $(grep stopped "$work/ref.log" | tr '\n' ' ')"
say "SIGTERM: primary exit 0, workers $(sort -u "$work/seen" | paste -sd' ') all gone"

# auto follows the affinity mask: on one core, one worker.
port=$(free_port 25460)
(cd "$ref" && REF_CLUSTER=auto PORT=$port REF_LOG=0 DATABASE_URL=$url \
   exec taskset -c 0 node server.js) >"$work/ref.log" 2>&1 &
svc=$!
tx="http://127.0.0.1:$port/api/public/v1/me/transactions"
for _ in $(seq 1 100); do
  [ "$(get | cut -d' ' -f1)" = 200 ] && break
  kill -0 "$svc" 2>/dev/null || fail "the service (auto) exited"
  sleep 0.1
done
remember
grep -q '1 workers (1 cores available)' "$work/ref.log" || fail "auto on one core: $(head -n 1 "$work/ref.log")"
say "auto under taskset -c 0: 1 worker"
# A primary killed with SIGKILL takes its worker along (it leaves when the
# primary's channel closes).
kill -KILL "$svc"; wait "$svc" 2>/dev/null || true; svc=""
for _ in $(seq 1 30); do
  left=""; for p in $(sort -u "$work/seen"); do kill -0 "$p" 2>/dev/null && left+=" $p"; done
  [ -z "$left" ] && break
  sleep 0.1
done
[ -z "$left" ] || fail "workers$left outlived a killed primary"
say "primary killed: its worker left too"
say "ok"
