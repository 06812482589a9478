#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds (once) the purse-server and purse-admin of an older revision, for
# bench/run.sh's "base" column:
#
#   bash bench/base.sh [REV]      prints the folder holding both binaries
#
# REV (default: $BASE_REV, else a48f0fb) is checked out with
# `git worktree add --detach` into BASE_DIR (/tmp/purse-base) and built with
# CMake (RelWithDebInfo, tests off, -j$BASE_JOBS (2), only the two targets)
# into BASE_DIR/build. Cached: when BASE_DIR/build/.purse-rev names the same
# commit and both binaries are there, nothing is done. A BASE_DIR at another
# commit is removed (`git worktree remove --force`) and added again. The
# repository's own work tree and build/ are not touched. Build output goes
# to BASE_DIR/build.log; progress lines to stderr.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
REV=${1:-${BASE_REV:-a48f0fb}}
BASE_DIR=${BASE_DIR:-/tmp/purse-base}
BASE_JOBS=${BASE_JOBS:-2}

log() { printf '%s base: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

case "$BASE_DIR" in /tmp/?*) ;; *) die "BASE_DIR must be under /tmp" ;; esac
SHA=$(git -C "$ROOT" rev-parse --verify -q "$REV^{commit}") \
  || die "unknown revision $REV"
BIN="$BASE_DIR/build"

if [ -x "$BIN/purse-server" ] && [ -x "$BIN/purse-admin" ] \
   && [ "$(cat "$BIN/.purse-rev" 2>/dev/null)" = "$SHA" ]; then
  log "cached: $BIN is ${SHA:0:7}"
  echo "$BIN"
  exit 0
fi

# The worktree: reuse it at the right commit, else (re)create it.
if [ -e "$BASE_DIR/.git" ] \
   && [ "$(git -C "$BASE_DIR" rev-parse HEAD 2>/dev/null)" = "$SHA" ]; then
  log "worktree $BASE_DIR is at ${SHA:0:7}; building"
else
  if [ -e "$BASE_DIR" ]; then
    log "removing $BASE_DIR (another commit)"
    git -C "$ROOT" worktree remove --force "$BASE_DIR" 2>/dev/null || rm -rf "$BASE_DIR"
    git -C "$ROOT" worktree prune
  fi
  log "git worktree add --detach $BASE_DIR ${SHA:0:7}"
  git -C "$ROOT" worktree add -q --detach "$BASE_DIR" "$SHA" >&2
fi

rm -f "$BIN/.purse-rev"
mkdir -p "$BIN"
log "cmake configure + build (-j$BASE_JOBS; log: $BIN/../build.log); this can take many minutes"
{
  cmake -S "$BASE_DIR" -B "$BIN" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF \
    && cmake --build "$BIN" -j"$BASE_JOBS" --target purse-server purse-admin
} >"$BASE_DIR/build.log" 2>&1 || { tail -n 30 "$BASE_DIR/build.log" >&2; die "build failed"; }
[ -x "$BIN/purse-server" ] && [ -x "$BIN/purse-admin" ] || die "binaries missing after build"
echo "$SHA" >"$BIN/.purse-rev"
log "built ${SHA:0:7} in $BIN"
echo "$BIN"
