#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fetches the ODB 2.4 runtime's upstream sources (the .orig tarballs of
# Debian's libodb and libodb-pgsql 2.4.0 source packages) with apt-get
# source, checks them against the SHA-256 sums pinned below and unpacks
# them into third_party/libodb and third_party/libodb-pgsql, without the
# autotools and Visual Studio files (CMake builds them; see CMakeLists.txt).
#
# Run once, by a maintainer, while some suite of the configured Debian
# mirror still serves them; the result is committed. The mirror is read from
# this machine's apt configuration: no host name is written here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

declare -A SHA256=(
  [libodb]=66a1bb4e8bb6ef60cc79334f8028c4d4de98d87f2ff6f8123b4cfb7751ce0007
  [libodb-pgsql]=778a4d38bd1161e1f0b368815514c3335da20c7584e3d07613526dcce53523bc
)
packages=("$@")
[ ${#packages[@]} -gt 0 ] || packages=(libodb libodb-pgsql)

mirror=$( { cat /etc/apt/sources.list.d/*.sources 2>/dev/null \
            | awk '/^URIs:/ {print $2}' || true; \
          cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
            | awk '$1=="deb" {for(i=2;i<=NF;i++) if ($i ~ /^[a-z]+:\/\//) {print $i; break}}'; } \
        | grep -v -- '-security' | grep '/debian' | head -n 1 || true)
[ -n "$mirror" ] || { echo "fetch-odb-sources: no Debian mirror configured" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/src"
for suite in bullseye sid; do
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main"
done > "$work/src.list"
apt_opts=(-o "Dir::Etc::sourcelist=$work/src.list" -o "Dir::Etc::sourceparts=-"
          -o "Dir::State::Lists=$work/lists" -o "APT::Get::List-Cleanup=0")
apt-get "${apt_opts[@]}" update -qq
status=0
for p in "${packages[@]}"; do
  tarball="$work/src/${p}_2.4.0.orig.tar.bz2"
  # The .dsc and Debian's packaging are not needed: only the upstream tarball.
  (cd "$work/src" && apt-get "${apt_opts[@]}" source --download-only "$p=2.4.0-1" \
     >/dev/null 2>&1) || true
  if [ ! -f "$tarball" ]; then
    echo "fetch-odb-sources: the mirror does not serve ${p}_2.4.0.orig.tar.bz2" >&2
    status=1
    continue
  fi
  echo "${SHA256[$p]}  $tarball" | sha256sum -c --quiet - \
    || { echo "fetch-odb-sources: checksum mismatch for $p" >&2; exit 1; }
  rm -rf "${here:?}/$p"
  mkdir -p "$here/$p"
  tar -xjf "$tarball" -C "$work/src"
  (cd "$work/src/$p-2.4.0" \
     && cp -r GPLv2 LICENSE README NEWS INSTALL version odb "$here/$p/")
  find "$here/$p/odb" \( -name 'Makefile.*' -o -name '*.vcproj' \
       -o -name '*.vcxproj*' \) -delete
  echo "fetch-odb-sources: $p 2.4.0 unpacked into third_party/$p" >&2
done
exit $status
