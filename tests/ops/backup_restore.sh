#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Backup and restore as docs/OPERATIONS.md tells operators to do it: a
# database seeded through the real purse-server (and `purse-admin demo
# seed`) is dumped and restored by the doc's own commands (the sh blocks
# after its "<!-- ops-test: backup -->" and "<!-- ops-test: restore -->"
# markers, extracted here, with only host, port, role, SSL mode, database
# names, the password file's path and the dump's name substituted), and a
# server on the restored database must answer every report, every account
# (its balance) and the transaction list exactly as the original did.
# The dump must be mode 600 (the blocks run under umask 022), and no command
# line the blocks start may hold the database password: the commands'
# text, the arguments pg_dump, pg_restore, createdb and psql were given
# (through logging wrappers), and /proc/*/cmdline of every process of the
# blocks' session, polled while they run. PGPASSWORD is unset, so the
# password must come from the doc's password file.
#
# Needs PURSE_TEST_DATABASE_URL (a role that may create databases),
# PURSE_SERVER_BIN and PURSE_ADMIN_BIN (ctest sets them: ctest -R ops.backup).
set -euo pipefail

: "${PURSE_TEST_DATABASE_URL:?set PURSE_TEST_DATABASE_URL}"
: "${PURSE_SERVER_BIN:?set PURSE_SERVER_BIN}"
: "${PURSE_ADMIN_BIN:?set PURSE_ADMIN_BIN}"
PG_BIN=${PURSE_PG_BINDIR:-/usr/lib/postgresql/15/bin}
[ -x "$PG_BIN/pg_dump" ] || PG_BIN=$(dirname "$(command -v pg_dump)")

work=$(mktemp -d /tmp/purse-backup-test.XXXXXX)
base=${PURSE_TEST_DATABASE_URL%/*}
src_db=purse_backup_src_$$
dst_db=purse_backup_dst_$$
src=$base/$src_db
dst=$base/$dst_db
server_pid=""

say() { echo "backup_restore: $*" >&2; }

# The test database's connection: postgresql://USER:PASSWORD@HOST[:PORT]/DB[?...]
url_re='^postgres(ql)?://([^:@/]+):([^@]+)@([^:/?]+)(:([0-9]+))?/[^?]*(\?(.*))?$'
[[ $PURSE_TEST_DATABASE_URL =~ $url_re ]] \
  || { say "PURSE_TEST_DATABASE_URL must be postgresql://USER:PASSWORD@HOST[:PORT]/DB"; exit 1; }
db_user=${BASH_REMATCH[2]}
db_password=$(printf '%b' "${BASH_REMATCH[3]//%/\\x}")
db_host=${BASH_REMATCH[4]}
db_port=${BASH_REMATCH[6]:-5432}
db_sslmode=$(grep -o 'sslmode=[a-z-]*' <<<"${BASH_REMATCH[8]}" | cut -d= -f2 || true)
db_sslmode=${db_sslmode:-prefer}
doc=$(dirname "$0")/../../docs/OPERATIONS.md
# shellcheck source=tests/ops/lib/doc_blocks.sh
. "$(dirname "$0")/lib/doc_blocks.sh"

# The doc's sh block NAME, with the test's connection, database names and
# password file put in.
test_block() {
  local text
  text=$(doc_block "$doc" "$1") || exit 1
  sed -e "s|/etc/purse/backup\.pgpass|$work/pgpass|g" \
      -e "s|PGHOST=db\.internal|PGHOST=$db_host|g" \
      -e "s|PGPORT=5432|PGPORT=$db_port|g" \
      -e "s|PGUSER=purse|PGUSER=$db_user|g" \
      -e "s|PGSSLMODE=verify-full|PGSSLMODE=$db_sslmode|g" \
      -e "s|--username=postgres|--username=$db_user|g" \
      -e "s|--owner=purse|--owner=$db_user|g" \
      -e "s|purse_restored|$dst_db|g" \
      -e "s|--dbname=purse\b|--dbname=$src_db|g" <<<"$text"
}

# Runs a doc block (NAME TEXT) in the dump folder under umask 022, in a
# session of its own whose processes' command lines are polled for the
# password while it runs; hits go to leaks.log.
run_block() {
  if grep -qF -- "$db_password" <<<"$2"; then
    say "FAILED: the doc's $1 commands hold the password"
    exit 1
  fi
  say "running the doc's $1 block:"
  sed 's/^/    /' <<<"$2" >&2
  # shellcheck disable=SC2016  # expanded by the inner bash
  # As in an operator's shell, PURSE_DATABASE_URL (with the password) is set.
  setsid -w bash -c 'unset PGPASSWORD PGSERVICE PGDATABASE && cd "$1" && umask 022 &&
                     PATH=$2:$PATH exec bash -euo pipefail -c "$3"' \
    block "$work/dumps" "$work/bin" "$2" &
  local pid=$! line rest pids p
  local -A seen=()
  while kill -0 "$pid" 2>/dev/null; do
    for p in /proc/[0-9]*; do
      read -r line 2>/dev/null <"$p/stat" || continue
      rest=${line##*) }
      read -r -a pids <<<"$rest"
      # state ppid pgrp session: the session is $pid's own
      [ "${pids[3]:-}" = "$pid" ] || continue
      seen[$p]=1
      if grep -qaF -- "$db_password" "$p/cmdline" 2>/dev/null; then
        tr '\0' ' ' <"$p/cmdline" >>"$work/leaks.log"; echo >>"$work/leaks.log"
      fi
    done
  done
  wait "$pid" || { say "FAILED: the doc's $1 block failed"; exit 1; }
  say "polled the command lines of ${#seen[@]} processes of the $1 block"
}
sql() { psql -X -q -v ON_ERROR_STOP=1 "$PURSE_TEST_DATABASE_URL" -c "$1" >/dev/null; }

# shellcheck disable=SC2317  # called through the EXIT trap
cleanup() {
  stop_server
  sql "DROP DATABASE IF EXISTS $src_db" || true
  sql "DROP DATABASE IF EXISTS $dst_db" || true
  rm -rf "$work"
}
trap cleanup EXIT

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start_server() { # DATABASE_URL LOG
  local p
  for p in $(shuf -i 19000-19099 -n 100); do
    port_free "$p" && break
  done
  port=$p
  PURSE_DATABASE_URL=$1 "$PURSE_SERVER_BIN" --insecure-http \
    --listen "127.0.0.1:$port" --read-limit 100000 --write-limit 100000 \
    2>"$2" &
  server_pid=$!
  for _ in $(seq 100); do
    if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then return 0; fi
    kill -0 "$server_pid" 2>/dev/null || { cat "$2" >&2; return 1; }
    sleep 0.1
  done
  say "the server did not become ready"
  cat "$2" >&2
  return 1
}

stop_server() {
  if [ -n "$server_pid" ]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}

api() { # METHOD PATH [BODY]
  local body=()
  [ $# -lt 3 ] || body=(-H "Content-Type: application/json" --data "$3")
  curl -sS -X "$1" -H "Authorization: Bearer $key" -H "Accept: application/json" \
    "${body[@]}" "http://127.0.0.1:$port/api/public/v1$2"
}

# The first string field NAME of a JSON text.
field() { grep -o "\"$2\":\"[^\"]*\"" <<<"$1" | head -n 1 | cut -d'"' -f4; }

# Every answer the comparison covers, one per line.
snapshot() {
  local month from to accounts id
  month=$(date -u +%Y-%m)
  from=$(date -u -d "$(date -u +%Y-%m-01) -3 months" +%Y-%m-%d)
  to=$(date -u +%Y-%m-%d)
  api GET "/me/reports/total-spending?from=$from&to=$to"; echo
  api GET "/me/reports/categories-spending?from=$from&to=$to"; echo
  api GET "/me/reports/spending-trends?from=$from&to=$to&interval=week"; echo
  api GET "/me/reports/spending-trends?from=$from&to=$to&interval=month"; echo
  api GET "/me/reports/dashboard?month=$month"; echo
  api GET "/me/transactions?per_page=100&include_voided=true"; echo
  accounts=$(api GET "/me/accounts?per_page=100")
  echo "$accounts"
  for id in $(grep -o '"id":"[^"]*"' <<<"$accounts" | cut -d'"' -f4); do
    api GET "/me/accounts/$id"; echo
  done
}

say "seeding $src_db"
sql "CREATE DATABASE $src_db"
PURSE_DATABASE_URL=$src "$PURSE_ADMIN_BIN" migrate >/dev/null
export PURSE_DATABASE_URL=$src
user=$(field "$("$PURSE_ADMIN_BIN" user create --email "backup$$@test.purse" \
                 --plan solo --currency EUR --timezone Europe/Berlin)" id)
"$PURSE_ADMIN_BIN" demo seed --user "$user" >/dev/null
key=$(field "$("$PURSE_ADMIN_BIN" key create --user "$user" --name backup)" secret)
unset PURSE_DATABASE_URL
start_server "$src" "$work/src.log"
# Writes through the API on top of the demo data: a new account, category,
# tag, an expense, an income, a transfer, and a voided and an edited one.
acct=$(field "$(api POST /me/accounts '{"name":"Wallet","type":"cash","currency_code":"EUR","opening_balance":40.00}')" id)
cat_id=$(field "$(api POST /me/categories '{"name":"Books","color":"#123456"}')" id)
tag=$(field "$(api POST /me/tags '{"name":"backup-test"}')" id)
other=$(grep -o '"id":"[^"]*"' <<<"$(api GET '/me/accounts?per_page=100')" \
        | cut -d'"' -f4 | grep -v "$acct" | head -n 1)
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
api POST /me/transactions "{\"account_id\":\"$acct\",\"flow_type\":\"expense\",\"amount\":12.34,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\",\"category_id\":\"$cat_id\",\"tag_ids\":[\"$tag\"],\"description\":\"Novel\"}" >/dev/null
api POST /me/transactions "{\"account_id\":\"$acct\",\"flow_type\":\"income\",\"amount\":5.00,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\",\"description\":\"Found\"}" >/dev/null
api POST /me/transactions "{\"account_id\":\"$other\",\"flow_type\":\"transfer\",\"amount\":20.00,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\",\"to_account_id\":\"$acct\"}" >/dev/null
void_id=$(field "$(api POST /me/transactions "{\"account_id\":\"$acct\",\"flow_type\":\"expense\",\"amount\":99.00,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\"}")" id)
api POST "/me/transactions/$void_id/void" >/dev/null
edit_id=$(field "$(api POST /me/transactions "{\"account_id\":\"$acct\",\"flow_type\":\"expense\",\"amount\":3.00,\"currency_code\":\"EUR\",\"transaction_at\":\"$now\",\"category_id\":\"$cat_id\"}")" id)
api PATCH "/me/transactions/$edit_id" '{"amount":4.50}' >/dev/null
snapshot >"$work/before.txt"
stop_server

count=$(grep -c '"code":200' "$work/before.txt" || true)
lines=$(wc -l <"$work/before.txt")
if [ "$count" -ne "$lines" ] || [ "$lines" -lt 10 ]; then
  say "$count of $lines answers before the backup were 200s; the others:"
  grep -v '"code":200' "$work/before.txt" | cut -c1-300 >&2
  exit 1
fi
grep -q '"transaction_count":[1-9]' "$work/before.txt" \
  || { say "the seeded reports are empty"; exit 1; }

say "the doc's backup of $src_db; its restore into $dst_db"
mkdir -p "$work/dumps" "$work/bin"
: >"$work/argv.log"
: >"$work/leaks.log"
# The password file of the doc, for the test's server and role.
(umask 077 && printf '%s:%s:*:%s:%s\n' "$db_host" "$db_port" "$db_user" \
   "$(sed 's/[:\\]/\\&/g' <<<"$db_password")" >"$work/pgpass")
# Wrappers that log their arguments, then run the PostgreSQL 15 tools.
for tool in pg_dump pg_restore createdb psql; do
  # shellcheck disable=SC2016  # the wrapper's own "$0" and "$@"
  printf '#!/usr/bin/env bash\nprintf "%%s " "$0" "$@" >>%q; echo >>%q\nexec %q "$@"\n' \
    "$work/argv.log" "$work/argv.log" "$PG_BIN/$tool" >"$work/bin/$tool"
  chmod 755 "$work/bin/$tool"
done

backup=$(test_block backup)
export PURSE_DATABASE_URL=$src
run_block backup "$backup"
dumps=("$work"/dumps/*.dump)
if [ "${#dumps[@]}" -ne 1 ] || [ ! -f "${dumps[0]}" ]; then
  say "FAILED: the doc's backup made no single *.dump file"
  ls -l "$work/dumps" >&2
  exit 1
fi
mode=$(stat -c %a "${dumps[0]}")
if [ "$mode" != 600 ]; then
  say "FAILED: the dump is mode $mode, not 600 (it holds key and password hashes)"
  exit 1
fi
restore=$(test_block restore | sed "s|purse-2026-11-25\.dump|${dumps[0]##*/}|g")
run_block restore "$restore"
unset PURSE_DATABASE_URL
for tool in pg_dump createdb pg_restore; do
  grep -q "/$tool " "$work/argv.log" || { say "FAILED: the doc's blocks never ran $tool"; exit 1; }
done
if grep -qF -- "$db_password" "$work/argv.log" || [ -s "$work/leaks.log" ]; then
  say "FAILED: the database password was on a command line:"
  sed "s/$(sed 's/[][\\/.*^$]/\\&/g' <<<"$db_password")/PASSWORD/g" \
    <(cat "$work/argv.log"; sort -u "$work/leaks.log") >&2
  exit 1
fi
say "dump mode 600; no command line held the password ($(wc -l <"$work/argv.log") PostgreSQL commands)"
PURSE_DATABASE_URL=$dst "$PURSE_ADMIN_BIN" migrate >/dev/null

start_server "$dst" "$work/dst.log"
snapshot >"$work/after.txt"
stop_server

if ! diff -u "$work/before.txt" "$work/after.txt" | cut -c1-300 >&2 \
   || ! cmp -s "$work/before.txt" "$work/after.txt"; then
  say "FAILED: the restored database answers differently"
  exit 1
fi
say "$lines answers (4 reports, the transaction list, every account and its balance) equal after restore"
echo "1 passed, 0 failed"
