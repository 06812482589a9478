#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Reproduces docs/BENCHMARKS.md:  bash bench/run.sh   (bench/README.md)
#
# One run, one private PostgreSQL 15 cluster, one seeded data set, and one
# after the other:
#   (a) the previous release's purse-server (git revision BASE_REV, built
#       once by bench/base.sh into /tmp/purse-base/build),
#   (b) the new purse-server (BUILD, default <repo>/build),
#   (c) pgbench running each endpoint's SQL (bench/pgbench/*.sql), and the
#       reference service's create SQL (reference-create.sql),
#   (d) the reference service (bench/reference: Fastify + postgres.js).
# Data: one user with 100,000 transactions, one with 1,000, 64 writer
# users (one key and one account each) and one "solo" writer. For every
# server, with wrk (64 connections, 2 threads):
#   idle         the server's CPU over 30 s with no requests
#   list         GET  /me/transactions of the 100,000-row user, keys rotated
#   list-1k      the same for the 1,000-row user (latency must not depend
#                on the size of the scope)
#   create-many  POST /me/transactions rotating over the 64 writers
#   create-one   POST /me/transactions, one user and account (one scope)
# Per test: req/s, p50, p99, non-2xx, and per request the statements sent
# to PostgreSQL (pg_stat_statements), its transactions (pg_stat_database),
# the server's context switches and CPU (/proc). Prints tables (also in
# $OUT/results.md, raw output beside it). Everything it starts is stopped
# on exit.
#
# Before each server's runs it logs every statement the server sends for
# one list and one create (log_statement = all) and counts them; for the
# new server it also compares them with bench/pgbench/*.sql ("SQL check":
# a mismatch is reported, not fatal). Per-key rate limits are lifted
# (--read-limit/--write-limit 10000000) where a build has them. The
# binaries are copied to $OUT first, so a rebuild during the run does not
# mix builds.
#
# Settings (environment):
#   BASE_REV=a48f0fb   previous release to compare with; "none": skip it
#   BASE_BUILD=DIR     use the purse-server/purse-admin in DIR as base
#                      instead of building BASE_REV
#   BUILD=<repo>/build the new purse-server and purse-admin
#   SERVER_FLAGS="..." extra flags for the new purse-server (e.g.
#                      "--scheduler sharing"); BASE_SERVER_FLAGS for the base
#   REF=1              run the reference service (0: skip)
#   REF_MODE=process   how the reference runs, one or more of: process (one
#                      Node process, as on 2 cores so far; server "ref"),
#                      cluster (node:cluster, REF_WORKERS workers: server
#                      "ref-cluster"), cluster:N (N workers: "ref-cluster-N");
#                      e.g. REF_MODE="process cluster cluster:2". The side-
#                      by-side table compares with the first one listed.
#   REF_WORKERS=auto   cluster's workers: auto is one per two of the cores
#                      the service may run on (at least 1), or a number
#   POOLS="8"          --db-pool values (the reference's pool size too)
#   DURATION=15        seconds per measured run; WARMUP=3 seconds before each
#                      wrk run; PGB_WARMUP=5 unmeasured seconds at the start
#                      of each pgbench run (see run_pgbench)
#   IDLE_WAIT=5 IDLE_SECONDS=30   idle measurement (IDLE_SECONDS=0: skip)
#   CONNS=64 THREADS=2 IO_THREADS=2 (IO_THREADS= : no --io-threads, the
#                      server's default or SERVER_FLAGS' own)
#   SEED_ROWS=100000 SMALL_ROWS=1000 WRITERS=64 LIST_KEYS=8
#   PRIME_ROWS=50000   rows written and deleted before the first server
#                      (it would otherwise grow the tables that later
#                      servers reuse; 0: skip)
#   PG_DIR=/tmp/purse-bench-pg PG_PORT=25500 HTTP_PORT=25510 (below the
#                      ephemeral port range, which client sockets in
#                      TIME_WAIT may hold)
#   OUT=/tmp/purse-bench-out   (results, logs, key files: mode 700)
#   MAX_SECONDS=1500           the whole run (after the base build) is
#                              stopped after this
#   PG_STAT_STATEMENTS=0       do not load pg_stat_statements (no counts)
#   PG_STATEMENT_TIMES=1       also track the statements run in functions
#                              and triggers, and write each run's statements
#                              by PostgreSQL execution time per request to
#                              $OUT/TEST-SERVER-poolN.txt.statements (costs
#                              PostgreSQL a little: not for the table)
#   PERF=1                     after the measured runs, one extra list and
#                              create-many run of the new server with `perf
#                              record -a -g` and a DWARF call-graph profile
#                              (pool: PERF_POOL, default the last of POOLS);
#                              summaries in $OUT/perf-*.txt, not in the table
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

POOLS=${POOLS-"8"}
DURATION=${DURATION:-15}
WARMUP=${WARMUP:-3}
PGB_WARMUP=${PGB_WARMUP:-5}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
IO_THREADS=${IO_THREADS-2}
SEED_ROWS=${SEED_ROWS:-100000}
SMALL_ROWS=${SMALL_ROWS:-1000}
PRIME_ROWS=${PRIME_ROWS:-50000}
WRITERS=${WRITERS:-64}
LIST_KEYS=${LIST_KEYS:-8}
PG_DIR=${PG_DIR:-/tmp/purse-bench-pg}
PG_PORT=${PG_PORT:-25500}
HTTP_PORT=${HTTP_PORT:-25510}
OUT=${OUT:-/tmp/purse-bench-out}
BUILD=${BUILD:-$ROOT/build}
BASE_REV=${BASE_REV:-a48f0fb}
BASE_BUILD=${BASE_BUILD:-}
REF=${REF:-1}
# The earlier REF_CLUSTER=N|auto (N > 1 or auto: cluster mode) still works.
if [ -z "${REF_MODE:-}" ] && [ -n "${REF_CLUSTER:-}" ] && [ "$REF_CLUSTER" != 0 ] && [ "$REF_CLUSTER" != 1 ]; then
  REF_MODE=cluster REF_WORKERS=$REF_CLUSTER
fi
unset REF_CLUSTER
REF_MODE=${REF_MODE:-process}
REF_WORKERS=${REF_WORKERS:-auto}
# REF_KINDS: the reference's variants to run (lib.sh's start_server kinds).
REF_KINDS=()
for m in $REF_MODE; do
  case "$m" in
    process) REF_KINDS+=(ref) ;;
    cluster) REF_KINDS+=(ref-cluster) ;;
    cluster:[1-9]|cluster:[1-9][0-9]) REF_KINDS+=("ref-cluster-${m#cluster:}") ;;
    *) echo "run.sh: REF_MODE takes process, cluster or cluster:N, not $m" >&2; exit 2 ;;
  esac
done
[ "${#REF_KINDS[@]}" -gt 0 ] || { echo "run.sh: REF_MODE is empty (REF=0 skips the reference)" >&2; exit 2; }
case "$REF_WORKERS" in auto|[1-9]|[1-9][0-9]) ;; *) echo "run.sh: REF_WORKERS must be auto or a number" >&2; exit 2 ;; esac
REF_SIDE=${REF_KINDS[0]}
MAX_SECONDS=${MAX_SECONDS:-1500}
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

# -- before the time limit: the base build and the reference's packages -------

if [ -z "$BASE_BUILD" ] && [ "$BASE_REV" != none ]; then
  # Low priority: the machine may be shared with someone compiling.
  BASE_BUILD=$(BASE_REV=$BASE_REV nice -n 19 bash "$HERE/base.sh" "$BASE_REV") \
    || { echo "bench: building $BASE_REV failed (BASE_REV=none skips it)" >&2; exit 1; }
fi
if [ "$REF" = 1 ]; then
  command -v node >/dev/null || { echo "bench: REF=1 needs node (REF=0 skips it)" >&2; exit 1; }
  # npm ci when the lock file changed since the last install.
  lock_sum=$(sha256sum "$HERE/reference/package-lock.json" | cut -d' ' -f1)
  if [ "$(cat "$HERE/reference/node_modules/.bench-lock" 2>/dev/null)" != "$lock_sum" ]; then
    echo "bench: npm ci in bench/reference" >&2
    (cd "$HERE/reference" && npm ci --no-audit --no-fund --loglevel=error >&2) \
      || { echo "bench: npm ci failed (REF=0 skips the reference)" >&2; exit 1; }
    echo "$lock_sum" >"$HERE/reference/node_modules/.bench-lock"
  fi
fi

# Cluster, server, cleanup and CPU accounting shared with bench/reports.sh.
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"

# -- seed ------------------------------------------------------------------------------

SEED_START=$(date +%s)
log "creating users and keys (2 seeded users with $LIST_KEYS keys each, $WRITERS writers, 1 solo writer)"
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
# A second seeded user with SMALL_ROWS transactions: list-1k.
SMALL_USER=$(admin user create --email small@bench.invalid --name Small --plan solo | json_field id)
: >"$OUT/small-keys.txt"
for k in $(seq 1 "$LIST_KEYS"); do
  admin key create --user "$SMALL_USER" --days 30 --name "bench-small-$k" \
    | json_field secret >>"$OUT/small-keys.txt"
done
SOLO_USER=$(admin user create --email solo@bench.invalid --plan solo | json_field id)
SOLO_TOKEN=$(admin key create --user "$SOLO_USER" --days 30 --name bench-solo | json_field secret)

log "seeding $SEED_ROWS + $SMALL_ROWS transactions into two scopes (direct SQL)"
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
SQL
SMALL_ACCOUNT=$(psql_val -c "SELECT id FROM accounts WHERE scope_id = '$SMALL_USER'")
# seed_transactions SCOPE ACCOUNT ROWS: ROWS transactions over ~2 years
# (rows get denser with ROWS): ids are UUIDv7-shaped text whose time prefix
# is the transaction time; every 10th is income, the rest expenses; amounts
# in minor units (cents); the account's balance follows.
seed_transactions() {
  psql_q -v scope="$1" -v acc="$2" -v rows="$3" -v now="$NOW" <<'SQL'
BEGIN;
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
COMMIT;
SQL
}
seed_transactions "$SEED_USER" "$SEED_ACCOUNT" "$SEED_ROWS"
seed_transactions "$SMALL_USER" "$SMALL_ACCOUNT" "$SMALL_ROWS"
psql_q <<'SQL'
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
# The seed's rows left report deltas (the insert trigger's): fold them now,
# or the first server measured would fold them during its runs.
psql_q -c "SELECT report_rollups_fold(10000000)" \
       -c "VACUUM ANALYZE report_rollup_deltas" -c "VACUUM ANALYZE report_rollups" >/dev/null
log "seeded in $(($(date +%s) - SEED_START)) s"

# The rows a default list returns: pgbench's tag and file queries ask for
# their ids.
mapfile -t PAGE_IDS < <(psql_val -c "SELECT id FROM transactions
  WHERE scope_id = '$SEED_USER' AND voided_at = 0
  ORDER BY transaction_at DESC, id DESC LIMIT 25")
[ "${#PAGE_IDS[@]}" -eq 25 ] || die "seed produced fewer than 25 rows"

# Between servers and pool sizes: drop what the create runs added, so every
# server starts from the same tables: the writers' transactions and links,
# and the changes feed's rows they left (their records' and their
# accounts', tombstones after the DELETE), which would otherwise grow the
# feed's table and indexes for every later server's creates; then the
# report deltas the creates and the DELETE left are folded, or the next
# server would fold them during its runs.
reset_writes() {
  local keep="scope_id NOT IN ('$SEED_USER', '$SMALL_USER')"
  psql_q -c "DELETE FROM transaction_tags WHERE $keep" \
         -c "DELETE FROM transactions WHERE $keep" \
         -c "UPDATE accounts SET balance_minor = 0 WHERE $keep" \
         -c "DELETE FROM changes WHERE $keep" \
         -c "SELECT report_rollups_fold(10000000)" \
         -c "VACUUM ANALYZE transactions" -c "VACUUM ANALYZE accounts" \
         -c "VACUUM ANALYZE changes" -c "VACUUM ANALYZE report_rollup_deltas" >/dev/null
  pg_owner_sql "CHECKPOINT" >/dev/null
}


# -- results ---------------------------------------------------------------------------

RESULTS="$OUT/results.tsv"
printf '%s\n' "$RESULTS_HEADER" >"$RESULTS"

# -- checks --------------------------------------------------------------------------------

# One list request of the seeded user (first key); the body in $OUT/check-list.json.
one_list() {
  curl -s -o "$OUT/check-list.json" -w '%{http_code}' --max-time 30 \
    -H "Authorization: Bearer $(head -n 1 "$OUT/list-keys.txt")" "$TX_URL" || true
}
# One create of the solo writer; the body in $OUT/check-create.json.
one_create() {
  local tok acc
  read -r tok acc <"$OUT/solo.txt"
  curl -s -o "$OUT/check-create.json" -w '%{http_code}' --max-time 30 \
    -H "Authorization: Bearer $tok" -H 'Content-Type: application/json' \
    -d "{\"account_id\":\"$acc\",\"flow_type\":\"expense\",\"amount\":12.34,\"currency_code\":\"USD\",\"transaction_at\":\"2026-03-01T10:00:00Z\"}" \
    "$TX_URL" || true
}

# check_api KIND: fails (returns 1) unless the seeded list answers 200 with
# items and a create answers 201. For Purse, a list whose total is not the
# seeded count is reported (the reference service sends no total).
check_api() {
  local kind=$1 code
  code=$(one_list)
  if [ "$code" != 200 ] || ! grep -q '"items":\[{' "$OUT/check-list.json"; then
    log "$kind: list check answered $code: $(head -c 300 "$OUT/check-list.json")"
    return 1
  fi
  if [[ "$kind" != ref* ]] && ! grep -q "\"total\":$SEED_ROWS" "$OUT/check-list.json"; then
    log "$kind: warning: the list's total is not $SEED_ROWS: $(head -c 300 "$OUT/check-list.json")"
  fi
  cp "$OUT/check-list.json" "$OUT/check-list-$kind.json"
  code=$(one_create)
  if [ "$code" != 201 ]; then
    log "$kind: create check answered $code: $(head -c 300 "$OUT/check-create.json")"
    return 1
  fi
  cp "$OUT/check-create.json" "$OUT/check-create-$kind.json"
}

# Statement texts, one per line, with parameters ($n, :var, '') as "?".
normalize_sql() {
  sed -E -e 's/\$[0-9]+/?/g' -e "s/:[a-z_][a-z_0-9]*/?/g" -e "s/''/?/g" \
    -e 's/[[:space:]]*\\gset.*$//' -e 's/;[[:space:]]*$//' | sort -u
}

# The statements of a log excerpt (stdin), one per line, in order: the
# first line of each "statement:" / "execute NAME:" entry. Our own ALTER
# SYSTEM and reload lines are dropped, and so is the rollup folder's fold,
# which each server sends once a second whatever the requests.
# The webhook deliverers' polls (a short transaction each second per worker,
# on a pooled connection) are dropped whole too: every statement of a
# connection's BEGIN … COMMIT that reads webhook_deliveries.
log_statements() {
  awk '
    match($0, /\[[0-9]+\] LOG:  (execute [^:]+|statement): /) {
      pid = $0; sub(/^[^[]*\[/, "", pid); sub(/\].*$/, "", pid)
      text = substr($0, RSTART + RLENGTH)
      n++; line[n] = text; owner[n] = pid
      if (tolower(text) == "begin") first[pid] = n
      if (text ~ /webhook_deliver/) poll[pid] = 1
      if (tolower(text) == "commit" || tolower(text) == "rollback") {
        if (poll[pid]) for (i = first[pid]; i <= n; i++) if (owner[i] == pid) gone[i] = 1
        poll[pid] = 0; first[pid] = n + 1
      }
    }
    END { for (i = 1; i <= n; i++) if (!gone[i]) print line[i] }' \
    | { grep -v -E '^(ALTER SYSTEM|SELECT pg_reload_conf|SELECT report_rollups_fold)' || true; }
}

# log_requests KIND: logs (log_statement = all) every statement the server
# sends for one list and then one create (after check_api: caches loaded,
# keys already used), into $OUT/sql-KIND-list.txt and sql-KIND-create.txt,
# and counts them (STMT_COUNTS, BEGIN and COMMIT included; a statement sent
# by the server for other reasons in that second would be counted too). For
# the new server, also compares the statements with bench/pgbench/*.sql
# ("SQL check"): a difference is reported, not fatal; the pgbench side then
# no longer runs the same SQL.
declare -A STMT_COUNTS=()
log_requests() {
  local kind=$1 logf s0 s1 s2
  logf=$(ls -t "$PG_DIR"/log/postgresql-*.log | head -n 1)
  pg_owner_sql "ALTER SYSTEM SET log_statement = 'all'" >/dev/null
  pg_owner_sql "SELECT pg_reload_conf()" >/dev/null
  sleep 0.5
  s0=$(stat -c %s "$logf")
  one_list >/dev/null
  sleep 0.5
  s1=$(stat -c %s "$logf")
  one_create >/dev/null
  sleep 0.5
  s2=$(stat -c %s "$logf")
  pg_owner_sql "ALTER SYSTEM RESET log_statement" >/dev/null
  pg_owner_sql "SELECT pg_reload_conf()" >/dev/null
  # (head first: tail ahead of an early-exiting head would end by SIGPIPE)
  head -c "$s1" "$logf" | tail -c "$((s1 - s0))" | log_statements >"$OUT/sql-$kind-list.txt"
  head -c "$s2" "$logf" | tail -c "$((s2 - s1))" | log_statements >"$OUT/sql-$kind-create.txt"
  STMT_COUNTS[$kind-list]=$(wc -l <"$OUT/sql-$kind-list.txt")
  STMT_COUNTS[$kind-create]=$(wc -l <"$OUT/sql-$kind-create.txt")
  log "$kind: statements sent for one list: ${STMT_COUNTS[$kind-list]}, for one create: ${STMT_COUNTS[$kind-create]} ($OUT/sql-$kind-*.txt)"
  cat "$OUT/sql-$kind-list.txt" "$OUT/sql-$kind-create.txt" \
    | { grep -v -i -E '^(begin|commit|deallocate )' || true; } | normalize_sql >"$OUT/sql-$kind.txt"
  [ "$kind" = new ] || return 0
  { grep -h -v -E '^(--|\\|BEGIN;|COMMIT;)' "$HERE/pgbench/list.sql" "$HERE/pgbench/create.sql" \
      || true; } | { grep . || true; } | normalize_sql >"$OUT/sql-pgbench.txt"
  if diff "$OUT/sql-new.txt" "$OUT/sql-pgbench.txt" >"$OUT/sql-diff.txt"; then
    SQL_CHECK="the new server's statements for one list and one create equal those of bench/pgbench/*.sql"
  else
    SQL_CHECK="MISMATCH: the new server's statements differ from bench/pgbench/*.sql ($(grep -c '^<' "$OUT/sql-diff.txt") only sent by the server, $(grep -c '^>' "$OUT/sql-diff.txt") only in the scripts; see $OUT/sql-diff.txt); the pgbench rows do not measure the new server's SQL"
  fi
  log "SQL check: $SQL_CHECK"
}
SQL_CHECK="not run"

# -- one server ------------------------------------------------------------------------------

FAILED_KINDS=""
# run_server KIND POOL FIRST: idle (first pool only), checks, statement
# log, then the four wrk runs; stops the server and undoes its writes.
run_server() {
  local kind=$1 pool=$2 first=$3
  log "== $kind server, pool $pool"
  if ! start_server "$pool" "$kind"; then
    FAILED_KINDS+=" $kind(pool $pool: did not start)"
    return 0
  fi
  [ "$first" != 1 ] || measure_idle "$kind"
  if ! check_api "$kind"; then
    FAILED_KINDS+=" $kind(pool $pool: check failed)"
    stop_server
    reset_writes
    return 0
  fi
  [ "$first" != 1 ] || log_requests "$kind"
  run_wrk list "$pool" list.lua "$OUT/list-keys.txt"
  run_wrk list-1k "$pool" list.lua "$OUT/small-keys.txt"
  run_wrk create-many "$pool" create.lua "$OUT/writers.txt"
  run_wrk create-one "$pool" create.lua "$OUT/solo.txt"
  stop_server
  # What the server itself logged: statuses and errors.
  local logf="$OUT/server-$kind-pool$pool.log"
  {
    echo "$kind pool $pool:"
    { grep -o '"status":[0-9]*' "$logf" || true; } | sort | uniq -c
    echo "  error lines: $(grep -c -E '"level":("error"|50|60)' "$logf" || true)"
  } >>"$OUT/server-statuses.txt"
  reset_writes
}

# -- (a) base, (b) new ---------------------------------------------------------------------

# Writes first grow the tables and their indexes; after reset_writes the
# next server's writes reuse the space it freed, which costs PostgreSQL
# less. So that the first server measured does not pay for a growth the
# later ones skip, the writers' tables grow once before it: PRIME_ROWS rows
# for the solo writer, deleted again by the reset before the first server.
# That reset (its UPDATE of the writers' accounts, VACUUM and CHECKPOINT) is
# the one each later server gets after the server before it, so the first
# server does not start from the seed's fresh pages with its checkpoint
# still to come.
[ "$PRIME_ROWS" -eq 0 ] || seed_transactions "$SOLO_USER" "$SOLO_ACCOUNT" "$PRIME_ROWS"
reset_writes

KINDS=()
[ -z "$BASE_BUILD" ] || KINDS+=(base)
KINDS+=(new)
for kind in "${KINDS[@]}"; do
  if [ "$kind" = new ] && [ -n "$BASE_BUILD" ]; then
    # The base's purse-admin made the schema; the new server may need a
    # newer one (the data stay as seeded).
    log "migrating to the new build's schema"
    timeout 300 "$OUT/bin/purse-admin" migrate >/dev/null
  fi
  # The same statistics for every server (a migration may rewrite tables).
  psql_q -c "VACUUM ANALYZE users" -c "VACUUM ANALYZE api_keys" -c "VACUUM ANALYZE accounts" -c "VACUUM ANALYZE transactions"
  first=1
  for pool in $POOLS; do
    run_server "$kind" "$pool" "$first"
    first=0
  done
done

# -- (c) pgbench -------------------------------------------------------------------------------

if [ -n "$POOLS" ]; then
  PGB_FILES=(-f "$HERE/pgbench/list.sql")
  PGB_DEFS=(-D "keys=$LIST_KEYS" -D "scope_id=$SEED_USER")
  PGB_DEFS+=(-D "page_ids=$(IFS=,; echo "${PAGE_IDS[*]}")")
  run_pgbench list

  PGB_FILES=(-f "$HERE/pgbench/create.sql")
  PGB_DEFS=(-D "users=$WRITERS" -D "now=$(date +%s)" -D flow=expense -D currency=USD)
  run_pgbench create
  # The reference service's SQL for the same create (its key lookup, BEGIN,
  # UPDATE, INSERT, COMMIT), on the same tables: PostgreSQL's CPU per create
  # of the two side by side, without either service.
  PGB_FILES=(-f "$HERE/pgbench/reference-create.sql")
  run_pgbench reference-create
  reset_writes
fi

# -- (d) the reference service ---------------------------------------------------------------

if [ "$REF" = 1 ]; then
  for kind in "${REF_KINDS[@]}"; do
    first=1
    for pool in $POOLS; do
      run_server "$kind" "$pool" "$first"
      first=0
    done
  done
fi

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

# The reference's variants as they ran: "ref one process", "ref-cluster N
# workers (pools a+b of P)" (from the primary's first log line).
ref_modes() {
  local kind line out=""
  for kind in "${REF_KINDS[@]}"; do
    if [ "$kind" = ref ]; then out+="${out:+; }ref one process"; continue; fi
    line=$(grep -h -m 1 -o '[0-9]* workers ([0-9]* cores available), pools [0-9+]* of DB_POOL=[0-9]*' \
      "$OUT"/server-"$kind"-pool*.log 2>/dev/null | head -n 1 || true)
    out+="${out:+; }$kind node:cluster, ${line:-workers unknown (did not start)}"
  done
  echo "$out"
}

IDLE="$OUT/idle.tsv"
[ -f "$IDLE" ] || printf 'variant\tidle_cores\tctxsw_per_s\tthreads\n' >"$IDLE"
{
  echo "Servers: base = $( [ -n "$BASE_BUILD" ] && echo "purse-server at $(cat "$BASE_BUILD/.purse-rev" 2>/dev/null || echo "$BASE_BUILD")" || echo "not run")${BASE_SERVER_FLAGS:+ (flags: $BASE_SERVER_FLAGS)};"
  echo "new = $BUILD/purse-server${SERVER_FLAGS:+ (flags: $SERVER_FLAGS)}; ref = bench/reference (node $(node --version 2>/dev/null || echo '?')): $(ref_modes)."
  echo "Per request (pgbench: per transaction): PG statements from pg_stat_statements (BEGIN counted twice for its COMMIT; pgbench: queries + its script's BEGIN/SET/COMMIT), of which queries (SELECT/INSERT/UPDATE/DELETE), PG transactions from pg_stat_database, context switches and CPU of the server's threads from /proc; all divided by the responses wrk counted. See bench/README.md."
  echo
  echo "| server | test | db-pool | req/s or tps | p50 ms | p99 ms | non-2xx / failed | socket errors | PG statements / req | of which queries | PG transactions / req | context switches / req | server CPU ms / req | PG CPU ms / req | server cores | PostgreSQL cores | client cores | irq+softirq cores | other programs' cores |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  awk -F '\t' 'NR > 1 { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
                 $21, $1, $2, $3, $4, $5, $6, $7, $15, $22, $16, $17, $18, $19, $8, $9, $10, $14, $13 }' "$RESULTS"
  echo
  echo "Side by side (ratios of req/s; p99 in ms):"
  echo
  echo "ref below is $REF_SIDE."
  echo
  echo "| test | db-pool | base req/s | new req/s | ref req/s | new / ref | base / ref | new / base | base p99 | new p99 | ref p99 | new p99 / ref p99 |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  awk -F '\t' -v side="$REF_SIDE" '
    function r(a, b) { return (a == "" || b == "" || b + 0 == 0) ? "–" : sprintf("%.2f", a / b) }
    function v(x) { return x == "" ? "–" : x }
    NR > 1 && $21 != "pgbench" { k = $1 SUBSEP $2; s = ($21 == side ? "@ref" : $21); rate[s, k] = $3; p99[s, k] = $5
                                 if (!(k in seen)) { seen[k] = 1; order[++n] = k } }
    END { for (i = 1; i <= n; i++) { k = order[i]; split(k, kp, SUBSEP)
            printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", kp[1], kp[2],
              v(rate["base", k]), v(rate["new", k]), v(rate["@ref", k]),
              r(rate["new", k], rate["@ref", k]), r(rate["base", k], rate["@ref", k]),
              r(rate["new", k], rate["base", k]),
              v(p99["base", k]), v(p99["new", k]), v(p99["@ref", k]), r(p99["new", k], p99["@ref", k]) } }' "$RESULTS"
  echo
  echo "List latency against the size of the scope ($SEED_ROWS vs $SMALL_ROWS transactions):"
  echo
  echo "| server | db-pool | p50 ms, $SEED_ROWS | p50 ms, $SMALL_ROWS | p99 ms, $SEED_ROWS | p99 ms, $SMALL_ROWS | p99 ratio |"
  echo "|---|---|---|---|---|---|---|"
  awk -F '\t' '
    NR > 1 && $1 == "list" { k = $21 SUBSEP $2; b50[k] = $4; b99[k] = $5; order[++n] = k }
    NR > 1 && $1 == "list-1k" { k = $21 SUBSEP $2; s50[k] = $4; s99[k] = $5 }
    END { for (i = 1; i <= n; i++) { k = order[i]; split(k, kp, SUBSEP)
            printf "| %s | %s | %s | %s | %s | %s | %s |\n", kp[1], kp[2], b50[k], s50[k], b99[k], s99[k],
              (s99[k] > 0 ? sprintf("%.2f", b99[k] / s99[k]) : "–") } }' "$RESULTS"
  echo
  echo "Idle: each server's CPU over ${IDLE_SECONDS:-30} s with no requests, ${IDLE_WAIT:-5} s after it started (target < 0.01 cores):"
  echo
  echo "| server | cores | context switches / s | threads | < 0.01 cores |"
  echo "|---|---|---|---|---|"
  awk -F '\t' 'NR > 1 { printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, ($2 < 0.01 ? "yes" : "**no**") }' "$IDLE"
  echo
  echo "Statements each server sent for one list and one create, from PostgreSQL's statement log (BEGIN and COMMIT included; texts in $OUT/sql-*-*.txt):"
  echo
  echo "| server | one list | one create |"
  echo "|---|---|---|"
  for kind in base new "${REF_KINDS[@]}"; do
    [ -n "${STMT_COUNTS[$kind-list]:-}" ] || continue
    echo "| $kind | ${STMT_COUNTS[$kind-list]} | ${STMT_COUNTS[$kind-create]} |"
  done
  echo
  echo "API throughput as a share of its SQL's throughput (pgbench):"
  echo
  echo "| server | db-pool | list / pgbench list | create-many / pgbench create |"
  echo "|---|---|---|---|"
  awk -F '\t' '
    NR > 1 && $1 == "pgbench-list" { pl = $3 }
    NR > 1 && $1 == "pgbench-create" { pc = $3 }
    NR > 1 && $1 == "list" { k = $21 SUBSEP $2; l[k] = $3; order[++n] = k }
    NR > 1 && $1 == "create-many" { c[$21 SUBSEP $2] = $3 }
    END { for (i = 1; i <= n; i++) { k = order[i]; split(k, kp, SUBSEP)
            printf "| %s | %s | %s | %s |\n", kp[1], kp[2],
              (pl > 0 ? sprintf("%.0f%%", 100 * l[k] / pl) : "–"),
              (pc > 0 ? sprintf("%.0f%%", 100 * c[k] / pc) : "–") } }' "$RESULTS"
  echo
  echo "SQL check: $SQL_CHECK"
  [ -z "$FAILED_KINDS" ] || { echo; echo "NOT MEASURED:$FAILED_KINDS (see $OUT/server-*.log)"; }
  echo
  echo "HTTP statuses per run (wrk response() counts):"
  awk -F '\t' 'NR > 1 && $21 != "pgbench" { printf "  %s %s pool %s: %s\n", $21, $1, $2, $12 }' "$RESULTS"
} >"$OUT/results.md"

echo
echo "== results (${DURATION}s runs, $CONNS connections, $THREADS client threads; $(nproc) cores shared by client, server and PostgreSQL) =="
cat "$OUT/results.md"
echo
echo "Server-logged statuses: $OUT/server-statuses.txt; raw output: $OUT"
