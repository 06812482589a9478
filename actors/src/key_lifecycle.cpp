// SPDX-License-Identifier: GPL-2.0-or-later
#include "key_lifecycle.hpp"

#include "purse/actors/api_key.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/roles.hpp"
#include "purse/actors/timestamp.hpp"
#include "purse/actors/utf8.hpp"

namespace purse::keys {

using namespace persistence;

created create(store& st, const std::string& user_id, std::int64_t days,
               const std::string& name, const std::string& audience) {
  created out;
  auto refuse = [&](std::string field, std::string message) {
    out.field = std::move(field);
    out.error = std::move(message);
    return out;
  };
  if (days < 1 || days > max_days)
    return refuse("days", "must be from 1 to 365");
  if (audience != "public-api" && audience != "app")
    return refuse("audience", "must be public-api or app");
  if (name.size() > max_name_bytes)
    return refuse("name", "must be at most 100 bytes");
  if (!valid_utf8(name) || name.find('\0') != std::string::npos)
    return refuse("name", "must be UTF-8 text without NUL characters");
  auto key = generate_api_key();
  auto& row = out.row;
  row.id = new_id();
  row.lookup_id = key.lookup_id;
  row.secret_hash = key.secret_hash;
  row.user_id = user_id;
  row.name = name;
  row.audience = audience;
  row.created_at = now_seconds();
  row.expires_at = row.created_at + days * 86'400;
  st.write([&](session& s) {
    user_row u;
    if (!s.find(user_id, u)) {
      out.error = "no user with id " + user_id;
      return;
    }
    // Keys are created only on a paid plan (a later downgrade keeps them,
    // and they answer 402 until the user upgrades again).
    if (!plan_has_api(u.plan)) {
      out.plan_refused = true;
      out.error = "the user is on the " + u.plan
                  + " plan; API keys need Solo or Family";
      return;
    }
    s.insert(row);
  });
  if (!out.error.empty())
    return out;
  out.ok = true;
  out.secret = std::move(key.secret);
  return out;
}

revoked revoke(store& st, const std::string& key_id, const std::string& owner) {
  revoked out;
  out.at = now_seconds();
  st.write([&](session& s) {
    api_key_row k;
    out.found = s.find(key_id, k) && (owner.empty() || k.user_id == owner);
    if (!out.found)
      return;
    if (k.revoked_at == 0) {
      k.revoked_at = out.at;
      s.update(k);
    } else {
      out.at = k.revoked_at;
    }
  });
  return out;
}

} // namespace purse::keys
