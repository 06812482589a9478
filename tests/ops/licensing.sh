#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# docs/LICENSING.md accounts for every bundled third-party component: each
# package openapi/docs/package-lock.json installs to build the reference
# page is named (in backticks) in a table row that gives the licence the
# lock file records for it, each folder of third_party/ is named in a row,
# and the document says how OpenSSL 3 (Apache-2.0) is used: GPL-2.0's
# system-library exception. A new npm dependency of the page, or a new
# folder under third_party/, fails here until LICENSING.md lists it.
#
# Needs PURSE_SOURCE_DIR (ctest sets it: ctest -R ops.licensing).
set -euo pipefail
: "${PURSE_SOURCE_DIR:?set PURSE_SOURCE_DIR}"
doc=$PURSE_SOURCE_DIR/docs/LICENSING.md
lock=$PURSE_SOURCE_DIR/openapi/docs/package-lock.json
fail() { echo "licensing: FAILED: $*" >&2; exit 1; }

rows=$(grep '^|' "$doc")
# The lock's packages: "node_modules/[...node_modules/]NAME": { ... "license": "ID"
packages=$(awk '
  match($0, /"node_modules\/[^"]+": \{/) {
    name = substr($0, RSTART + 1, RLENGTH - 5); sub(/.*node_modules\//, "", name); next }
  name != "" && match($0, /"license": "[^"]+"/) {
    print name, substr($0, RSTART + 12, RLENGTH - 13); name = "" }' "$lock")
[ -n "$packages" ] || fail "no packages read from $lock"
count=0
while read -r name licence; do
  row=$(grep -F "\`$name\`" <<<"$rows" | head -n 1) \
    || fail "docs/LICENSING.md has no table row naming \`$name\` (openapi/docs)"
  grep -qF -- "$licence" <<<"$row" \
    || fail "docs/LICENSING.md's row for $name does not say $licence"
  count=$((count + 1))
done <<<"$packages"
for dir in "$PURSE_SOURCE_DIR"/third_party/*/; do
  name=$(basename "$dir")
  [ "$name" != cmake ] || continue
  grep -qF "\`$name\`" <<<"$rows" \
    || fail "docs/LICENSING.md has no table row naming third_party/$name"
  count=$((count + 1))
done
grep -q 'OpenSSL 3' "$doc" || fail "docs/LICENSING.md does not mention OpenSSL 3"
grep -q 'system-library exception' "$doc" \
  || fail "docs/LICENSING.md does not say how OpenSSL is used (the system-library exception)"
echo "licensing: $count bundled components listed with their licences; OpenSSL's use stated" >&2
echo "1 passed, 0 failed"
