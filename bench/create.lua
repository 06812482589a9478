-- SPDX-License-Identifier: GPL-2.0-or-later
-- wrk script: POST a transaction, rotating per request over (key, account)
-- pairs, i.e. over users. BENCH_KEYS names a file with one "token
-- account_id" pair per line; with a single line every request goes to one
-- scope. Amounts and times are random (2 decimals, within ~2 years).
--
--   BENCH_KEYS=writers.txt wrk -t2 -c64 -d20s --latency -s bench/create.lua \
--     http://127.0.0.1:25510/api/public/v1/me/transactions

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "common.lua")

local records
local n = 0
local now = os.time()

function init(args)
  records = read_records(os.getenv("BENCH_KEYS"))
  -- Each thread starts at its own offset so threads do not walk in step.
  n = id * math.max(1, math.floor(#records / 2))
  math.randomseed(os.time() + id * 7919)
end

function request()
  n = n + 1
  local rec = records[(n % #records) + 1]
  local flow = (n % 10 == 0) and "income" or "expense"
  local body = string.format(
    '{"account_id":"%s","flow_type":"%s","amount":%d.%02d,'
      .. '"currency_code":"USD",'
      .. '"transaction_at":"%s"}',
    rec[2], flow, math.random(1, 500), math.random(0, 99),
    os.date("!%Y-%m-%dT%H:%M:%SZ", now - math.random(0, 63072000)))
  return wrk.format("POST", nil, {
    ["Authorization"] = "Bearer " .. rec[1],
    ["Content-Type"] = "application/json",
    ["Accept"] = "application/json",
  }, body)
end
