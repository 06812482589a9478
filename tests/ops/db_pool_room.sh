#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A server's default pool (--db-pool not given) fits the room PostgreSQL
# has when the server starts, so servers started one after another stay
# under max_connections without flags: on a private PostgreSQL with
# max_connections = 30 (3 reserved), a first server takes its machine's
# default (8 here; 30 - 3 - 1 - 4 - 3 leaves 19), a second only what is
# left (6 or 7: its asking connection and the first's 12 or 13 are in use,
# as the first opens its last one lazily), the two together leave the
# reserved connections free, and a pool given with --db-pool is taken as
# given (9 in place of the second). The servers answer.
#
# Needs PURSE_SERVER_BIN and PURSE_ADMIN_BIN (ctest sets them:
# ctest -R ops.db_pool_room). The servers run on one core (taskset), where
# the default is 8 on any machine.
set -euo pipefail

: "${PURSE_SERVER_BIN:?set PURSE_SERVER_BIN}"
: "${PURSE_ADMIN_BIN:?set PURSE_ADMIN_BIN}"
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/purse-pool-room.XXXXXX)
pids=()
say() { echo "db_pool_room: $*" >&2; }
cleanup() {
  set +e
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  bash "$root/deploy/pg-local.sh" stop "$work/pg" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

# The first port from $1 up that nothing listens on; below the ephemeral
# range (32768 up), where no outgoing connection's port is in the way.
free_port() {
  local p=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}

pg_port=$(free_port 31100)
bash "$root/deploy/pg-local.sh" start "$work/pg" "$pg_port" >/dev/null
# A later line wins: this cluster allows 30 connections.
echo "max_connections = 30" >>"$work/pg/data/postgresql.conf"
bash "$root/deploy/pg-local.sh" stop "$work/pg" >/dev/null
url=$(bash "$root/deploy/pg-local.sh" start "$work/pg" "$pg_port")
export PURSE_DATABASE_URL=$url PURSE_ALLOW_SHARED_DATABASE=1
unset PURSE_DB_POOL
"$PURSE_ADMIN_BIN" migrate >/dev/null

# start NAME [FLAGS...]: a server on a free port; sets `pool` to its pool
# size from its "listening" line once it answers /readyz (not in a
# subshell: `pids` keeps the server for the cleanup).
pool=""
start() {
  local name=$1 port line
  shift
  port=$(free_port 31200)
  # On one core its default is 8 whatever the machine.
  taskset -c 0 "$PURSE_SERVER_BIN" --insecure-http --listen "127.0.0.1:$port" "$@" \
    >"$work/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do
    line=$(grep '"event":"listening"' "$work/$name.log" || true)
    [ -n "$line" ] && break
    sleep 0.1
  done
  [ -n "$line" ] || { say "FAILED: $name did not start"; cat "$work/$name.log" >&2; exit 1; }
  curl -fs -o /dev/null "http://127.0.0.1:$port/readyz" \
    || { say "FAILED: $name is not ready"; exit 1; }
  pool=$(sed -E 's/.*"db_pool":([0-9]+).*/\1/' <<<"$line")
}

start first
first=$pool
start second
second=$pool
say "pools: first $first, second $second"
[ "$first" = 8 ] || { say "FAILED: the first server took $first, not its default 8"; exit 1; }
case "$second" in 6|7) ;; *)
  say "FAILED: the second server took $second, not the 6 or 7 left"; exit 1 ;;
esac
psql=$(ls -d /usr/lib/postgresql/*/bin | tail -n 1)/psql
open=$("$psql" -X -At "$url" \
  -c "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'")
say "connections open: $open of 30 (3 reserved)"
[ "$open" -le 27 ] || { say "FAILED: $open connections leave no reserved room"; exit 1; }
# The second goes; a pool given with --db-pool is taken as given, more
# than the default would fit to (still within what is free).
kill -TERM "${pids[1]}"
wait "${pids[1]}" || true
start given --db-pool 9
given=$pool
[ "$given" = 9 ] || { say "FAILED: --db-pool 9 gave $given"; exit 1; }
say "ok"
