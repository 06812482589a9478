#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Installs the browser tests' one npm package (playwright-core, which drives
# Debian's chromium; it downloads no browser) and runs the developer
# settings page's tests in headless Chromium. Screenshots of every page
# state go to tests/browser/test-artifacts/.
#
# Needs: PURSE_TEST_DATABASE_URL (a migrated PostgreSQL), the built
# purse-server and purse-admin (PURSE_SERVER_BIN / PURSE_ADMIN_BIN, default
# ../../build/), psql, and chromium (CHROMIUM_PATH, default /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
export PURSE_SERVER_BIN="${PURSE_SERVER_BIN:-$here/../../build/purse-server}"
export PURSE_ADMIN_BIN="${PURSE_ADMIN_BIN:-$here/../../build/purse-admin}"
echo "browser: npm ci"
npm ci --no-audit --no-fund
mkdir -p test-artifacts
status=0
node --test --test-concurrency=1 test/*.test.mjs || status=$?
echo "browser: settings page tests exited with $status (screenshots in $here/test-artifacts)"
exit "$status"
