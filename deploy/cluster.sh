#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Tries Purse as a cluster on one machine: the set-up of deploy/run.sh
# (dependencies, build, PostgreSQL in var/pg, demo user and key), cluster
# certificates in var/cluster (deploy/cluster-certs.sh), three purse-server
# nodes and haproxy (deploy/haproxy.cfg) in front of them.
#
#   deploy/cluster.sh             until Ctrl-C, which stops nodes and proxy
#   deploy/cluster.sh restart N   restarts node N (1..3) of a running one
#
#   the API through haproxy   http://127.0.0.1:8080/api/public/v1 (PURSE_LISTEN)
#   the nodes themselves      http://127.0.0.1:8081 .. 8083
#   their cluster links       127.0.0.1:7401 .. 7403 (mutual TLS)
#   logs                      var/cluster/node-N.log, var/cluster/haproxy.log
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
FRONT=${PURSE_LISTEN:-127.0.0.1:8080}
DIR=var/cluster

# The private PostgreSQL's URL (run.sh started it; start is idempotent).
database_url() {
  bash deploy/pg-local.sh url var/pg 2>/dev/null \
    || bash deploy/pg-local.sh start var/pg "${PURSE_PG_PORT:-55432}"
}

start_node() {
  local n=$1
  PURSE_DATABASE_URL=$DB_URL nohup build/purse-server \
    --insecure-http --listen "127.0.0.1:808$n" --node-id "node-$n" \
    --trusted-proxy 127.0.0.1/32 \
    --cluster-listen "127.0.0.1:740$n" \
    --cluster-ca "$DIR/ca.pem" --cluster-cert "$DIR/node-$n.pem" \
    --cluster-key "$DIR/node-$n.key" >>"$DIR/node-$n.log" 2>&1 &
  echo $! >"$DIR/node-$n.pid"
}

wait_ready() {
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:808$1/readyz" >/dev/null && return 0
    sleep 0.2
  done
  echo "cluster: node-$1 is not ready; see $DIR/node-$1.log" >&2
  return 1
}

if [ "${1:-}" = restart ]; then
  n=${2:?usage: deploy/cluster.sh restart 1|2|3}
  DB_URL=$(database_url)
  # SIGTERM: the node leaves, hands its keys and scopes over, drains.
  pid=$(cat "$DIR/node-$n.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then
    while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  fi
  start_node "$n"
  wait_ready "$n"
  echo "cluster: node-$n restarted (pid $(cat "$DIR/node-$n.pid"))"
  exit 0
fi

bash deploy/install-deps.sh cluster
PURSE_SETUP_ONLY=1 PURSE_LISTEN=$FRONT bash deploy/run.sh
DB_URL=$(database_url)

mkdir -p "$DIR"
[ -s "$DIR/ca.pem" ] || bash deploy/cluster-certs.sh "$DIR" node-1 node-2 node-3

stop_all() {
  for f in "$DIR"/node-*.pid "$DIR"/haproxy.pid; do
    [ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null || true
  done
}
trap stop_all EXIT INT TERM

for n in 1 2 3; do start_node "$n"; done
for n in 1 2 3; do wait_ready "$n"; done

PURSE_FRONT=$FRONT PURSE_NODE1=127.0.0.1:8081 PURSE_NODE2=127.0.0.1:8082 \
  PURSE_NODE3=127.0.0.1:8083 haproxy -db -f deploy/haproxy.cfg \
  >>"$DIR/haproxy.log" 2>&1 &
echo $! >"$DIR/haproxy.pid"

cat <<INFO

==== Purse cluster ====
Three nodes (node-1..3 on 127.0.0.1:8081..8083) behind haproxy on $FRONT;
the API key printed above works through any of them:
  curl -H "Authorization: Bearer \$KEY" http://$FRONT/api/public/v1/me/usage
Kill one:      kill -9 \$(cat $DIR/node-2.pid)   (its scopes move in ~6 s)
Bring it back: deploy/cluster.sh restart 2
Logs:          $DIR/node-N.log, $DIR/haproxy.log
Ctrl-C stops the nodes and haproxy; the database keeps running
(deploy/pg-local.sh stop var/pg).
INFO
wait "$(cat "$DIR/haproxy.pid")"
