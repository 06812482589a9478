-- SPDX-License-Identifier: GPL-2.0-or-later
-- POST a transaction to the path given to wrk, rotating over "token account_id currency" records in PERF_KEYS.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "records.lua")
local recs, n
function init(args) recs = read_records(os.getenv("PERF_KEYS")); n = id * 7 end
function request()
  n = n + 1
  local r = recs[(n % #recs) + 1]
  local body = string.format('{"account_id":"%s","flow_type":"expense","amount":%d.%02d,"currency_code":"%s","description":"perf %d","transaction_at":"2026-%02d-%02dT12:00:00Z"}',
    r[2], 1 + n % 500, n % 100, r[3], n, 1 + n % 10, 1 + n % 28)
  return wrk.format("POST", nil, { ["Authorization"] = "Bearer " .. r[1], ["Content-Type"] = "application/json", ["Accept"] = "application/json" }, body)
end
