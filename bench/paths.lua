-- SPDX-License-Identifier: GPL-2.0-or-later
-- wrk script: GET a different path per request, rotating over the lines of
-- the file BENCH_PATHS (one path with its query string per line, e.g.
-- /api/public/v1/me/reports/total-spending?from=2025-11-03&tz=Europe/Paris),
-- with the first token of BENCH_KEYS as the API key (keys rotated as in
-- list.lua when the file has several). bench/reports.sh uses it for the
-- "varied" runs, where no two consecutive requests are identical.
--
--   BENCH_KEYS=keys.txt BENCH_PATHS=paths.txt wrk -t2 -c16 -d20s --latency \
--     -s bench/paths.lua http://127.0.0.1:25530

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "common.lua")

local keys
local paths
local n = 0

function init(args)
  keys = read_records(os.getenv("BENCH_KEYS"))
  paths = read_records(os.getenv("BENCH_PATHS"))
  n = id * math.max(1, math.floor(#paths / 2)) -- threads start apart
end

function request()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1][1], {
    ["Authorization"] = "Bearer " .. keys[(n % #keys) + 1][1],
    ["Accept"] = "application/json",
  })
end
