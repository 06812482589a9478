#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The two measurements that the open targets of issues 25 and 26 still
# need, each sized to one call of at most 10 minutes on a lent host with
# at least 16 cores (such a host is lent for 15 minutes in all, its start
# included, so the two calls run back to back on the same warm host):
#
#   OUT_DIR=.manycore WITH_NODE=1 bash bench/manycore/pack.sh build   # here, first
#   OUT=$OUT bash bench/manycore/targets.sh 1   # there, as root: issue 26
#   OUT=$OUT bash bench/manycore/targets.sh 2   # there, as root: issue 25
#
# Neither has run on a 16-core host yet. Their length there is estimated
# from what they run: call 1 eight 10 s runs (2 s warm-up, 8 measured) and
# five pgbench runs of 12 s, call 2 sixteen runs and three node starts,
# each after a seeding of about a minute: about 5 to 6 minutes for call 1
# and 6 to 7 for call 2. On the 2-core machine, with LAYOUT=small, small
# data and DUR=3, each took about 100 to 115 s.
#
# (.manycore/ is ignored by git; the run carries it.) Every setting below
# is scale.sh's (bench/manycore/README.md) and can be overridden from the
# environment; TARBALL is the tarball (.manycore/manycore.tar.xz).
#
# 1: one server against the reference service's many-core mode on all 16
#    cores (phase sweep at 16: the server with its machine defaults, the
#    reference with a node:cluster worker per two cores, PostgreSQL and
#    wrk on the same cores), lists and creates at 64 and 256 connections;
#    then PostgreSQL alone (phase pgbench): the list's statement, and
#    Purse's create against the reference's SQL for it. Folds held during
#    each run and priced after it, statements timed and waits sampled
#    (HOLD_FOLDS=1 PG_STATEMENT_TIMES=1), so PostgreSQL's CPU per create
#    of the two services compares the same work and says where it goes.
# 2: scale-out: the server alone, then 1, 2 and 3 cluster nodes behind
#    haproxy with the shipped routing, each node on 2 cores of its own,
#    PostgreSQL on 7 (6-12), haproxy on 13, wrk on 14-15 (the layout of
#    the last 16-core scale-out run in docs/BENCHMARKS.md, so the two
#    compare); then the crossing runs: a call served where it arrives
#    against one handed to another node, a keyed call and a team's (issue
#    25, item 3).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CALL=${1:?usage: targets.sh 1|2}
: "${TARBALL=.manycore/manycore.tar.xz}"
: "${OUT=/tmp/purse-targets-$CALL}"
mkdir -p "$OUT"
export OUT
case $CALL in
  1)
    : "${DUR=8}" "${PHASES=sweep pgbench}" "${SWEEP_CORES=16}" "${SWEEP_WIDE=16}"
    : "${CONNS=64}" "${CONNS_WIDE=256}" "${HOLD_FOLDS=1}" "${PG_STATEMENT_TIMES=1}"
    : "${PGB_CREATE_ROUNDS=2}"
    export DUR PHASES SWEEP_CORES SWEEP_WIDE CONNS CONNS_WIDE HOLD_FOLDS PG_STATEMENT_TIMES PGB_CREATE_ROUNDS
    ;;
  2)
    : "${DUR=8}" "${PHASES=alone cluster}" "${CORES=2}" "${PG_CPUS=6-12}" "${IO=2}" "${POOL=6}"
    : "${CONNS_WIDE=0}" "${CROSS_CONNS=8}"
    export DUR PHASES CORES PG_CPUS IO POOL CONNS_WIDE CROSS_CONNS
    ;;
  *) echo "targets: CALL is 1 or 2" >&2; exit 2 ;;
esac
: "${VERSIONS=after}"
export VERSIONS
exec bash "$HERE/scale.sh" "$TARBALL"
