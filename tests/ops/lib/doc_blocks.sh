# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# Sourced by tests/ops/*.sh: the sh blocks of the operators' documents that
# the tests run as they stand. A block is marked by a line
# "<!-- ops-test: NAME -->" before it; the first ```sh fence after the
# marker opens it.

# doc_block FILE NAME: prints the sh block after "<!-- ops-test: NAME -->" in
# FILE; fails, saying so, if there is none.
doc_block() {
  local text
  text=$(awk -v m="<!-- ops-test: $2 -->" '
    $0 == m { armed = 1; next }
    armed && !inside && /^```sh$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }' "$1")
  if [ -z "$text" ]; then
    echo "FAILED: no sh block after <!-- ops-test: $2 --> in $1" >&2
    return 1
  fi
  printf '%s\n' "$text"
}
