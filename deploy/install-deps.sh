#!/usr/bin/env bash
# Installs every Debian package Purse needs to build, run and test.
# Idempotent: packages already present are skipped; safe to run on every start.
#
# Debian bookworm ships the `odb` compiler but not its 2.4 runtime libraries.
# Those come from Debian's bullseye suite, fetched through a private apt source
# list that reuses the mirror already configured on this machine (so no host
# name is ever written into this repository).
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

BOOKWORM_PACKAGES=(
  build-essential cmake pkg-config git ca-certificates openssl
  libcaf-dev librestinio-dev libasio-dev libfmt-dev libhttp-parser-dev
  rapidjson-dev odb libpq-dev libssl-dev libboost-test-dev
  postgresql postgresql-contrib curl wrk libcurl4-openssl-dev libmagic-dev
  libcctz-dev tzdata chromium clang-format haproxy libsodium-dev zlib1g-dev
)
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

need=$(missing "${ODB_RUNTIME_PACKAGES[@]}")
if [ -n "$need" ]; then
  echo "install-deps: fetching ODB runtime from the bullseye suite: $need" >&2
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
echo "install-deps: all dependencies present" >&2
