// SPDX-License-Identifier: GPL-2.0-or-later
#include "key_lifecycle.hpp"

#include <optional>

#include "purse/actors/api_key.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/roles.hpp"
#include "purse/actors/timestamp.hpp"
#include "purse/actors/utf8.hpp"

namespace purse::keys {

using namespace persistence;

outcome<new_key> create(store& st, const std::string& user_id,
                        std::int64_t days, const std::string& name,
                        const std::string& audience) {
  auto invalid = [](std::string field, std::string message) {
    return refused(errc::unprocessable, std::move(field), std::move(message));
  };
  if (days < 1 || days > max_days)
    return invalid("days", "must be from 1 to 365");
  if (audience != "public-api" && audience != "app")
    return invalid("audience", "must be public-api or app");
  if (name.size() > max_name_bytes)
    return invalid("name", "must be at most 100 bytes");
  if (!valid_utf8(name) || name.find('\0') != std::string::npos)
    return invalid("name", "must be UTF-8 text without NUL characters");
  auto key = generate_api_key(user_id);
  new_key out;
  auto& row = out.row;
  row.id = new_id();
  row.lookup_id = key.lookup_id;
  row.secret_hash = key.secret_hash;
  row.user_id = user_id;
  row.name = name;
  row.audience = audience;
  row.created_at = now_seconds();
  row.expires_at = row.created_at + days * 86'400;
  std::optional<failure> refusal;
  st.write([&](session& s) {
    user_row u;
    if (!s.find(user_id, u)) {
      refusal = refused(errc::not_found, "no user with id " + user_id);
      return;
    }
    // Keys are created only on a paid plan (a later downgrade keeps them,
    // and they answer 402 until the user upgrades again).
    if (!plan_has_api(u.plan)) {
      refusal = refused(errc::payment_required,
                        "the user is on the " + u.plan
                          + " plan; API keys need Solo or Family");
      return;
    }
    s.insert(row);
  });
  if (refusal)
    return std::move(*refusal);
  out.secret = std::move(key.secret);
  return out;
}

outcome<std::int64_t> revoke(store& st, const std::string& key_id,
                             const std::string& owner) {
  auto at = now_seconds();
  bool found = false;
  st.write([&](session& s) {
    api_key_row k;
    found = s.find(key_id, k) && (owner.empty() || k.user_id == owner);
    if (!found)
      return;
    if (k.revoked_at == 0) {
      k.revoked_at = at;
      s.update(k);
    } else {
      at = k.revoked_at;
    }
  });
  if (!found)
    return refused(errc::not_found, "no key with id " + key_id);
  return at;
}

} // namespace purse::keys
