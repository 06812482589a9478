#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The unit as `cmake --install` installs it is valid and hardened:
# `systemd-analyze verify` accepts it without a single complaint, and
# `systemd-analyze security --offline` rates its exposure at most 2.5 ("OK").
#
# The build tree (PURSE_BUILD_DIR) is installed into a temporary prefix and
# the unit is checked there as installed, unchanged: install time wrote the
# prefix's binaries and documents into ExecStart=, ExecStartPre= and
# Documentation= (verify checks that the binaries exist), and the
# environment example's PURSE_DOCS_DIR names the prefix's page. Installed
# again with DESTDIR and another prefix (as a package is staged), the files
# land under DESTDIR but name the prefix only. No running systemd is needed.
set -euo pipefail
: "${PURSE_BUILD_DIR:?set PURSE_BUILD_DIR}"
: "${PURSE_SOURCE_DIR:?set PURSE_SOURCE_DIR}"
command -v systemd-analyze >/dev/null \
  || { echo "systemd_unit: systemd-analyze missing (Debian package systemd)" >&2; exit 1; }
fail() { echo "systemd_unit: FAILED: $*" >&2; exit 1; }

work=$(mktemp -d /tmp/purse-unit-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$PURSE_BUILD_DIR" --prefix "$prefix" >"$work/install.log" 2>&1 \
  || { cat "$work/install.log" >&2; fail "cmake --install failed"; }
unit=$prefix/share/purse/systemd/purse.service
env_example=$prefix/share/purse/systemd/purse.env.example
for want in "ExecStart=$prefix/bin/purse-server" \
            "ExecStartPre=$prefix/bin/purse-admin migrate" \
            "Documentation=file://$prefix/share/doc/purse/OPERATIONS.md"; do
  grep -qx -- "$want" "$unit" || fail "the installed unit has no line $want"
done
[ -f "$prefix/share/doc/purse/OPERATIONS.md" ] \
  || fail "the unit's Documentation= names a file that was not installed"
grep -qx "PURSE_DOCS_DIR=$prefix/share/purse/docs" "$env_example" \
  || fail "the installed environment example's PURSE_DOCS_DIR is not the prefix's page"
if grep -v '^[#;]' "$unit" "$env_example" | grep -F /usr/local; then
  fail "the installed unit or environment example names /usr/local"
fi
# Staged as a package is: DESTDIR holds the files, which name /usr only.
DESTDIR=$work/stage cmake --install "$PURSE_BUILD_DIR" --prefix /usr \
  >"$work/stage.log" 2>&1 || { cat "$work/stage.log" >&2; fail "the DESTDIR install failed"; }
staged=$work/stage/usr/share/purse/systemd
grep -qx 'ExecStart=/usr/bin/purse-server' "$staged/purse.service" \
  || fail "with DESTDIR and --prefix /usr, ExecStart is not /usr/bin/purse-server"
grep -qx 'PURSE_DOCS_DIR=/usr/share/purse/docs' "$staged/purse.env.example" \
  || fail "with DESTDIR and --prefix /usr, PURSE_DOCS_DIR is not /usr/share/purse/docs"
if grep -rqF "$work" "$staged"; then
  fail "the staged unit or environment example names the DESTDIR"
fi
out=$(cd "${unit%/*}" && systemd-analyze verify --man=no ./purse.service 2>&1) \
  || { echo "$out" >&2; exit 1; }
if [ -n "$out" ]; then
  echo "systemd_unit: systemd-analyze verify complained:" >&2
  echo "$out" >&2
  exit 1
fi
for want in 'User=purse' 'EnvironmentFile=/etc/purse/purse.env' \
            'ProtectSystem=strict' 'NoNewPrivileges=yes' 'PrivateTmp=yes' \
            'ProtectHome=yes' 'Restart=on-failure' 'KillSignal=SIGTERM' \
            'ExecReload=/bin/kill -HUP $MAINPID'; do
  grep -qx "$want" "$unit" \
    || { echo "systemd_unit: missing $want" >&2; exit 1; }
done
# The example environment file is read by --env-file as systemd reads it
# (comments and all), as ExecStartPre's migrate and an operator's
# `purse-admin --env-file /etc/purse/purse.env migrate` need.
"$prefix/bin/purse-admin" --env-file "$env_example" --version >/dev/null
level=$(cd "${unit%/*}" && systemd-analyze security --offline=true --no-pager \
          ./purse.service 2>&1 | sed -n -E 's/.*Overall exposure level for [^:]*: ([0-9.]+).*/\1/p')
[ -n "$level" ] || { echo "systemd_unit: no exposure level" >&2; exit 1; }
awk -v l="$level" 'BEGIN { exit !(l <= 2.5) }' \
  || { echo "systemd_unit: exposure $level is above 2.5" >&2; exit 1; }
echo "systemd_unit: verify clean, exposure $level" >&2
echo "1 passed, 0 failed"
