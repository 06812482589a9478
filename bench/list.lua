-- SPDX-License-Identifier: GPL-2.0-or-later
-- wrk script: GET the transaction list, rotating over several API keys of
-- the same user (one key per request, round robin, each thread starting at
-- a different key). BENCH_KEYS names a file with one token per line.
--
--   BENCH_KEYS=keys.txt wrk -t2 -c64 -d20s --latency -s bench/list.lua \
--     http://127.0.0.1:25510/api/public/v1/me/transactions

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "common.lua")

local keys
local n = 0

function init(args)
  keys = read_records(os.getenv("BENCH_KEYS"))
  n = id * 7 -- spread the threads over the keys
end

function request()
  n = n + 1
  local token = keys[(n % #keys) + 1][1]
  return wrk.format("GET", nil, {
    ["Authorization"] = "Bearer " .. token,
    ["Accept"] = "application/json",
  })
end
