-- SPDX-License-Identifier: GPL-2.0-or-later
-- Shared by bench/list.lua and bench/create.lua (loaded with dofile).
--
-- Every wrk thread has its own Lua state. Each thread counts responses by
-- HTTP status in response(); done() adds the threads' counts up and prints
-- one machine-readable RESULT line that bench/run.sh parses:
--
--   RESULT requests=N rps=X p50_ms=X p90_ms=X p99_ms=X max_ms=X
--          non2xx=N socket_errors=N statuses=200:N,429:N,...
--
-- wrk's own "Non-2xx or 3xx responses" line is printed as well; the two
-- must agree.

local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

-- Reads a file of whitespace-separated fields, one record per line.
function read_records(path)
  assert(path and path ~= "", "set BENCH_KEYS to the records file")
  local out = {}
  for line in io.lines(path) do
    local rec = {}
    for field in line:gmatch("%S+") do
      table.insert(rec, field)
    end
    if #rec > 0 then
      table.insert(out, rec)
    end
  end
  assert(#out > 0, "no records in " .. path)
  return out
end

-- Per-thread status counts, read back by done() with thread:get.
statuses = {}

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  local non2xx = 0
  for _, t in ipairs(threads) do
    local s = t:get("statuses") or {}
    for code, n in pairs(s) do
      total[code] = (total[code] or 0) + n
      if code < 200 or code > 299 then
        non2xx = non2xx + n
      end
    end
  end
  local codes = {}
  for code in pairs(total) do
    table.insert(codes, code)
  end
  table.sort(codes)
  local parts = {}
  for _, code in ipairs(codes) do
    table.insert(parts, code .. ":" .. total[code])
  end
  local e = summary.errors
  local socket_errors = e.connect + e.read + e.write + e.timeout
  local secs = summary.duration / 1e6
  io.write(string.format(
    "RESULT requests=%d rps=%.1f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f"
      .. " max_ms=%.2f non2xx=%d socket_errors=%d statuses=%s\n",
    summary.requests, summary.requests / secs,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000,
    non2xx, socket_errors, table.concat(parts, ",")))
end
