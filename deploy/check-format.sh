#!/usr/bin/env bash
# Checks that every C++ file git tracks is formatted as .clang-format says
# (deploy/test.sh runs it). With --fix it formats them in place instead.
# odb/ is left out: its pragmas are for the odb compiler's own parser.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

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
