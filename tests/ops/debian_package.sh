#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian package, as an operator gets it: debian/ packages the tree
# ctest runs from (PURSE_DEB_PREBUILT: no second compile) from a copy of
# the source, so nothing is written beside the checkout; lintian reports
# no error and no warning that debian/README.source does not list. Then,
# on this machine (root):
#   dpkg -i                the user purse, /etc/purse/purse.env a conffile,
#                          0640 root:purse, the unit enabled, not started,
#                          and as installed it runs /usr/bin/purse-server
#   migrate, serve         the test database's URL written into the
#                          installed /etc/purse/purse.env; as the user
#                          purse, `purse-admin --env-file ... migrate` and
#                          /usr/bin/purse-server --env-file ..., whose
#                          /api/public/v1/docs and openapi.json must be
#                          the installed files
#   dpkg -r, dpkg -P       remove keeps /etc/purse, purge deletes it, the
#                          statoverrides and the unit's enablement
# The package is purged on exit whatever happened, and a user purse the
# test created is deleted. Refuses to run where purse is installed, or
# /etc/purse exists, already (an operator's installation).
#
# Needs root (or password-less sudo), PURSE_TEST_DATABASE_URL (migrated or
# not), PURSE_SERVER_BIN (the build tree is its folder; a sanitizer build
# is skipped) and PURSE_SOURCE_DIR: ctest -R ops.debian.
set -euo pipefail

: "${PURSE_TEST_DATABASE_URL:?set PURSE_TEST_DATABASE_URL}"
: "${PURSE_SERVER_BIN:?set PURSE_SERVER_BIN}"
: "${PURSE_SOURCE_DIR:?set PURSE_SOURCE_DIR}"

say() { echo "debian_package: $*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
  if sudo -n true 2>/dev/null; then exec sudo -n --preserve-env bash "$0" "$@"; fi
  fail "needs root or password-less sudo (dpkg -i, the user purse)"
fi
build_dir=$(cd "$(dirname "$PURSE_SERVER_BIN")" && pwd)
[ -f "$build_dir/CMakeCache.txt" ] || fail "$build_dir is not a CMake build tree"
if grep -q '^PURSE_SANITIZE:BOOL=ON$' "$build_dir/CMakeCache.txt"; then
  say "skipped: $build_dir is a sanitizer build, which no package ships"
  echo "0 passed, 0 failed"
  exit 0
fi
for tool in dpkg-buildpackage dh lintian help2man setpriv curl; do
  command -v "$tool" >/dev/null \
    || fail "$tool missing (deploy/install-deps.sh test installs it)"
done

# One run at a time on this machine: the package is installed system-wide.
exec 9>/tmp/purse-debian-package-test.lock
flock -w 240 9 || fail "another run holds /tmp/purse-debian-package-test.lock"

if dpkg-query -W -f='${Status}' purse 2>/dev/null | grep -qv 'not-installed'; then
  fail "the package purse is on this machine already; the test would replace and purge it"
fi
[ ! -e /etc/purse ] \
  || fail "/etc/purse exists (an installation by hand?); purging the test's package would delete it"

work=$(mktemp -d /tmp/purse-debian-package.XXXXXX)
installed=0 user_existed=0 server_pid=""
id purse >/dev/null 2>&1 && user_existed=1

# shellcheck disable=SC2317  # called through the EXIT trap
cleanup() {
  if [ -n "$server_pid" ]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "$installed" = 1 ]; then
    dpkg --purge purse >/dev/null 2>&1 || say "cleanup: dpkg --purge purse failed"
  fi
  if [ "$user_existed" = 0 ] && id purse >/dev/null 2>&1; then
    userdel purse 2>/dev/null || true
    groupdel purse 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# -- build -------------------------------------------------------------------
# The working tree's files (committed or not, not ignored), no build trees.
mkdir "$work/src"
if git -C "$PURSE_SOURCE_DIR" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$PURSE_SOURCE_DIR" && git ls-files -z --cached --others --exclude-standard \
     | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
     | tar --null -T - -cf -) | tar -xf - -C "$work/src"
else
  (cd "$PURSE_SOURCE_DIR" && tar --exclude='./build*' --exclude=node_modules \
     --exclude=./var -cf - .) | tar -xf - -C "$work/src"
fi
[ -x "$work/src/debian/rules" ] || fail "no debian/rules in the source"

started=$SECONDS
# -d: nothing is compiled, so the build dependencies need not be installed.
if ! (cd "$work/src" && PURSE_DEB_PREBUILT=$build_dir \
        dpkg-buildpackage -us -uc -b -d >"$work/build.log" 2>&1); then
  tail -40 "$work/build.log" >&2
  fail "dpkg-buildpackage"
fi
deb=$(ls "$work"/purse_*_*.deb)
say "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) in $((SECONDS - started)) s"

# -- lintian -------------------------------------------------------------------
# Exit status 1: tags at its fail-on level (errors), looked at below;
# anything above: lintian itself failed.
rc=0
lintian --tag-display-limit 0 "$work"/purse_*.changes >"$work/lintian.txt" 2>"$work/lintian.err" \
  || rc=$?
grep -v 'running with root privileges' "$work/lintian.err" >&2 || true
[ "$rc" -le 1 ] || fail "lintian exited $rc"
if grep -q '^E: ' "$work/lintian.txt"; then
  cat "$work/lintian.txt" >&2
  fail "lintian reports errors"
fi
unlisted=""
while read -r tag; do
  grep -qF "\`$tag\`" "$work/src/debian/README.source" || unlisted+=" $tag"
done < <(sed -n -E 's/^W: [^:]+: ([a-z0-9.+-]+).*/\1/p' "$work/lintian.txt" | sort -u)
if [ -n "$unlisted" ]; then
  cat "$work/lintian.txt" >&2
  fail "lintian warnings that debian/README.source does not list:$unlisted"
fi
say "lintian: no errors, warnings: $(grep -c '^W: ' "$work/lintian.txt" || true) (all listed)"

# -- install ---------------------------------------------------------------------
installed=1
DEBIAN_FRONTEND=noninteractive dpkg -i "$deb" >"$work/install.log" 2>&1 \
  || { cat "$work/install.log" >&2; fail "dpkg -i"; }

uid=$(id -u purse) || fail "no user purse after installation"
[ "$uid" -lt 1000 ] || fail "purse is not a system user (uid $uid)"
dpkg-query -W -f='${Conffiles}\n' purse | grep -q '^ /etc/purse/purse.env ' \
  || fail "/etc/purse/purse.env is not a conffile"
[ "$(stat -c '%a %U %G' /etc/purse/purse.env)" = "640 root purse" ] \
  || fail "/etc/purse/purse.env is $(stat -c '%a %U %G' /etc/purse/purse.env), not 640 root purse"
[ "$(stat -c '%a %U %G' /etc/purse)" = "750 root purse" ] \
  || fail "/etc/purse is $(stat -c '%a %U %G' /etc/purse), not 750 root purse"
unit=/lib/systemd/system/purse.service
[ -f "$unit" ] || fail "no $unit"
grep -qx 'ExecStart=/usr/bin/purse-server' "$unit" \
  || fail "the installed unit does not run /usr/bin/purse-server: $(grep '^ExecStart=' "$unit")"
grep -qx 'ExecStartPre=/usr/bin/purse-admin migrate' "$unit" \
  || fail "the installed unit does not migrate with /usr/bin/purse-admin"
[ "$(readlink /etc/systemd/system/multi-user.target.wants/purse.service)" = "$unit" ] \
  || fail "the unit is not enabled"
# Not started: postinst never starts the unit (it only try-restarts it,
# which starts nothing, on an upgrade), and no server runs as purse now.
starts=$(grep -E 'deb-systemd-invoke|systemctl' /var/lib/dpkg/info/purse.postinst \
           | grep -Ev 'deb-systemd-invoke try-restart |systemctl --system daemon-reload' || true)
[ -z "$starts" ] || fail "postinst may start the unit: $starts"
! pgrep -u purse >/dev/null || fail "something runs as purse right after installation"
if command -v systemd-analyze >/dev/null; then
  out=$(systemd-analyze verify --man=no "$unit" 2>&1) || fail "systemd-analyze verify: $out"
  [ -z "$out" ] || fail "systemd-analyze verify complained: $out"
fi
for f in /usr/bin/purse-server /usr/bin/purse-admin \
         /usr/share/purse/openapi/openapi.json /usr/share/purse/docs/index.html \
         /usr/share/doc/purse/copyright /usr/share/doc/purse/OPERATIONS.md \
         /usr/share/man/man1/purse-server.1.gz /usr/share/man/man1/purse-admin.1.gz; do
  [ -f "$f" ] || fail "the package has no $f"
done
grep -qx 'PURSE_DOCS_DIR=/usr/share/purse/docs' /etc/purse/purse.env \
  || fail "/etc/purse/purse.env does not name /usr/share/purse/docs"

# One version: the package's (before the Debian revision) is the binaries'.
pkg_version=$(dpkg-query -W -f='${Version}' purse)
for bin in purse-server purse-admin; do
  got=$(/usr/bin/$bin --version | awk '{ print $2 }')
  [ "$got" = "${pkg_version%-*}" ] || fail "$bin --version says $got, the package ${pkg_version}"
done

# -- configure, migrate, serve ---------------------------------------------------
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=""
for p in $(shuf -i 19100-19199 -n 100); do
  if port_free "$p"; then port=$p; break; fi
done
[ -n "$port" ] || fail "no free port in 19100-19199"
# As an operator would edit it: the database (double-quoted, systemd's
# syntax), a loopback listener without TLS; the file keeps its inode, owner
# and mode.
url=${PURSE_TEST_DATABASE_URL//\\/\\\\}
url=${url//\"/\\\"}
sed -e '/^PURSE_DATABASE_URL=/d' -e '/^PURSE_TLS_\(CERT\|KEY\)=/d' \
    -e "s|^PURSE_LISTEN=.*|PURSE_LISTEN=127.0.0.1:$port|" \
    /etc/purse/purse.env >"$work/purse.env"
printf 'PURSE_DATABASE_URL="%s"\nPURSE_INSECURE_HTTP=1\n' "$url" >>"$work/purse.env"
cat "$work/purse.env" >/etc/purse/purse.env

# As the user purse, with the configuration from the file alone.
# The installed page gets a mark no other copy of it has (a build tree's),
# so only the installed page can answer with it.
echo "<!-- debian_package test $$ -->" >>/usr/share/purse/docs/index.html

# (An array, not a function: started with &, $! is then the server itself.)
as_purse=(env -C / -u PURSE_DATABASE_URL -u PURSE_LISTEN -u PURSE_DOCS_DIR
          setpriv --reuid=purse --regid=purse --init-groups --)
migrated=$("${as_purse[@]}" /usr/bin/purse-admin --env-file /etc/purse/purse.env migrate) \
  || fail "purse-admin --env-file /etc/purse/purse.env migrate"
schema=$(/usr/bin/purse-server --version | sed -n -E 's/.*schema ([0-9]+).*/\1/p')
[ "$migrated" = "{\"schema_version\":$schema}" ] \
  || fail "migrate printed $migrated, not schema $schema"
say "migrate as purse: $migrated"

# (9>&-: the server must not hold the lock.)
"${as_purse[@]}" /usr/bin/purse-server --env-file /etc/purse/purse.env 2>"$work/server.log" 9>&- &
server_pid=$!
ready=0
for _ in $(seq 150); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then ready=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
[ "$ready" = 1 ] || { cat "$work/server.log" >&2; fail "the installed server did not become ready"; }
[ "$(ps -o user= -p "$server_pid")" = purse ] || fail "the server does not run as purse"

api=http://127.0.0.1:$port/api/public/v1
code=$(curl -sS -o "$work/docs.html" -w '%{http_code}' "$api/docs")
[ "$code" = 200 ] || fail "GET /api/public/v1/docs answered $code"
cmp -s "$work/docs.html" /usr/share/purse/docs/index.html \
  || fail "/api/public/v1/docs is not the installed /usr/share/purse/docs/index.html"
asset=$(grep -o '/api/public/v1/docs/swagger-ui-bundle\.[0-9a-f]*\.js' "$work/docs.html" | head -1)
[ -n "$asset" ] || fail "the page names no swagger-ui-bundle"
code=$(curl -sS -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$asset")
[ "$code" = 200 ] || fail "GET $asset answered $code"
curl -fsS -o "$work/openapi.json" "$api/openapi.json" || fail "GET /api/public/v1/openapi.json"
cmp -s "$work/openapi.json" /usr/share/purse/openapi/openapi.json \
  || fail "/api/public/v1/openapi.json is not the installed openapi.json"
say "the installed server on :$port serves the installed /docs and openapi.json"

kill -TERM "$server_pid"
wait "$server_pid" || fail "the server did not exit 0 on SIGTERM"
server_pid=""

# -- remove keeps the configuration, purge deletes it -----------------------------------
dpkg --remove purse >"$work/remove.log" 2>&1 || { cat "$work/remove.log" >&2; fail "dpkg --remove"; }
[ ! -e /usr/bin/purse-server ] || fail "dpkg --remove left /usr/bin/purse-server"
cmp -s /etc/purse/purse.env "$work/purse.env" || fail "dpkg --remove did not keep /etc/purse/purse.env"
[ "$(stat -c '%a %U %G' /etc/purse/purse.env)" = "640 root purse" ] \
  || fail "after dpkg --remove /etc/purse/purse.env is $(stat -c '%a %U %G' /etc/purse/purse.env)"
dpkg --purge purse >"$work/purge.log" 2>&1 || { cat "$work/purge.log" >&2; fail "dpkg --purge"; }
installed=0
[ ! -e /etc/purse ] || fail "dpkg --purge left /etc/purse"
! dpkg-statoverride --list | grep -q ' /etc/purse' || fail "dpkg --purge left a statoverride"
[ ! -L /etc/systemd/system/multi-user.target.wants/purse.service ] \
  || fail "dpkg --purge left the unit enabled"
say "remove kept /etc/purse, purge deleted it"
echo "1 passed, 0 failed"
