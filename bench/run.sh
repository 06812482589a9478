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
READY_URL=$TX_URL
CLK_TCK=$(getconf CLK_TCK)

# Cluster, server, cleanup and CPU accounting shared with bench/reports.sh.
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"

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

# -- results ---------------------------------------------------------------------------

RESULTS="$OUT/results.tsv"
printf 'test\tpool\trate\tp50_ms\tp99_ms\tnon2xx\terrors\tserver_cores\tpg_cores\tclient_cores\tmachine_cores\tstatuses\tother_cores\tirq_cores\n' >"$RESULTS"

# -- the server --------------------------------------------------------------------------


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
