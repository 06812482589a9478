#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Starts Purse on a fresh machine: installs what running needs (not the test
# tools), builds the binaries (not the tests), starts a private PostgreSQL
# cluster in ./var/pg, migrates it, makes sure a demo user with three months
# of example data and an API key exist, then runs the server in the
# foreground.
#
#   deploy/run.sh
#   PURSE_LISTEN=127.0.0.1:9090 PURSE_PG_PORT=55500 deploy/run.sh
#   PURSE_SETUP_ONLY=1 deploy/run.sh   all but the server (deploy/cluster.sh)
#
# The cluster keeps running after the server stops; stop it with
#   deploy/pg-local.sh stop var/pg
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
LISTEN=${PURSE_LISTEN:-127.0.0.1:8080}
PG_PORT=${PURSE_PG_PORT:-55432}
DEMO_FILE="$ROOT/var/demo.json"

phase() { printf '\n==== %s ====\n' "$*" >&2; }

# The admin tool prints one-line JSON; read one field without needing jq or
# python on a fresh machine. Strings lose their quotes; null gives "".
json_field() {
  local v
  v=$(sed -n -E 's/.*"'"$2"'"[[:space:]]*:[[:space:]]*("([^"\\]|\\.)*"|[^,}[:space:]]*).*/\1/p' <<<"$1" \
      | head -n 1)
  v=${v#\"}
  v=${v%\"}
  [ "$v" = null ] && v=""
  printf '%s' "$v"
}

# A JSON value as written back into demo.json: numbers stay bare.
json_value() {
  if [[ $1 =~ ^-?[0-9]+$ ]]; then printf '%s' "$1"; else printf '"%s"' "$1"; fi
}

# True when the key's expires_at (empty = never, epoch seconds or ms, or an
# ISO-8601 string) is less than a minute away. An unreadable date counts as
# valid: the server will say so if it is not.
key_expired() {
  local exp=$1 when now
  [ -n "$exp" ] || return 1
  if [[ $exp =~ ^[0-9]+$ ]]; then
    when=$exp
    [ ${#when} -le 11 ] || when=$((when / 1000))
  elif ! when=$(date -d "$exp" +%s 2>/dev/null); then
    echo "run: cannot read expires_at '$exp', keeping the stored key" >&2
    return 1
  fi
  now=$(date +%s)
  [ "$when" -le $((now + 60)) ]
}

phase "Dependencies"
bash deploy/install-deps.sh run

phase "Build"
# The reference page at /api/public/v1/docs is built with the server where
# Node.js and npm are on the PATH (its renderer comes from npm); without
# them CMake says so, purse_docs builds nothing and the server runs
# without the page.
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF
cmake --build build -j"$(nproc)" --target purse-server purse-admin purse_docs

phase "Database (private cluster in var/pg, port $PG_PORT)"
mkdir -p var
DB_URL=$(bash deploy/pg-local.sh start var/pg "$PG_PORT")
# The URL holds a password: pass it in the environment, never in argv.
export PURSE_DATABASE_URL=$DB_URL
build/purse-admin migrate

phase "Demo user and API key"
# demo.json remembers which cluster it belongs to (a hash of the cluster's
# generated password, which survives port changes), so a re-created var/pg
# gets a new demo user instead of a dead key.
pg_password=${DB_URL#*://*:}
pg_password=${pg_password%%@*}
cluster=$(printf '%s' "$pg_password" | sha256sum | cut -c1-16)
demo=""
[ -s "$DEMO_FILE" ] && demo=$(tr -d '\n' <"$DEMO_FILE")
if [ -n "$demo" ] && [ "$(json_field "$demo" cluster)" != "$cluster" ]; then
  echo "run: $DEMO_FILE belongs to another database, creating a new demo user" >&2
  demo=""
fi
user_id=$(json_field "$demo" user_id)
key_id=$(json_field "$demo" key_id)
secret=$(json_field "$demo" secret)
expires_at=$(json_field "$demo" expires_at)

if [ -z "$user_id" ]; then
  if ! out=$(build/purse-admin user create \
                --email demo@purse.local --name Demo --plan solo --currency USD); then
    echo "run: could not create the demo user. If it exists already but" \
         "$DEMO_FILE was lost, 'rm -rf var' starts over with an empty database." >&2
    exit 1
  fi
  user_id=$(json_field "$out" id)
  [ -n "$user_id" ] || { echo "run: unexpected output of 'user create': $out" >&2; exit 1; }
  secret=""
fi
if [ -z "$secret" ] || key_expired "$expires_at"; then
  out=$(build/purse-admin key create --user "$user_id" --name demo)
  key_id=$(json_field "$out" id)
  secret=$(json_field "$out" secret)
  expires_at=$(json_field "$out" expires_at)
  [ -n "$secret" ] || { echo "run: unexpected output of 'key create': $out" >&2; exit 1; }
fi
# Example data, once per demo user, so the first dashboard shows something.
seeded=$(json_field "$demo" seeded)
if [ "$seeded" != true ]; then
  if out=$(build/purse-admin demo seed --user "$user_id" 2>&1); then
    echo "run: demo data added: $out" >&2
    seeded=true
  elif grep -q "already has accounts" <<<"$out"; then
    seeded=true
  else
    echo "run: could not add demo data (the server starts anyway): $out" >&2
    seeded=false
  fi
fi
# The demo user's password for the developer settings page: made once,
# kept beside the key, set on every start (stdin, never the command line).
password=$(json_field "$demo" password)
[ -n "$password" ] || password=$(openssl rand -base64 18 | tr -d '/+=\n')
printf '%s\n' "$password" | build/purse-admin user set-password --user "$user_id" >/dev/null \
  || { echo "run: could not set the demo user's password" >&2; exit 1; }
expires_json=null
[ -z "$expires_at" ] || expires_json=$(json_value "$expires_at")
# The file holds a live API key and the demo password: owner-only.
(umask 077 && printf '{"cluster":"%s","user_id":%s,"key_id":%s,"secret":"%s","expires_at":%s,"password":"%s","seeded":%s}\n' \
   "$cluster" "$(json_value "$user_id")" "$(json_value "$key_id")" "$secret" \
   "$expires_json" "$password" "$seeded" >"$DEMO_FILE")
chmod 600 "$DEMO_FILE"

# A wildcard listen address is not something to point curl at.
host=${LISTEN%:*}
port=${LISTEN##*:}
case "$host" in ""|0.0.0.0|"[::]") host=127.0.0.1 ;; esac
API="http://$host:$port/api/public/v1"

phase "Purse"
cat <<EOF
API key:  $secret${expires_at:+  (expires $expires_at)}
API URL:  $API
Try:
  curl -H "Authorization: Bearer $secret" -H "Accept: application/json" $API/me/transactions
  curl -H "Authorization: Bearer $secret" $API/me/reports/dashboard

Developer settings (your keys in a browser):
  http://$host:$port/settings/developer
  sign in as demo@purse.local with the password $password

Plain HTTP, for local use only; to serve TLS run build/purse-server with
--tls-cert FILE --tls-key FILE instead of --insecure-http.
Stop the database afterwards with: deploy/pg-local.sh stop var/pg
EOF

# deploy/cluster.sh runs the set-up above, then its own nodes.
[ "${PURSE_SETUP_ONLY:-0}" = 1 ] && exit 0
exec build/purse-server --listen "$LISTEN" --insecure-http
