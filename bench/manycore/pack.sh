#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Packs what bench/manycore/scale.sh needs into one self-contained tarball,
# manycore.tar.xz (in $OUT_DIR, default the current folder), for a host
# where nothing can be installed:
#
#   bash bench/manycore/pack.sh BUILD [BASE_BUILD BASE_REV]   (from the repository root)
#
# root/bin/        purse-server and purse-admin of BUILD (stripped), wrk, haproxy
# root/haproxy.cfg deploy/haproxy.cfg, and root/purse-route.lua when
#                  deploy/purse-route.lua exists
# root/base/       optional "before": BASE_BUILD's two binaries (stripped) in
#                  base/bin/, `git show BASE_REV:deploy/haproxy.cfg` as
#                  base/haproxy.cfg (and BASE_REV's deploy/purse-route.lua
#                  if it has one)
# root/usr/        PostgreSQL 15 in Debian's layout, cut to what initdb,
#                  pg_ctl, postgres and psql use
# root/libs/       every shared library all of these load, glibc left to the host
# root/magic.mgc   libmagic's database (the server loads it)
# root/certs/      cluster CA and certificates for node-1, node-2, node-3
# root/perf/       the wrk scripts beside this file
# root/INFO        what went in (versions, revisions, date)
#
# WITH_NODE=1 adds node (bin/node, ~22 MB compressed) and root/reference/
# (bench/reference with its node_modules, `npm ci` there first when they
# are missing, ~2 MB): scale.sh's "ref" phase runs them. WITH_PERF=1 adds perf (bin/perf and its libraries, ~10 MB
# compressed) and keeps the purse binaries' symbol tables (strip
# --strip-debug) so that scale.sh's PERF=1 reports name our functions. The tarball must stay under LIMIT_MB (60): it travels to the
# lent machine with the repository's working tree under a 64 MiB limit.
# Runs on any x86-64 Linux host with a glibc at least as new as the
# packing machine's.
set -euo pipefail
usage() { echo "usage: bash bench/manycore/pack.sh BUILD [BASE_BUILD BASE_REV]" >&2; exit 2; }
[ $# -eq 1 ] || [ $# -eq 3 ] || usage
BUILD=$(cd "$1" && pwd); BASE_BUILD=""; BASE_REV=""
if [ $# -eq 3 ]; then BASE_BUILD=$(cd "$2" && pwd); BASE_REV=$3; fi
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT_DIR=$(mkdir -p "${OUT_DIR:-.}" && cd "${OUT_DIR:-.}" && pwd)
LIMIT_MB=${LIMIT_MB:-60}
PG=/usr/lib/postgresql/15 PGS=/usr/share/postgresql/15
for t in wrk haproxy strip xz openssl ldd; do command -v $t >/dev/null || { echo "pack: $t is missing" >&2; exit 1; }; done
[ -x $PG/bin/postgres ] || { echo "pack: PostgreSQL 15 is missing ($PG)" >&2; exit 1; }
[ -f /usr/lib/file/magic.mgc ] || { echo "pack: /usr/lib/file/magic.mgc is missing" >&2; exit 1; }
for b in "$BUILD" ${BASE_BUILD:+"$BASE_BUILD"}; do
  [ -x "$b/purse-server" ] && [ -x "$b/purse-admin" ] || { echo "pack: no purse-server/purse-admin in $b" >&2; exit 1; }
done
if [ -n "$BASE_REV" ]; then
  git -C "$ROOT" cat-file -e "$BASE_REV:deploy/haproxy.cfg" 2>/dev/null \
    || { echo "pack: $BASE_REV has no deploy/haproxy.cfg" >&2; exit 1; }
fi

T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
R=$T/root; mkdir -p $R/bin $R/libs $R/perf $R/usr/lib/postgresql/15/bin $R/usr/share/postgresql

# The binaries, copied under a shared lock on the build lock (if there is
# one), so that a build running now is not copied half-written.
copy_build() { # FROM TO
  local lock=${PACK_LOCK:-/tmp/purse-build.lock}
  if [ -e "$lock" ]; then flock -s "$lock" cp -L "$1/purse-server" "$1/purse-admin" "$2/"
  else cp -L "$1/purse-server" "$1/purse-admin" "$2/"; fi
  if [ "${WITH_PERF:-0}" = 1 ]; then strip --strip-debug "$2/purse-server" "$2/purse-admin"
  else strip "$2/purse-server" "$2/purse-admin"; fi
}
copy_build "$BUILD" $R/bin
cp -L "$(command -v wrk)" "$(command -v haproxy)" $R/bin/
if [ "${WITH_NODE:-0}" = 1 ]; then
  command -v node >/dev/null || { echo "pack: WITH_NODE=1 needs node" >&2; exit 1; }
  cp -L "$(command -v node)" $R/bin/node; strip $R/bin/node
  if [ ! -d "$ROOT/bench/reference/node_modules/fastify" ] || [ ! -d "$ROOT/bench/reference/node_modules/postgres" ]; then
    (cd "$ROOT/bench/reference" && npm ci --no-audit --no-fund --loglevel=error >&2) \
      || { echo "pack: npm ci in bench/reference failed" >&2; exit 1; }
  fi
  mkdir -p $R/reference
  cp -a "$ROOT"/bench/reference/{server.js,package.json,package-lock.json,node_modules} $R/reference/
fi
if [ "${WITH_PERF:-0}" = 1 ]; then
  command -v perf >/dev/null || { echo "pack: WITH_PERF=1 needs perf (Debian: linux-perf)" >&2; exit 1; }
  cp -L "$(command -v perf)" $R/bin/perf
fi
cp "$ROOT/deploy/haproxy.cfg" $R/haproxy.cfg
[ -f "$ROOT/deploy/purse-route.lua" ] && cp "$ROOT/deploy/purse-route.lua" $R/purse-route.lua
if [ -n "$BASE_BUILD" ]; then
  mkdir -p $R/base/bin
  copy_build "$BASE_BUILD" $R/base/bin
  git -C "$ROOT" show "$BASE_REV:deploy/haproxy.cfg" >$R/base/haproxy.cfg
  if git -C "$ROOT" cat-file -e "$BASE_REV:deploy/purse-route.lua" 2>/dev/null; then
    git -C "$ROOT" show "$BASE_REV:deploy/purse-route.lua" >$R/base/purse-route.lua
  fi
fi

# PostgreSQL: the five programs scale.sh runs (pgbench: its pgbench phase); the server's modules but
# the JIT and the contrib modules (plpgsql, snowball, the encoding
# conversions and replication stay; pg_stat_statements for PG_STATEMENT_TIMES);
# share/ without man pages and extensions other than plpgsql (initdb
# installs it; Purse's functions are PL/pgSQL) and pg_stat_statements.
cp -a $PG/bin/postgres $PG/bin/initdb $PG/bin/pg_ctl $PG/bin/psql $PG/bin/pgbench $R/usr/lib/postgresql/15/bin/
mkdir -p $R/usr/lib/postgresql/15/lib
for so in $PG/lib/*.so; do
  case $(basename "$so") in
    plpgsql.so|dict_snowball.so|libpqwalreceiver.so|pgoutput.so|*_and_*.so|euc2004_sjis2004.so|pg_stat_statements.so) cp -a "$so" $R/usr/lib/postgresql/15/lib/ ;;
  esac
done
cp -a $PGS $R/usr/share/postgresql/
rm -rf $R/usr/share/postgresql/15/man
find $R/usr/share/postgresql/15/extension -type f ! -name 'plpgsql*' ! -name 'pg_stat_statements*' -delete

# Both haproxy configurations must parse, with the variables scale.sh sets.
check_cfg() { # CFG LUA
  local out
  out=$(PURSE_FRONT=127.0.0.1:18200 PURSE_NODE1=127.0.0.1:18201 PURSE_NODE2=127.0.0.1:18202 \
        PURSE_NODE3=127.0.0.1:18203 PURSE_NODE1_ID=node-1 PURSE_NODE2_ID=node-2 PURSE_NODE3_ID=node-3 \
        PURSE_ROUTE_LUA="$2" haproxy -c -f "$1" 2>&1) \
    || { echo "pack: haproxy -c -f $1 fails:" >&2; echo "$out" | tail -5 >&2; exit 1; }
}
check_cfg $R/haproxy.cfg $R/purse-route.lua
if [ -f $R/base/haproxy.cfg ]; then
  if [ -f $R/base/purse-route.lua ]; then check_cfg $R/base/haproxy.cfg $R/base/purse-route.lua
  else check_cfg $R/base/haproxy.cfg $R/purse-route.lua; fi
fi

cp /usr/lib/file/magic.mgc $R/
cp "$HERE"/*.lua $R/perf/
# the after build's list and create statements, and the reference service's create
mkdir -p $R/pgbench; cp "$ROOT/bench/pgbench/list.sql" "$ROOT/bench/pgbench/create.sql" "$ROOT/bench/pgbench/reference-create.sql" $R/pgbench/
bash "$ROOT/deploy/cluster-certs.sh" $R/certs node-1 node-2 node-3 >/dev/null
rm -f $R/certs/ca.key $R/certs/*.srl

# Shared libraries: all that any of the programs or modules loads, except
# glibc's own (the host's must match its ld.so).
for f in $R/bin/* $R/base/bin/* $R/usr/lib/postgresql/15/bin/* $R/usr/lib/postgresql/15/lib/*.so; do
  [ -f "$f" ] && ldd "$f" 2>/dev/null || true
done | awk '/=> \//{print $3}' | sort -u \
  | grep -vE '/(libc|libm|libmvec|libpthread|libdl|librt|libresolv|libutil|libanl|libnsl|libBrokenLocale|libthread_db|libnss_[a-z]+|ld-linux[^/]*)\.so' \
  | while read -r l; do cp -L "$l" $R/libs/; done
# Check: every program finds all its libraries inside the tarball's libs/.
miss=$(for f in $R/bin/* $R/base/bin/* $R/usr/lib/postgresql/15/bin/*; do
  [ -f "$f" ] && LD_LIBRARY_PATH=$R/libs ldd "$f" 2>/dev/null | grep 'not found' || true; done)
[ -z "$miss" ] || { echo "pack: libraries not found: $miss" >&2; exit 1; }

{
  echo "packed $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n)"
  echo "after:  $("$BUILD/purse-server" --version 2>&1 | head -1) from $BUILD; repository at $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- . 2>/dev/null || echo ' (uncommitted changes)')"
  echo "        haproxy.cfg from deploy/; purse-route.lua: $([ -f $R/purse-route.lua ] && echo yes || echo no)"
  if [ -n "$BASE_BUILD" ]; then
    echo "before: $("$BASE_BUILD/purse-server" --version 2>&1 | head -1) from $BASE_BUILD; haproxy.cfg from $BASE_REV ($(git -C "$ROOT" rev-parse --short "$BASE_REV"))"
  else echo "before: none"; fi
  echo "wrk: $(wrk -v 2>&1 | head -1)"; echo "haproxy: $(haproxy -v | head -1)"
  [ -x $R/bin/node ] && echo "node: $(node --version), bench/reference (scale.sh's ref phase)"
  echo "postgres: $($PG/bin/postgres --version)"
} >$R/INFO

tar -C "$T" -cf - root | xz -T0 -6 >"$OUT_DIR/manycore.tar.xz.part"
mv "$OUT_DIR/manycore.tar.xz.part" "$OUT_DIR/manycore.tar.xz"
cat $R/INFO
size=$(stat -c %s "$OUT_DIR/manycore.tar.xz")
echo "$OUT_DIR/manycore.tar.xz: $((size / 1048576)) MiB ($size bytes)"
if [ "$size" -gt $((LIMIT_MB * 1048576)) ]; then
  echo "pack: the tarball is over LIMIT_MB=$LIMIT_MB MiB" >&2; exit 1
fi
