#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Reproduces the reports part of docs/BENCHMARKS.md:  bash bench/reports.sh
#
# Starts a private PostgreSQL 15 cluster, migrates it and seeds one scope
# (a Solo user whose profile zone is Europe/Berlin) with 1,000,000
# transactions over 5 years in 6 accounts of 3 currencies (EUR, USD, JPY)
# and 50 categories: expenses, incomes, transfers, voided ones and
# uncategorized ones. Then, with wrk at CONNS (16) connections:
#   every report over one year (2025-11-01..2026-10-31, Berlin time):
#   total-spending, categories-spending, spending-trends by day, week and
#   month, dashboard and budget (month 2026-10; the scope has a EUR budget
#   for each of its 50 categories in every month);
# beside each, pgbench runs the plain SQL over the raw rows that answers
# the same question (bench/pgbench/report-*.sql, the oracle's way, with the
# range turned into UTC bounds so that the time index serves it);
# and finally the cost of the rollups for writes: creates over 16 writer
# users with the rollup triggers on and off, WRITE_ROUNDS (4) rounds of both
# in alternating order.
# Prints a table and writes it to $OUT/results.md.
#
# Every report runs twice: the identical request repeated, then "varied"
# (each request with another start date and zone of the same rules).
#
# Settings (environment), besides those of bench/lib.sh's callers:
#   DURATION=20 WARMUP=3 PGB_WARMUP=5 CONNS=16 THREADS=2 IO_THREADS=2
#   REPORTS_ONLY="dashboard budget" (which reports run; default all)
#   PARTS="reports writes sql" (which parts run: the reports over HTTP,
#   the writes with rollup triggers on and off, the plain SQL with pgbench;
#   also "changes": the same creates with the changes feed's triggers on
#   and off, WRITE_ROUNDS rounds, not in the default; "webhooks-probe":
#   with the webhook probe of the changes triggers on and off (no scope
#   has a webhook); "webhooks": with every writer's webhook active and
#   inactive, deliveries sent to a local receiver meanwhile)
#   POOL=8 ROWS=1000000 WRITERS=16 WRITE_ROUNDS=4 VARIED=1 (each report also with a
#   different request each time; 0: only the identical request)
#   SERVER_FLAGS="..." extra purse-server flags
#   PG_DIR=/tmp/purse-reports-pg PG_PORT=25520 HTTP_PORT=25530
#   OUT=/tmp/purse-reports-out BUILD=<repo>/build MAX_SECONDS=1800
#   KEEP_PG=1 BENCH_NICE=-10 QUIET_CORES=0.3 QUIET_BUDGET=120 (as run.sh)
set -euo pipefail

BENCH_NICE=${BENCH_NICE:--10}
if [ "$(id -u)" -eq 0 ] && [ "$BENCH_NICE" != 0 ] && [ -z "${BENCH_NICED:-}" ]; then
  export BENCH_NICED=1
  exec nice -n "$BENCH_NICE" bash "${BASH_SOURCE[0]}" "$@"
fi

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")

DURATION=${DURATION:-20}
WARMUP=${WARMUP:-3}
PGB_WARMUP=${PGB_WARMUP:-5}
CONNS=${CONNS:-16}
THREADS=${THREADS:-2}
IO_THREADS=${IO_THREADS:-2}
POOL=${POOL:-8}
ROWS=${ROWS:-1000000}
WRITE_ROUNDS=${WRITE_ROUNDS:-4}
WRITERS=${WRITERS:-16}
PG_DIR=${PG_DIR:-/tmp/purse-reports-pg}
PG_PORT=${PG_PORT:-25520}
HTTP_PORT=${HTTP_PORT:-25530}
OUT=${OUT:-/tmp/purse-reports-out}
BUILD=${BUILD:-$ROOT/build}
MAX_SECONDS=${MAX_SECONDS:-1800}
KEEP_PG=${KEEP_PG:-0}
QUIET_CORES=${QUIET_CORES:-0.3}
QUIET_BUDGET=${QUIET_BUDGET:-120}
PG_BINDIR=${PURSE_PG_BINDIR:-/usr/lib/postgresql/15/bin}

BASE="http://127.0.0.1:$HTTP_PORT/api/public/v1"
TX_URL="$BASE/me/transactions"
READY_URL=$TX_URL
CLK_TCK=$(getconf CLK_TCK)
TZ_NAME=Europe/Berlin
RANGE="from=2025-11-01&to=2026-10-31"

# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"

# -- seed --------------------------------------------------------------------------------

SEED_START=$(date +%s)
log "creating the reports user and $WRITERS writers"
SCOPE=$(admin user create --email reports@bench.invalid --plan solo \
  --timezone "$TZ_NAME" | json_field id)
admin key create --user "$SCOPE" --days 30 --name bench-reports \
  | json_field secret >"$OUT/report-keys.txt"
: >"$OUT/writer-tokens.txt"
for w in $(seq 1 "$WRITERS"); do
  uid=$(admin user create --email "writer-$w@bench.invalid" --plan solo | json_field id)
  tok=$(admin key create --user "$uid" --days 30 --name bench-write | json_field secret)
  echo "$uid $tok" >>"$OUT/writer-tokens.txt"
done

log "seeding $ROWS transactions into one scope (direct SQL, rollups rebuilt after)"
NOW=$(date +%s)
psql_q -v scope="$SCOPE" -v now="$NOW" -v rows="$ROWS" <<'SQL'
BEGIN;
-- Two accounts per currency; transfers go between the two.
INSERT INTO accounts (id, scope_id, name, type, currency_code,
                      opening_balance_minor, balance_minor, archived,
                      created_at, updated_at)
SELECT gen_random_uuid()::text, :'scope', 'Account ' || a, 'checking',
       (ARRAY['EUR', 'USD', 'JPY'])[(a / 2) + 1], 0, 0, false, :now, :now
  FROM generate_series(0, 5) AS a;
INSERT INTO categories (id, scope_id, name, kind, parent_id, color,
                        created_at, updated_at)
SELECT gen_random_uuid()::text, :'scope', 'Category ' || lpad(c::text, 2, '0'),
       'expense', '', '', :now, :now
  FROM generate_series(1, 50) AS c;
-- A EUR budget for every category and month of the 5 years.
INSERT INTO budgets (id, scope_id, category_id, month, amount_minor,
                     currency_code, created_at, updated_at, created_by,
                     updated_by)
SELECT gen_random_uuid()::text, :'scope', c.id, to_char(m, 'YYYY-MM'), 50000,
       'EUR', :now, :now, :'scope', :'scope'
  FROM categories c,
       generate_series(date '2021-11-01', date '2026-10-01',
                       interval '1 month') AS m
 WHERE c.scope_id = :'scope';
-- One USD account per writer.
INSERT INTO accounts (id, scope_id, name, type, currency_code,
                      opening_balance_minor, balance_minor, archived,
                      created_at, updated_at)
SELECT gen_random_uuid()::text, u.id, 'Main', 'checking', 'USD', 0, 0, false,
       :now, :now
  FROM users u WHERE u.email LIKE 'writer-%@bench.invalid';
COMMIT;
CREATE TEMP TABLE acc AS
  SELECT row_number() OVER (ORDER BY name) - 1 AS n, id, currency_code
    FROM accounts WHERE scope_id = :'scope';
CREATE TEMP TABLE cat AS
  SELECT row_number() OVER (ORDER BY name) - 1 AS n, id
    FROM categories WHERE scope_id = :'scope';
-- A bulk load: the trigger is off, the rollups are rebuilt in one pass.
ALTER TABLE transactions DISABLE TRIGGER transactions_report_rollups;
-- 5 years back from now, evenly; every 12th an income, every 50th a
-- transfer, every 100th voided, every 20th uncategorized.
INSERT INTO transactions (id, scope_id, account_id, to_account_id,
                          category_id, flow_type, amount_minor,
                          currency_code, minor_units, description, notes,
                          transaction_at, created_at, updated_at, voided_at)
SELECT gen_random_uuid()::text, :'scope', a.id,
       CASE WHEN g % 50 = 1 THEN b.id ELSE '' END,
       CASE WHEN g % 20 = 0 OR g % 50 = 1 THEN '' ELSE c.id END,
       CASE WHEN g % 50 = 1 THEN 'transfer'
            WHEN g % 12 = 0 THEN 'income' ELSE 'expense' END,
       100 + (g::bigint * 104729) % 20000, a.currency_code,
       CASE a.currency_code WHEN 'JPY' THEN 0 ELSE 2 END,
       'Seeded ' || g, '', ts, ts, ts,
       CASE WHEN g % 100 = 7 THEN ts ELSE 0 END
  FROM (SELECT g, :now::bigint - (g::bigint * 157680000) / :rows AS ts
          FROM generate_series(1, :rows) AS g) s
  JOIN acc a ON a.n = g % 6
  JOIN acc b ON b.n = (g % 6) # 1
  JOIN cat c ON c.n = (g::bigint * 7919) % 50;
ALTER TABLE transactions ENABLE TRIGGER transactions_report_rollups;
SELECT report_rollups_rebuild();
UPDATE accounts a
   SET balance_minor = (SELECT COALESCE(SUM(CASE
         WHEN t.flow_type = 'income' AND t.account_id = a.id THEN t.amount_minor
         WHEN t.flow_type = 'transfer' AND t.to_account_id = a.id THEN t.amount_minor
         ELSE -t.amount_minor END), 0)
         FROM transactions t
        WHERE (t.account_id = a.id OR t.to_account_id = a.id) AND t.voided_at = 0)
 WHERE a.scope_id = :'scope';
VACUUM ANALYZE transactions;
VACUUM ANALYZE report_rollups;
VACUUM ANALYZE accounts;
VACUUM ANALYZE categories;
SQL
pg_owner_sql "CHECKPOINT" >/dev/null
psql_val -F ' ' -c "SELECT scope_id, id FROM accounts WHERE name = 'Main'" \
  | sort >"$OUT/accounts.txt"
sort "$OUT/writer-tokens.txt" | join - "$OUT/accounts.txt" \
  | awk '{ print $2, $3 }' >"$OUT/writers.txt"
[ "$(wc -l <"$OUT/writers.txt")" -eq "$WRITERS" ] || die "writer accounts missing"
ROLLUP_ROWS=$(psql_val -c "SELECT count(*) FROM report_rollups")
TX_BYTES=$(psql_val -c "SELECT pg_total_relation_size('transactions')")
ROLLUP_BYTES=$(psql_val -c "SELECT pg_total_relation_size('report_rollups')")
log "seeded in $(($(date +%s) - SEED_START)) s: $ROLLUP_ROWS rollup rows"

# UTC bounds of the local range, for the oracle's SQL.
epoch_of() { psql_val -c "SELECT extract(epoch FROM ('$1'::timestamp AT TIME ZONE '$TZ_NAME'))::bigint"; }
FROM_TS=$(epoch_of 2025-11-01)
TO_TS=$(epoch_of 2026-11-01)
PREV_TS=$(epoch_of 2026-09-01)
MONTH_TS=$(epoch_of 2026-10-01)

RESULTS="$OUT/results.tsv"
printf '%s\n' "$RESULTS_HEADER" >"$RESULTS"

# -- reports over HTTP ------------------------------------------------------------------

declare -A REPORT_PATH=(
  [total]="total-spending?$RANGE"
  [categories]="categories-spending?$RANGE"
  [trends-day]="spending-trends?interval=day&$RANGE"
  [trends-week]="spending-trends?interval=week&$RANGE"
  [trends-month]="spending-trends?interval=month&$RANGE"
  [dashboard]="dashboard?month=2026-10"
  [budget]="budget?month=2026-10"
)
# shellcheck disable=SC2206 # REPORTS_ONLY is a list of names
REPORTS=(${REPORTS_ONLY:-total categories trends-day trends-week trends-month dashboard budget})

PARTS=${PARTS:-reports writes sql}
part() { [[ " $PARTS " == *" $1 "* ]]; }

start_server "$POOL"
key=$(cat "$OUT/report-keys.txt")
for r in "${REPORTS[@]}"; do
  part reports || break
  code=$(curl -s -o "$OUT/check-$r.json" -w '%{http_code}' --max-time 60 \
    -H "Authorization: Bearer $key" "$BASE/me/reports/${REPORT_PATH[$r]}")
  [ "$code" = 200 ] || die "report $r answered $code: $(head -c 300 "$OUT/check-$r.json")"
done
log "every report answers 200; first answers in $OUT/check-*.json"
# Each report twice in a row: the identical request over and over (what a
# cache of answers would serve), then VARIED=1 a different request each
# time: the range's start rotated over 28 days and the zone over 8 with
# Berlin's rules (the same work per request, no two alike in a row; the
# dashboard: its month over 58 and the zone over 8). With more different
# requests than the scope keeps answers (64), rotated in order, none is
# answered from the keeping. VARIED=0: identical only.
ZONES=(Europe/Berlin Europe/Paris Europe/Madrid Europe/Rome Europe/Vienna
       Europe/Amsterdam Europe/Brussels Europe/Zurich)
varied_paths() {
  local r=$1 p=${REPORT_PATH[$1]} d z m
  p=${p%%\?*}
  if [ "$r" = dashboard ] || [ "$r" = budget ]; then
    for y in 2022 2023 2024 2025 2026; do
      for m in 01 02 03 04 05 06 07 08 09 10 11 12; do
        [ "$y-$m" \> 2026-10 ] && continue
        for z in "${ZONES[@]}"; do echo "/api/public/v1/me/reports/$p?month=$y-$m&tz=$z"; done
      done
    done
  else
    local extra=""
    case "$r" in trends-*) extra="interval=${r#trends-}&" ;; esac
    for d in $(seq -w 1 28); do
      for z in "${ZONES[@]}"; do
        echo "/api/public/v1/me/reports/$p?${extra}from=2025-11-$d&to=2026-10-31&tz=$z"
      done
    done
  fi
}
for r in "${REPORTS[@]}"; do
  part reports || break
  run_wrk "report-$r" "$POOL" list.lua "$OUT/report-keys.txt" \
    "$BASE/me/reports/${REPORT_PATH[$r]}"
  if [ "${VARIED:-1}" = 1 ]; then
    varied_paths "$r" >"$OUT/paths-$r.txt"
    path=$(head -n 1 "$OUT/paths-$r.txt")
    code=$(curl -s -o "$OUT/check-$r-varied.json" -w '%{http_code}' --max-time 60 \
      -H "Authorization: Bearer $key" "http://127.0.0.1:$HTTP_PORT$path")
    [ "$code" = 200 ] || die "report $r (varied) answered $code: $(head -c 300 "$OUT/check-$r-varied.json")"
    export BENCH_PATHS="$OUT/paths-$r.txt"
    run_wrk "report-$r-varied" "$POOL" paths.lua \
      "$OUT/report-keys.txt" "http://127.0.0.1:$HTTP_PORT"
  fi
done

# -- writes with and without the rollup trigger -------------------------------------------

# Every rollup trigger of transactions (schema v4/v5: one row trigger; v6:
# one statement trigger per event; v7: one row trigger per event).
trigger() {
  local t
  for t in $(psql_val -c "SELECT tgname FROM pg_trigger
               WHERE tgrelid = 'transactions'::regclass
                 AND tgname LIKE 'transactions\_report\_rollups%'"); do
    psql_q -c "ALTER TABLE transactions $1 TRIGGER $t"
  done
}
# on_and_off PART NAME TOGGLE: WRITE_ROUNDS rounds of creates with the
# triggers TOGGLE switches (TOGGLE ENABLE / DISABLE) on and off, runs named
# create-NAME-on|off-ROUND; the triggers are on again at the end. Rounds
# alternate the order (on, off; off, on; ...), so that a slow stretch of
# the machine or a checkpoint does not always fall on one side.
on_and_off() {
  local part_name=$1 name=$2 toggle=$3 round order state side
  for round in $(seq 1 "$WRITE_ROUNDS"); do
    part "$part_name" || break
    order="ENABLE DISABLE"
    [ $((round % 2)) = 0 ] && order="DISABLE ENABLE"
    for state in $order; do
      "$toggle" "$state"
      side=on
      [ "$state" = DISABLE ] && side=off
      run_wrk "create-$name-$side-$round" "$POOL" create.lua "$OUT/writers.txt"
    done
  done
  "$toggle" ENABLE
}
on_and_off writes rollups trigger

# -- writes with and without the changes feed's triggers ---------------------------------

# Every trigger of the changes feed (persistence/sql/changes.sql): on the
# records' tables and on the links of transactions to tags and files.
changes_triggers() {
  local table name
  psql_val -F ' ' -c "SELECT tgrelid::regclass, tgname FROM pg_trigger
                      WHERE NOT tgisinternal AND tgname ~ '_changes(_update)?$'" |
    while read -r table name; do
      psql_q -c "ALTER TABLE $table $1 TRIGGER $name"
    done
}
on_and_off changes changes changes_triggers

# -- writes with and without webhooks ----------------------------------------------------

# "webhooks-probe": every changed row probes its scope for an active
# webhook (the "webhooks (begin)" blocks of persistence/sql/changes.sql);
# on: the trigger functions as installed, off: the same with those blocks
# cut out (as tests/support/e2e.cpp's without_webhook_blocks does), as
# before webhooks. No scope has a webhook here.
WEBHOOK_FUNCS="'purse_changes_record()', 'purse_changes_note(text,text,text,boolean)'"
SAVED_FUNCS=""
webhooks_probe() {
  # The first call finds the functions as installed (every part starts
  # "on").
  [ -n "$SAVED_FUNCS" ] || SAVED_FUNCS=$(psql_val -c \
    "SELECT string_agg(pg_get_functiondef(f::regprocedure), E';\n') || ';'
       FROM unnest(ARRAY[$WEBHOOK_FUNCS]) AS f")
  if [ "$1" = ENABLE ]; then
    printf '%s\n' "$SAVED_FUNCS" | psql_q
  else
    psql_q -c "DO \$\$ DECLARE f text; BEGIN
                 FOREACH f IN ARRAY ARRAY[$WEBHOOK_FUNCS] LOOP
                   EXECUTE regexp_replace(pg_get_functiondef(f::regprocedure),
                     '-- webhooks \\(begin\\).*?-- webhooks \\(end\\)', '', 'g');
                 END LOOP; END \$\$"
  fi
}
on_and_off webhooks-probe webhooks-probe webhooks_probe

# "webhooks": every writer's scope has one webhook for transaction.* to a
# local receiver that answers 204 at once (bench/webhook-receiver.mjs);
# on: the webhooks are active (each create notes an event in its
# transaction, the deliverers fan it out and send it beside the load),
# off: inactive (the probe finds none).
if part webhooks; then
  stop_server
  WEBHOOK_PORT=${WEBHOOK_PORT:-25540}
  node "$HERE/webhook-receiver.mjs" "$WEBHOOK_PORT" >"$OUT/webhook-receiver.log" 2>&1 &
  RECEIVER_PID=$!
  psql_q -c "INSERT INTO webhooks (id, scope_id, scope_kind, url, events,
               description, active, secret, created_at, updated_at,
               created_by, updated_by)
             SELECT gen_random_uuid()::text, u.id, 'me',
                    'http://127.0.0.1:$WEBHOOK_PORT/hook', 'transaction.*', '',
                    false, 'whsec_bench', 0, 0, u.id, u.id
               FROM users u WHERE u.email LIKE 'writer-%@bench.invalid'"
  SERVER_FLAGS="${SERVER_FLAGS:-} --webhook-allow-http --webhook-allow-private"
  start_server "$POOL"
fi
webhooks_active() {
  local active=false
  [ "$1" = ENABLE ] && active=true
  psql_q -c "UPDATE webhooks SET active = $active"
}
on_and_off webhooks webhooks webhooks_active
if part webhooks; then
  webhooks_active DISABLE
  psql_val -c "SELECT status || ' ' || count(*) FROM webhook_deliveries
                GROUP BY status ORDER BY 1" >"$OUT/webhook-deliveries.txt"
  psql_val -c "SELECT 'events waiting ' || count(*) FROM webhook_events" \
    >>"$OUT/webhook-deliveries.txt"
  kill "$RECEIVER_PID" 2>/dev/null || true
fi
stop_server

# -- the oracle's SQL with pgbench -------------------------------------------------------

PGB_DEFS=(-D "scope=$SCOPE" -D "from_ts=$FROM_TS" -D "to_ts=$TO_TS" -D "tz=$TZ_NAME")
for r in total categories trends-day trends-week trends-month; do
  part sql || break
  PGB_FILES=(-f "$HERE/pgbench/report-$r.sql")
  run_pgbench "report-$r"
done
PGB_FILES=(-f "$HERE/pgbench/report-dashboard.sql")
PGB_DEFS=(-D "scope=$SCOPE" -D "prev_ts=$PREV_TS" -D "month_ts=$MONTH_TS" -D "to_ts=$TO_TS")
# The dashboard's month is October: its upper bound is 2026-11-01.
part sql && run_pgbench report-dashboard
# The budget report's month is October too (same bounds).
PGB_FILES=(-f "$HERE/pgbench/report-budget.sql")
part sql && run_pgbench report-budget

# -- table --------------------------------------------------------------------------------

{
  echo "# Purse reports benchmark ($(date -u +%Y-%m-%dT%H:%MZ))"
  echo
  echo "One scope: $ROWS transactions over 5 years, 6 accounts in EUR/USD/JPY,"
  echo "50 categories; $ROLLUP_ROWS rollup rows ($((ROLLUP_BYTES / 1048576)) MiB;"
  echo "transactions with indexes $((TX_BYTES / 1048576)) MiB). Range"
  echo "2025-11-01..2026-10-31 in $TZ_NAME; $CONNS connections; db-pool $POOL."
  echo
  echo "API: the identical request repeated; \"varied\": every request differs (start date and zone rotated, same work)."
  echo
  echo "| report | API req/s | API p50 ms | API p99 ms | varied req/s | varied p50 ms | varied p99 ms | SQL tps | SQL p50 ms | SQL p99 ms | API/SQL throughput | server cores | PostgreSQL cores | PG statements / req | server CPU ms / req | other cores |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for r in "${REPORTS[@]}"; do
    awk -F'\t' -v a="report-$r" -v v="report-$r-varied" -v p="pgbench-report-$r" -v name="$r" '
      $1 == a { ar = $3; a50 = $4; a99 = $5; sc = $8; pc = $9; oc = $13; st = $15; ms = $18 }
      $1 == v { vr = $3; v50 = $4; v99 = $5 }
      $1 == p { pr = $3; p50 = $4; p99 = $5 }
      END { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.1fx | %s | %s | %s | %s | %s |\n",
                   name, ar, a50, a99, (vr == "" ? "–" : vr), (v50 == "" ? "–" : v50), (v99 == "" ? "–" : v99),
                   pr, p50, p99, (pr > 0 ? ar / pr : 0), sc, pc, st, ms, oc }' "$RESULTS"
  done
  echo
  echo "| writes | req/s | p50 ms | p99 ms | non-2xx | PostgreSQL cores |"
  echo "|---|---|---|---|---|---|"
  awk -F'\t' '$1 ~ /^create-/ { printf "| %s | %s | %s | %s | %s | %s |\n", $1, $3, $4, $5, $6, $9 }' "$RESULTS"
  awk -F'\t' '
    $1 ~ /^create-rollups-on-/ { on += $3; non++ }
    $1 ~ /^create-rollups-off-/ { off += $3; noff++ }
    END { if (non && noff)
            printf "\nWrites with rollups: %.0f req/s on, %.0f off (means of %d rounds): %+.1f%%\n",
                   on / non, off / noff, non, 100 * (on / non - off / noff) / (off / noff) }' "$RESULTS"
  for name in webhooks-probe webhooks; do
    awk -F'\t' -v name="$name" '
      $1 ~ "^create-" name "-on-" { on += $3; non++ }
      $1 ~ "^create-" name "-off-" { off += $3; noff++ }
      END { if (non && noff)
              printf "\nWrites with %s: %.0f req/s on, %.0f off (means of %d rounds): %+.1f%%\n",
                     name, on / non, off / noff, non, 100 * (on / non - off / noff) / (off / noff) }' "$RESULTS"
  done
  [ -f "$OUT/webhook-deliveries.txt" ] && { echo; echo "Webhook deliveries after the runs:"; sed 's/^/    /' "$OUT/webhook-deliveries.txt"; }
  awk -F'\t' '
    $1 ~ /^create-changes-on-/ { on += $3; non++ }
    $1 ~ /^create-changes-off-/ { off += $3; noff++ }
    END { if (non && noff)
            printf "\nWrites with the changes feed: %.0f req/s on, %.0f off (means of %d rounds): %+.1f%%\n",
                   on / non, off / noff, non, 100 * (on / non - off / noff) / (off / noff) }' "$RESULTS"
} | tee "$OUT/results.md"
log "results in $OUT/results.md; raw output in $OUT"
