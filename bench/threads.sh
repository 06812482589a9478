#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Where a create's context switches go, per thread, for two builds side by
# side (docs/BENCHMARKS.md, "Deadlines without the actor clock"):
#
#   PURSE_DATABASE_URL=postgresql://… bash bench/threads.sh DIR_A DIR_B
#
# DIR_A and DIR_B hold a purse-server each (DIR_A's purse-admin makes the
# writers). The database must be migrated and may be shared with nothing
# that folds report rollups meanwhile. ROUNDS rounds (default 4), each runs
# A then B, then B then A, so each build is measured first as often as
# second. Each run: the pending rollup deltas are folded and the tables the
# creates write are vacuumed, so every run starts from the same tables;
# the server starts (it folds as usual while it runs), wrk warms up for 3 s
# and then POSTs transactions rotating over 64 writers for DURATION seconds (10) at
# 64 connections. Per run it prints req/s, the server's CPU and
# PostgreSQL's CPU per create (PostgreSQL local to this host: its
# postmaster's reaped children and its live ones, PG_DATA), and each
# thread name's voluntary and involuntary context switches per create
# (/proc/PID/task/*/status). CAF 0.17 names its scheduler threads
# caf.multiplexer, detached actors (the database workers) caf.actor and
# its timer thread caf.clock; the io threads keep the process's name.
# Ends with each build's geometric means.
set -euo pipefail

A=${1:?usage: threads.sh DIR_A DIR_B}
B=${2:?usage: threads.sh DIR_A DIR_B}
URL=${PURSE_DATABASE_URL:?set PURSE_DATABASE_URL}
ROUNDS=${ROUNDS:-4}
DURATION=${DURATION:-10}
PORT=${PORT:-25610}
PG_DATA=${PG_DATA:-}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$(mktemp -d /tmp/purse-threads.XXXXXX)}
mkdir -p "$OUT"
export PURSE_DATABASE_URL=$URL

psql_() { psql "$URL" -X -qAt -v ON_ERROR_STOP=1 "$@"; }

# The writers: 64 users with a key and a USD account each.
if [ ! -s "$OUT/writers.txt" ]; then
  bash "$HERE/make_writers.sh" "$A/purse-admin" threads "$OUT/writers.txt"
fi

pg_ticks() {
  [ -n "$PG_DATA" ] || { echo 0; return; }
  local pm t c
  pm=$(head -n 1 "$PG_DATA/postmaster.pid")
  t=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 + $14 + $15 }' "/proc/$pm/stat")
  for c in $(pgrep -P "$pm"); do
    t=$((t + $(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$c/stat" 2>/dev/null || echo 0)))
  done
  echo "$t"
}
threads() { # PID: "tid name voluntary involuntary" per thread
  local f
  for f in /proc/"$1"/task/*; do
    echo "$(basename "$f") $(tr ' ' _ <"$f/comm") $(awk '/^voluntary_ctxt/ {v=$2}
      /^nonvoluntary_ctxt/ {n=$2} END {print v, n}' "$f/status")"
  done | sort
}
trap '[ -z "${SP:-}" ] || kill "$SP" 2>/dev/null || true' EXIT

one() { # LABEL DIR
  local label=$1 dir=$2 p0 p1 s0 s1 n
  psql_ -c "SELECT report_rollups_fold(2000000000)" >/dev/null
  for t in accounts report_rollup_deltas changes transactions; do psql_ -c "VACUUM ANALYZE $t"; done
  "$dir/purse-server" --listen 127.0.0.1:$PORT --insecure-http \
    --read-limit 10000000 --write-limit 10000000 \
    --max-connections-per-address 0 >"$OUT/server-$label.log" 2>&1 &
  SP=$!
  for _ in $(seq 1 100); do
    curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$PORT/readyz | grep -q 200 && break
    sleep 0.2
  done
  local url=http://127.0.0.1:$PORT/api/public/v1/me/transactions
  BENCH_KEYS=$OUT/writers.txt wrk -t2 -c64 -d3s -s "$HERE/create.lua" "$url" >/dev/null 2>&1
  threads "$SP" >"$OUT/before"
  p0=$(pg_ticks); s0=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' /proc/$SP/stat)
  BENCH_KEYS=$OUT/writers.txt wrk -t2 -c64 -d"${DURATION}"s -s "$HERE/create.lua" "$url" >"$OUT/wrk" 2>&1
  threads "$SP" >"$OUT/after"
  p1=$(pg_ticks); s1=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' /proc/$SP/stat)
  kill "$SP"; wait "$SP" 2>/dev/null || true; SP=""
  n=$(awk '/requests in/ { print $1 }' "$OUT/wrk")
  local hz; hz=$(getconf CLK_TCK)
  echo "$label rps=$(awk '/Requests\/sec/ { print $2 }' "$OUT/wrk") server_us=$(( (s1 - s0) * 1000000 / hz / n )) pg_us=$(( (p1 - p0) * 1000000 / hz / n ))"
  join "$OUT/before" "$OUT/after" | awk -v n="$n" '
    { k = $2; sub(/^purse-server.*/, "io+main", k); V[k] += $6 - $3; N[k] += $7 - $4; C[k]++ }
    END { for (k in V) printf "    %-16s threads=%-2d voluntary/create=%.2f involuntary/create=%.2f\n", k, C[k], V[k] / n, N[k] / n }' | sort
}

for r in $(seq 1 "$ROUNDS"); do
  one A "$A"; one B "$B"; one B "$B"; one A "$A"
done | tee "$OUT/runs.txt"
awk '/ rps=/ { split($2, a, "="); split($3, b, "="); n[$1]++; r[$1] += log(a[2]); s[$1] += log(b[2]) }
  END { for (k in n) printf "%s: %d runs, geometric means: %.0f creates/s, %.0f µs server CPU per create\n", k, n[k], exp(r[k] / n[k]), exp(s[k] / n[k]) }' "$OUT/runs.txt" | sort
echo "(output in $OUT)"
