-- SPDX-License-Identifier: GPL-2.0-or-later
-- Shared by the wrk scripts (loaded with dofile): read whitespace-separated records, print one
-- RESULT line: rps, requests, p50/p99 in ms, bad (statuses >= 300 and socket errors), statuses.
local threads = {}
local next_id = 0
function setup(thread)
  thread:set("id", next_id); next_id = next_id + 1
  table.insert(threads, thread)
end
function read_records(path)
  local out = {}
  for line in io.lines(path) do
    local rec = {}
    for f in line:gmatch("%S+") do table.insert(rec, f) end
    if #rec > 0 then table.insert(out, rec) end
  end
  return out
end
statuses = {}
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
function done(summary, latency, requests)
  local counts = {}
  for _, t in ipairs(threads) do
    local s = t:get("statuses")
    for k, v in pairs(s) do counts[k] = (counts[k] or 0) + v end
  end
  local parts, bad = {}, 0
  for k, v in pairs(counts) do
    table.insert(parts, k .. ":" .. v)
    if k >= 300 then bad = bad + v end
  end
  io.write(string.format("RESULT rps=%.1f requests=%d p50_ms=%.2f p99_ms=%.2f bad=%d statuses=%s\n",
    summary.requests / (summary.duration / 1e6), summary.requests, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, bad + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout, table.concat(parts, ",")))
end
