#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Checks that every C++ file git tracks is formatted as .clang-format says
# (deploy/test.sh runs it). With --fix it formats them in place instead.
# odb/ is left out: its pragmas are for the odb compiler's own parser.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Every source file of ours names its licence (docs/LICENSING.md), our
# build files for the vendored ODB runtime included; its own sources
# (third_party/libodb*) keep their own headers.
missing=$(git ls-files -- '*.cpp' '*.hpp' '*.hxx' '*.sh' '*.mjs' '*.ts' \
            '*.js' '*.lua' '*.sql' '*.cmake' '*.in' 'CMakeLists.txt' \
            '*/CMakeLists.txt' ':!:third_party/libodb*' ':!:*.d.ts' \
          | while read -r f; do
              head -n 3 "$f" | grep -q 'SPDX-License-Identifier' || echo "$f"
            done)
if [ -n "$missing" ]; then
  echo "check-format: no SPDX-License-Identifier in the first lines of:" >&2
  echo "$missing" >&2
  exit 1
fi
# Every package states its licence.
unlicensed=$(git ls-files -- '*package.json' ':!:*node_modules*' \
             | while read -r f; do
                 grep -q '"license": *"[^"]' "$f" || echo "$f"
               done)
if [ -n "$unlicensed" ]; then
  echo "check-format: no \"license\" in:" >&2
  echo "$unlicensed" >&2
  exit 1
fi

mapfile -t files < <(git ls-files -- '*.cpp' '*.hpp' ':!:odb/*')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run -Werror "${files[@]}"; then
  echo "check-format: run 'bash deploy/check-format.sh --fix'" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted" >&2
