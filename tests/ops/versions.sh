#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# One version number: CMake's project version (project(purse VERSION ...) in
# CMakeLists.txt) is the version of everything Purse ships, and this test
# fails when any of them says otherwise:
#   purse-server --version and purse-admin --version (compiled from it);
#   openapi/openapi.json's info.version (kept in the file, so the contract
#     tests and the SDK generation read the same document the server serves);
#   the npm packages: mcp/ (package.json, package-lock.json, server.json and
#     its package entry, SERVER_VERSION in mcp/src/server.ts) and
#     openapi/client/ (package.json and package-lock.json, and the copy of
#     it mcp/package-lock.json records);
#   debian/changelog's upstream version (its newest entry, without epoch
#     and Debian revision), when there is a debian/ directory.
# A release changes them all together.
set -euo pipefail
: "${PURSE_SERVER_BIN:?set PURSE_SERVER_BIN}"
: "${PURSE_ADMIN_BIN:?set PURSE_ADMIN_BIN}"
: "${PURSE_SOURCE_DIR:?set PURSE_SOURCE_DIR}"
command -v node >/dev/null \
  || { echo "versions: node missing (it reads the JSON files)" >&2; exit 1; }
cd "$PURSE_SOURCE_DIR"

version=$(sed -nE 's/^project\(purse VERSION ([0-9]+\.[0-9]+\.[0-9]+)[ )].*/\1/p' \
  CMakeLists.txt)
[ -n "$version" ] \
  || { echo "versions: no project(purse VERSION X.Y.Z ...) in CMakeLists.txt" >&2; exit 1; }
echo "versions: CMake's project version is $version"

bad=0
check() { # WHAT FOUND
  if [ "$2" = "$version" ]; then
    echo "versions: $1: $2"
  else
    echo "versions: $1 says '$2', not $version" >&2
    bad=1
  fi
}
# FILE EXPRESSION: the value of a JavaScript expression over the file's JSON
# (as `j`).
json() {
  node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
           process.stdout.write(String(eval(process.argv[2])));' "$1" "$2"
}

for bin in "$PURSE_SERVER_BIN" "$PURSE_ADMIN_BIN"; do
  name=$(basename "$bin")
  line=$("$bin" --version)
  check "$name --version" "$(sed -nE "s/^$name ([^ ]+) \(commit .*/\1/p" <<<"$line")"
done
check "openapi/openapi.json info.version" "$(json openapi/openapi.json j.info.version)"
check "mcp/package.json" "$(json mcp/package.json j.version)"
check "mcp/package-lock.json" "$(json mcp/package-lock.json j.version)"
check "mcp/package-lock.json (packages \"\")" \
  "$(json mcp/package-lock.json 'j.packages[""].version')"
check "mcp/package-lock.json (../openapi/client)" \
  "$(json mcp/package-lock.json 'j.packages["../openapi/client"].version')"
check "mcp/server.json" "$(json mcp/server.json j.version)"
check "mcp/server.json packages[0]" "$(json mcp/server.json 'j.packages[0].version')"
check "mcp/src/server.ts SERVER_VERSION" \
  "$(sed -nE "s/^export const SERVER_VERSION = '([^']*)';/\1/p" mcp/src/server.ts)"
check "openapi/client/package.json" "$(json openapi/client/package.json j.version)"
check "openapi/client/package-lock.json" "$(json openapi/client/package-lock.json j.version)"
check "openapi/client/package-lock.json (packages \"\")" \
  "$(json openapi/client/package-lock.json 'j.packages[""].version')"
if [ -e debian ]; then
  [ -f debian/changelog ] \
    || { echo "versions: debian/ has no changelog" >&2; exit 1; }
  # "purse (1:0.1.0-1) unstable; urgency=medium": the upstream version is
  # what is left without the epoch and the last "-revision".
  full=$(sed -nE '1s/^[a-z0-9.+-]+ \(([^)]+)\).*/\1/p' debian/changelog)
  upstream=${full#*:}
  [ "$upstream" = "${upstream%-*}" ] || upstream=${upstream%-*}
  check "debian/changelog (upstream of $full)" "$upstream"
fi

if [ "$bad" != 0 ]; then
  echo "versions: the versions above disagree with CMake's $version" >&2
  exit 1
fi
echo "versions: all agree"
