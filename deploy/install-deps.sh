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
# third_party/ (bookworm ships the `odb` compiler but not its runtime). While
# third_party/libodb-pgsql is absent (see third_party/README.md) the build
# links the installed libodb-pgsql-dev instead, which only Debian's bullseye
# suite has: it is then fetched through a private apt source list that reuses
# the mirror already configured on this machine (so no host name is ever
# written into this repository).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PURPOSE=${1:-test}
case "$PURPOSE" in run|cluster|test) ;; *)
  echo "usage: deploy/install-deps.sh [run|cluster|test]" >&2; exit 2 ;;
esac

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# Building and running: compilers, the stack's libraries, PostgreSQL.
RUN_PACKAGES=(
  build-essential cmake pkg-config git ca-certificates openssl
  libcaf-dev librestinio-dev libasio-dev libfmt-dev libhttp-parser-dev
  rapidjson-dev odb libpq-dev libssl-dev libboost-dev libcli11-dev
  postgresql postgresql-contrib libmagic-dev libcctz-dev tzdata libsodium-dev
  zlib1g-dev
)
# Testing: the test framework and HTTP client of the C++ suites, load and
# browser tools, the cluster's proxy, the formatter, systemd-analyze.
TEST_PACKAGES=(
  libboost-test-dev libcurl4-openssl-dev curl wrk chromium clang-format
  haproxy systemd
)
# A local cluster: haproxy in front, curl for its readiness checks.
CLUSTER_PACKAGES=(haproxy curl)
BOOKWORM_PACKAGES=("${RUN_PACKAGES[@]}")
case "$PURPOSE" in
  cluster) BOOKWORM_PACKAGES+=("${CLUSTER_PACKAGES[@]}") ;;
  test) BOOKWORM_PACKAGES+=("${TEST_PACKAGES[@]}") ;;
esac
ODB_RUNTIME_PACKAGES=(libodb-2.4 libodb-dev libodb-pgsql-2.4 libodb-pgsql-dev)

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

need=""
[ -f third_party/libodb-pgsql/odb/pgsql/database.cxx ] \
  || need=$(missing "${ODB_RUNTIME_PACKAGES[@]}")
if [ -n "$need" ]; then
  echo "install-deps: third_party/libodb-pgsql is absent: fetching the" \
       "installed fallback from the bullseye suite: $need" >&2
  # The first Debian mirror configured on this machine (deb822 or one-line form).
  mirror=$( { cat /etc/apt/sources.list.d/*.sources 2>/dev/null \
              | awk '/^URIs:/ {print $2}' || true; \
            cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
              | awk '$1=="deb" {for(i=2;i<=NF;i++) if ($i ~ /^[a-z]+:\/\//) {print $i; break}}'; } \
          | grep -v -- '-security' | grep '/debian' | head -n 1 || true)
  if [ -z "$mirror" ]; then
    echo "install-deps: no Debian mirror found in the apt configuration" >&2
    exit 1
  fi
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/lists/partial" "$work/debs"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror bullseye main" \
    > "$work/bullseye.list"
  apt_opts=(-o "Dir::Etc::sourcelist=$work/bullseye.list" -o "Dir::Etc::sourceparts=-"
            -o "Dir::State::Lists=$work/lists" -o "APT::Get::List-Cleanup=0")
  $SUDO apt-get "${apt_opts[@]}" update -qq
  (cd "$work/debs" && $SUDO apt-get "${apt_opts[@]}" download "${ODB_RUNTIME_PACKAGES[@]}")
  $SUDO dpkg -i "$work"/debs/*.deb
fi
echo "install-deps: all $PURPOSE dependencies present" >&2
