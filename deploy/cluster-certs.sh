#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Makes the certificates of a Purse cluster's node links (mutual TLS between
# purse-server nodes): a cluster CA, and for each node a key and a
# certificate signed by it.
#
#   bash deploy/cluster-certs.sh DIR NODE [NODE...]
#
# Writes DIR/ca.pem (give it to every node), DIR/ca.key (the CA's key: keep
# it off the nodes once the certificates are made), and per node
# DIR/NODE.pem and DIR/NODE.key (that node's own; mode 0600). Run it again
# with more names to add nodes under the same CA; an existing node's files
# are kept. A node id is letters, digits, '.', '_' and '-'.
#
# Settings (environment): CA_DAYS=3650 NODE_DAYS=825
set -euo pipefail

usage() { echo "usage: bash deploy/cluster-certs.sh DIR NODE [NODE...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
command -v openssl >/dev/null || { echo "cluster-certs: openssl is not installed" >&2; exit 1; }
dir=$1
shift
CA_DAYS=${CA_DAYS:-3650}
NODE_DAYS=${NODE_DAYS:-825}
for node in "$@"; do
  [[ "$node" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "cluster-certs: bad node id '$node' (letters, digits, '.', '_', '-')" >&2; exit 2; }
done
mkdir -p "$dir"
umask 077

if [ ! -f "$dir/ca.pem" ]; then
  openssl req -x509 -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
    -keyout "$dir/ca.key" -out "$dir/ca.pem" -days "$CA_DAYS" \
    -subj "/CN=Purse cluster CA" \
    -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
  chmod 0644 "$dir/ca.pem"
  echo "cluster-certs: made the cluster CA $dir/ca.pem"
fi
[ -f "$dir/ca.key" ] || { echo "cluster-certs: $dir/ca.key is missing: cannot sign new nodes" >&2; exit 1; }

for node in "$@"; do
  if [ -f "$dir/$node.pem" ] && [ -f "$dir/$node.key" ]; then
    echo "cluster-certs: $node: kept $dir/$node.pem"
    continue
  fi
  ext=$(mktemp)
  printf '%s\n' "basicConstraints=critical,CA:FALSE" \
    "keyUsage=critical,digitalSignature,keyAgreement" \
    "extendedKeyUsage=serverAuth,clientAuth" \
    "subjectAltName=DNS:$node" >"$ext"
  openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
    -keyout "$dir/$node.key" -out "$dir/$node.csr" -subj "/CN=$node" 2>/dev/null
  openssl x509 -req -in "$dir/$node.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" \
    -CAcreateserial -out "$dir/$node.pem" -days "$NODE_DAYS" -extfile "$ext" 2>/dev/null
  rm -f "$ext" "$dir/$node.csr"
  chmod 0644 "$dir/$node.pem"
  openssl verify -CAfile "$dir/ca.pem" "$dir/$node.pem" >/dev/null
  echo "cluster-certs: $node: $dir/$node.pem and $dir/$node.key"
done
