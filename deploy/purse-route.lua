-- SPDX-License-Identifier: GPL-2.0-or-later
-- haproxy (2.6, Lua 5.3): sends each request with a Purse API key to the
-- cluster node that serves the key, so that no call crosses a node link.
--
-- The nodes place keys and scopes by a three-character placement tag:
-- a key's tag is the first three characters of its lookup id
-- ("Bearer purse_" + lookup id + ...), and a new key carries its user's
-- tag there, so the node that serves the key also serves the user's own
-- records. The owner of a tag is the member of highest weight, the
-- weight of member M for tag T being the first 8 bytes of
-- SHA-256(M, NUL, T) read as an unsigned big-endian number (ties: the
-- smaller id) -- exactly purse::owner_of(). The members are the servers
-- of the backend whose health check passes (GET /readyz: 200 only while
-- the node is a live member), and each server's name is its node's
-- --node-id.
--
-- The action sets txn.purse_node to the owner's name; deploy/haproxy.cfg
-- picks that server with use-server. Requests without a key (or with a
-- malformed one), and requests whose owner is down, keep the backend's
-- balance algorithm: any node serves any request, handing it to the owner
-- over the cluster link when the views differ for a moment.

local BACKEND = "purse_nodes"
-- How often the set of live servers is read again (seconds).
local REFRESH = 0.2
-- Owners remembered per tag between two changes of the live servers (at
-- most; 62^3 tags exist).
local MAX_REMEMBERED = 65536

local members = {}       -- names of the live servers, sorted
local signature = ""     -- members joined, to notice a change
local read_at = -1       -- when members was read (seconds)
local owners = {}        -- tag -> owner under members
local remembered = 0

local function now()
  local t = core.now()
  return t.sec + t.usec / 1e6
end

local function live(server)
  local status = server:get_stats()["status"] or ""
  return status == "no check" or status:sub(1, 2) == "UP"
end

local function read_members()
  local backend = core.backends[BACKEND]
  local names = {}
  if backend then
    for name, server in pairs(backend.servers) do
      if live(server) then
        names[#names + 1] = name
      end
    end
  end
  table.sort(names)
  local joined = table.concat(names, ",")
  if joined ~= signature then
    members, signature = names, joined
    owners, remembered = {}, 0
  end
end

-- The member of highest weight for tag (nil: no live member).
local function owner_of(txn, tag)
  local best, best_weight
  for _, name in ipairs(members) do
    local digest = txn.c:sha2(name .. "\0" .. tag, 256)
    local weight = string.unpack(">I8", digest)
    if best == nil or math.ult(best_weight, weight)
        or (weight == best_weight and name < best) then
      best, best_weight = name, weight
    end
  end
  return best
end

core.register_action("purse_route", { "http-req" }, function(txn)
  local at = now()
  if at - read_at >= REFRESH or at < read_at then
    read_at = at
    read_members()
  end
  local auth = txn.http:req_get_headers()["authorization"]
  local header = auth and auth[0]
  if not header then
    return
  end
  local tag = header:match("^[Bb][Ee][Aa][Rr][Ee][Rr]%s+purse_(%w%w%w)")
  if not tag then
    return
  end
  local owner = owners[tag]
  if owner == nil then
    owner = owner_of(txn, tag)
    if owner == nil then
      return
    end
    if remembered >= MAX_REMEMBERED then
      owners, remembered = {}, 0
    end
    owners[tag] = owner
    remembered = remembered + 1
  end
  txn:set_var("txn.purse_node", owner)
end)
