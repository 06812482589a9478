#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Scale-out on one many-core host, from the tarball of bench/manycore/pack.sh:
#
#   bash bench/manycore/scale.sh [TARBALL]      (as root; default manycore.tar.xz)
#
# Installs nothing (PostgreSQL runs as a user "pgrun" it adds if missing).
# Starts PostgreSQL, seeds LIST_USERS users with LIST_ROWS transactions
# each (picked so that the nodes serve equal shares of them, BALANCE=1) and
# WRITERS writer users with an account each, then for each build in the
# tarball ("before": root/base/, if packed, then "after": root/bin/ with
# deploy/haproxy.cfg) makes one key per user with that build's
# purse-admin and measures with wrk:
#   alone-direct    one server without cluster flags, directly
#   one-node        1 cluster node behind haproxy
#   two-nodes       2 nodes
#   three-nodes     3 nodes (also at CONNS_WIDE connections)
#   crossing-*      with the three nodes, the users node 2 serves, sent
#                   straight to node 2 (local) and to node 1 (forwarded),
#                   at CROSS_CONNS connections (the after build); then
#   crossing-team-* a key node 1 serves and two teams of its user, one of
#                   node 1 (local) and one of node 2 (handed on), through
#                   node 1 (GET/POST /teams/T/transactions)
# each with a list run (GET /me/transactions, rotating over the list
# users' keys) and a create run (POST /me/transactions, rotating over the
# writers). One RESULT line per run, and under it the cores used by
# PostgreSQL, the servers and haproxy, and per node the requests it served
# and the calls it forwarded to another node (from its /metrics).
#
# LAYOUT=full (default, >= 16 cores): node N on cores (N-1)*CORES ..
# N*CORES-1 (the server alone on the first CORES), PostgreSQL on 9-12,
# haproxy on 13, wrk on 14-15. LAYOUT=small: nothing pinned, short runs,
# to try the tooling on a small machine. See bench/manycore/README.md for
# every setting. Output goes to stdout and, when OUT is set, to
# $OUT/scale.log.
#
# PHASES="alone cluster ref" (the default) picks the phases. "ref" runs
# once, after the builds: the reference service (bench/reference, in a
# tarball packed with WITH_NODE=1; skipped, and said so, without it) on the
# cores of the three nodes (REF_CPUS), as teams deploy a Node service on
# many cores: REF_MODE=cluster (default; node:cluster, REF_WORKERS=auto: one
# worker per two of those cores) or process (one Node process), with
# REF_POOL connections in all (default 3 x POOL, what the three nodes
# hold), list and create runs at CONNS and CONNS_WIDE. Each run also
# prints, per request, the servers' CPU time (cpu_us) and their threads'
# context switches (ctxt, voluntary and not). PERF=1 (a tarball packed
# with WITH_PERF=1, or perf on the host) records the servers with
# `perf record -g` (PERF_FREQ, default 499 Hz) during each measured run
# and writes `perf report`'s flat profile to $OUT (or the work folder) as
# perf-VERSION-LABEL.txt, the callers of the top symbols beside it. With
# PERF_PG=1 as well, PostgreSQL's processes (the postmaster and every
# backend at the run's start: the servers' pooled connections) are
# recorded beside them, as perf-pg-VERSION-LABEL.txt: where PostgreSQL's
# CPU per request goes, for Purse's runs and the reference's alike.
#
# PG_STATEMENT_TIMES=1 loads pg_stat_statements (track=all: statements run
# inside functions and triggers too) and writes, for each measured run,
# $OUT (or the work folder)/statements-VERSION-LABEL-cCONNS.txt: its
# statements by PostgreSQL execution time and calls per request ("in": run
# inside a function or trigger, its time also in its caller's). It costs
# PostgreSQL a little: compare runs that both had it.
#
# HOLD_FOLDS=1 holds the report rollups' fold lock (the advisory lock
# report_rollups_fold takes) in a PostgreSQL session of its own during each
# measured run, so no server folds the pending deltas while it is measured
# (as the reference service never does); after the run the lock is let go
# and everything pending is folded in one statement, whose PostgreSQL CPU
# per request of the run is printed on its own line ("fold after"). So the
# runs of Purse and of the reference compare the same work, and the fold
# is priced apart.
#
# Two more phases, not in the default PHASES, run once after the builds:
# "sweep" (how throughput grows with cores: the last build's server alone
# with its machine defaults and the reference, each on the first N cores
# for N in SWEEP_CORES, "2 4 8 16"; one table at the end) and "pgbench"
# (PostgreSQL alone on the list's statement, bench/pgbench/list.sql, at
# CONNS connections: the ceiling the lists are a share of).
set -euo pipefail
T0=$(date +%s)
TARBALL=${1:-manycore.tar.xz}
LAYOUT=${LAYOUT:-full}
case $LAYOUT in
  full)  : "${DUR:=10}" "${WARM:=2}" "${CORES:=3}" "${PG_CPUS:=9-12}" "${HAPROXY_CPUS:=13}" "${WRK_CPUS:=14-15}"
         : "${PG_SHARED_BUFFERS:=2GB}" "${MIN_CORES:=16}" ;;
  small) : "${DUR:=2}" "${WARM:=1}" "${CORES:=}" "${PG_CPUS:=}" "${HAPROXY_CPUS:=}" "${WRK_CPUS:=}"
         : "${PG_SHARED_BUFFERS:=256MB}" "${MIN_CORES:=1}" ;;
  *) echo "scale: LAYOUT is full or small" >&2; exit 2 ;;
esac
LIST_USERS=${LIST_USERS:-24} LIST_ROWS=${LIST_ROWS:-20000} WRITERS=${WRITERS:-256}
CONNS=${CONNS:-64} CONNS_WIDE=${CONNS_WIDE:-192} CROSS_CONNS=${CROSS_CONNS:-8}
PGB_WRITERS=${PGB_WRITERS:-64} PGB_CREATE_ROUNDS=${PGB_CREATE_ROUNDS:-2} WRK_THREADS=${WRK_THREADS:-2}
IO=${IO:-2} POOL=${POOL:-6} SERVER_FLAGS=${SERVER_FLAGS:-} ALONE_WIDE=${ALONE_WIDE:-0}
SEED_JOBS=${SEED_JOBS:-8} SETTLE=${SETTLE:-3} VERSIONS=${VERSIONS:-before after}
PHASES=${PHASES:-alone cluster ref} PERF=${PERF:-0} PERF_PG=${PERF_PG:-0} PERF_FREQ=${PERF_FREQ:-499} PERF_ONLY=${PERF_ONLY:-.}
PG_STATEMENT_TIMES=${PG_STATEMENT_TIMES:-0} HOLD_FOLDS=${HOLD_FOLDS:-0}
SWEEP_CORES=${SWEEP_CORES:-2 4 8 16} SWEEP_WIDE=${SWEEP_WIDE:-8}
PG_PORT=${PG_PORT:-55433} ALONE_PORT=${ALONE_PORT:-18180} FRONT_PORT=${FRONT_PORT:-18200}
REF_MODE=${REF_MODE:-cluster} REF_WORKERS=${REF_WORKERS:-auto} REF_POOL=${REF_POOL:-$([ "$POOL" = auto ] && echo 24 || echo $((3 * POOL)))} REF_PORT=${REF_PORT:-18190}
case $REF_MODE in cluster|process) ;; *) echo "scale: REF_MODE is cluster or process" >&2; exit 2 ;; esac
NODE_IDS=("${PURSE_NODE1_ID:-node-1}" "${PURSE_NODE2_ID:-node-2}" "${PURSE_NODE3_ID:-node-3}")
STATE=/tmp/purse-manycore.pids

if [ -n "${OUT:-}" ]; then
  mkdir -p "$OUT"; exec > >(tee "$OUT/scale.log") 2>&1; TEE_PID=$!
fi
say() { printf '%s\n' "$*"; }
die() { say "scale: $*"; exit 1; }
X="" PM=""
PIDS=()   # everything started, killed at exit
track() { PIDS+=("$1"); echo "$1" >>$STATE; }
pgctl() { runuser -u pgrun -- env LD_LIBRARY_PATH=$LD_LIBRARY_PATH $PGB/pg_ctl -D $D/data "$@"; }
cleanup() {
  local rc=$?; set +e
  # what the steps started is in $STATE too (they run in subshells)
  local all=("${PIDS[@]}"); [ -f $STATE ] && mapfile -t -O ${#all[@]} all <$STATE
  # and whatever else runs from this run's folder (its paths are on the command line)
  [ -n "$X" ] && for p in $(grep -ls "$X" /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3); do all+=("$p"); done
  [ -n "$X" ] && for p in "${all[@]}"; do [ "$p" != "${PM:-}" ] && grep -qs "$X" /proc/"$p"/cmdline && kill "$p" 2>/dev/null; done
  sleep 1
  [ -n "$X" ] && for p in "${all[@]}"; do [ "$p" != "${PM:-}" ] && grep -qs "$X" /proc/"$p"/cmdline && kill -9 "$p" 2>/dev/null; done
  [ -n "$X" ] && [ -f $D/data/postmaster.pid ] && pgctl -m fast stop >/dev/null 2>&1
  if [ -n "$X" ]; then
    if [ "${KEEP:-0}" = 1 ]; then say "kept: $X (logs in $D)"; else rm -rf "$X"; fi
  fi
  rm -f $STATE
  say "elapsed $(( $(date +%s) - T0 )) s"
  if [ -n "${TEE_PID:-}" ]; then exec >&- 2>&-; wait "$TEE_PID" 2>/dev/null; fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM
[ "$(id -u)" = 0 ] || die "run it as root"
[ -f "$TARBALL" ] || die "no tarball $TARBALL"
[ "$(nproc)" -ge "$MIN_CORES" ] || die "LAYOUT=$LAYOUT needs $MIN_CORES cores, this host has $(nproc) (LAYOUT=small runs unpinned)"
for t in curl taskset runuser awk xz; do command -v $t >/dev/null || die "$t is missing"; done
# node N's cores (empty: not pinned)
node_cpus() { [ -n "$CORES" ] && echo "$(( ($1 - 1) * CORES ))-$(( $1 * CORES - 1 ))" || true; }
ALONE_CPUS=${ALONE_CPUS-$(node_cpus 1)}
# the reference's cores: those of the three nodes (empty: not pinned)
REF_CPUS=${REF_CPUS-$([ -n "$CORES" ] && echo "0-$(( 3 * CORES - 1 ))" || true)}
pin() { local c=$1; shift; if [ -n "$c" ]; then taskset -c "$c" "$@"; else "$@"; fi; }
# spawn CPUS CMD... &: the same in the background; it execs, so that $! is CMD's own pid
spawn() { local c=$1; shift; if [ -n "$c" ]; then exec taskset -c "$c" "$@"; else exec "$@"; fi; }
# Free when nothing accepts a connection there (bash's /dev/tcp: hosts
# without ss).
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# What an earlier run left running (killed before its exit trap): only our own processes.
if [ -f $STATE ]; then
  while read -r p; do
    grep -qs /tmp/purse-manycore. /proc/"$p"/cmdline && kill "$p" 2>/dev/null || true
  done <$STATE
  sleep 2; rm -f $STATE
fi
for p in $ALONE_PORT $FRONT_PORT $REF_PORT 18201 18202 18203 7401 7402 7403 18301 18302 18303; do
  port_free $p || die "port $p is in use"   # (PostgreSQL listens on a socket file only)
done

X=$(mktemp -d /tmp/purse-manycore.XXXXXX); chmod 755 "$X"
R=$X/root D=$X/run
tar -xJf "$TARBALL" -C "$X"; chmod -R a+rX "$X"; mkdir -p $D/sock
export LD_LIBRARY_PATH=$R/libs MAGIC=$R/magic.mgc
# The host's curl with the host's libraries: the tarball's libcurl (purse-server's) may be older.
curl() { LD_LIBRARY_PATH= command curl "$@"; }
PGB=$R/usr/lib/postgresql/15/bin CLK=$(getconf CLK_TCK)
id pgrun >/dev/null 2>&1 || useradd -M -r -s /usr/sbin/nologin pgrun 2>/dev/null || useradd -M pgrun
chown pgrun $D $D/sock

say "scale: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | sort | uniq -c | sed 's/^ *//' | paste -sd ';' -)), LAYOUT=$LAYOUT DUR=$DUR WARM=$WARM CORES=${CORES:-unpinned} LIST_USERS=$LIST_USERS LIST_ROWS=$LIST_ROWS WRITERS=$WRITERS CONNS=$CONNS/$CONNS_WIDE IO=$IO POOL=$POOL"
sed 's/^/  /' $R/INFO

# --- PostgreSQL ------------------------------------------------------------
runuser -u pgrun -- env LD_LIBRARY_PATH=$LD_LIBRARY_PATH $PGB/initdb -D $D/data -A trust -U postgres --no-locale -E UTF8 >$D/initdb.log 2>&1 \
  || { tail -5 $D/initdb.log; die "initdb failed"; }
pin "$PG_CPUS" runuser -u pgrun -- env LD_LIBRARY_PATH=$LD_LIBRARY_PATH $PGB/pg_ctl -D $D/data -l $D/pg.log -w start \
  -o "-k $D/sock -p $PG_PORT -c listen_addresses='' -c shared_buffers=$PG_SHARED_BUFFERS -c jit=off -c max_connections=400$(
      [ "$PG_STATEMENT_TIMES" != 1 ] || echo " -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all")" >/dev/null \
  || { tail -5 $D/pg.log; die "PostgreSQL did not start"; }
PM=$(head -1 $D/data/postmaster.pid); track "$PM"
psql_() { $PGB/psql -h $D/sock -p $PG_PORT -U postgres -qAt -v ON_ERROR_STOP=1 "$@"; }
psql_ -c "create database purse" postgres
[ "$PG_STATEMENT_TIMES" != 1 ] || psql_ -c "create extension pg_stat_statements" purse
export PURSE_DATABASE_URL="postgresql://postgres@/purse?host=$D/sock&port=$PG_PORT"
# jget PATH: a field of the JSON document on stdin (dots between keys)
jget() { psql_ -v j="$(cat)" -v p="{${1//./,}}" purse <<<"select :'j'::jsonb #>> :'p'"; }

# The builds: NAME BIN_DIR HAPROXY_CFG ROUTE_LUA
declare -A BIN CFG LUA
BIN[after]=$R/bin CFG[after]=$R/haproxy.cfg LUA[after]=$R/purse-route.lua
if [ -x $R/base/bin/purse-server ]; then
  BIN[before]=$R/base/bin CFG[before]=$R/base/haproxy.cfg LUA[before]=$R/purse-route.lua
  [ -f $R/base/purse-route.lua ] && LUA[before]=$R/base/purse-route.lua
fi
RUN_VERSIONS=(); for v in $VERSIONS; do [ -n "${BIN[$v]:-}" ] && RUN_VERSIONS+=("$v"); done
[ ${#RUN_VERSIONS[@]} -gt 0 ] || die "none of VERSIONS=\"$VERSIONS\" is in the tarball"
# The schema of the first build measured (a server refuses a newer schema than its own); each
# build migrates again before its runs.
SEED=${BIN[${RUN_VERSIONS[0]}]}
$SEED/purse-admin migrate >/dev/null

# --- seed ------------------------------------------------------------------
wait_http() { # URL [TRIES]: until it answers 2xx
  for _ in $(seq 1 "${2:-100}"); do curl -fs -o /dev/null "$1" && return 0; sleep 0.1; done; return 1; }
B=http://127.0.0.1:$ALONE_PORT/api/public/v1
$SEED/purse-server --listen 127.0.0.1:$ALONE_PORT --insecure-http --read-limit 10000000 --write-limit 10000000 \
  --max-connections-per-address 0 >$D/seed-server.log 2>&1 &
SP=$!; track $SP
wait_http http://127.0.0.1:$ALONE_PORT/readyz || { tail -5 $D/seed-server.log; die "the seeding server did not start"; }
mkdir -p $D/u
each() { # FUNC NAME...: FUNC NAME for each name, SEED_JOBS at once
  local f=$1 jobs=() name; shift
  for name in "$@"; do
    "$f" "$name" 2>>$D/seed.err & jobs+=($!)
    if [ ${#jobs[@]} -ge "$SEED_JOBS" ]; then wait "${jobs[@]}" || true; jobs=(); fi
  done
  [ ${#jobs[@]} -eq 0 ] || wait "${jobs[@]}" || true
}
mkuid() { # NAME -> $D/u/NAME.uid: a new user's id
  local u; u=$($SEED/purse-admin user create --email "$1@bench.invalid" --plan solo --currency USD | jget id)
  [ -n "$u" ] && echo "$u" >$D/u/$1.uid
}
# mkuser NAME: for the user in $D/u/NAME.uid a key, an account, for list users one transaction
# -> $D/u/NAME: "user account"
mkuser() {
  local u k a; u=$(cat $D/u/$1.uid)
  k=$($SEED/purse-admin key create --user "$u" | jget secret)
  a=$(curl -sf -X POST -H "Authorization: Bearer $k" -H 'Content-Type: application/json' \
      -d '{"name":"Main","type":"checking","currency_code":"USD"}' $B/me/accounts | jget data.id)
  if [ "${1:0:1}" = l ]; then
    curl -sf -o /dev/null -X POST -H "Authorization: Bearer $k" -H 'Content-Type: application/json' \
      -d "{\"account_id\":\"$a\",\"flow_type\":\"expense\",\"amount\":12.34,\"currency_code\":\"USD\",\"description\":\"seed\",\"transaction_at\":\"2026-06-30T12:00:00Z\"}" \
      $B/me/transactions
  fi
  [ -n "$u" ] && [ -n "$a" ] && echo "$u $a" >$D/u/$1
}
# placement FILE: "user tag owner3 owner2" per user id in FILE: the user's placement tag (base62 of
# the first 8 bytes of SHA-256(user id) mod 62^3) and the node that serves it with 3 nodes and with
# the first 2 (the member M of highest first 8 bytes of SHA-256(M, NUL, tag); ties: the smaller
# id). The after build places a user's records and its new keys there, and haproxy routes to it.
placement() {
  psql_ -F ' ' -v ids="$(paste -sd, "$1")" -v n1="${NODE_IDS[0]}" -v n2="${NODE_IDS[1]}" -v n3="${NODE_IDS[2]}" purse <<'SQL'
WITH u AS (SELECT unnest(string_to_array(:'ids', ',')) AS id),
     s AS (SELECT id, ('x' || left(encode(sha256(convert_to(id, 'UTF8')), 'hex'), 16))::bit(64)::bigint AS v FROM u),
     n AS (SELECT id, CASE WHEN v < 0 THEN v::numeric + 18446744073709551616 ELSE v::numeric END AS v FROM s),
     g AS (SELECT id, substr(a, (div(v, 3844) % 62)::int + 1, 1) || substr(a, (div(v, 62) % 62)::int + 1, 1)
                      || substr(a, (v % 62)::int + 1, 1) AS tag
             FROM n, (SELECT '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'::text AS a) AS al),
     w AS (SELECT g.id, m.k, m.name,
                  encode(substr(sha256(convert_to(m.name, 'UTF8') || '\x00'::bytea || convert_to(g.tag, 'UTF8')), 1, 8), 'hex') AS wt
             FROM g CROSS JOIN (VALUES (1, :'n1'), (2, :'n2'), (3, :'n3')) AS m (k, name))
SELECT g.id, g.tag,
       (SELECT k FROM w WHERE w.id = g.id ORDER BY wt DESC, name COLLATE "C" LIMIT 1),
       (SELECT k FROM w WHERE w.id = g.id AND k < 3 ORDER BY wt DESC, name COLLATE "C" LIMIT 1)
  FROM g;
SQL
}
t=$(date +%s)
# List users: with BALANCE=1 picked from new users by where they are served, so that each of 3
# nodes serves a third of them and each of 2 nodes half (24: 8 + 8 + 8, and 12 + 12).
LIST=() WANT1=0 WANT2=0 WANT31=0 WANT32=0
if [ "${BALANCE:-1}" = 1 ]; then
  WANT1=$((LIST_USERS / 3)) WANT2=$((LIST_USERS / 3))
  WANT31=$(( (LIST_USERS - 2 * WANT1) / 2 )) WANT32=$(( LIST_USERS - 2 * WANT1 - (LIST_USERS - 2 * WANT1) / 2 ))
  declare -A HAVE=([1]=0 [2]=0 [31]=0 [32]=0) WANT=([1]=$WANT1 [2]=$WANT2 [31]=$WANT31 [32]=$WANT32)
  : >$D/list.tags
  for round in $(seq 1 10); do
    cands=(); for i in $(seq 1 "$LIST_USERS"); do cands+=("c$round-$i"); done
    each mkuid "${cands[@]}"
    for c in "${cands[@]}"; do cat $D/u/$c.uid 2>/dev/null; done >$D/cands
    while read -r uid tag o3 o2; do
      cls=$o3; [ "$o3" != 3 ] || cls=3$o2
      [ "${HAVE[$cls]}" -lt "${WANT[$cls]}" ] || continue
      HAVE[$cls]=$((HAVE[$cls] + 1)); LIST+=("$uid"); echo "$uid $tag $cls" >>$D/list.tags
    done < <(placement $D/cands)
    [ ${#LIST[@]} -lt "$LIST_USERS" ] || break
  done
  [ ${#LIST[@]} -eq "$LIST_USERS" ] || die "BALANCE: found only ${#LIST[@]} of $LIST_USERS list users"
  for i in $(seq 1 "$LIST_USERS"); do echo "${LIST[i-1]}" >$D/u/l$i.uid; done
else
  each mkuid $(seq -f l%g 1 "$LIST_USERS")
fi
each mkuid $(seq -f w%g 1 "$WRITERS")
NAMES=($(seq -f l%g 1 "$LIST_USERS") $(seq -f w%g 1 "$WRITERS"))   # l*: list users, w*: writers
each mkuser "${NAMES[@]}"
for i in $(seq 1 "$LIST_USERS"); do cat $D/u/l$i; done >$D/list.rec 2>/dev/null || true
for i in $(seq 1 "$WRITERS"); do cat $D/u/w$i; done >$D/writers.rec 2>/dev/null || true
[ "$(wc -l <$D/list.rec)" -eq "$LIST_USERS" ] && [ "$(wc -l <$D/writers.rec)" -eq "$WRITERS" ] \
  || { tail -5 $D/seed.err; die "seeding users failed"; }
kill $SP; wait $SP 2>/dev/null || true
say "seed: $LIST_USERS list users and $WRITERS writers in $(( $(date +%s) - t )) s$([ "${BALANCE:-1}" = 1 ] \
  && echo "; list users per node: $((WANT1 + 0)),$WANT2,$((WANT31 + WANT32)) of 3; $((WANT1 + WANT31)),$((WANT2 + WANT32)) of 2")"

# Each list user's one transaction, copied LIST_ROWS-1 times with fresh UUIDv7-shaped ids (time
# prefix = the row's time) over the two years before it; every other column as the API wrote it
# (jsonb_populate_record keeps them, whatever the schema). The insert trigger records report
# deltas, folded into the rollups right after (else the servers would fold them during the runs).
t=$(date +%s)
seed_rows() { # comma-separated user ids
  psql_ -v scopes="$1" -v rows="$LIST_ROWS" purse <<'SQL'
BEGIN;
INSERT INTO transactions
SELECT n.*
  FROM (SELECT t, g, ts, replace(gen_random_uuid()::text, '-', '') AS r,
               lpad(to_hex(ts * 1000), 12, '0') AS h
          FROM transactions AS t
         CROSS JOIN generate_series(1, :rows - 1) AS g
         CROSS JOIN LATERAL (SELECT t.transaction_at - (g::bigint * 63072000) / :rows AS ts) AS s
         WHERE t.scope_id = ANY (string_to_array(:'scopes', ','))) AS x
 CROSS JOIN LATERAL jsonb_populate_record(x.t, jsonb_build_object(
          'id', substr(x.h, 1, 8) || '-' || substr(x.h, 9, 4) || '-7' || substr(x.r, 14, 3)
                || '-' || substr(x.r, 17, 4) || '-' || substr(x.r, 21, 12),
          'transaction_at', x.ts, 'created_at', x.ts, 'updated_at', x.ts,
          'description', 'seeded ' || x.g)) AS n;
UPDATE accounts AS a
   SET balance_minor = (SELECT COALESCE(SUM(CASE t.flow_type WHEN 'income' THEN t.amount_minor
                                                 ELSE -t.amount_minor END), 0)
                          FROM transactions AS t WHERE t.account_id = a.id AND t.voided_at = 0)
 WHERE a.scope_id = ANY (string_to_array(:'scopes', ','));
COMMIT;
SQL
}
[ "$(psql_ -c "select count(*) from transactions" purse)" -eq "$LIST_USERS" ] || die "expected one transaction per list user"
jobs_=()
for j in $(seq 0 $((SEED_JOBS - 1))); do
  ids=$(awk -v j=$j -v n=$SEED_JOBS 'NR % n == j {printf "%s%s", s, $1; s=","}' $D/list.rec)
  [ -z "$ids" ] || { seed_rows "$ids" 2>>$D/seed.err & jobs_+=($!); }
done
[ ${#jobs_[@]} -eq 0 ] || wait "${jobs_[@]}" || true
if [ -n "$(psql_ -c "select to_regproc('report_rollups_fold')" purse)" ]; then
  while [ "$(psql_ -c "select report_rollups_fold(100000)" purse)" != 0 ]; do :; done
fi
psql_ -c "vacuum analyze" purse
rows=$(psql_ -c "select count(*) from transactions" purse)
[ "$rows" -eq $((LIST_USERS * LIST_ROWS)) ] || die "seeded $rows rows, expected $((LIST_USERS * LIST_ROWS))"
say "seed: $rows transactions in $(( $(date +%s) - t )) s"

# --- accounting --------------------------------------------------------------
ticks() { # PID...: utime+stime of each (and cutime+cstime: its children that ended)
  # One read of all of them (a process per PID took seconds on a busy host: a backend that
  # ended meanwhile, reaped after its parent was read, counted nowhere, and PostgreSQL's CPU
  # over a run came out below zero).
  local p files=()
  for p in "$@"; do files+=("/proc/$p/stat"); done
  [ ${#files[@]} -gt 0 ] || { echo 0; return; }
  cat "${files[@]}" 2>/dev/null | awk '{ sub(/^.*\) /, ""); s += $12 + $13 + $14 + $15 } END { print s + 0 }'; }
pg_pids() { # the postmaster and its children (from /proc: hosts without pgrep)
  echo "$PM"; grep -l "^PPid:[[:space:]]*$PM\$" /proc/[0-9]*/status 2>/dev/null | cut -d/ -f3 || true; }
busy() { awk '/^cpu /{print $2 + $3 + $4 + $7 + $8 + $9}' /proc/stat; }   # the host's busy ticks, all cores
now() { date +%s.%N; }
cores() { awk -v a="$1" -v b="$2" -v t="$3" -v c="$CLK" 'BEGIN{printf "%.2f", (b - a) / c / t}'; }
scrape() { # PORT: "requests forwarded-to-key-owner forwarded-to-scope-owner" from a node's /metrics,
  local m   # sums over their series; "-" for a series the node does not serve (an older build)
  m=$(curl -fs --max-time 2 "http://127.0.0.1:$1/metrics" 2>/dev/null) || { echo "- - -"; return 0; }
  awk '/^purse_http_requests_total[{ ]/ {r += $NF; hr = 1}
       /^purse_forwarded_calls_total[{ ]/ && /owner="key"/ {k += $NF; hk = 1}
       /^purse_forwarded_calls_total[{ ]/ && /owner="scope"/ {s += $NF; hs = 1}
       END {printf "%s %s %s\n", hr ? r : "-", hk ? k : "-", hs ? s : "-"}' <<<"$m"; }
delta() { if [ "$1" = - ] || [ "$2" = - ]; then echo -; else echo $(($2 - $1)); fi; }
ctxt() { # PID...: the context switches of all their threads so far (voluntary and not)
  local p
  for p in "$@"; do cat /proc/$p/task/*/status 2>/dev/null; done \
    | awk '/ctxt_switches/ {s += $2} END {print s + 0}'
}
perf_bin() { if [ -x $R/bin/perf ]; then echo $R/bin/perf; else command -v perf || true; fi; }
# perf_start LABEL / perf_finish LABEL: PERF=1's recording of the servers during a measured run.
PERF_PID=""
# With PG_STATEMENT_TIMES=1: every statement of database purse so far (queryid, toplevel, calls,
# total ms, its text with blanks folded), and a run's statements by time per request from two such
# snapshots.
pgss_snapshot() {
  [ "$PG_STATEMENT_TIMES" = 1 ] || return 0
  psql_ -F $'\t' purse -c "select queryid, toplevel, calls, total_exec_time,
      left(regexp_replace(query, '\s+', ' ', 'g'), 110) from pg_stat_statements
      where dbid = (select oid from pg_database where datname = 'purse')" >"$1" 2>/dev/null || true
}
pgss_report() { # BEFORE AFTER REQUESTS NAME
  [ "$PG_STATEMENT_TIMES" = 1 ] && [ -n "$3" ] && [ "$3" -gt 0 ] || return 0
  local out=${OUT:-$D}/statements-$4.txt
  awk -F '\t' -v n="$3" '
    NR == FNR { t[$1 "/" $2] = $4; c[$1 "/" $2] = $3; next }
    { k = $1 "/" $2; dt = $4 - t[k]; dc = $3 - c[k]; if (dc <= 0) next
      if ($2 == "t") top += dt
      printf "%.1f\t%.2f\t%s\t%s\n", dt * 1000 / n, dc / n, ($2 == "t" ? "top" : "in"), $5 }
    END { printf "%.1f\t-\ttop\t(all top-level statements)\n", top * 1000 / n }' "$1" "$2" \
    | sort -t $'\t' -k1,1gr | head -25 | { printf 'us/req\tcalls/req\tlevel\tstatement\n'; cat; } >"$out"
  say "    statements: $out"
}

# With PG_STATEMENT_TIMES=1, also what PostgreSQL's backends wait for during
# each measured run: pg_stat_activity sampled every 0.1 s by one psql
# session (\watch), written as waits-VERSION-LABEL-cCONNS.txt: per wait
# event ("CPU" when none), the average number of active client backends in
# it, and its share of all of them. A backend that spins or computes shows
# as CPU; one waiting for WAL to be flushed (LWLock:WALWrite, IO:WALSync),
# for a row another transaction holds (Lock:transactionid or tuple), or for
# a buffer (LWLock:BufferContent) shows as that.
waits_start() {
  WAITS_PID=""
  [ "$PG_STATEMENT_TIMES" = 1 ] || return 0
  printf '%s\n' "select coalesce(wait_event_type || ':' || wait_event, 'CPU'), count(*)
      from pg_stat_activity where datname = 'purse' and state = 'active'
       and backend_type = 'client backend' and pid <> pg_backend_pid() group by 1
    union all select '(sample)', 1;" '\watch 0.1' \
    | PGAPPNAME=purse-waits psql_ purse >$D/waits.raw 2>/dev/null &
  WAITS_PID=$!
}
waits_finish() { # NAME (the file is named by waits_say, after the run's result)
  WAITS_OUT=""
  [ -n "$WAITS_PID" ] || return 0
  psql_ -c "select count(pg_terminate_backend(pid)) from pg_stat_activity where application_name = 'purse-waits'" purse >/dev/null
  wait "$WAITS_PID" 2>/dev/null || true
  local out=${OUT:-$D}/waits-$1.txt
  { awk -F '|' '$1 == "(sample)" { n++ } $1 != "(sample)" && NF == 2 { all += $2 }
      END { printf "backends\tshare\twait (%d samples, %.1f active backends on average)\n", n, (n ? all / n : 0) }' $D/waits.raw
    awk -F '|' '$1 == "(sample)" { n++; next } NF == 2 { c[$1] += $2; all += $2 }
      END { for (k in c) printf "%.2f\t%.1f%%\t%s\n", c[k] / n, 100 * c[k] / all, k }' $D/waits.raw \
      | sort -t $'\t' -k1,1 -rn; } >"$out"
  WAITS_OUT=$out
}
waits_say() { [ -z "${WAITS_OUT:-}" ] || say "    waits: $WAITS_OUT"; }
perf_start() {
  PERF_PID="" PERF_PG_PID=""
  [ "$PERF" = 1 ] && [[ $1 =~ $PERF_ONLY ]] || return 0
  local pb; pb=$(perf_bin); [ -n "$pb" ] || { say "    perf: none in the tarball or on the host"; return 0; }
  $pb record -q -F "$PERF_FREQ" -g -o $D/perf.data -p "$(IFS=,; echo "${SERVERS[*]}")" -- sleep "$DUR" \
    >$D/perf-record.log 2>&1 &
  PERF_PID=$!
  [ "$PERF_PG" = 1 ] || return 0
  $pb record -q -F "$PERF_FREQ" -g -o $D/perf-pg.data -p "$(pg_pids | paste -sd, -)" -- sleep "$DUR" \
    >$D/perf-pg-record.log 2>&1 &
  PERF_PG_PID=$!
}
perf_report() { # DATA OUT
  local pb; pb=$(perf_bin)
  { $pb report -i "$1" --stdio --no-children --sort comm,dso,sym -g none --percent-limit 0.3 2>&1
    echo; echo "==== callers of the top symbols"
    $pb report -i "$1" --stdio --no-children --sort sym -g caller,0.5,callee,function,percent \
      --percent-limit 2 2>&1 | head -400; } | sed 's/[[:space:]]*$//' >"$2"
  rm -f "$1"
  say "    perf: $2"
}
perf_finish() {
  [ -n "$PERF_PID" ] || return 0
  if wait "$PERF_PID"; then perf_report $D/perf.data ${OUT:-$D}/perf-$VER-$1.txt
  else say "    perf: record failed: $(tail -2 $D/perf-record.log | tr '\n' ' ')"; fi
  [ -n "$PERF_PG_PID" ] || return 0
  if wait "$PERF_PG_PID"; then perf_report $D/perf-pg.data ${OUT:-$D}/perf-pg-$VER-$1.txt
  else say "    perf (PostgreSQL): record failed: $(tail -2 $D/perf-pg-record.log | tr '\n' ' ')"; fi
}

# run LABEL LUA KEYS URL CONNS: a warm-up of WARM s, then the measured run of DUR s; prints wrk's
# RESULT line, the cores each part used during it (CPU time / wall time: PostgreSQL = postmaster
# and its children, each server, haproxy, the whole host), and per node the requests it answered
# and the calls it handed on to the owner of their key or scope, with their sum per wrk request.
SERVERS=()       # the measured servers' pids (alone, or the running nodes)
METRIC_PORTS=()  # the running nodes' metrics ports (none alone)
HAP=""
# With HOLD_FOLDS=1: hold_folds takes the fold lock in a session named
# purse-hold-folds (returns once it is held); fold_after lets it go, folds
# what is pending and prints PostgreSQL's CPU for it per request (TOTAL).
FOLD_LOCK="pg_advisory_lock(hashtext('purse.report_rollups_fold'))"
hold_folds() {
  [ "$HOLD_FOLDS" = 1 ] || return 0
  # Held by an idle session, not by a running statement: a statement (a
  # pg_sleep) keeps a snapshot, so VACUUM and HOT pruning could not remove
  # the row versions the measured creates leave (each writer's account row
  # is updated hundreds of times a run) and the run would slow down as it
  # went. "select 1" each second is how the feeder learns that the session
  # has ended (psql stops at the error, ON_ERROR_STOP, and the next echo
  # finds no reader).
  { echo "select $FOLD_LOCK;"; while sleep 1; do echo "select 1;" || break; done; } 2>/dev/null \
    | PGAPPNAME=purse-hold-folds psql_ purse >/dev/null 2>&1 &
  local i
  for i in $(seq 1 100); do
    [ "$(psql_ -c "select count(*) from pg_locks l join pg_stat_activity a using (pid) where a.application_name = 'purse-hold-folds' and l.locktype = 'advisory' and l.granted" purse)" = 1 ] && return 0
    sleep 0.1
  done
  say "    (the fold lock was not taken within 10 s: folds were not held)"
}
fold_after() { # TOTAL
  [ "$HOLD_FOLDS" = 1 ] || return 0
  local pending p0 p1 folded i
  pending=$(psql_ -c "select count(*) from report_rollup_deltas" purse)
  if [ "$pending" = 0 ]; then
    psql_ -c "select count(pg_terminate_backend(pid)) from pg_stat_activity where application_name = 'purse-hold-folds'" purse >/dev/null
    return 0
  fi
  # The fold's session asks for the lock before the holder ends, so it is
  # the next to get it: a server's folder only tries the lock
  # (report_rollups_fold), and a try fails while another session waits for
  # it. Then, holding it, the fold runs (its own try succeeds in the
  # session that holds the lock). Ending the holder first let a server's
  # folder take the deltas now and then ("0 of N pending").
  # The statement's own time (one backend, on CPU: its cost) and all of
  # PostgreSQL's CPU meanwhile (its other processes too, in clock ticks).
  p0=$(ticks $(pg_pids))
  printf '%s\n' "select $FOLD_LOCK;" '\timing on' "select report_rollups_fold(2000000000);" \
    | PGAPPNAME=purse-fold-after psql_ purse >$D/fold-after.out 2>&1 &
  local fpid=$!
  for i in $(seq 1 100); do
    [ "$(psql_ -c "select count(*) from pg_locks l join pg_stat_activity a using (pid) where a.application_name = 'purse-fold-after' and l.locktype = 'advisory' and not l.granted" purse)" = 1 ] && break
    sleep 0.1
  done
  psql_ -c "select count(pg_terminate_backend(pid)) from pg_stat_activity where application_name = 'purse-hold-folds'" purse >/dev/null
  wait "$fpid" || { say "    fold after: failed: $(tail -1 $D/fold-after.out)"; return 0; }
  p1=$(ticks $(pg_pids))
  local ms
  ms=$(sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' $D/fold-after.out | tail -n 1)
  folded=$(grep -E '^[0-9]+$' $D/fold-after.out | tail -n 1)
  say "    fold after: ${folded:-?} of $pending pending deltas in ${ms:-?} ms, per request: fold_us=$(awk -v m="${ms:-0}" -v n="${1:-0}" 'BEGIN{if (n > 0) printf "%.0f", m * 1000 / n; else print "-"}') pg_cpu_us=$(awk -v t=$((p1 - p0)) -v c=$CLK -v n="${1:-0}" 'BEGIN{if (n > 0) printf "%.0f", t / c * 1e6 / n; else print "-"}')"
}
run() {
  local label=$1 lua=$2 keys=$3 url=$4 c=$5 res t0 t1 pg0 pg1 hp0 hp1 b0 b1 el i
  local sv0=() sv1=() ms0=() ms1=()
  local threads=$WRK_THREADS; [ "$c" -ge "$threads" ] || threads=$c
  PERF_KEYS=$keys pin "$WRK_CPUS" $R/bin/wrk -t$threads -c$c -d${WARM}s -s $R/perf/$lua "$url" >/dev/null 2>&1 || true
  hold_folds
  for i in "${!METRIC_PORTS[@]}"; do ms0[i]=$(scrape ${METRIC_PORTS[i]}); done
  t0=$(now); b0=$(busy); pg0=$(ticks $(pg_pids)); hp0=$(ticks $HAP)
  for i in "${!SERVERS[@]}"; do sv0[i]=$(ticks ${SERVERS[i]}); done
  local cs0 cs1; cs0=$(ctxt "${SERVERS[@]}")
  pgss_snapshot $D/pgss-before
  waits_start
  perf_start "$label-c$c"
  res=$(PERF_KEYS=$keys pin "$WRK_CPUS" $R/bin/wrk -t$threads -c$c -d${DUR}s --latency -s $R/perf/$lua "$url" 2>&1 | grep '^RESULT') \
    || res="FAILED (wrk gave no RESULT line)"
  t1=$(now); b1=$(busy); pg1=$(ticks $(pg_pids)); hp1=$(ticks $HAP)
  for i in "${!SERVERS[@]}"; do sv1[i]=$(ticks ${SERVERS[i]}); done
  cs1=$(ctxt "${SERVERS[@]}")
  waits_finish "$VER-$label-c$c"
  pgss_snapshot $D/pgss-after
  for i in "${!METRIC_PORTS[@]}"; do ms1[i]=$(scrape ${METRIC_PORTS[i]}); done
  el=$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b - a}')
  printf '%-6s %-20s c=%-3s %s\n' "$VER" "$label" "$c" "$res"
  # for the sweep's table: VER LABEL CONNS RPS P99_MS
  echo "$VER $label $c $(sed -n 's/.*rps=\([0-9.]*\).*/\1/p' <<<"$res") $(sed -n 's/.*p99_ms=\([0-9.]*\).*/\1/p' <<<"$res")" >>$D/results
  local sv="" line
  for i in "${!SERVERS[@]}"; do sv+="${sv:+,}$(cores "${sv0[i]}" "${sv1[i]}" "$el")"; done
  line="    cores: pg=$(cores "$pg0" "$pg1" "$el") server=$sv"
  [ -z "$HAP" ] || line+=" haproxy=$(cores "$hp0" "$hp1" "$el")"
  line+=" host=$(cores "$b0" "$b1" "$el")/$(nproc)"
  say "$line"
  local total sticks=0
  LAST_CPU_US=""
  total=$(sed -n 's/.*requests=\([0-9]*\).*/\1/p' <<<"$res")
  for i in "${!SERVERS[@]}"; do sticks=$((sticks + sv1[i] - sv0[i])); done
  if [ -n "$total" ] && [ "$total" -gt 0 ]; then
    LAST_CPU_US=$(awk -v t=$sticks -v c=$CLK -v n=$total 'BEGIN{printf "%.0f", t / c * 1e6 / n}')
    say "    per request: cpu_us=$LAST_CPU_US ctxt=$(awk -v a=$cs0 -v b=$cs1 -v n=$total 'BEGIN{printf "%.1f", (b - a) / n}')"
  fi
  perf_finish "$label-c$c"
  pgss_report $D/pgss-before $D/pgss-after "$total" "$VER-$label-c$c"
  waits_say
  fold_after "$total"
  [ ${#METRIC_PORTS[@]} -gt 0 ] || return 0
  local fsum=0 fok=1 r k sc x0 x1
  line="    nodes:"
  for i in "${!METRIC_PORTS[@]}"; do
    read -r -a x0 <<<"${ms0[i]}"; read -r -a x1 <<<"${ms1[i]}"
    r=$(delta "${x0[0]}" "${x1[0]}"); k=$(delta "${x0[1]}" "${x1[1]}"); sc=$(delta "${x0[2]}" "${x1[2]}")
    line+=" ${NODE_IDS[i]} req=$r fwd=$k+$sc;"
    if [ "$k" = - ] || [ "$sc" = - ]; then fok=0; else fsum=$((fsum + k + sc)); fi
  done
  if [ $fok = 1 ] && [ -n "$total" ] && [ "$total" -gt 0 ]; then
    line+=" forwarded/request=$(awk -v f=$fsum -v t="$total" 'BEGIN{printf "%.2f", f / t}')"
  fi
  say "$line"
}

stop() { # PID...: TERM, then KILL after 15 s
  local p i
  for p in "$@"; do kill "$p" 2>/dev/null || true; done
  for i in $(seq 1 150); do
    local alive=0; for p in "$@"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break; sleep 0.1
  done
  for p in "$@"; do kill -9 "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
}
HAS_METRICS=0
common_flags() { # IO=auto / POOL=auto: leave --io-threads / --db-pool to the server's machine defaults
  echo --insecure-http --read-limit 10000000 --write-limit 10000000 \
    $([ "$IO" = auto ] || echo --io-threads $IO) $([ "$POOL" = auto ] || echo --db-pool $POOL) \
    --max-connections-per-address 0 --max-connections 4096 $SERVER_FLAGS; }

total_of() { # BASE_URL: the list's total for the first list user (counts are loaded at start)
  curl -fs -H "Authorization: Bearer $(head -1 $LK)" "$1/me/transactions?per_page=1" | jget data.pagination.total; }

# Each build gets keys of its own, made by its purse-admin: a newer build's key carries its user's
# placement tag, so that haproxy sends it to the node of the user's records. LK: a key per list
# user; WK: "key account USD" per writer (post.lua's records).
mkkey() { # NAME
  local k; k=$(${BIN[$VER]}/purse-admin key create --user "$(cut -d' ' -f1 $D/u/$1)" | jget secret)
  [ -n "$k" ] && echo "$k" >$D/k-$VER/$1
}
make_keys() {
  local t i; t=$(date +%s); mkdir -p $D/k-$VER
  LK=$D/list.keys.$VER WK=$D/writers.keys.$VER
  each mkkey "${NAMES[@]}"
  for i in $(seq 1 "$LIST_USERS"); do cat $D/k-$VER/l$i; done >$LK 2>/dev/null || true
  for i in $(seq 1 "$WRITERS"); do echo "$(cat $D/k-$VER/w$i) $(cut -d' ' -f2 $D/u/w$i) USD"; done >$WK 2>/dev/null || true
  [ "$(wc -l <$LK)" -eq "$LIST_USERS" ] && [ "$(awk 'NF == 3' $WK | wc -l)" -eq "$WRITERS" ] \
    || { say "$VER: making keys failed: $(tail -2 $D/seed.err)"; return 1; }
  local tagged=""
  if [ -s $D/list.tags ]; then   # a key's lookup id (after "purse_") starts with its placement tag
    tagged="; list keys that carry their user's placement tag: $(paste -d' ' $D/list.tags $LK \
      | awk '{n += substr($4, 7, 3) == $2} END {print n + 0}')/$LIST_USERS"
  fi
  say "$VER: $((LIST_USERS + WRITERS)) keys in $(( $(date +%s) - t )) s$tagged"
}

phase_alone() {
  local bin=$1 log=$D/$VER-alone.log sp
  port_free $ALONE_PORT || { say "$VER alone: port $ALONE_PORT is still in use"; return 1; }
  spawn "$ALONE_CPUS" $bin/purse-server --listen 127.0.0.1:$ALONE_PORT $(common_flags) >$log 2>&1 &
  sp=$!; track $sp; SERVERS=("$sp"); METRIC_PORTS=(); HAP=""
  if ! wait_http http://127.0.0.1:$ALONE_PORT/readyz 200 || ! kill -0 $sp 2>/dev/null; then
    say "$VER alone: not ready after 20 s; its log:"; tail -5 $log | cut -c1-300; stop $sp; return 1
  fi
  local b=http://127.0.0.1:$ALONE_PORT/api/public/v1 tot
  tot=$(total_of $b || echo "?")
  say "$VER check: list total $tot for a seeded user ($([ "$tot" = "$LIST_ROWS" ] && echo ok || echo "WRONG, expected $LIST_ROWS"))"
  run alone-direct-list get.lua $LK $b/me/transactions $CONNS
  run alone-direct-create post.lua $WK $b/me/transactions $CONNS
  if [ "$ALONE_WIDE" = 1 ] && [ "$CONNS_WIDE" != 0 ]; then
    run alone-direct-list get.lua $LK $b/me/transactions $CONNS_WIDE
    run alone-direct-create post.lua $WK $b/me/transactions $CONNS_WIDE
  fi
  stop $sp
  say "    alone log: $(grep -c '"level":"error"' $log || true) errors"
}

NODES=()
start_node() { # BIN N
  local bin=$1 n=$2 log=$D/$VER-node-$2.log p metrics=()
  [ $HAS_METRICS = 1 ] && metrics=(--metrics-listen "127.0.0.1:1830$n")
  port_free 1820$n || { say "$VER node-$n: port 1820$n is still in use"; return 1; }
  spawn "$(node_cpus $n)" $bin/purse-server --listen 127.0.0.1:1820$n --node-id "${NODE_IDS[n-1]}" --trusted-proxy 127.0.0.1/32 \
    --cluster-listen 127.0.0.1:740$n --cluster-ca $R/certs/ca.pem --cluster-cert $R/certs/node-$n.pem \
    --cluster-key $R/certs/node-$n.key "${metrics[@]}" $(common_flags) >$log 2>&1 &
  p=$!; track $p; NODES+=("$p")
  if ! wait_http http://127.0.0.1:1820$n/readyz 200 || ! kill -0 $p 2>/dev/null; then
    say "$VER node-$n: not ready after 20 s; its log:"; tail -5 $log | cut -c1-300; return 1
  fi
  SERVERS=("${NODES[@]}")
  METRIC_PORTS=(); [ $HAS_METRICS = 1 ] && for i in $(seq 1 $n); do METRIC_PORTS+=("1830$i"); done
  return 0
}

phase_cluster() {
  local bin=$1 cfg=$2 lua=$3 n h=http://127.0.0.1:$FRONT_PORT/api/public/v1
  NODES=(); HAP=""
  for n in 1 2 3; do
    start_node $bin $n || { stop "${NODES[@]}" $HAP; return 1; }
    if [ $n = 1 ]; then
      PURSE_FRONT=127.0.0.1:$FRONT_PORT PURSE_ROUTE_LUA=$lua \
      PURSE_NODE1=127.0.0.1:18201 PURSE_NODE2=127.0.0.1:18202 PURSE_NODE3=127.0.0.1:18203 \
      PURSE_NODE1_ID=${NODE_IDS[0]} PURSE_NODE2_ID=${NODE_IDS[1]} PURSE_NODE3_ID=${NODE_IDS[2]} \
        spawn "$HAPROXY_CPUS" $R/bin/haproxy -f $cfg >$D/$VER-haproxy.log 2>&1 &
      HAP=$!; track $HAP
      local ok=0
      for _ in $(seq 1 100); do
        curl -fs -o /dev/null -H "Authorization: Bearer $(head -1 $LK)" $h/me/transactions && { ok=1; break; }
        kill -0 $HAP 2>/dev/null || break; sleep 0.2
      done
      [ $ok = 1 ] || { say "$VER haproxy: no answer through it; its log:"; tail -5 $D/$VER-haproxy.log | cut -c1-300; stop "${NODES[@]}" $HAP; return 1; }
    fi
    sleep "$SETTLE"   # the view takes the new node in; haproxy's checks see it (rise 2, inter 1 s)
    local name; name=$(echo one-node two-nodes three-nodes | cut -d' ' -f$n)
    run $name-list get.lua $LK $h/me/transactions $CONNS
    run $name-create post.lua $WK $h/me/transactions $CONNS
    if [ $n = 3 ] && [ "$CONNS_WIDE" != 0 ]; then
      run $name-list get.lua $LK $h/me/transactions $CONNS_WIDE
      run $name-create post.lua $WK $h/me/transactions $CONNS_WIDE
    fi
  done
  crossing
  crossing_team
  stop "${NODES[@]}" $HAP
  local logs=""; for n in 1 2 3; do logs+=" node-$n $(grep -c '"level":"error"' $D/$VER-node-$n.log || true)"; done
  say "    cluster logs, errors:$logs"
}

# crossing (three nodes up, the after build, CROSS_CONNS > 0): what a call costs that crosses a
# node (issue 25, item 3). The records of the users that node 2 serves (their keys carry their
# placement tag, so node 2 serves the keys too), sent straight to node 2 (local) and straight to
# node 1 (forwarded: node 1 hands every call to node 2 over its call wire), CROSS_CONNS
# connections, no haproxy; list and create. Each run's cpu_us is all three nodes' CPU per request;
# its nodes: line shows node 1 handing on every call. Then forwarded / local per request.
crossing() {
  [ "$CROSS_CONNS" != 0 ] && [ "$VER" = after ] && [ -s $D/list.tags ] || return 0
  local h1=http://127.0.0.1:18201/api/public/v1 h2=http://127.0.0.1:18202/api/public/v1 i
  local lk=$D/cross-list.keys wk=$D/cross-writers.keys ll lf cl cf
  paste -d' ' $D/list.tags $LK | awk '$3 == 2 {print $4}' >$lk
  for i in $(seq 1 "$WRITERS"); do cat $D/u/w$i.uid; done >$D/writers.uids
  placement $D/writers.uids | awk '$3 == 2 {print $1}' >$D/cross-writers.uids
  paste -d' ' $D/writers.uids $WK | awk 'NR == FNR {own[$1] = 1; next} ($1 in own) {print $2, $3, $4}' \
    $D/cross-writers.uids - >$wk
  [ -s $lk ] && [ -s $wk ] || { say "    crossing: no list user or writer served by node 2"; return 0; }
  say "crossing: $(wc -l <$lk) list users and $(wc -l <$wk) writers served by node 2, $CROSS_CONNS connections"
  run crossing-local-list get.lua $lk $h2/me/transactions $CROSS_CONNS; ll=$LAST_CPU_US
  run crossing-forwarded-list get.lua $lk $h1/me/transactions $CROSS_CONNS; lf=$LAST_CPU_US
  run crossing-local-create post.lua $wk $h2/me/transactions $CROSS_CONNS; cl=$LAST_CPU_US
  run crossing-forwarded-create post.lua $wk $h1/me/transactions $CROSS_CONNS; cf=$LAST_CPU_US
  say "crossing: CPU per request of all nodes, forwarded / local: list ${lf:-?} / ${ll:-?} µs = $(awk -v a="${lf:-0}" -v b="${ll:-0}" 'BEGIN{if (b > 0) printf "%.2f", a / b; else print "?"}'), create ${cf:-?} / ${cl:-?} µs = $(awk -v a="${cf:-0}" -v b="${cl:-0}" 'BEGIN{if (b > 0) printf "%.2f", a / b; else print "?"}')"
}

# crossing_team (after crossing): a team's call (issue 25, item 3), admitted on the node that serves
# its key and handed to the node that serves the team: the one hop a team call takes in the steady
# state. A writer that node 1 serves, moved to the family plan, owns two new teams: one that node 1
# serves (local) and one that node 2 serves (handed on over node 1's call wire), each with an
# account and LIST_ROWS rows seeded as the list users'. Lists and creates sent to node 1 at
# CROSS_CONNS connections; then handed on / local per request.
crossing_team() {
  [ "$CROSS_CONNS" != 0 ] && [ "$VER" = after ] && [ -s $D/writers.uids ] || return 0
  local h1=http://127.0.0.1:18201/api/public/v1 admin=${BIN[$VER]}/purse-admin
  local uid key t i kind acc local_t="" fwd_t="" ll lf cl cf
  uid=$(placement $D/writers.uids | awk '$3 == 1 {print $1; exit}')
  key=$(paste -d' ' $D/writers.uids $WK | awk -v u="$uid" '$1 == u {print $2; exit}')
  [ -n "$uid" ] && [ -n "$key" ] || { say "    crossing-team: no writer served by node 1"; return 0; }
  $admin user set-plan --user "$uid" --plan family >/dev/null 2>>$D/seed.err \
    || { say "    crossing-team: set-plan failed"; return 0; }
  for i in $(seq 1 24); do
    [ -z "$local_t" ] || [ -z "$fwd_t" ] || break
    t=$($admin team create --name "Crossing $i" --owner "$uid" 2>>$D/seed.err | jget id)
    [ -n "$t" ] || continue
    echo "$t" >$D/team.id
    case $(placement $D/team.id | awk '{print $3}') in
      1) [ -n "$local_t" ] || local_t=$t ;;
      2) [ -n "$fwd_t" ] || fwd_t=$t ;;
    esac
  done
  [ -n "$local_t" ] && [ -n "$fwd_t" ] || { say "    crossing-team: no team of node 1 and of node 2 in 24"; return 0; }
  echo "$key" >$D/team.keys
  for kind in local fwd; do
    t=$([ $kind = local ] && echo "$local_t" || echo "$fwd_t")
    acc=$(curl -sf -X POST -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
      -d '{"name":"Team","type":"checking","currency_code":"USD"}' $h1/teams/$t/accounts | jget data.id)
    curl -sf -o /dev/null -X POST -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
      -d "{\"account_id\":\"$acc\",\"flow_type\":\"expense\",\"amount\":12.34,\"currency_code\":\"USD\",\"description\":\"seed\",\"transaction_at\":\"2026-06-30T12:00:00Z\"}" \
      $h1/teams/$t/transactions || true
    [ -n "$acc" ] || { say "    crossing-team: no team account"; return 0; }
    echo "$key $acc USD" >$D/team-$kind.writers
  done
  seed_rows "$local_t,$fwd_t" 2>>$D/seed.err
  while [ "$(psql_ -c "select report_rollups_fold(100000)" purse)" != 0 ]; do :; done
  psql_ -c "vacuum analyze" purse
  say "crossing-team: teams of a key node 1 serves: $local_t (node 1) and $fwd_t (node 2), $(psql_ -c \
    "select count(*) from transactions where scope_id in ('$local_t', '$fwd_t')" purse) rows, $CROSS_CONNS connections"
  run crossing-team-local-list get.lua $D/team.keys $h1/teams/$local_t/transactions $CROSS_CONNS; ll=$LAST_CPU_US
  run crossing-team-forwarded-list get.lua $D/team.keys $h1/teams/$fwd_t/transactions $CROSS_CONNS; lf=$LAST_CPU_US
  run crossing-team-local-create post.lua $D/team-local.writers $h1/teams/$local_t/transactions $CROSS_CONNS; cl=$LAST_CPU_US
  run crossing-team-forwarded-create post.lua $D/team-fwd.writers $h1/teams/$fwd_t/transactions $CROSS_CONNS; cf=$LAST_CPU_US
  say "crossing-team: CPU per request of all nodes, handed on / local: list ${lf:-?} / ${ll:-?} µs = $(awk -v a="${lf:-0}" -v b="${ll:-0}" 'BEGIN{if (b > 0) printf "%.2f", a / b; else print "?"}'), create ${cf:-?} / ${cl:-?} µs = $(awk -v a="${cf:-0}" -v b="${cl:-0}" 'BEGIN{if (b > 0) printf "%.2f", a / b; else print "?"}')"
}

# The reference service (bench/reference: Fastify + postgres.js, Purse's list and create on its
# tables, keys of the last build measured) on REF_CPUS, in REF_MODE. Its workers join SERVERS, so
# that the cores and per-request lines count the primary and every worker.
phase_ref() {
  local log=$D/ref.log sp w=0 ok=0 b=http://127.0.0.1:$REF_PORT/api/public/v1
  [ -x $R/bin/node ] && [ -f $R/reference/server.js ] \
    || { say "ref: SKIPPED: the tarball has no node and bench/reference (pack.sh with WITH_NODE=1)"; return 0; }
  port_free $REF_PORT || { say "ref: port $REF_PORT is in use"; return 1; }
  [ "$REF_MODE" = cluster ] && w=$REF_WORKERS
  # postgres.js takes the socket folder from PGHOST (its URLs have no socket form)
  (cd $R/reference && spawn "$REF_CPUS" env -u DATABASE_URL PGHOST=$D/sock PGPORT=$PG_PORT PGUSER=postgres \
     PGDATABASE=purse PORT=$REF_PORT DB_POOL=$REF_POOL REF_CLUSTER=$w $R/bin/node $R/reference/server.js) >$log 2>&1 &
  sp=$!; track $sp; HAP=""; METRIC_PORTS=()
  for _ in $(seq 1 100); do
    curl -fs -o /dev/null -H "Authorization: Bearer $(head -1 $LK)" $b/me/transactions && { ok=1; break; }
    kill -0 $sp 2>/dev/null || break; sleep 0.2
  done
  [ $ok = 1 ] || { say "ref: no answer after 20 s; its log:"; tail -5 $log | cut -c1-300; stop $sp; return 1; }
  local kids; kids=$(grep -l "^PPid:[[:space:]]*$sp\$" /proc/[0-9]*/status 2>/dev/null | cut -d/ -f3 || true)
  for p in $kids; do track $p; done
  SERVERS=("$sp" $kids)
  say "ref: $(node_version) on cores ${REF_CPUS:-unpinned}, $([ "$REF_MODE" = cluster ] \
    && grep -m 1 -o '[0-9]* workers ([0-9]* cores available), pools [0-9+]* of DB_POOL=[0-9]*' $log \
    || echo "one process, DB_POOL=$REF_POOL"); server= below: the primary first"
  run ref-list get.lua $LK $b/me/transactions $CONNS
  run ref-create post.lua $WK $b/me/transactions $CONNS
  if [ "$CONNS_WIDE" != 0 ]; then
    run ref-list get.lua $LK $b/me/transactions $CONNS_WIDE
    run ref-create post.lua $WK $b/me/transactions $CONNS_WIDE
  fi
  stop $sp
  local restarts; restarts=$(grep -c 'died (' $log || true)
  say "    ref log: $(grep -c '"level":50' $log || true) errors, $restarts worker restarts"
}
node_version() { echo "node $($R/bin/node --version 2>/dev/null || echo '?')"; }

# How throughput grows with cores: for each N in SWEEP_CORES, the last build's server alone on
# cores 0..N-1 with no --io-threads or --db-pool (the defaults it derives from the cores it may
# use), then the reference on the same cores (node:cluster, one worker per two cores) with as
# many database connections as that server's pool; list and create at CONNS, and at CONNS_WIDE
# where N is in SWEEP_WIDE. An N of the host's cores or more runs unpinned, PostgreSQL too (it
# goes back to PG_CPUS after): at 16 cores the server shares the host with PostgreSQL and wrk.
# Ends with one table of the runs.
pg_repin() { local p; for p in $(pg_pids); do taskset -a -cp "$1" "$p" >/dev/null 2>&1 || true; done; }
phase_sweep() {
  local bin=${BIN[${RUN_VERSIONS[-1]}]} n cpus wide all="0-$(( $(nproc) - 1 ))" bad=0
  for n in $SWEEP_CORES; do
    VER=sweep-${n}c cpus="0-$((n - 1))" wide=0
    [ "$n" -lt "$(nproc)" ] || { cpus=$all; pg_repin "$all"; }
    [[ " $SWEEP_WIDE " != *" $n "* ]] || wide=$CONNS_WIDE
    say "== $VER: server and reference on cores $cpus, PostgreSQL on $([ "$cpus" = "$all" ] && echo "$all" || echo "${PG_CPUS:-any}")"
    ALONE_CPUS=$cpus IO=auto POOL=auto ALONE_WIDE=$([ "$wide" = 0 ] && echo 0 || echo 1) CONNS_WIDE=$wide \
      phase_alone "$bin" || bad=$((bad + 1))
    REF_CPUS=$cpus REF_MODE=cluster REF_WORKERS=auto REF_POOL=$(sweep_pool "$n") CONNS_WIDE=$wide \
      phase_ref || bad=$((bad + 1))
    [ "$cpus" != "$all" ] || pg_repin "${PG_CPUS:-$all}"
  done
  say "sweep: req/s (p99 ms), server alone with its machine defaults / reference (node:cluster, a worker per two cores)"
  say "$(printf '%-6s %-5s %-22s %-22s %-6s %-22s %-22s %s' cores conns 'purse list' 'ref list' ratio 'purse create' 'ref create' ratio)"
  for n in $SWEEP_CORES; do
    for c in $CONNS $([[ " $SWEEP_WIDE " == *" $n "* ]] && [ "$CONNS_WIDE" != 0 ] && echo "$CONNS_WIDE"); do
      awk -v v="sweep-${n}c" -v c="$c" -v n="$n" '
        $1 == v && $3 == c { r[$2] = $4; p[$2] = $5 }
        function cell(k) { return (k in r) ? sprintf("%s (%s)", r[k], p[k]) : "-" }
        function ratio(a, b) { return (a in r) && (b in r) && r[b] > 0 ? sprintf("%.2f", r[a] / r[b]) : "-" }
        END { printf "%-6s %-5s %-22s %-22s %-6s %-22s %-22s %s\n", n, c,
                cell("alone-direct-list"), cell("ref-list"), ratio("alone-direct-list", "ref-list"),
                cell("alone-direct-create"), cell("ref-create"), ratio("alone-direct-create", "ref-create") }' $D/results
    done
  done
  [ $bad = 0 ]
}
# the pool purse-server takes by default on N cores (server/machine_defaults.cpp)
sweep_pool() { local p=$(( $1 + $1 / 2 )); [ $p -ge 8 ] || p=8; [ $p -le 64 ] || p=64; echo $p; }

# PostgreSQL alone on the list's statement (bench/pgbench/list.sql, the after build's: one page
# of 25 with its tag and file ids) for the first list user's 20,000-row scope, from CONNS
# connections (pgbench -M prepared, as the server binds it), pgbench on WRK_CPUS: the ceiling the
# list's req/s are a share of.
# pgb_run NAME ARGS...: pgbench (-M prepared, CONNS clients, from WRK_CPUS) for WARM s and then
# DUR + 3 s; prints its tps and PostgreSQL's cores and CPU per transaction over DUR s in the
# middle of the run (its backends end with pgbench); sets PGB_TPS.
pgb_run() {
  local name=$1 out=$D/pgbench-$1.log pg0 pg1 t0 t1 el pid; shift
  local args=(-n -M prepared -c "$CONNS" -j "$WRK_THREADS" "$@" -h $D/sock -p $PG_PORT -U postgres purse)
  PGB_TPS=""
  pin "$WRK_CPUS" $PGB/pgbench "${args[@]}" -T "$WARM" >/dev/null 2>&1 || true
  # Measured from 1 s in for DUR s, and pgbench runs 3 s longer: the backends must all be alive
  # when the window closes (a backend that has ended but is not yet reaped counts nowhere; at 24
  # connections on 2 cores, reading /proc took long enough to go past pgbench's end).
  pin "$WRK_CPUS" $PGB/pgbench "${args[@]}" -T "$((DUR + 3))" >$out 2>&1 &
  pid=$!; sleep 1
  t0=$(now); pg0=$(ticks $(pg_pids)); sleep "$DUR"; t1=$(now); pg1=$(ticks $(pg_pids))
  wait $pid || { tail -5 $out; return 1; }
  PGB_TPS=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' $out | head -1)
  el=$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b - a}')
  say "pgbench $name c=$CONNS RESULT tps=${PGB_TPS:-?} latency_ms=$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' $out) failed=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' $out)"
  say "    cores: pg=$(cores "$pg0" "$pg1" "$el")$([ -z "$PGB_TPS" ] || awk -v a="$pg0" -v b="$pg1" -v c="$CLK" -v t="$PGB_TPS" -v e="$el" \
    'BEGIN{printf "; PostgreSQL per transaction: %.0f us", (b - a) / c * 1e6 / (t * e)}')"
  [ -n "$PGB_TPS" ]
}
# The pgbench writers of bench/pgbench/create.sql and reference-create.sql: users, accounts and
# keys with digit-string ids (pgbench's variables are numbers), PGB_WRITERS of them.
seed_pgbench_writers() {
  psql_ -v n="$PGB_WRITERS" -v now="$(date +%s)" purse <<'SQL' >/dev/null
BEGIN;
INSERT INTO users (id, email, name, plan, currency_code, timezone, created_at)
SELECT (2000000000000000000 + g)::text, 'writer-' || g || '@pgbench.invalid', '', 'solo', 'USD', 'UTC', :now
  FROM generate_series(1, :n) AS g ON CONFLICT DO NOTHING;
INSERT INTO api_keys (id, lookup_id, secret_hash, user_id, name, audience, created_at, expires_at, revoked_at, last_used_at)
SELECT gen_random_uuid()::text, (100000000000 + g)::text, encode(sha256(convert_to('pgbench-write-' || g, 'UTF8')), 'hex'),
       (2000000000000000000 + g)::text, 'pgbench', 'public-api', :now, :now + 30 * 86400, 0, 0
  FROM generate_series(1, :n) AS g ON CONFLICT DO NOTHING;
INSERT INTO accounts (id, scope_id, name, type, currency_code, opening_balance_minor, balance_minor, archived, created_at, updated_at)
SELECT (3000000000000000000 + g)::text, (2000000000000000000 + g)::text, 'Main', 'checking', 'USD', 0, 0, false, :now, :now
  FROM generate_series(1, :n) AS g ON CONFLICT DO NOTHING;
COMMIT;
SQL
}
# PostgreSQL alone: the list's statement for the first list user's scope, then, PGB_CREATE_ROUNDS
# times (2), Purse's create (create.sql) and the reference service's SQL for the same create
# (reference-create.sql: its key lookup, BEGIN, UPDATE, INSERT, COMMIT) one after the other, over
# PGB_WRITERS (64) writers of their own.
phase_pgbench() {
  [ -x "$PGB/pgbench" ] && [ -f $R/pgbench/list.sql ] || { say "pgbench: SKIPPED: the tarball has no pgbench (an older pack.sh)"; return 0; }
  pgb_run list.sql -f $R/pgbench/list.sql -D "scope_id=$(cat $D/u/l1.uid)" || return 1
  # each server-alone list run at the same connections, as a share of it
  awk -v t="$PGB_TPS" -v c="$CONNS" '$2 == "alone-direct-list" && $3 == c && $4 > 0 {
    printf "    %s alone-direct-list c=%s: %s req/s = %.0f%% of it\n", $1, c, $4, 100 * $4 / t }' $D/results 2>/dev/null || true
  [ -f $R/pgbench/create.sql ] && [ -f $R/pgbench/reference-create.sql ] || return 0
  seed_pgbench_writers
  local defs=(-D "users=$PGB_WRITERS" -D "now=$(date +%s)" -D flow=expense -D currency=USD) i
  for i in $(seq 1 "$PGB_CREATE_ROUNDS"); do
    pgb_run create.sql -f $R/pgbench/create.sql "${defs[@]}" || true
    pgb_run reference-create.sql -f $R/pgbench/reference-create.sql "${defs[@]}" || true
  done
}

# step NAME FUNC ARGS...: in a subshell, so that a failure ends that step only
step() {
  local rc
  set +e
  ( set -eE; trap '[[ $BASH_COMMAND == return* ]] || say "    failed: line $LINENO: $BASH_COMMAND"' ERR; "${@:2}" ); rc=$?
  set -e
  [ $rc = 0 ] || { say "$VER $1: FAILED (exit $rc), going on"; FAILS=$((FAILS + 1)); }
}
FAILS=0

for VER in "${RUN_VERSIONS[@]}"; do
  bin=${BIN[$VER]}
  say "== $VER: $($bin/purse-server --version 2>&1 | head -1)"
  if ! mig=$($bin/purse-admin migrate 2>&1); then say "$VER: migrate failed: $mig"; FAILS=$((FAILS + 1)); continue; fi
  make_keys || { FAILS=$((FAILS + 1)); continue; }
  HAS_METRICS=0; $bin/purse-server --help 2>&1 | grep -q -- --metrics-listen && HAS_METRICS=1
  [[ " $PHASES " != *" alone "* ]] || step alone phase_alone $bin
  [[ " $PHASES " != *" cluster "* ]] || step cluster phase_cluster $bin ${CFG[$VER]} ${LUA[$VER]}
  # Between builds: the report deltas the creates left folded, statistics fresh.
  psql_ -c "select report_rollups_fold(1000000)" purse >/dev/null 2>&1 || true
  psql_ -c "vacuum analyze" -c "checkpoint" purse || true
done
if [[ " $PHASES " == *" ref "* ]]; then
  VER=ref
  if [ -n "${LK:-}" ] && [ -s "${LK:-}" ]; then step ref phase_ref
  else say "ref: no keys (no build's keys were made)"; FAILS=$((FAILS + 1)); fi
fi
if [[ " $PHASES " == *" sweep "* ]]; then
  if [ -n "${LK:-}" ] && [ -s "${LK:-}" ]; then step sweep phase_sweep
  else say "sweep: no keys (no build's keys were made)"; FAILS=$((FAILS + 1)); fi
fi
if [[ " $PHASES " == *" pgbench "* ]]; then VER=pgbench; step pgbench phase_pgbench; fi
say "rows at the end: $(psql_ -c "select count(*) from transactions" purse) transactions (the create runs add rows to the writers' scopes)"
[ $FAILS = 0 ] || { say "$FAILS step(s) FAILED"; exit 1; }
