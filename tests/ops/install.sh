#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# docs/OPERATIONS.md's install sequence works as written: the sh block
# after its "<!-- ops-test: install -->" marker is extracted from the doc
# and run in the source tree, changing only the prefix (a temporary folder
# for /usr/local), the build folder (the tree this ctest runs from, if it is
# not build/), its build type if that tree has another (a sanitizer build),
# and sudo (a shim that runs the command). The doc's configure and build
# repeat what the test build did, so on the tree CI tests they change and
# rebuild nothing. Then, in the prefix:
#   - both binaries, stripped, run; the OpenAPI document, the reference
#     page with Swagger UI's LICENSE, NOTICE and bundle licence file, and
#     README, CHANGELOG, LICENSE, OPERATIONS, LICENSING and SECURITY;
#   - the unit and the environment example name the prefix, not /usr/local;
#   - the installed server serves the installed page (not the build
#     tree's), the licence texts as text/plain, and once the page is
#     removed (an install without Node.js) /docs answers 404 saying how to
#     get it.
# And the doc's configure, in a folder of its own, on a machine with the run
# set only (install-deps.sh run): Node.js and npm off the PATH and Boost.Test
# hidden (CMAKE_DISABLE_FIND_PACKAGE_boost_unit_test_framework; libcurl is
# in the run set, for webhook deliveries) configure all the same, leave the
# tests out, have the target purse_docs and install no page. Configured
# only, not built.
#
# Needs PURSE_SOURCE_DIR, PURSE_BUILD_DIR and PURSE_TEST_DATABASE_URL (a
# migrated database; ctest sets them: ctest -R ops.install).
set -euo pipefail
: "${PURSE_SOURCE_DIR:?set PURSE_SOURCE_DIR}"
: "${PURSE_BUILD_DIR:?set PURSE_BUILD_DIR}"
: "${PURSE_TEST_DATABASE_URL:?set PURSE_TEST_DATABASE_URL}"
# shellcheck source=tests/ops/lib/doc_blocks.sh
. "$(dirname "$0")/lib/doc_blocks.sh"

say() { echo "install: $*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

src=$(cd "$PURSE_SOURCE_DIR" && pwd -P)
build=$(cd "$PURSE_BUILD_DIR" && pwd -P)
work=$(mktemp -d /tmp/purse-install-test.XXXXXX)
prefix=$work/prefix
server_pid=""
# shellcheck disable=SC2317  # called through the EXIT trap
cleanup() {
  if [ -n "$server_pid" ]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# -- the doc's commands, into $prefix --------------------------------------------
block=$(doc_block "$src/docs/OPERATIONS.md" install)
doc_configure=$(grep -m 1 '^cmake -S \. -B build ' <<<"$block" | sed 's/ *#.*//') \
  || fail "the doc's install block has no 'cmake -S . -B build'"
for want in 'cmake -S . -B build ' 'cmake --build build ' \
            'cmake --install build --prefix /usr/local --strip'; do
  grep -qF -- "$want" <<<"$block" || fail "the doc's install block has no '$want'"
done
block=${block//--prefix \/usr\/local/--prefix $prefix}
if [ "$build" != "$src/build" ]; then
  say "the build folder is $build, not build/"
  block=$(sed -E "s#(-B|--build|--install) build( |\$)#\\1 $build\\2#g" <<<"$block")
fi
type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
if [ "$type" != RelWithDebInfo ]; then
  say "the tree's build type is $type: the doc's configure keeps it"
  block=${block//-DCMAKE_BUILD_TYPE=RelWithDebInfo/-DCMAKE_BUILD_TYPE=$type}
fi
mkdir -p "$work/bin"
printf '#!/bin/sh\nexec "$@"\n' >"$work/bin/sudo"
chmod 755 "$work/bin/sudo"
say "running the doc's install block in $src:"
sed 's/^/    /' <<<"$block" >&2
(cd "$src" && PATH=$work/bin:$PATH bash -euo pipefail -c "$block") \
  >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "the doc's install block failed"; }

# -- what the prefix holds ---------------------------------------------------------
for bin in purse-server purse-admin; do
  [ -x "$prefix/bin/$bin" ] || fail "no bin/$bin"
  if readelf -S --wide "$prefix/bin/$bin" | grep -qE '\.(debug_info|symtab) '; then
    fail "bin/$bin is not stripped"
  fi
  "$prefix/bin/$bin" --version >/dev/null || fail "bin/$bin --version failed"
done
cmp -s "$src/openapi/openapi.json" "$prefix/share/purse/openapi/openapi.json" \
  || fail "share/purse/openapi/openapi.json is not openapi/openapi.json"
page=$prefix/share/purse/docs
for file in index.html LICENSE NOTICE swagger-ui-bundle.js.LICENSE.txt; do
  [ -s "$page/$file" ] || fail "no share/purse/docs/$file"
done
grep -q 'Apache License' "$page/LICENSE" || fail "share/purse/docs/LICENSE is not Swagger UI's"
for file in README.md CHANGELOG.md LICENSE docs/OPERATIONS.md docs/LICENSING.md \
            docs/SECURITY.md; do
  cmp -s "$src/$file" "$prefix/share/doc/purse/${file##*/}" \
    || fail "share/doc/purse/${file##*/} is not $file"
done
unit=$prefix/share/purse/systemd/purse.service
env_example=$prefix/share/purse/systemd/purse.env.example
grep -qx "ExecStart=$prefix/bin/purse-server" "$unit" \
  || fail "the installed unit's ExecStart does not name $prefix/bin/purse-server"
grep -qx "PURSE_DOCS_DIR=$page" "$env_example" \
  || fail "the installed environment example's PURSE_DOCS_DIR is not $page"
if grep -v '^[#;]' "$unit" "$env_example" | grep -F /usr/local; then
  fail "the installed unit or environment example names /usr/local"
fi
say "the prefix holds both binaries (stripped), the document, the page with its licence texts, six documents and the unit"

# -- the installed server ---------------------------------------------------------
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
start_server() { # LOG
  local p
  for p in $(shuf -i 19100-19199 -n 100); do
    port_free "$p" && break
  done
  port=$p
  PURSE_DATABASE_URL=$PURSE_TEST_DATABASE_URL "$prefix/bin/purse-server" \
    --insecure-http --listen "127.0.0.1:$port" 2>"$1" &
  server_pid=$!
  for _ in $(seq 100); do
    if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then return 0; fi
    kill -0 "$server_pid" 2>/dev/null || { cat "$1" >&2; fail "the installed server did not start"; }
    sleep 0.1
  done
  cat "$1" >&2
  fail "the installed server did not answer"
}
stop_server() {
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
get() { # PATH OUT: prints the status and the content type
  curl -sS -o "$2" -w '%{http_code} %{content_type}' \
    "http://127.0.0.1:$port/api/public/v1$1"
}

# A marker in the installed page tells its copy from the build tree's.
echo "<!-- installed copy $$ -->" >>"$page/index.html"
start_server "$work/server.log"
got=$(get /docs "$work/index.html")
[ "${got%% *}" = 200 ] || fail "/docs of the installed server answered $got"
cmp -s "$page/index.html" "$work/index.html" \
  || fail "the installed server did not serve the installed page (the build tree's?)"
for file in LICENSE NOTICE swagger-ui-bundle.js.LICENSE.txt; do
  got=$(get "/docs/$file" "$work/body")
  [ "$got" = "200 text/plain; charset=utf-8" ] || fail "/docs/$file answered $got"
  cmp -s "$page/$file" "$work/body" || fail "/docs/$file is not the installed file"
done
stop_server

# Without the page (installed without Node.js): /docs says how to get it.
rm -rf "$page"
start_server "$work/server-nopage.log"
got=$(get /docs "$work/body")
[ "${got%% *}" = 404 ] || fail "/docs without an installed page answered $got"
for want in Node.js purse_docs OPERATIONS.md; do
  grep -qF "$want" "$work/body" || fail "/docs without a page does not mention $want: $(cat "$work/body")"
done
stop_server
say "the installed server serves its prefix's page and licence texts; without it /docs says how to get it"

# -- configuring with the run set only ---------------------------------------------
# Every program of the PATH but node and npm (CMake looks for them on the
# PATH only: npm runs under the PATH's node).
mkdir -p "$work/path"
IFS=: read -r -a dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  [ -d "$dir" ] || continue
  find "$dir" -maxdepth 1 \( -type f -o -type l \) -executable \
    ! -name node ! -name nodejs ! -name npm ! -name npx ! -name corepack \
    -exec ln -s -t "$work/path" {} + 2>/dev/null || true
done
if PATH=$work/path command -v node npm >/dev/null 2>&1; then
  fail "node or npm still on the reduced PATH"
fi
configure="${doc_configure/-B build/-B $work/nonode} -DCMAKE_DISABLE_FIND_PACKAGE_boost_unit_test_framework=ON"
(cd "$src" && export PATH=$work/path && eval "$configure") \
  >"$work/nonode.log" 2>&1 || { cat "$work/nonode.log" >&2; fail "configuring without Node.js and Boost.Test failed"; }
grep -qx 'BUILD_TESTING:BOOL=OFF' "$work/nonode/CMakeCache.txt" \
  || fail "without Boost.Test the tests were not left out"
tr -s ' \n' ' ' <"$work/nonode.log" | grep -qF 'page (/api/public/v1/docs) is not built' \
  || { cat "$work/nonode.log" >&2; fail "configuring without Node.js did not say the page is left out"; }
grep -q 'bin/purse-server\|purse-server' "$work/nonode/cmake_install.cmake" \
  || fail "the configuration without Node.js installs no purse-server"
if grep -q 'share/purse/docs' "$work/nonode/cmake_install.cmake"; then
  fail "the configuration without Node.js would install a reference page"
fi
PATH=$work/path cmake --build "$work/nonode" --target purse_docs >/dev/null \
  || fail "the configuration without Node.js has no target purse_docs"
say "with the run set only: configured, no tests, target purse_docs a no-op, no page installed"
echo "1 passed, 0 failed"
