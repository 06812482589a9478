-- SPDX-License-Identifier: GPL-2.0-or-later
-- GET the path given to wrk, rotating over the bearer tokens in PERF_KEYS (one per line).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "records.lua")
local keys, n
function init(args) keys = read_records(os.getenv("PERF_KEYS")); n = id * 7 end
function request()
  n = n + 1
  return wrk.format("GET", nil, { ["Authorization"] = "Bearer " .. keys[(n % #keys) + 1][1], ["Accept"] = "application/json" })
end
