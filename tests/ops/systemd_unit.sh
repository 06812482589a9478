#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# deploy/purse.service is a valid, hardened unit: `systemd-analyze verify`
# accepts it without a single complaint, and `systemd-analyze security
# --offline` rates its exposure at most 2.5 ("OK").
#
# verify checks that ExecStart's and ExecStartPre's binaries exist, so the
# unit is checked with them pointing at the built purse-server
# (PURSE_SERVER_BIN) and purse-admin (PURSE_ADMIN_BIN) instead of
# /usr/local/bin, where `cmake --install` puts them; every other line is
# checked as shipped. No running systemd is needed.
set -euo pipefail
: "${PURSE_SERVER_BIN:?set PURSE_SERVER_BIN}"
: "${PURSE_ADMIN_BIN:?set PURSE_ADMIN_BIN}"
: "${PURSE_SOURCE_DIR:?set PURSE_SOURCE_DIR}"
command -v systemd-analyze >/dev/null \
  || { echo "systemd_unit: systemd-analyze missing (Debian package systemd)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -q '^ExecStart=/usr/local/bin/purse-server$' "$PURSE_SOURCE_DIR/deploy/purse.service"
grep -q '^ExecStartPre=/usr/local/bin/purse-admin migrate$' \
  "$PURSE_SOURCE_DIR/deploy/purse.service"
sed -e "s|^ExecStart=.*|ExecStart=$PURSE_SERVER_BIN|" \
    -e "s|^ExecStartPre=/usr/local/bin/purse-admin |ExecStartPre=$PURSE_ADMIN_BIN |" \
  "$PURSE_SOURCE_DIR/deploy/purse.service" >"$work/purse.service"
out=$(cd "$work" && systemd-analyze verify --man=no ./purse.service 2>&1) \
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
  grep -qx "$want" "$work/purse.service" \
    || { echo "systemd_unit: missing $want" >&2; exit 1; }
done
# The example environment file is read by --env-file as systemd reads it
# (comments and all), as ExecStartPre's migrate and an operator's
# `purse-admin --env-file /etc/purse/purse.env migrate` need.
"$PURSE_ADMIN_BIN" --env-file "$PURSE_SOURCE_DIR/deploy/purse.env.example" \
  --version >/dev/null
level=$(cd "$work" && systemd-analyze security --offline=true --no-pager \
          ./purse.service 2>&1 | sed -n -E 's/.*Overall exposure level for [^:]*: ([0-9.]+).*/\1/p')
[ -n "$level" ] || { echo "systemd_unit: no exposure level" >&2; exit 1; }
awk -v l="$level" 'BEGIN { exit !(l <= 2.5) }' \
  || { echo "systemd_unit: exposure $level is above 2.5" >&2; exit 1; }
echo "systemd_unit: verify clean, exposure $level" >&2
echo "1 passed, 0 failed"
