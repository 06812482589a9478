#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Writers for a create load (bench/threads.sh, bench/migrate_stall.sh):
#
#   PURSE_DATABASE_URL=postgresql://… bash bench/make_writers.sh ADMIN NAME FILE
#
# 64 users on the Solo plan (ADMIN: a purse-admin), each with a key valid
# for a day and one USD account; appends "token account_id" per user to
# FILE, the records bench/create.lua reads. NAME goes into their e-mail
# addresses and keys' names.
set -euo pipefail

ADMIN=${1:?usage: make_writers.sh PURSE_ADMIN NAME FILE}
NAME=${2:?usage: make_writers.sh PURSE_ADMIN NAME FILE}
FILE=${3:?usage: make_writers.sh PURSE_ADMIN NAME FILE}
URL=${PURSE_DATABASE_URL:?set PURSE_DATABASE_URL}

for w in $(seq 1 64); do
  uid=$("$ADMIN" user create --email "$NAME-$w-$$@bench.invalid" \
    --plan solo | sed -E 's/.*"id":"([^"]*)".*/\1/')
  tok=$("$ADMIN" key create --user "$uid" --days 1 --name "$NAME" \
    | sed -E 's/.*"secret":"([^"]*)".*/\1/')
  now=$(date +%s)
  acc=$(psql "$URL" -X -qAt -v ON_ERROR_STOP=1 -c "INSERT INTO accounts
      (id, scope_id, name, type, currency_code, opening_balance_minor,
      balance_minor, archived, created_at, updated_at) VALUES
      (gen_random_uuid()::text, '$uid', 'Main', 'checking', 'USD', 0, 0,
      false, $now, $now) RETURNING id" | head -n 1)
  echo "$tok $acc" >>"$FILE"
done
