#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Installs the Debian packages Purse needs, by purpose:
#
#   deploy/install-deps.sh run      building and running the server and CLI
#   deploy/install-deps.sh cluster  the run set plus haproxy and curl
#                                   (deploy/cluster.sh)
#   deploy/install-deps.sh test     the run set plus the test tools (default)
#
# Idempotent: packages already present are skipped; safe to run on every start.
#
# The ODB 2.4 runtime (libodb, libodb-pgsql) is built from the sources under
# third_party/ (bookworm ships the `odb` compiler but not its runtime), so
# nothing comes from another Debian suite.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PURPOSE=${1:-test}
case "$PURPOSE" in run|cluster|test) ;; *)
  echo "usage: deploy/install-deps.sh [run|cluster|test]" >&2; exit 2 ;;
esac

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# Building and running: compilers, the stack's libraries, PostgreSQL. Dates
# and time zones: the date library's headers and libdate-tz3, which the
# binaries load at run time and which reads the zones from tzdata. libcurl
# (OpenSSL flavour): the server's webhook deliveries.
RUN_PACKAGES=(
  build-essential cmake pkg-config git ca-certificates openssl
  libcaf-dev librestinio-dev libasio-dev libfmt-dev libhttp-parser-dev
  rapidjson-dev odb libpq-dev libssl-dev libboost-dev libcli11-dev
  postgresql postgresql-contrib libmagic-dev libhowardhinnant-date-dev
  libdate-tz3 tzdata libsodium-dev zlib1g-dev libcurl4-openssl-dev
)
# Testing: the test framework of the C++ suites (their HTTP client, libcurl,
# is in the run set), load and browser tools, the cluster's proxy, the
# formatter, systemd-analyze, and building, checking and installing the
# Debian package (debian/).
TEST_PACKAGES=(
  libboost-test-dev curl wrk chromium clang-format
  haproxy systemd
  debhelper dpkg-dev lintian help2man adduser
)
# A local cluster: haproxy in front, curl for its readiness checks.
CLUSTER_PACKAGES=(haproxy curl)
BOOKWORM_PACKAGES=("${RUN_PACKAGES[@]}")
case "$PURPOSE" in
  cluster) BOOKWORM_PACKAGES+=("${CLUSTER_PACKAGES[@]}") ;;
  test) BOOKWORM_PACKAGES+=("${TEST_PACKAGES[@]}") ;;
esac

missing() {
  local out=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || out+=("$p")
  done
  echo "${out[@]:-}"
}

need=$(missing "${BOOKWORM_PACKAGES[@]}")
if [ -n "$need" ]; then
  echo "install-deps: installing $need" >&2
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need
fi

echo "install-deps: all $PURPOSE dependencies present" >&2
