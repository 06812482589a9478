#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Manages a private PostgreSQL 15 cluster living entirely inside one folder of
# the project, so development and tests never depend on (or disturb) the
# system cluster or its pg_hba.conf.
#
#   deploy/pg-local.sh start DIR [PORT]   init if needed, start, print the URL
#   deploy/pg-local.sh stop  DIR          fast shutdown; fine if not running
#   deploy/pg-local.sh url   DIR          print the URL of an initialised DIR
#
# Layout of DIR:  data/ (PGDATA)  password (mode 600)  port  run/ (Unix socket)
#                 log/ (server logs)
# Only the URL goes to stdout, so `url=$(deploy/pg-local.sh start DIR)` works.
# PORT defaults to the one DIR last used, else 55432.
# PURSE_PG_BINDIR overrides where the PostgreSQL 15 server binaries live.
set -euo pipefail

PG_BINDIR=${PURSE_PG_BINDIR:-/usr/lib/postgresql/15/bin}
DEFAULT_PORT=55432
ROLE=purse
DATABASE=purse

die() { echo "pg-local: $*" >&2; exit 1; }
log() { echo "pg-local: $*" >&2; }

usage() {
  echo "usage: $0 start DIR [PORT] | stop DIR | url DIR" >&2
  exit 2
}

# initdb, pg_ctl and postgres refuse to run as root: as root the cluster
# belongs to an unprivileged OS user (whoever already owns DIR/data, else
# `postgres`); otherwise it belongs to the current user.
cluster_user() {
  if [ "$(id -u)" -ne 0 ]; then id -un; return; fi
  local owner=""
  [ -d "$DATA" ] && owner=$(stat -c %U "$DATA")
  if [ -n "$owner" ] && [ "$owner" != root ] && [ "$owner" != UNKNOWN ]; then
    echo "$owner"
  else
    id -u postgres >/dev/null 2>&1 \
      || die "running as root needs the 'postgres' OS user (package postgresql)"
    echo postgres
  fi
}

# Runs a command as the cluster's OS user. cd to DIR first: PostgreSQL tools
# fail when the current directory (e.g. /root) is not readable by that user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$DIR" && runuser -u "$OWNER" -- "$@")
  else
    (cd "$DIR" && "$@")
  fi
}

# Writes stdin to FILE (mode 600) owned by the cluster user.
write_owned() {
  local file=$1
  (umask 077 && cat >"$file")
  chmod 600 "$file"
  if [ "$(id -u)" -eq 0 ]; then chown "$OWNER:" "$file"; fi
}

# The cluster user must be able to reach DIR through every parent folder.
# A mktemp folder or a root-owned checkout with umask 077 blocks that; only
# folders under /work or /tmp are opened (o+x: traverse, not list), never
# anything else on the system.
ensure_reachable() {
  [ "$(id -u)" -eq 0 ] || return 0
  local d="" part
  local -a parts
  IFS=/ read -r -a parts <<<"${DIR#/}"
  for part in "${parts[@]}"; do
    d="$d/$part"
    [ "$d" = "$DIR" ] && break # DIR itself is chowned to the cluster user
    runuser -u "$OWNER" -- test -x "$d" && continue
    case "$d" in
      /work/?*|/tmp/?*) chmod o+x "$d" ;;
      *) die "$OWNER cannot enter $d; choose a DIR under /work or /tmp" ;;
    esac
    runuser -u "$OWNER" -- test -x "$d" || die "$OWNER still cannot enter $d"
  done
}

is_initialised() { [ -f "$DATA/PG_VERSION" ] && [ -s "$DIR/password" ]; }

is_running() { as_owner "$PG_BINDIR/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

# Port of the running server (line 4 of postmaster.pid), else the stored one.
current_port() {
  local p=""
  if [ -f "$DATA/postmaster.pid" ] && is_running; then
    p=$(sed -n 4p "$DATA/postmaster.pid")
  fi
  [ -n "$p" ] || p=$(cat "$DIR/port" 2>/dev/null || true)
  echo "${p:-$DEFAULT_PORT}"
}

print_url() {
  is_initialised || die "$DIR holds no initialised cluster (run: $0 start $DIR)"
  echo "postgresql://$ROLE:$(cat "$DIR/password")@127.0.0.1:$(current_port)/$DATABASE"
}

show_log_tail() {
  local f newest=""
  for f in "$DIR"/log/postgresql-*.log; do
    if [ -f "$f" ] && { [ -z "$newest" ] || [ "$f" -nt "$newest" ]; }; then newest=$f; fi
  done
  for f in "$DIR/log/startup.log" "$newest"; do
    [ -f "$f" ] || continue
    echo "---- tail of $f ----" >&2
    tail -n 20 "$f" >&2
  done
}

init_cluster() {
  log "initialising a new cluster in $DATA"
  # The password is generated once and kept; hex keeps the URL free of
  # characters that would need percent-encoding.
  if [ ! -s "$DIR/password" ]; then
    od -An -N24 -tx1 /dev/urandom | tr -d ' \n' | write_owned "$DIR/password"
  fi
  # Password (SCRAM) for TCP, peer for the private socket: the cluster user
  # administers through the socket, the service logs in over TCP as `purse`.
  local out
  if ! out=$(as_owner "$PG_BINDIR/initdb" -D "$DATA" -E UTF8 --locale=C \
               --auth-host=scram-sha-256 --auth-local=peer --no-instructions 2>&1); then
    echo "$out" >&2
    die "initdb failed"
  fi
  echo "$out" | write_owned "$DIR/log/initdb.log"
  as_owner tee -a "$DATA/postgresql.conf" >/dev/null <<'EOF'

# ---- Purse private dev/test cluster (deploy/pg-local.sh) ----
max_connections = 200
shared_buffers = 256MB
# fsync stays on: tests and benchmarks should measure realistic writes.
fsync = on
synchronous_commit = on
password_encryption = scram-sha-256
logging_collector = on
log_directory = '../log'   # relative to the data folder, i.e. DIR/log
log_filename = 'postgresql-%Y-%m-%d.log'
log_rotation_size = 64MB
# listen address, port and socket folder are rewritten on every start:
include = 'purse-runtime.conf'
EOF
}

# Makes sure role `purse` (with the stored password; CREATEDB so the tests
# can make a scratch database) and database `purse`
# exist. Runs after every start we perform, so an interrupted first start
# heals on the next one.
ensure_role_and_database() {
  local pw port
  pw=$(cat "$DIR/password")
  port=$1
  [[ $pw =~ ^[0-9a-f]+$ ]] || die "$DIR/password is not the hex password this script writes"
  as_owner "$PG_BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -h "$DIR/run" -p "$port" \
    -d postgres >/dev/null <<EOF
SELECT format(CASE WHEN EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE')
                   THEN 'ALTER ROLE %I LOGIN CREATEDB PASSWORD %L'
                   ELSE 'CREATE ROLE %I LOGIN CREATEDB PASSWORD %L' END,
              '$ROLE', '$pw')
\gexec
SELECT format('CREATE DATABASE %I OWNER %I', '$DATABASE', '$ROLE')
 WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$DATABASE')
\gexec
EOF
}

cmd_start() {
  local port=${1:-}
  if [ -z "$port" ]; then port=$(cat "$DIR/port" 2>/dev/null || echo "$DEFAULT_PORT"); fi
  if ! [[ $port =~ ^[0-9]+$ ]] || [ "$port" -lt 1024 ] || [ "$port" -gt 65535 ]; then
    die "bad port: $port"
  fi
  [ -x "$PG_BINDIR/postgres" ] || die "PostgreSQL 15 not found in $PG_BINDIR (run deploy/install-deps.sh)"

  # Unix socket paths are limited to 107 bytes: DIR + /run/.s.PGSQL.NNNNN.
  [ ${#DIR} -le 88 ] || die "DIR path too long for a Unix socket: $DIR"

  mkdir -p "$DIR"
  if [ "$(id -u)" -eq 0 ]; then chown "$OWNER:" "$DIR"; fi
  chmod 700 "$DIR"
  ensure_reachable
  as_owner mkdir -p -m 700 "$DIR/log" "$DIR/run"

  if is_initialised && is_running; then
    local running
    running=$(current_port)
    [ "$running" = "$port" ] || log "already running on port $running (not $port)"
    print_url
    return
  fi
  [ -f "$DATA/PG_VERSION" ] || init_cluster
  [ -s "$DIR/password" ] || die "$DIR/password is missing; remove $DIR to start over"

  # Loopback only; the socket lives in DIR so nothing else on the machine
  # (e.g. the system cluster in /var/run/postgresql) is involved.
  local sockdir=${DIR//\'/\'\'}/run
  write_owned "$DATA/purse-runtime.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$sockdir'
EOF
  echo "$port" | write_owned "$DIR/port"

  if ! as_owner "$PG_BINDIR/pg_ctl" -D "$DATA" -l "$DIR/log/startup.log" \
         -w -t 60 start >/dev/null 2>&1; then
    show_log_tail
    die "the server did not start on 127.0.0.1:$port"
  fi
  local i
  for i in $(seq 1 30); do
    "$PG_BINDIR/pg_isready" -q -h 127.0.0.1 -p "$port" -t 2 && break
    [ "$i" -lt 30 ] || { show_log_tail; die "server not ready on 127.0.0.1:$port"; }
    sleep 1
  done
  ensure_role_and_database "$port"
  print_url
}

cmd_stop() {
  [ -f "$DATA/PG_VERSION" ] || { log "no cluster in $DIR, nothing to stop"; return 0; }
  if ! is_running; then log "not running"; return 0; fi
  as_owner "$PG_BINDIR/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >/dev/null
  log "stopped"
}

[ $# -ge 2 ] || usage
ACTION=$1
DIR=$2
[ -n "$DIR" ] || usage
# Absolute path without requiring DIR to exist yet; no trailing slash.
case "$DIR" in /*) ;; *) DIR="$PWD/$DIR" ;; esac
DIR=$(realpath -m "$DIR")
DATA="$DIR/data"
OWNER=$(cluster_user)

case "$ACTION" in
  start) [ $# -le 3 ] || usage; cmd_start "${3:-}" ;;
  stop)  [ $# -eq 2 ] || usage; cmd_stop ;;
  url)   [ $# -eq 2 ] || usage; print_url ;;
  *) usage ;;
esac
