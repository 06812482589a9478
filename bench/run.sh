#!/usr/bin/env bash
# Reproduces docs/BENCHMARKS.md:  bash bench/run.sh
#
# Starts a private PostgreSQL 15 cluster, migrates it, seeds one user with
# 100,000 transactions plus 64 writer users (one key and one account each)
# and one more "solo" writer, then for every pool size in POOLS starts
# purse-server and runs with wrk (64 connections, 2 threads):
#   list         GET  /me/transactions of the seeded user, keys rotated
#   create-many  POST /me/transactions rotating over the 64 writers
#   create-one   POST /me/transactions, one user and account (one scope)
# and finally, with the server stopped, pgbench -M prepared at the same
# concurrency running the same SQL (bench/pgbench/*.sql, on extra users
# whose ids are digit strings, see there). Prints a table and writes it to
# $OUT/results.md. Everything it starts is stopped on exit.
#
# Before the first measured run it logs every statement the server runs for
# one list and one create and compares them with bench/pgbench/*.sql
# ("SQL check" in the results): the server's SQL may change, the scripts
# must follow. If the build has per-key rate limits, they are lifted
# (--read-limit/--write-limit 10000000). The binaries are copied to $OUT
# first, so a rebuild during the run does not mix builds.
#
# Settings (environment):
#   POOLS="4 8 16"  purse-server --db-pool values to run
#   DURATION=20     seconds per measured run; WARMUP=3 seconds before each
#                   wrk run; PGB_WARMUP=5 unmeasured seconds at the start
#                   of each pgbench run (see run_pgbench)
#   CONNS=64 THREADS=2 IO_THREADS=2
#   SEED_ROWS=100000 WRITERS=64 LIST_KEYS=8
#   PG_DIR=/tmp/purse-bench-pg PG_PORT=55500 HTTP_PORT=55510
#   OUT=/tmp/purse-bench-out   (results, logs, key files: mode 700)
#   BUILD=<repo>/build         where purse-server and purse-admin are
#   MAX_SECONDS=900            the whole run is stopped after this
#   PERF=1                     after the measured runs, one extra list and
#                              create-many run with `perf record -a -g` and
#                              a DWARF call-graph profile of the server
#                              (pool: PERF_POOL, default the last of POOLS,
#                              else 8); summaries in $OUT/perf-*.txt, not in
#                              the table. POOLS= PERF=1 skips the API table.
#   KEEP_PG=1                  leave the cluster's folder (stopped) behind
#   BENCH_NICE=-10             as root, run everything (client, server,
#                              PostgreSQL) at this nice level so that other
#                              jobs on a shared machine disturb less; 0: off
#   QUIET_CORES=0.3 QUIET_BUDGET=120
#                              before each measured run wait (at most
#                              QUIET_BUDGET seconds in all) until other
#                              programs use less than QUIET_CORES cores; the
#                              table's "other cores" column shows what they
#                              used during each run anyway
set -euo pipefail

BENCH_NICE=${BENCH_NICE:--10}
if [ "$(id -u)" -eq 0 ] && [ "$BENCH_NICE" != 0 ] && [ -z "${BENCH_NICED:-}" ]; then
  export BENCH_NICED=1
  exec nice -n "$BENCH_NICE" bash "${BASH_SOURCE[0]}" "$@"
fi

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")

POOLS=${POOLS-"4 8 16"}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-3}
PGB_WARMUP=${PGB_WARMUP:-5}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
IO_THREADS=${IO_THREADS:-2}
SEED_ROWS=${SEED_ROWS:-100000}
WRITERS=${WRITERS:-64}
LIST_KEYS=${LIST_KEYS:-8}
PG_DIR=${PG_DIR:-/tmp/purse-bench-pg}
PG_PORT=${PG_PORT:-55500}
HTTP_PORT=${HTTP_PORT:-55510}
OUT=${OUT:-/tmp/purse-bench-out}
BUILD=${BUILD:-$ROOT/build}
MAX_SECONDS=${MAX_SECONDS:-900}
PERF=${PERF:-0}
PERF_POOL=${PERF_POOL:-${POOLS##* }}
PERF_POOL=${PERF_POOL:-8}
KEEP_PG=${KEEP_PG:-0}
QUIET_CORES=${QUIET_CORES:-0.3}
QUIET_BUDGET=${QUIET_BUDGET:-120}
PG_BINDIR=${PURSE_PG_BINDIR:-/usr/lib/postgresql/15/bin}

BASE="http://127.0.0.1:$HTTP_PORT/api/public/v1"
TX_URL="$BASE/me/transactions"
CLK_TCK=$(getconf CLK_TCK)

log() { printf '%s bench: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

for tool in wrk curl awk sed sort; do
  command -v "$tool" >/dev/null || die "$tool is not installed"
done
[ -x "$PG_BINDIR/pgbench" ] || die "pgbench not found in $PG_BINDIR"
[ -x "$PG_BINDIR/psql" ] || die "psql not found in $PG_BINDIR"
for b in purse-server purse-admin; do
  [ -x "$BUILD/$b" ] || die "$BUILD/$b missing: cmake --build build -j2"
done
if command -v ss >/dev/null && ss -Hltn "sport = :$HTTP_PORT" | grep -q .; then
  die "port $HTTP_PORT is in use (set HTTP_PORT)"
fi

# -- cleanup and time limit ----------------------------------------------------

SERVER_PID=""
WATCHDOG_PID=""
PG_STARTED=0

stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  kill -TERM "$SERVER_PID" 2>/dev/null || true
  local i
  for i in $(seq 1 50); do
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.2
  done
  kill -KILL "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}

cleanup() {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  stop_server
  if [ "$PG_STARTED" = 1 ]; then
    bash "$ROOT/deploy/pg-local.sh" stop "$PG_DIR" 2>/dev/null
    [ "$KEEP_PG" = 1 ] || rm -rf "$PG_DIR"
  fi
  if [ -n "$WATCHDOG_PID" ]; then
    kill -TERM "$WATCHDOG_PID" 2>/dev/null
    wait "$WATCHDOG_PID" 2>/dev/null
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

(
  sleep "$MAX_SECONDS" &
  s=$!
  trap 'kill $s 2>/dev/null; exit 0' TERM
  wait "$s"
  echo "bench: MAX_SECONDS=$MAX_SECONDS reached, stopping" >&2
  kill -TERM $$
) &
WATCHDOG_PID=$!

# -- output folder, binaries -----------------------------------------------------

case "$OUT" in /tmp/?*|/work/?*) ;; *) die "OUT must be under /tmp or /work" ;; esac
rm -rf "$OUT"
mkdir -p -m 700 "$OUT" "$OUT/bin" "$OUT/pgbench"
# A private copy: others may rebuild build/ while this runs.
cp "$BUILD/purse-server" "$BUILD/purse-admin" "$OUT/bin/"
SERVER_HELP=$("$OUT/bin/purse-server" --help 2>&1 || true)
RATE_FLAGS=()
if grep -q -- '--read-limit' <<<"$SERVER_HELP"; then
  # This build has per-key rate limits: lift them, the benchmark measures
  # throughput. (A build without them needs no flag.)
  RATE_FLAGS=(--read-limit 10000000 --write-limit 10000000)
fi

# -- PostgreSQL ----------------------------------------------------------------------

if [ -d "$PG_DIR" ]; then
  [ -f "$PG_DIR/.purse-bench" ] || die "$PG_DIR exists and is not a bench cluster; choose PG_DIR"
  bash "$ROOT/deploy/pg-local.sh" stop "$PG_DIR" 2>/dev/null || true
  rm -rf "$PG_DIR"
fi
log "starting PostgreSQL in $PG_DIR on port $PG_PORT"
PG_STARTED=1
DB_URL=$(timeout 120 bash "$ROOT/deploy/pg-local.sh" start "$PG_DIR" "$PG_PORT")
touch "$PG_DIR/.purse-bench"
export PURSE_DATABASE_URL=$DB_URL
# libpq settings for psql and pgbench (the password stays in the env).
export PGHOST=127.0.0.1 PGPORT=$PG_PORT PGUSER=purse PGDATABASE=purse
PGPASSWORD=$(sed -E 's|^postgresql://[^:]+:([^@]+)@.*$|\1|' <<<"$DB_URL")
export PGPASSWORD

psql_q() { timeout 300 "$PG_BINDIR/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }
psql_val() { timeout 60 "$PG_BINDIR/psql" -X -A -t -v ON_ERROR_STOP=1 "$@"; }
# As the cluster's OS user over its private socket (CHECKPOINT needs it).
pg_owner_sql() {
  local owner
  owner=$(stat -c %U "$PG_DIR/data")
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$PG_DIR" && timeout 300 runuser -u "$owner" -- "$PG_BINDIR/psql" -X -q \
       -h "$PG_DIR/run" -p "$PG_PORT" -U "$owner" -d purse -c "$1")
  else
    timeout 300 "$PG_BINDIR/psql" -X -q -h "$PG_DIR/run" -p "$PG_PORT" -U "$owner" -d purse -c "$1"
  fi
}

admin() { timeout 60 "$OUT/bin/purse-admin" "$@"; }
json_field() { sed -E "s/.*\"$1\":\"([^\"]*)\".*/\\1/"; }

log "migrating"
admin migrate >/dev/null

# -- seed ------------------------------------------------------------------------------

SEED_START=$(date +%s)
log "creating users and keys (1 seeded user with $LIST_KEYS keys, $WRITERS writers, 1 solo writer)"
SEED_USER=$(admin user create --email seed@bench.invalid --name Seed --plan solo | json_field id)
: >"$OUT/list-keys.txt"
for k in $(seq 1 "$LIST_KEYS"); do
  admin key create --user "$SEED_USER" --days 30 --name "bench-list-$k" \
    | json_field secret >>"$OUT/list-keys.txt"
done
: >"$OUT/writer-tokens.txt"
for w in $(seq 1 "$WRITERS"); do
  uid=$(admin user create --email "writer-$w@bench.invalid" --plan solo | json_field id)
  tok=$(admin key create --user "$uid" --days 30 --name bench-write | json_field secret)
  echo "$uid $tok" >>"$OUT/writer-tokens.txt"
done
SOLO_USER=$(admin user create --email solo@bench.invalid --plan solo | json_field id)
SOLO_TOKEN=$(admin key create --user "$SOLO_USER" --days 30 --name bench-solo | json_field secret)

log "seeding $SEED_ROWS transactions into one scope (direct SQL)"
NOW=$(date +%s)
SEED_ACCOUNT=$(psql_val -c "SELECT gen_random_uuid()::text")
psql_q -v scope="$SEED_USER" -v acc="$SEED_ACCOUNT" -v now="$NOW" -v rows="$SEED_ROWS" \
  -v list_keys="$LIST_KEYS" -v writers="$WRITERS" <<'SQL'
BEGIN;
-- One USD account per benchmark user (balance fixed below for the seed).
INSERT INTO accounts (id, scope_id, name, type, currency_code,
                      opening_balance_minor, balance_minor, archived,
                      created_at, updated_at)
SELECT CASE WHEN u.id = :'scope' THEN :'acc' ELSE gen_random_uuid()::text END,
       u.id, 'Main', 'checking', 'USD', 0, 0, false, :now, :now
  FROM users u
 WHERE u.email LIKE '%@bench.invalid';
-- 100,000 transactions over ~2 years: ids are UUIDv7-shaped text whose time
-- prefix is the transaction time; every 10th is income, the rest expenses;
-- amounts in minor units (cents).
INSERT INTO transactions (id, scope_id, account_id, to_account_id,
                          category_id, flow_type, amount_minor,
                          currency_code, minor_units, description, notes,
                          transaction_at, created_at, updated_at, voided_at)
SELECT substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(r, 14, 3)
         || '-' || substr(r, 17, 4) || '-' || substr(r, 21, 12),
       :'scope', :'acc', '', '',
       CASE WHEN g % 10 = 0 THEN 'income' ELSE 'expense' END,
       CASE WHEN g % 10 = 0 THEN 150000 + (g::bigint * 7919) % 100000
            ELSE 100 + (g::bigint * 104729) % 20000 END,
       'USD', 2, 'Seeded transaction ' || g, '', ts, ts, ts, 0
  FROM (SELECT g, ts, replace(gen_random_uuid()::text, '-', '') AS r,
               lpad(to_hex(ts * 1000), 12, '0') AS h
          FROM (SELECT g, :now::bigint - (g::bigint * 63072000) / :rows AS ts
                  FROM generate_series(1, :rows) AS g) AS s) AS x;
UPDATE accounts a
   SET balance_minor = (SELECT COALESCE(SUM(CASE t.flow_type
                                              WHEN 'income' THEN t.amount_minor
                                              ELSE -t.amount_minor END), 0)
                          FROM transactions t
                         WHERE t.account_id = a.id AND t.voided_at = 0)
 WHERE a.id = :'acc';
-- For pgbench, whose variables are numbers: ids that are digit strings
-- (see bench/pgbench/*.sql). :list_keys extra keys of the seeded user, and
-- :writers users with one key and one USD account each.
INSERT INTO api_keys (id, lookup_id, secret_hash, user_id, name, audience,
                      created_at, expires_at, revoked_at, last_used_at)
SELECT gen_random_uuid()::text, (100000001000 + g)::text,
       encode(sha256(convert_to('pgbench-list-' || g, 'UTF8')), 'hex'),
       :'scope', 'pgbench', 'public-api', :now, :now + 30 * 86400, 0, 0
  FROM generate_series(1, :list_keys) AS g;
INSERT INTO users (id, email, name, plan, currency_code, timezone, created_at)
SELECT (2000000000000000000 + g)::text, 'writer-' || g || '@pgbench.invalid',
       '', 'solo', 'USD', 'UTC', :now
  FROM generate_series(1, :writers) AS g;
INSERT INTO api_keys (id, lookup_id, secret_hash, user_id, name, audience,
                      created_at, expires_at, revoked_at, last_used_at)
SELECT gen_random_uuid()::text, (100000000000 + g)::text,
       encode(sha256(convert_to('pgbench-write-' || g, 'UTF8')), 'hex'),
       (2000000000000000000 + g)::text, 'pgbench', 'public-api', :now,
       :now + 30 * 86400, 0, 0
  FROM generate_series(1, :writers) AS g;
INSERT INTO accounts (id, scope_id, name, type, currency_code,
                      opening_balance_minor, balance_minor, archived,
                      created_at, updated_at)
SELECT (3000000000000000000 + g)::text, (2000000000000000000 + g)::text,
       'Main', 'checking', 'USD', 0, 0, false, :now, :now
  FROM generate_series(1, :writers) AS g;
COMMIT;
VACUUM ANALYZE users;
VACUUM ANALYZE api_keys;
VACUUM ANALYZE accounts;
VACUUM ANALYZE transactions;
VACUUM ANALYZE transaction_tags;
SQL

# writers.txt: "token account_id" per line, as bench/create.lua reads it.
psql_val -F ' ' -c "SELECT scope_id, id FROM accounts WHERE name = 'Main'" \
  | sort >"$OUT/accounts.txt"
sort "$OUT/writer-tokens.txt" | join - "$OUT/accounts.txt" \
  | awk '{ print $2, $3 }' >"$OUT/writers.txt"
[ "$(wc -l <"$OUT/writers.txt")" -eq "$WRITERS" ] || die "writer accounts missing"
SOLO_ACCOUNT=$(awk -v u="$SOLO_USER" '$1 == u { print $2 }' "$OUT/accounts.txt")
echo "$SOLO_TOKEN $SOLO_ACCOUNT" >"$OUT/solo.txt"
log "seeded in $(($(date +%s) - SEED_START)) s"

# The rows a default list returns: pgbench's tag and file queries ask for
# their ids.
mapfile -t PAGE_IDS < <(psql_val -c "SELECT id FROM transactions
  WHERE scope_id = '$SEED_USER' AND voided_at = 0
  ORDER BY transaction_at DESC, id DESC LIMIT 25")
[ "${#PAGE_IDS[@]}" -eq 25 ] || die "seed produced fewer than 25 rows"

# Between pool sizes: drop what the create runs added, so every pool size
# starts from the same tables.
reset_writes() {
  psql_q -c "DELETE FROM transaction_tags WHERE scope_id <> '$SEED_USER'" \
         -c "DELETE FROM transactions WHERE scope_id <> '$SEED_USER'" \
         -c "UPDATE accounts SET balance_minor = 0 WHERE scope_id <> '$SEED_USER'" \
         -c "VACUUM ANALYZE transactions" -c "VACUUM ANALYZE accounts"
  pg_owner_sql "CHECKPOINT" >/dev/null
}

# -- CPU accounting --------------------------------------------------------------------

# Clock ticks of one process (with its reaped children).
proc_ticks() {
  awk '{ sub(/^.*\) /, ""); print $12 + $13 + $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0
}
# Clock ticks of the cluster: the postmaster, its reaped children and its
# living children (backends).
pg_ticks() {
  local pm
  pm=$(head -n 1 "$PG_DIR/data/postmaster.pid")
  # (Processes come and go while cat reads: its complaints do not matter.)
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v pm="$pm" '
    { pid = $1; line = $0; sub(/^.*\) /, "", line); n = split(line, f, " ")
      if (pid == pm || f[2] == pm) t += f[12] + f[13] + f[14] + f[15] }
    END { print t + 0 }'
}
# Busy and total ticks of the whole machine, then its interrupt and softirq
# ticks (loopback networking is largely softirq time, which the per-process
# counters above do not include).
machine_ticks() {
  awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i
                 print t - $5 - $6, t, $7 + $8; exit }' /proc/stat
}

# Waits until the machine is quiet: busy cores minus what the server and the
# cluster use, over 2 s, below QUIET_CORES. Bounded by QUIET_BUDGET overall.
wait_quiet() {
  local waited=0 m0 T0 m1 T1 s0 s1 p0 p1 other
  while :; do
    s0=0; [ -n "$SERVER_PID" ] && s0=$(proc_ticks "$SERVER_PID")
    p0=$(pg_ticks); read -r m0 T0 _ < <(machine_ticks)
    sleep 2
    s1=0; [ -n "$SERVER_PID" ] && s1=$(proc_ticks "$SERVER_PID")
    p1=$(pg_ticks); read -r m1 T1 _ < <(machine_ticks)
    other=$(awk -v m="$((m1 - m0))" -v T="$((T1 - T0))" -v s="$((s1 - s0))" \
      -v p="$((p1 - p0))" -v n="$(nproc)" -v hz="$CLK_TCK" \
      'BEGIN { o = m / T * n - (s + p) / hz / 2; printf "%.2f", o < 0 ? 0 : o }')
    if awk -v o="$other" -v q="$QUIET_CORES" 'BEGIN { exit !(o < q) }'; then
      [ "$waited" -eq 0 ] || log "  machine quiet after ${waited}s (other programs: $other cores)"
      return 0
    fi
    if [ "$QUIET_BUDGET" -le 0 ]; then
      log "  other programs use $other cores; quiet-wait budget spent, measuring anyway"
      return 0
    fi
    [ "$waited" -gt 0 ] || log "  other programs use $other cores; waiting for a quiet machine"
    sleep 3
    waited=$((waited + 5))
    QUIET_BUDGET=$((QUIET_BUDGET - 5))
  done
}

SNAP=()
snapshot() {
  local s=0
  [ -n "$SERVER_PID" ] && s=$(proc_ticks "$SERVER_PID")
  SNAP=("$(date +%s.%N)" "$s" "$(pg_ticks)" $(machine_ticks))
}
# Sets CPU_SERVER CPU_PG CPU_MACHINE CPU_IRQ (cores in use on average) from
# two snapshots.
cpu_delta() {
  local -a a=($1) b=($2)
  read -r CPU_SERVER CPU_PG CPU_MACHINE CPU_IRQ < <(awk -v t0="${a[0]}" -v t1="${b[0]}" \
    -v s0="${a[1]}" -v s1="${b[1]}" -v p0="${a[2]}" -v p1="${b[2]}" \
    -v m0="${a[3]}" -v m1="${b[3]}" -v T0="${a[4]}" -v T1="${b[4]}" \
    -v i0="${a[5]}" -v i1="${b[5]}" \
    -v hz="$CLK_TCK" -v ncpu="$(nproc)" 'BEGIN {
      d = t1 - t0
      printf "%.2f %.2f %.2f %.2f\n", (s1 - s0) / hz / d, (p1 - p0) / hz / d,
             (m1 - m0) / (T1 - T0) * ncpu, (i1 - i0) / (T1 - T0) * ncpu }')
}

# -- results ---------------------------------------------------------------------------

RESULTS="$OUT/results.tsv"
printf 'test\tpool\trate\tp50_ms\tp99_ms\tnon2xx\terrors\tserver_cores\tpg_cores\tclient_cores\tmachine_cores\tstatuses\tother_cores\tirq_cores\n' >"$RESULTS"

# -- the server --------------------------------------------------------------------------

start_server() {
  local pool=$1
  "$OUT/bin/purse-server" --insecure-http --listen "127.0.0.1:$HTTP_PORT" \
    --db-pool "$pool" --io-threads "$IO_THREADS" --drain-seconds 2 \
    "${RATE_FLAGS[@]}" 2>"$OUT/server-pool$pool.log" &
  SERVER_PID=$!
  local i code
  for i in $(seq 1 100); do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$TX_URL" || true)
    [ "$code" = 401 ] && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || die "purse-server exited; see $OUT/server-pool$pool.log"
    sleep 0.2
  done
  die "purse-server did not answer on $HTTP_PORT"
}

# Fails unless the seeded list and one create per kind of key work.
check_api() {
  local key body
  key=$(head -n 1 "$OUT/list-keys.txt")
  body=$(curl -s --max-time 30 -H "Authorization: Bearer $key" "$TX_URL")
  grep -q "\"total\":$SEED_ROWS" <<<"$body" || die "list check failed: ${body:0:300}"
  local tok acc code
  read -r tok acc <"$OUT/solo.txt"
  code=$(curl -s -o "$OUT/check-create.json" -w '%{http_code}' --max-time 30 \
    -H "Authorization: Bearer $tok" -H 'Content-Type: application/json' \
    -d "{\"account_id\":\"$acc\",\"flow_type\":\"expense\",\"amount\":12.34,\"currency_code\":\"USD\",\"transaction_at\":\"2026-03-01T10:00:00Z\"}" \
    "$TX_URL")
  [ "$code" = 201 ] || die "create check answered $code: $(head -c 300 "$OUT/check-create.json")"
}

# Statement texts, one per line, with parameters ($n, :var, '') as "?".
normalize_sql() {
  sed -E -e 's/\$[0-9]+/?/g' -e "s/:[a-z_][a-z_0-9]*/?/g" -e "s/''/?/g" \
    -e 's/[[:space:]]*\\gset.*$//' -e 's/;[[:space:]]*$//' | sort -u
}

# Logs every statement the server runs for one more list and one more
# create (after check_api: scope counts are loaded, keys already touched)
# and compares them with bench/pgbench/*.sql. Differences are reported,
# not fatal: the pgbench side then no longer measures the same SQL.
check_sql() {
  local logf size
  logf=$(ls -t "$PG_DIR"/log/postgresql-*.log | head -n 1)
  pg_owner_sql "ALTER SYSTEM SET log_statement = 'all'" >/dev/null
  pg_owner_sql "SELECT pg_reload_conf()" >/dev/null
  sleep 0.5
  size=$(stat -c %s "$logf")
  check_api
  sleep 0.5
  pg_owner_sql "ALTER SYSTEM RESET log_statement" >/dev/null
  pg_owner_sql "SELECT pg_reload_conf()" >/dev/null
  tail -c +"$((size + 1))" "$logf" \
    | sed -n -E -e 's/^.* LOG:  execute [^:]+: (.*)$/\1/p' -e 's/^.* LOG:  statement: (.*)$/\1/p' \
    | grep -v -i -E '^(begin|commit|deallocate |ALTER SYSTEM|SELECT pg_reload_conf)' \
    | normalize_sql >"$OUT/sql-server.txt"
  grep -h -v -E '^(--|\\|BEGIN;|COMMIT;)' "$HERE/pgbench/list.sql" "$HERE/pgbench/create.sql" \
    | grep . | normalize_sql >"$OUT/sql-pgbench.txt"
  if diff "$OUT/sql-server.txt" "$OUT/sql-pgbench.txt" >"$OUT/sql-diff.txt"; then
    SQL_CHECK="the server's statements for one list and one create equal those of bench/pgbench/*.sql"
  else
    SQL_CHECK="MISMATCH: the server's statements differ from bench/pgbench/*.sql (see $OUT/sql-diff.txt); the pgbench numbers do not measure the same SQL"
  fi
  log "SQL check: $SQL_CHECK"
}
SQL_CHECK="not run"

# run_wrk NAME POOL LUA RECORDS
run_wrk() {
  local name=$1 pool=$2 lua=$3 records=$4
  local out="$OUT/$name-pool$pool.txt"
  log "wrk $name, pool $pool: warm-up ${WARMUP}s, then ${DURATION}s"
  wait_quiet
  BENCH_KEYS=$records timeout $((WARMUP + 30)) \
    wrk -t"$THREADS" -c"$CONNS" -d"${WARMUP}s" -s "$HERE/$lua" "$TX_URL" >/dev/null
  snapshot
  local before="${SNAP[*]}"
  local TIMEFORMAT='CLIENT_CPU %U %S'
  { time BENCH_KEYS=$records timeout $((DURATION + 60)) \
      wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --latency -s "$HERE/$lua" \
      "$TX_URL" >"$out" 2>&1; } 2>"$out.time" || log "wrk $name exited non-zero"
  snapshot
  cpu_delta "$before" "${SNAP[*]}"
  local client other
  client=$(awk -v d="$DURATION" '/^CLIENT_CPU/ { printf "%.2f", ($2 + $3) / d }' "$out.time")
  other=$(awk -v m="$CPU_MACHINE" -v s="$CPU_SERVER" -v p="$CPU_PG" -v c="$client" \
    -v i="$CPU_IRQ" 'BEGIN { o = m - s - p - c - i; printf "%.2f", o < 0 ? 0 : o }')
  local line
  line=$(grep '^RESULT' "$out" || true)
  [ -n "$line" ] || { cat "$out" >&2; die "wrk $name printed no RESULT line"; }
  field() { sed -E "s/.* $1=([^ ]*).*/\\1/" <<<"$line"; }
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$pool" \
    "$(field rps)" "$(field p50_ms)" "$(field p99_ms)" "$(field non2xx)" \
    "$(field socket_errors)" "$CPU_SERVER" "$CPU_PG" "$client" "$CPU_MACHINE" \
    "$(field statuses)" "$other" "$CPU_IRQ" >>"$RESULTS"
  log "  $(field rps) req/s, p50 $(field p50_ms) ms, p99 $(field p99_ms) ms, statuses $(field statuses), socket errors $(field socket_errors), other programs $other cores"
}

# -- API runs ------------------------------------------------------------------------------

first=1
first_pool=1
for pool in $POOLS; do
  [ "$first" = 1 ] || reset_writes
  first=0
  log "purse-server --db-pool $pool --io-threads $IO_THREADS"
  start_server "$pool"
  check_api
  [ "$first_pool" != 1 ] || check_sql
  first_pool=0
  run_wrk list "$pool" list.lua "$OUT/list-keys.txt"
  run_wrk create-many "$pool" create.lua "$OUT/writers.txt"
  run_wrk create-one "$pool" create.lua "$OUT/solo.txt"
  stop_server
  # What the server itself logged: statuses and errors.
  {
    echo "pool $pool:"
    { grep -o '"status":[0-9]*' "$OUT/server-pool$pool.log" || true; } | sort | uniq -c
    echo "  error lines: $(grep -c '"level":"error"' "$OUT/server-pool$pool.log" || true)"
  } >>"$OUT/server-statuses.txt"
done
reset_writes

# -- pgbench ---------------------------------------------------------------------------------

# run_pgbench NAME
# One pgbench run of PGB_WARMUP + DURATION seconds; only the last DURATION
# seconds count (from pgbench's per-transaction log), so that, like the
# server's, pgbench's connections are warm (statements prepared, backend
# caches filled) when measuring starts; a separate warm-up run would not
# do that, its connections are gone.
run_pgbench() {
  local name=$1
  local out="$OUT/pgbench-$name.txt"
  # 2 s more than warm-up + measurement, so pgbench is still running when
  # the measurement window closes.
  local total=$((PGB_WARMUP + DURATION + 2))
  log "pgbench $name: ${total}s, ${DURATION}s measured after ${PGB_WARMUP}s"
  wait_quiet
  (cd "$OUT/pgbench" && exec timeout $((total + 120)) "$PG_BINDIR/pgbench" \
     -n -M prepared -c "$CONNS" -j "$THREADS" -T "$total" \
     -l --log-prefix="lat-$name" "${PGB_FILES[@]}" "${PGB_DEFS[@]}" >"$out" 2>&1) &
  local pid=$!
  sleep "$PGB_WARMUP"
  local cpid c0 c1
  cpid=$(pgrep -P "$pid" -x pgbench || true)
  [ -n "$cpid" ] || die "pgbench $name is not running (see $out)"
  snapshot
  c0=$(proc_ticks "$cpid")
  local before="${SNAP[*]}"
  sleep "$DURATION"
  snapshot
  c1=$(proc_ticks "$cpid")
  cpu_delta "$before" "${SNAP[*]}"
  local -a b=($before)
  local t0=${b[0]} t1=${SNAP[0]}
  wait "$pid" || log "pgbench $name exited non-zero (see $out)"
  local client rate failed p50 p99 other
  client=$(awk -v a="$c0" -v b="$c1" -v hz="$CLK_TCK" -v t0="$t0" -v t1="$t1" \
    'BEGIN { printf "%.2f", (b - a) / hz / (t1 - t0) }')
  other=$(awk -v m="$CPU_MACHINE" -v p="$CPU_PG" -v c="$client" -v i="$CPU_IRQ" \
    'BEGIN { o = m - p - c - i; printf "%.2f", o < 0 ? 0 : o }')
  failed=$(awk '/^number of failed transactions:/ { print $5 }' "$out")
  grep -q '^tps = ' "$out" || { tail -n 20 "$out" >&2; die "pgbench $name printed no tps"; }
  # Per-transaction log: latency (us) in field 3, completion time in fields
  # 5 (s) and 6 (us). Keep the transactions that ended in the window the CPU
  # figures cover.
  local all="$OUT/pgbench/latencies-$name.txt"
  cat "$OUT/pgbench/lat-$name".* | awk '{ printf "%.6f %s\n", $5 + $6 / 1e6, $3 }' >"$all"
  read -r rate p50 p99 < <(awk -v a="$t0" -v b="$t1" '$1 >= a && $1 < b { print $2 }' "$all" \
    | sort -n | awk -v d="$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" '{ v[NR] = $1 }
        END { i50 = int(NR * 0.50); i99 = int(NR * 0.99)
              if (i50 < 1) i50 = 1; if (i99 < 1) i99 = 1
              printf "%.1f %.2f %.2f\n", NR / d, v[i50] / 1000, v[i99] / 1000 }')
  rm -f "$OUT/pgbench/lat-$name".* "$all"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "pgbench-$name" "-" \
    "$rate" "$p50" "$p99" "${failed:-?}" "-" "-" "$CPU_PG" "$client" "$CPU_MACHINE" \
    "failed:${failed:-?}" "$other" "$CPU_IRQ" >>"$RESULTS"
  log "  $rate tps, p50 $p50 ms, p99 $p99 ms, failed ${failed:-?}, other programs $other cores"
}

PGB_FILES=(-f "$HERE/pgbench/list.sql")
PGB_DEFS=(-D "keys=$LIST_KEYS" -D "scope_id=$SEED_USER")
PGB_DEFS+=(-D "page_ids=$(IFS=,; echo "${PAGE_IDS[*]}")")
run_pgbench list

PGB_FILES=(-f "$HERE/pgbench/create.sql")
PGB_DEFS=(-D "users=$WRITERS" -D "now=$(date +%s)" -D flow=expense -D currency=USD)
run_pgbench create

# -- optional profile ----------------------------------------------------------------------

if [ "$PERF" = 1 ]; then
  command -v perf >/dev/null || die "PERF=1 needs perf"
  reset_writes
  start_server "$PERF_POOL"
  for t in list:list.lua:list-keys.txt create-many:create.lua:writers.txt; do
    IFS=: read -r name lua recs <<<"$t"
    log "perf: $name at pool $PERF_POOL (not in the table)"
    BENCH_KEYS="$OUT/$recs" timeout $((DURATION + 60)) \
      wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" -s "$HERE/$lua" "$TX_URL" \
      >"$OUT/perf-$name-wrk.txt" 2>&1 &
    wrk_pid=$!
    sleep 3
    timeout 60 perf record -q -a -g -F 499 -o "$OUT/perf-$name.data" -- sleep 6 \
      >/dev/null 2>&1 || log "perf record failed"
    # The server alone, with DWARF call graphs (the build keeps no frame
    # pointers): which of its threads and calls use its CPU.
    timeout 60 perf record -q --call-graph dwarf,16384 -F 199 -p "$SERVER_PID" \
      -o "$OUT/perf-$name-server.data" -- sleep 6 >/dev/null 2>&1 || log "perf record failed"
    wait "$wrk_pid" || true
    timeout 300 perf report -i "$OUT/perf-$name.data" --no-children --sort comm \
      --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 15 >"$OUT/perf-$name.txt" || true
    timeout 300 perf report -i "$OUT/perf-$name.data" --no-children --sort comm,dso \
      --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 40 >>"$OUT/perf-$name.txt" || true
    {
      echo "== purse-server only: share of its on-CPU samples under each frame (children) =="
      timeout 300 perf report -i "$OUT/perf-$name-server.data" --children --sort sym \
        --stdio -g none 2>/dev/null \
        | grep -E 'work_stealing>::run$|private_thread::run$|io_context::run|clock_nanosleep \(|sched_yield|__libc_send|__libc_recv|__GI___poll|PQexec$|PQexecPrepared$|PQprepare$|select_statement::execute$|session::authenticate$|session::list_transactions$|session::tags_of$|log_event$|_int_malloc$|finish_task_switch' \
        | cut -c1-150 || true
    } >"$OUT/perf-$name-server.txt"
  done
  stop_server
fi

# -- table ------------------------------------------------------------------------------------

{
  echo "| test | db-pool | req/s or tps | p50 ms | p99 ms | non-2xx / failed | socket errors | server cores | PostgreSQL cores | client cores | irq+softirq cores | other programs' cores | machine cores busy |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  awk -F '\t' 'NR > 1 { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
                 $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $14, $13, $11 }' "$RESULTS"
  echo
  echo "| db-pool | list / pgbench list | create-many / pgbench create |"
  echo "|---|---|---|"
  awk -F '\t' '
    NR > 1 && $1 == "pgbench-list" { pl = $3 }
    NR > 1 && $1 == "pgbench-create" { pc = $3 }
    NR > 1 && $1 == "list" { l[$2] = $3; order[++n] = $2 }
    NR > 1 && $1 == "create-many" { c[$2] = $3 }
    END { for (i = 1; i <= n; i++) { p = order[i]
            printf "| %s | %.0f%% | %.0f%% |\n", p, 100 * l[p] / pl, 100 * c[p] / pc } }' "$RESULTS"
  echo
  echo "SQL check: $SQL_CHECK"
  echo
  echo "HTTP statuses per run (wrk response() counts):"
  awk -F '\t' 'NR > 1 && $1 !~ /^pgbench/ { printf "  %s pool %s: %s\n", $1, $2, $12 }' "$RESULTS"
} >"$OUT/results.md"

echo
echo "== results (${DURATION}s runs, $CONNS connections, $THREADS client threads; $(nproc) cores shared by client, server and PostgreSQL) =="
cat "$OUT/results.md"
echo
echo "Server-logged statuses: $OUT/server-statuses.txt; raw output: $OUT"
