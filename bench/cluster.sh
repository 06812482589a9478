#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Purse across nodes on this machine:  bash bench/cluster.sh
# (results in docs/BENCHMARKS.md, "Cluster")
#
# One private PostgreSQL, one data set, cluster certificates, then:
#   scale      list and create throughput with 1, 2 and 3 nodes behind
#              haproxy (round robin), and one server alone (no cluster
#              flags) without and with haproxy, for reference. wrk, CONNS
#              connections, keys of one user rotated for the list, 64
#              writer users for creates.
#   forwarded  one key and one scope owned by node 2 (60 rows): the same
#              list and create sent to node 2 (local) and to node 1 (handed
#              to node 2 and back), LAT_CONNS connections: p50 and p99, CPU per
#              request of all nodes and of each, and how node 1 handed
#              the calls on (over its call wire or the node link).
#   team       one key that node 1 serves and two teams of its user, one
#              that node 1 serves (local) and one that another node serves
#              (60 rows each; each call admitted on node 1 and handed to
#              the team's node: the one hop a team call takes in the
#              steady state); list and create sent to node 1, LAT_CONNS
#              connections, as forwarded, and how node 1 handed the
#              team's calls on.
#   failover   a write loop (Idempotency-Key, retried until acknowledged)
#              through haproxy on a scope owned by node 3; kill -9 node 3;
#              the time from the kill to the first acknowledged write.
# This machine is CPU-bound (2 cores): every node, haproxy, PostgreSQL and
# wrk share them, so more nodes cannot mean more throughput here; the
# figures show what a node, a forward and haproxy cost.
#
# Settings: BUILD=<repo>/build DURATION=15 WARMUP=3 CONNS=64 LAT_CONNS=8
#   PG_DIR=/tmp/purse-bench-cluster-pg PG_PORT=25600 PORT_BASE=25610
#   OUT=/tmp/purse-bench-cluster
#   PARTS="scale forwarded team failover" (any of them, e.g. PARTS=forwarded)
#   NODE_FLAGS="...": more purse-server flags for every node (e.g.
#   NODE_FLAGS="--io-threads 1")
#   PERF=1: `perf record -g` of every node during each measured run, in
#   $OUT/perf-SETUP-TEST.data (perf report -i FILE --no-children)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
DURATION=${DURATION:-15}
WARMUP=${WARMUP:-3}
CONNS=${CONNS:-64}
LAT_CONNS=${LAT_CONNS:-8}
PG_DIR=${PG_DIR:-/tmp/purse-bench-cluster-pg}
PG_PORT=${PG_PORT:-25600}
PORT_BASE=${PORT_BASE:-25610}
OUT=${OUT:-/tmp/purse-bench-cluster}
PARTS=${PARTS:-scale forwarded team failover}
PERF=${PERF:-0}
read -ra NODE_FLAGS <<<"${NODE_FLAGS:-}"
FRONT_PORT=$PORT_BASE
WRITERS=64

log() { printf '%s cluster-bench: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }
for tool in wrk curl haproxy openssl sha256sum; do
  command -v "$tool" >/dev/null || die "$tool is not installed"
done

case "$OUT" in /tmp/?*) ;; *) die "OUT must be under /tmp" ;; esac
rm -rf "$OUT"
mkdir -p -m 700 "$OUT/bin"
cp "$BUILD/purse-server" "$BUILD/purse-admin" "$OUT/bin/"
SERVER=$OUT/bin/purse-server
ADMIN=$OUT/bin/purse-admin

PIDS=()
cleanup() {
  set +e
  for p in "${PIDS[@]}"; do kill -KILL "$p" 2>/dev/null; done
  bash "$ROOT/deploy/pg-local.sh" stop "$PG_DIR" >/dev/null 2>&1
  rm -rf "$PG_DIR"
}
trap cleanup EXIT

rm -rf "$PG_DIR"
DB_URL=$(bash "$ROOT/deploy/pg-local.sh" start "$PG_DIR" "$PG_PORT")
export PURSE_DATABASE_URL=$DB_URL
# wrk opens all its connections from one address (127.0.0.1): no
# per-address cap.
export PURSE_MAX_CONNECTIONS_PER_ADDRESS=0
"$ADMIN" migrate >/dev/null
bash "$ROOT/deploy/cluster-certs.sh" "$OUT/certs" node-1 node-2 node-3 >/dev/null

json_field() { sed -E "s/.*\"$1\":\"([^\"]*)\".*/\\1/"; }
http_port() { echo $((PORT_BASE + $1)); }
link_port() { echo $((PORT_BASE + 10 + $1)); }
metrics_port() { echo $((PORT_BASE + 20 + $1)); }
# The value of metric SERIES on node I (0 when absent).
node_metric() {
  curl -fs "http://127.0.0.1:$(metrics_port "$1")/metrics" |
    awk -v s="$2" '$1 == s { print $2; found = 1 } END { if (!found) print 0 }'
}

# The owner among "node-1..node-N" of placement tag KEY: rendezvous hashing
# as actors/cluster/ownership.cpp (first 8 bytes of SHA-256(node, NUL, tag)).
owner_of() {
  local key=$1 n=$2 best="" best_w="" i w
  for i in $(seq 1 "$n"); do
    w=$(printf 'node-%s\0%s' "$i" "$key" | sha256sum | cut -c1-16)
    if [ -z "$best_w" ] || [[ "$w" > "$best_w" ]]; then best=$i; best_w=$w; fi
  done
  echo "$best"
}
# A key's placement tag: the first 3 characters of its lookup id (a new
# key's are its user's, so the key's node also serves its user's records).
tag_of() { cut -c7-9 <<<"$1"; }

# start_nodes N [alone]: N cluster nodes (or one server without cluster
# flags), each on its own HTTP port; waits until each answers /readyz.
start_nodes() {
  local n=$1 alone=${2:-} i
  PIDS=()
  for i in $(seq 1 "$n"); do
    local flags=(--insecure-http --listen "127.0.0.1:$(http_port "$i")"
                 --metrics-listen "127.0.0.1:$(metrics_port "$i")"
                 --read-limit 10000000 --write-limit 10000000
                 "${NODE_FLAGS[@]}")
    [ -n "$alone" ] || flags+=(--node-id "node-$i"
      --cluster-listen "127.0.0.1:$(link_port "$i")"
      --cluster-ca "$OUT/certs/ca.pem" --cluster-cert "$OUT/certs/node-$i.pem"
      --cluster-key "$OUT/certs/node-$i.key")
    "$SERVER" "${flags[@]}" >>"$OUT/node-$i.log" 2>&1 &
    PIDS+=($!)
  done
  for i in $(seq 1 "$n"); do
    for _ in $(seq 1 150); do
      curl -fs "http://127.0.0.1:$(http_port "$i")/readyz" >/dev/null && break
      sleep 0.2
    done
  done
  sleep 2 # links come up within a renewal
}

stop_nodes() {
  local p
  for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  PIDS=()
  psql_clear_members
}
psql_clear_members() {
  "$(ls -d /usr/lib/postgresql/*/bin | tail -n 1)/psql" \
    -X -q "$DB_URL" -c "DELETE FROM cluster_members" \
    -c "DELETE FROM cluster_trust" >/dev/null 2>&1 || true
}

# haproxy N: round robin over nodes 1..N on FRONT_PORT.
start_haproxy() {
  local n=$1 i
  {
    printf 'global\n    maxconn 4096\ndefaults\n    mode http\n'
    printf '    timeout connect 2s\n    timeout client 60s\n    timeout server 60s\n'
    printf 'frontend f\n    bind 127.0.0.1:%s\n    default_backend b\n' "$FRONT_PORT"
    printf 'backend b\n    balance roundrobin\n'
    for i in $(seq 1 "$n"); do
      printf '    server n%s 127.0.0.1:%s\n' "$i" "$(http_port "$i")"
    done
  } >"$OUT/haproxy-$n.cfg"
  haproxy -db -f "$OUT/haproxy-$n.cfg" >>"$OUT/haproxy.log" 2>&1 &
  PIDS+=($!)
  sleep 1
}

RESULTS=$OUT/results.tsv
printf 'setup\ttest\tconns\trps\tp50_ms\tp99_ms\tnon2xx\tcpu_us_req\n' >"$RESULTS"
# CPU time (user + system, in clock ticks) of process PID so far.
pid_cpu() {
  local f
  # Fields 14 and 15 of /proc/PID/stat, after the command's ")".
  f=$(sed -E 's/.*\) //' "/proc/$1/stat" 2>/dev/null) || { echo 0; return; }
  echo $(($(cut -d' ' -f12 <<<"$f") + $(cut -d' ' -f13 <<<"$f")))
}
# ... of the running nodes: the sum, then each node's.
nodes_cpu() {
  local p t=0 each=()
  for p in "${PIDS[@]}"; do
    each+=("$(pid_cpu "$p")")
    t=$((t + ${each[-1]}))
  done
  echo "$t ${each[*]}"
}
TICKS=$(getconf CLK_TCK)
# wrk_run SETUP TEST LUA RECORDS URL CONNS
wrk_run() {
  local setup=$1 test=$2 lua=$3 records=$4 url=$5 conns=$6 line cpu0 cpu1
  BENCH_KEYS=$records wrk -t2 -c"$conns" -d"${WARMUP}s" -s "$HERE/$lua" "$url" >/dev/null
  local -a cpu0 cpu1
  read -ra cpu0 <<<"$(nodes_cpu)"
  local perf_pid=""
  if [ "$PERF" = 1 ]; then
    perf record -q -g -o "$OUT/perf-$setup-$test.data" \
      -p "$(IFS=,; echo "${PIDS[*]}")" -- sleep "$DURATION" >/dev/null 2>&1 &
    perf_pid=$!
  fi
  BENCH_KEYS=$records wrk -t2 -c"$conns" -d"${DURATION}s" --latency -s "$HERE/$lua" \
    "$url" >"$OUT/$setup-$test.txt" 2>&1
  read -ra cpu1 <<<"$(nodes_cpu)"
  [ -z "$perf_pid" ] || wait "$perf_pid" || true
  line=$(grep '^RESULT' "$OUT/$setup-$test.txt")
  field() { sed -E "s/.* $1=([^ ]*).*/\\1/" <<<"$line"; }
  # Server CPU per request: every node's (and haproxy's, when it runs).
  local requests=$(($(field requests) + 1)) i each=""
  local per=$(( (cpu1[0] - cpu0[0]) * 1000000 / TICKS / requests ))
  for ((i = 1; i < ${#cpu1[@]}; i++)); do
    each+="${each:+/}$(( (cpu1[i] - cpu0[i]) * 1000000 / TICKS / requests ))"
  done
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$setup" "$test" "$conns" "$(field rps)" \
    "$(field p50_ms)" "$(field p99_ms)" "$(field non2xx)" "$per" >>"$RESULTS"
  log "$setup $test: $(field rps) req/s, p50 $(field p50_ms) ms, p99 $(field p99_ms) ms, non-2xx $(field non2xx), $per us CPU/request ($each by process)"
}

# pair_runs PREFIX LOCAL_URL FORWARDED_URL KEYS LOCAL_WRITERS FORWARDED_WRITERS:
# runs PREFIXlocal and PREFIXforwarded, both lists before any create (the
# creates grow the listed scope, and a list run after them would read
# another table and, until autovacuum analyses it, with another plan).
pair_runs() {
  local test kind url writers
  for test in list create; do
    for kind in local forwarded; do
      url=$2 writers=$5
      [ "$kind" = local ] || { url=$3; writers=$6; }
      if [ "$test" = list ]; then
        wrk_run "$1$kind" list list.lua "$4" "$url" "$LAT_CONNS"
      else
        wrk_run "$1$kind" create create.lua "$writers" "$url" "$LAT_CONNS"
      fi
    done
  done
}

# -- data ----------------------------------------------------------------------
log "creating users, keys and data"
start_nodes 1 alone
API="http://127.0.0.1:$(http_port 1)/api/public/v1"
LIST_USER=$("$ADMIN" user create --email list@bench.invalid --plan solo | json_field id)
: >"$OUT/list-keys.txt"
for k in 1 2 3 4 5 6 7 8; do
  "$ADMIN" key create --user "$LIST_USER" --days 30 | json_field secret >>"$OUT/list-keys.txt"
done
LIST_KEY=$(head -n 1 "$OUT/list-keys.txt")
acc=$(curl -fs -H "Authorization: Bearer $LIST_KEY" -H 'Content-Type: application/json' \
  -d '{"name":"Main","currency_code":"USD"}' "$API/me/accounts" | json_field id)
# add_expenses URL KEY ACCOUNT N: N expenses POSTed to URL (a
# .../transactions collection).
add_expenses() {
  local i
  for i in $(seq 1 "$4"); do
    curl -fs -o /dev/null -H "Authorization: Bearer $2" -H 'Content-Type: application/json' \
      -d "{\"account_id\":\"$3\",\"flow_type\":\"expense\",\"amount\":$i,\"currency_code\":\"USD\",\"transaction_at\":\"2026-03-01T10:00:00Z\"}" \
      "$1"
  done
}
add_expenses "$API/me/transactions" "$LIST_KEY" "$acc" 200
: >"$OUT/writers.txt"
for w in $(seq 1 "$WRITERS"); do
  uid=$("$ADMIN" user create --email "w$w@bench.invalid" --plan solo | json_field id)
  tok=$("$ADMIN" key create --user "$uid" --days 30 | json_field secret)
  a=$(curl -fs -H "Authorization: Bearer $tok" -H 'Content-Type: application/json' \
    -d '{"name":"Main","currency_code":"USD"}' "$API/me/accounts" | json_field id)
  echo "$tok $a" >>"$OUT/writers.txt"
done
# A user (key and scope) served by node 2 of three (forwarded), and one
# served by node 3 (failover).
# user_on NODE [PLAN]: a new user whose key NODE serves (of three): prints
# the key, and writes the user's id to $OUT/user-on-id.txt.
user_on() {
  local node=$1 plan=${2:-solo} uid tok
  while :; do
    uid=$("$ADMIN" user create --email "u$RANDOM$RANDOM@bench.invalid" --plan "$plan" | json_field id)
    tok=$("$ADMIN" key create --user "$uid" --days 30 | json_field secret)
    [ "$(owner_of "$(tag_of "$tok")" 3)" = "$node" ] && break
  done
  echo "$uid" >"$OUT/user-on-id.txt"
  echo "$tok"
}
FWD_KEY=$(user_on 2)
fa=$(curl -fs -H "Authorization: Bearer $FWD_KEY" -H 'Content-Type: application/json' \
  -d '{"name":"Main","currency_code":"USD"}' "$API/me/accounts" | json_field id)
# 60 rows to list, as the teams' below (the forwarded lists read a page
# of them, not an empty scope).
add_expenses "$API/me/transactions" "$FWD_KEY" "$fa" 60
echo "$FWD_KEY" >"$OUT/fwd-key.txt"
echo "$FWD_KEY $fa" >"$OUT/fwd-writer.txt"
TEAM_KEY=$(user_on 1 family)
TEAM_USER=$(cat "$OUT/user-on-id.txt")
FAIL_KEY=$(user_on 3)
FAIL_ACC=$(curl -fs -H "Authorization: Bearer $FAIL_KEY" -H 'Content-Type: application/json' \
  -d '{"name":"Main","currency_code":"USD"}' "$API/me/accounts" | json_field id)

part() { [[ " $PARTS " == *" $1 "* ]]; }

# -- scale ---------------------------------------------------------------------
if part scale; then
wrk_run alone list list.lua "$OUT/list-keys.txt" "$API/me/transactions" "$CONNS"
wrk_run alone create create.lua "$OUT/writers.txt" "$API/me/transactions" "$CONNS"
# The same server behind haproxy: what the proxy costs by itself.
start_haproxy 1
FRONT="http://127.0.0.1:$FRONT_PORT/api/public/v1"
wrk_run alone-proxied list list.lua "$OUT/list-keys.txt" "$FRONT/me/transactions" "$CONNS"
wrk_run alone-proxied create create.lua "$OUT/writers.txt" "$FRONT/me/transactions" "$CONNS"
fi
stop_nodes
for n in 1 2 3; do
  part scale || [ "$n" = 3 ] || continue
  start_nodes "$n"
  start_haproxy "$n"
  FRONT="http://127.0.0.1:$FRONT_PORT/api/public/v1"
  if part scale; then
    wrk_run "nodes-$n" list list.lua "$OUT/list-keys.txt" "$FRONT/me/transactions" "$CONNS"
    wrk_run "nodes-$n" create create.lua "$OUT/writers.txt" "$FRONT/me/transactions" "$CONNS"
  fi
  if [ "$n" = 3 ] && part forwarded; then
    # -- forwarded -------------------------------------------------------------
    # Node 2 serves the key: local there, handed on from node 1.
    pair_runs "" "http://127.0.0.1:$(http_port 2)/api/public/v1/me/transactions" \
      "http://127.0.0.1:$(http_port 1)/api/public/v1/me/transactions" \
      "$OUT/fwd-key.txt" "$OUT/fwd-writer.txt" "$OUT/fwd-writer.txt"
    # How node 1 handed the calls on: over its call wire or the node link.
    log "forwarded: node 1 handed on $(node_metric 1 'purse_forwarded_calls_total{owner="key",op="read"}') reads and $(node_metric 1 'purse_forwarded_calls_total{owner="key",op="write"}') writes, $(node_metric 1 purse_forwarded_calls_by_wire_total) of all over its call wire"
  fi
  if [ "$n" = 3 ] && part team; then
    # -- team ------------------------------------------------------------------
    API1="http://127.0.0.1:$(http_port 1)/api/public/v1"
    scope_calls_1() {
      echo $(( $(node_metric 1 'purse_forwarded_calls_total{owner="scope",op="read"}' | cut -d. -f1) \
        + $(node_metric 1 'purse_forwarded_calls_total{owner="scope",op="write"}' | cut -d. -f1) ))
    }
    # Teams of the key's user until one is node 1's and one another's (a
    # call handed on or not says which).
    team_local="" team_fwd=""
    for _ in $(seq 1 24); do
      [ -z "$team_local" ] || [ -z "$team_fwd" ] || break
      t=$("$ADMIN" team create --name Bench --owner "$TEAM_USER" | json_field id)
      before=$(scope_calls_1)
      ta=$(curl -fs -H "Authorization: Bearer $TEAM_KEY" -H 'Content-Type: application/json' \
        -d '{"name":"Main","currency_code":"USD"}' "$API1/teams/$t/accounts" | json_field id)
      if [ "$(scope_calls_1)" = "$before" ]; then
        [ -n "$team_local" ] || { team_local=$t; echo "$TEAM_KEY $ta" >"$OUT/team-local-writer.txt"; }
      else
        [ -n "$team_fwd" ] || { team_fwd=$t; echo "$TEAM_KEY $ta" >"$OUT/team-forwarded-writer.txt"; }
      fi
    done
    [ -n "$team_local" ] && [ -n "$team_fwd" ] || die "no local and handed-on team in 24 tries"
    echo "$TEAM_KEY" >"$OUT/team-key.txt"
    for kind in local forwarded; do
      t=$([ "$kind" = local ] && echo "$team_local" || echo "$team_fwd")
      ta=$(cut -d' ' -f2 "$OUT/team-$kind-writer.txt")
      add_expenses "$API1/teams/$t/transactions" "$TEAM_KEY" "$ta" 60
    done
    wired0=$(node_metric 1 purse_forwarded_calls_by_wire_total | cut -d. -f1)
    scope0=$(scope_calls_1)
    pair_runs team- "$API1/teams/$team_local/transactions" "$API1/teams/$team_fwd/transactions" \
      "$OUT/team-key.txt" "$OUT/team-local-writer.txt" "$OUT/team-forwarded-writer.txt"
    log "team: node 1 handed on $(( $(scope_calls_1) - scope0 )) team calls, $(( $(node_metric 1 purse_forwarded_calls_by_wire_total | cut -d. -f1) - wired0 )) of them over its call wire"
  fi
  if [ "$n" = 3 ] && part failover; then
    # -- failover --------------------------------------------------------------
    log "failover: kill -9 node 3 (owner of the written scope) under a write loop"
    body="{\"account_id\":\"$FAIL_ACC\",\"flow_type\":\"expense\",\"amount\":1,\"currency_code\":\"USD\",\"transaction_at\":\"2026-03-01T10:00:00Z\"}"
    write_once() {
      curl -s -o /dev/null -m 5 -w '%{http_code}' -H "Authorization: Bearer $FAIL_KEY" \
        -H 'Content-Type: application/json' -H "Idempotency-Key: $1" -d "$body" \
        "$FRONT/me/transactions"
    }
    for i in $(seq 1 20); do write_once "warm-$i" >/dev/null; done
    kill -KILL "${PIDS[2]}"
    killed=$(date +%s%N)
    i=0
    until [ "$(write_once "after-$i")" = 201 ]; do
      i=$((i + 1))
      sleep 0.05
      [ $(( ($(date +%s%N) - killed) / 1000000000 )) -lt 60 ] || die "no write after 60 s"
    done
    ms=$(( ($(date +%s%N) - killed) / 1000000 ))
    printf 'failover\tkill-9-to-first-write\t1\t-\t%s\t-\t%s\n' "$ms" "$i" >>"$RESULTS"
    log "failover: first acknowledged write $ms ms after kill -9 ($i refused attempts)"
  fi
  stop_nodes
done

column -t -s $'\t' "$RESULTS" | tee "$OUT/results.txt"
