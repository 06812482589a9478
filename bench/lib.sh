# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by bench/run.sh and bench/reports.sh (sourced after their
# settings): tool checks, cleanup and the time limit, the private copy of
# the binaries, the private PostgreSQL cluster (started and migrated here,
# with pg_stat_statements loaded), psql helpers, CPU / context-switch /
# statement accounting, the quiet-machine wait and the servers.
#
# Needs: ROOT HERE OUT BUILD PG_DIR PG_PORT HTTP_PORT MAX_SECONDS KEEP_PG
#        QUIET_CORES QUIET_BUDGET PG_BINDIR CLK_TCK IO_THREADS READY_URL
#        CONNS THREADS WARMUP DURATION PGB_WARMUP RESULTS (a TSV with
#        run_wrk's and run_pgbench's columns: RESULTS_HEADER)
# Optional: BASE_BUILD (a folder with an older purse-server/purse-admin,
#        started by `start_server POOL base`), SERVER_FLAGS and
#        BASE_SERVER_FLAGS (extra purse-server flags for the new and the
#        base server), REF_WORKERS (workers of the reference service's
#        kind ref-cluster), PG_STAT_STATEMENTS=0 (do not load it), IDLE_WAIT=5
#        IDLE_SECONDS=30 (measure_idle)
# shellcheck shell=bash

# wrk opens all its connections from one address (127.0.0.1): lift the
# per-address cap (an older build ignores the variable).
export PURSE_MAX_CONNECTIONS_PER_ADDRESS=0

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
if [ -n "${BASE_BUILD:-}" ]; then
  mkdir -p "$OUT/bin-base"
  cp "$BASE_BUILD/purse-server" "$BASE_BUILD/purse-admin" "$OUT/bin-base/"
fi
# Flags of one purse-server binary: if it has per-key rate limits, they are
# lifted (the benchmark measures throughput; a build without them needs no
# flag), then the extra flags given for it.
server_flags() {
  local bin=$1 extra=$2 help
  SERVER_ARGS=()
  help=$("$bin" --help 2>&1 || true)
  if grep -q -- '--read-limit' <<<"$help"; then
    SERVER_ARGS=(--read-limit 10000000 --write-limit 10000000)
  fi
  local -a more=()
  read -r -a more <<<"$extra"
  SERVER_ARGS+=("${more[@]}")
}
server_flags "$OUT/bin/purse-server" "${SERVER_FLAGS:-}"
RATE_FLAGS=("${SERVER_ARGS[@]}") # the new server's flags (kept for old callers)

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

# As pg_owner_sql, one value (unaligned, tuples only).
pg_owner_val() {
  local owner
  owner=$(stat -c %U "$PG_DIR/data")
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$PG_DIR" && timeout 60 runuser -u "$owner" -- "$PG_BINDIR/psql" -X -A -t -q \
       -h "$PG_DIR/run" -p "$PG_PORT" -U "$owner" -d purse -c "$1")
  else
    timeout 60 "$PG_BINDIR/psql" -X -A -t -q -h "$PG_DIR/run" -p "$PG_PORT" -U "$owner" -d purse -c "$1"
  fi
}

# pg_stat_statements (in Debian's postgresql-15) counts the statements each
# run sends: loaded at start, so the cluster is restarted once here.
PGSS=0
if [ "${PG_STAT_STATEMENTS:-1}" = 1 ] \
   && [ -f "$("$PG_BINDIR/pg_config" --pkglibdir 2>/dev/null || echo /usr/lib/postgresql/15/lib)/pg_stat_statements.so" ]; then
  pg_owner_sql "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'" >/dev/null
  bash "$ROOT/deploy/pg-local.sh" stop "$PG_DIR" 2>/dev/null
  # (pg-local.sh's own psql must not see our libpq settings.)
  DB_URL=$(env -u PGHOST -u PGPORT -u PGUSER -u PGDATABASE -u PGPASSWORD \
    timeout 120 bash "$ROOT/deploy/pg-local.sh" start "$PG_DIR" "$PG_PORT")
  if pg_owner_sql "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null; then
    PGSS=1
    if [ "${PG_STATEMENT_TIMES:-0}" = 1 ]; then
      # Statements run inside functions and triggers too (toplevel false):
      # where PostgreSQL's time per request goes, statement by statement.
      pg_owner_sql "ALTER SYSTEM SET pg_stat_statements.track = 'all'" >/dev/null
      pg_owner_sql "SELECT pg_reload_conf()" >/dev/null
    fi
  else
    log "pg_stat_statements is not available: no statement counts"
  fi
else
  log "pg_stat_statements not loaded: no statement counts"
fi

# With a base build, the cluster is migrated and seeded by the base's
# purse-admin (the older schema, which the base server insists on); the
# caller migrates it to the new schema ("$OUT/bin/purse-admin" migrate)
# before it starts the new server.
ADMIN_BIN="$OUT/bin/purse-admin"
[ -z "${BASE_BUILD:-}" ] || ADMIN_BIN="$OUT/bin-base/purse-admin"
admin() { timeout 60 "$ADMIN_BIN" "$@"; }
json_field() { sed -E "s/.*\"$1\":\"([^\"]*)\".*/\\1/"; }

log "migrating ($ADMIN_BIN)"
admin migrate >/dev/null

# -- CPU, context switch and statement accounting ------------------------------------

# Clock ticks of one process (with its reaped children).
proc_ticks() {
  awk '{ sub(/^.*\) /, ""); print $12 + $13 + $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0
}
# The server's processes: SERVER_PID and its children (the reference
# service's node:cluster workers).
server_pids() {
  [ -n "$SERVER_PID" ] || return 0
  echo "$SERVER_PID"
  pgrep -P "$SERVER_PID" 2>/dev/null || true
}
# Clock ticks (user + system) of the server's processes.
server_ticks() {
  local t=0 p
  for p in $(server_pids); do t=$((t + $(proc_ticks "$p"))); done
  echo "$t"
}
# Context switches (voluntary + involuntary) of every thread of the
# server's processes, from /proc/PID/task/*/status. (A thread that exits
# takes its count along.)
server_ctxsw() {
  local p files=()
  for p in $(server_pids); do files+=(/proc/"$p"/task/*/status); done
  [ "${#files[@]}" -gt 0 ] || { echo 0; return; }
  { cat "${files[@]}" 2>/dev/null || true; } \
    | awk '/^(non)?voluntary_ctxt_switches:/ { n += $2 } END { print n + 0 }'
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
# Statements, transactions and queries of role purse in database purse so
# far, from pg_stat_statements and pg_stat_database:
#  * statements: every statement's calls, but every BEGIN / START
#    TRANSACTION counts twice and COMMIT / ROLLBACK / END not at all:
#    PostgreSQL 15's pg_stat_statements counts a utility statement that a
#    client runs as a prepared statement only once per connection (e.g.
#    postgres.js's COMMIT, and everything of pgbench -M prepared); each
#    BEGIN stands for its COMMIT. DEALLOCATE is not counted by it at all.
#  * transactions: xact_commit + xact_rollback of pg_stat_database (every
#    statement outside BEGIN/COMMIT is a transaction of its own; backends
#    report these up to a second late);
#  * queries: the calls of statements that are not utility statements
#    (transaction control, SET, DEALLOCATE, ...): counted exactly.
# "-1 -1 -1" without pg_stat_statements.
UTILITY_RE='^\s*(begin|start\s+transaction|commit|end|rollback|abort|set|reset|savepoint|release|deallocate|discard|listen|unlisten|show)\M'
pg_counts() {
  if [ "$PGSS" != 1 ]; then echo "-1 -1 -1"; return; fi
  pg_owner_val "SELECT COALESCE(SUM(CASE
        WHEN query ~* '^\s*(commit|end|rollback|abort)\M' THEN 0
        WHEN query ~* '^\s*(begin|start\s+transaction)\M' THEN 2 * calls
        ELSE calls END), 0)
      || ' ' || (SELECT xact_commit + xact_rollback FROM pg_stat_database
                  WHERE datname = 'purse')
      || ' ' || COALESCE(SUM(calls) FILTER (WHERE query !~* '$UTILITY_RE'), 0)
      FROM pg_stat_statements
     WHERE userid = 'purse'::regrole AND toplevel
       AND dbid = (SELECT oid FROM pg_database WHERE datname = 'purse')" 2>/dev/null \
    || echo "-1 -1 -1"
}

# With PG_STATEMENT_TIMES=1: every statement's calls and execution time (ms)
# so far, top-level or run inside a function or trigger, one per line:
# queryid, toplevel, calls, total ms, the statement's text (blanks folded).
pg_statement_times() {
  pg_owner_sql "COPY (SELECT queryid, toplevel, calls, total_exec_time,
        left(regexp_replace(query, '\s+', ' ', 'g'), 110)
      FROM pg_stat_statements
     WHERE userid = 'purse'::regrole
       AND dbid = (SELECT oid FROM pg_database WHERE datname = 'purse'))
    TO STDOUT" 2>/dev/null || true
}

# statement_times_delta BEFORE AFTER REQUESTS: the run's 25 costliest
# statements by execution time, with microseconds and calls per request,
# and a line with all top-level statements' time per request ("in" marks a
# statement run inside a function or trigger; its time is also inside its
# caller's).
statement_times_delta() {
  awk -F '\t' -v n="$3" '
    NR == FNR { t[$1 "/" $2] = $4; c[$1 "/" $2] = $3; next }
    { k = $1 "/" $2; dt = $4 - t[k]; dc = $3 - c[k]
      if (dc <= 0) next
      if ($2 == "t") top += dt
      printf "%.1f\t%.2f\t%s\t%s\n", dt * 1000 / n, dc / n,
             ($2 == "t" ? "top" : "in"), $5 }
    END { printf "%.1f\t-\ttop\t(all top-level statements)\n", top * 1000 / n }
  ' "$1" "$2" | sort -t "$(printf '\t')" -k1,1gr | head -25 \
    | awk -F '\t' 'BEGIN { print "µs/req\tcalls/req\tlevel\tstatement" } { print }'
}

# Waits until the machine is quiet: busy cores minus what the server and the
# cluster use, over 2 s, below QUIET_CORES. Bounded by QUIET_BUDGET overall.
wait_quiet() {
  local waited=0 m0 T0 m1 T1 s0 s1 p0 p1 other
  while :; do
    s0=$(server_ticks)
    p0=$(pg_ticks); read -r m0 T0 _ < <(machine_ticks)
    sleep 2
    s1=$(server_ticks)
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

# SNAP: time, server ticks, cluster ticks, machine busy, machine total,
# machine irq ticks, server context switches, statements, transactions,
# queries (see pg_counts).
SNAP=()
snapshot() {
  local s c
  s=$(server_ticks)
  c=$(server_ctxsw)
  SNAP=("$(date +%s.%N)" "$s" "$(pg_ticks)" $(machine_ticks) "$c" $(pg_counts))
}
# Sets CPU_SERVER CPU_PG CPU_MACHINE CPU_IRQ (cores in use on average) and
# D_SERVER_TICKS D_PG_TICKS D_CTXSW D_STMTS D_XACTS D_QUERIES (counts) from two
# snapshots.
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
  D_SERVER_TICKS=$((b[1] - a[1]))
  D_PG_TICKS=$((b[2] - a[2]))
  D_CTXSW=$((b[6] - a[6]))
  if [ "${a[7]}" -ge 0 ] && [ "${b[7]}" -ge 0 ]; then
    D_STMTS=$((b[7] - a[7])); D_XACTS=$((b[8] - a[8])); D_QUERIES=$((b[9] - a[9]))
  else
    D_STMTS=-1; D_XACTS=-1; D_QUERIES=-1
  fi
}
# per N COUNT [SCALE] [DECIMALS]: COUNT * SCALE / N, or "-" if COUNT < 0 or
# N is 0.
per() {
  awk -v n="$1" -v c="$2" -v k="${3:-1}" -v d="${4:-2}" \
    'BEGIN { if (c < 0 || n <= 0) print "-"; else printf "%.*f\n", d, c * k / n }'
}

# The columns run_wrk and run_pgbench write (one TSV line per run):
RESULTS_HEADER='test	pool	rate	p50_ms	p99_ms	non2xx	errors	server_cores	pg_cores	client_cores	machine_cores	statuses	other_cores	irq_cores	stmts_per_req	xacts_per_req	ctxsw_per_req	server_ms_per_req	pg_ms_per_req	requests	variant	queries_per_req'
# The variant (server) run_wrk's lines are for: new, base, ref, ref-cluster(-N).
BENCH_KIND=new

# start_server POOL [KIND]
# KIND new (default): $OUT/bin/purse-server; base: $OUT/bin-base/purse-server
# (BASE_BUILD); ref: bench/reference/server.js under node, one process;
# ref-cluster: the same in node:cluster mode with REF_WORKERS (auto: one per
# two cores) workers, ref-cluster-N: with N workers (the pool split between
# them). Returns 1 if the server does not come up.
start_server() {
  local pool=$1 kind=${2:-new}
  local logf="$OUT/server-$kind-pool$pool.log"
  BENCH_KIND=$kind
  case "$kind" in
    new|base)
      local bin="$OUT/bin/purse-server" extra=${SERVER_FLAGS:-}
      if [ "$kind" = base ]; then
        bin="$OUT/bin-base/purse-server"; extra=${BASE_SERVER_FLAGS:-}
      fi
      server_flags "$bin" "$extra"
      # IO_THREADS empty: the server's own default (or SERVER_FLAGS').
      local io=()
      [ -z "${IO_THREADS:-}" ] || io=(--io-threads "$IO_THREADS")
      "$bin" --insecure-http --listen "127.0.0.1:$HTTP_PORT" \
        --db-pool "$pool" "${io[@]}" --drain-seconds 2 \
        "${SERVER_ARGS[@]}" 2>"$logf" &
      ;;
    ref|ref-cluster|ref-cluster-[0-9]*)
      # DB_POOL is the service's connections in all (its workers split it).
      local workers=0
      case "$kind" in
        ref-cluster) workers=${REF_WORKERS:-auto} ;;
        ref-cluster-*) workers=${kind#ref-cluster-} ;;
      esac
      (cd "$HERE/reference" && DATABASE_URL=$DB_URL PORT=$HTTP_PORT DB_POOL=$pool \
         REF_CLUSTER=$workers exec node server.js) >"$logf" 2>&1 &
      ;;
    *) die "unknown server kind $kind" ;;
  esac
  SERVER_PID=$!
  local i code
  for i in $(seq 1 100); do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$READY_URL" || true)
    [ "$code" = 401 ] && return 0
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      log "$kind server exited; tail of $logf:"
      tail -n 15 "$logf" >&2
      wait "$SERVER_PID" 2>/dev/null || true
      SERVER_PID=""
      return 1
    fi
    sleep 0.2
  done
  log "$kind server did not answer on $HTTP_PORT"
  stop_server
  return 1
}

# measure_idle KIND: the running server's CPU with no requests at all, over
# IDLE_SECONDS (30) after IDLE_WAIT (5) seconds; a line in $OUT/idle.tsv.
measure_idle() {
  local kind=$1 wait_s=${IDLE_WAIT:-5} secs=${IDLE_SECONDS:-30}
  [ "$secs" -gt 0 ] || return 0
  log "idle $kind: ${wait_s}s, then ${secs}s with no requests"
  sleep "$wait_s"
  local t0 s0 c0 t1 s1 c1
  t0=$(date +%s.%N); s0=$(server_ticks); c0=$(server_ctxsw)
  sleep "$secs"
  t1=$(date +%s.%N); s1=$(server_ticks); c1=$(server_ctxsw)
  local cores cps
  cores=$(awk -v a="$s0" -v b="$s1" -v t0="$t0" -v t1="$t1" -v hz="$CLK_TCK" \
    'BEGIN { printf "%.4f", (b - a) / hz / (t1 - t0) }')
  cps=$(awk -v a="$c0" -v b="$c1" -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%.1f", (b - a) / (t1 - t0) }')
  [ -f "$OUT/idle.tsv" ] || printf 'variant\tidle_cores\tctxsw_per_s\tthreads\n' >"$OUT/idle.tsv"
  local threads=0 p
  for p in $(server_pids); do threads=$((threads + $(ls "/proc/$p/task" 2>/dev/null | wc -l))); done
  printf '%s\t%s\t%s\t%s\n' "$kind" "$cores" "$cps" "$threads" >>"$OUT/idle.tsv"
  log "  idle $kind: $cores cores, $cps context switches/s, $threads threads"
}

# run_wrk NAME POOL LUA RECORDS [URL]   (URL defaults to TX_URL)
run_wrk() {
  local name=$1 pool=$2 lua=$3 records=$4 url=${5:-$TX_URL}
  local out="$OUT/$name-$BENCH_KIND-pool$pool.txt"
  log "wrk $name ($BENCH_KIND), pool $pool: warm-up ${WARMUP}s, then ${DURATION}s"
  wait_quiet
  BENCH_KEYS=$records timeout $((WARMUP + 30)) \
    wrk -t"$THREADS" -c"$CONNS" -d"${WARMUP}s" -s "$HERE/$lua" "$url" >/dev/null
  [ "${PG_STATEMENT_TIMES:-0}" != 1 ] || pg_statement_times >"$out.pgss-before"
  snapshot
  local before="${SNAP[*]}"
  local TIMEFORMAT='CLIENT_CPU %U %S'
  { time BENCH_KEYS=$records timeout $((DURATION + 60)) \
      wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --latency -s "$HERE/$lua" \
      "$url" >"$out" 2>&1; } 2>"$out.time" || log "wrk $name exited non-zero"
  snapshot
  [ "${PG_STATEMENT_TIMES:-0}" != 1 ] || pg_statement_times >"$out.pgss-after"
  cpu_delta "$before" "${SNAP[*]}"
  local client other
  client=$(awk -v d="$DURATION" '/^CLIENT_CPU/ { printf "%.2f", ($2 + $3) / d }' "$out.time")
  other=$(awk -v m="$CPU_MACHINE" -v s="$CPU_SERVER" -v p="$CPU_PG" -v c="$client" \
    -v i="$CPU_IRQ" 'BEGIN { o = m - s - p - c - i; printf "%.2f", o < 0 ? 0 : o }')
  local line
  line=$(grep '^RESULT' "$out" || true)
  [ -n "$line" ] || { cat "$out" >&2; die "wrk $name printed no RESULT line"; }
  field() { sed -E "s/.* $1=([^ ]*).*/\\1/" <<<"$line"; }
  local n
  n=$(field requests)
  if [ "${PG_STATEMENT_TIMES:-0}" = 1 ] && [ "${n:-0}" -gt 0 ]; then
    statement_times_delta "$out.pgss-before" "$out.pgss-after" "$n" >"$out.statements"
    rm -f "$out.pgss-before" "$out.pgss-after"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$pool" \
    "$(field rps)" "$(field p50_ms)" "$(field p99_ms)" "$(field non2xx)" \
    "$(field socket_errors)" "$CPU_SERVER" "$CPU_PG" "$client" "$CPU_MACHINE" \
    "$(field statuses)" "$other" "$CPU_IRQ" \
    "$(per "$n" "$D_STMTS")" "$(per "$n" "$D_XACTS")" "$(per "$n" "$D_CTXSW" 1 1)" \
    "$(per "$n" "$D_SERVER_TICKS" "$((1000 / CLK_TCK))" 3)" \
    "$(per "$n" "$D_PG_TICKS" "$((1000 / CLK_TCK))" 3)" "$n" "$BENCH_KIND" \
    "$(per "$n" "$D_QUERIES")" >>"$RESULTS"
  log "  $(field rps) req/s, p50 $(field p50_ms) ms, p99 $(field p99_ms) ms, statuses $(field statuses), socket errors $(field socket_errors); per request: $(per "$n" "$D_STMTS") statements, $(per "$n" "$D_CTXSW" 1 1) context switches, $(per "$n" "$D_SERVER_TICKS" "$((1000 / CLK_TCK))" 3) ms server CPU; other programs $other cores"
}

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
     -n -M prepared -c "$CONNS" -j "$THREADS" -T "$total" --failures-detailed \
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
  local client rate failed p50 p99 other n
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
  read -r rate p50 p99 n < <(awk -v a="$t0" -v b="$t1" '$1 >= a && $1 < b { print $2 }' "$all" \
    | sort -n | awk -v d="$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" '{ v[NR] = $1 }
        END { i50 = int(NR * 0.50); i99 = int(NR * 0.99)
              if (i50 < 1) i50 = 1; if (i99 < 1) i99 = 1
              printf "%.1f %.2f %.2f %d\n", NR / d, v[i50] / 1000, v[i99] / 1000, NR }')
  rm -f "$OUT/pgbench/lat-$name".* "$all"
  # pgbench -M prepared runs BEGIN, SET and COMMIT as prepared statements,
  # which pg_stat_statements undercounts (see pg_counts): its statements are
  # the queries counted plus the script's utility statements, which every
  # transaction runs once.
  local utility stmts i
  local -a scripts=()
  for ((i = 0; i + 1 < ${#PGB_FILES[@]}; i++)); do
    [ "${PGB_FILES[i]}" != -f ] || scripts+=("${PGB_FILES[i + 1]}")
  done
  utility=$(cat "${scripts[@]}" | grep -v -E '^\s*(--|\\)' \
    | grep -c -i -E '^\s*(begin|start|commit|end|rollback|set|savepoint|release)\b' || true)
  stmts=$(awk -v q="$(per "$n" "$D_QUERIES" 1 4)" -v u="$utility" \
    'BEGIN { if (q == "-") print "-"; else printf "%.2f\n", q + u }')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "pgbench-$name" "-" \
    "$rate" "$p50" "$p99" "${failed:-?}" "-" "-" "$CPU_PG" "$client" "$CPU_MACHINE" \
    "failed:${failed:-?}" "$other" "$CPU_IRQ" \
    "$stmts" "$(per "$n" "$D_XACTS")" "-" "-" \
    "$(per "$n" "$D_PG_TICKS" "$((1000 / CLK_TCK))" 3)" "$n" pgbench \
    "$(per "$n" "$D_QUERIES")" >>"$RESULTS"
  log "  $rate tps, p50 $p50 ms, p99 $p99 ms, failed ${failed:-?}, $stmts statements per transaction, other programs $other cores"
}
