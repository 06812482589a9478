// SPDX-License-Identifier: GPL-2.0-or-later
// The changes feed: a mirror that follows it in small pages holds exactly
// what the list endpoints show, in both scopes, whatever random sequence of
// creates, updates, voids, deletes, attachments and detachments happened
// in between, also across a server restart; its parameters, its 410 after
// pruning, its roles and its rate-limit cost.

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <thread>
#include <utility>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "support/e2e.hpp"
#include "support/property.hpp"

using namespace purse::test;

namespace {

/// The feed's key of a record: its type and id.
using record_key = std::pair<std::string, std::string>;

/// A JSON value as compact text (numbers stay their source text).
std::string text_of(const rapidjson::Value& v) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  v.Accept(w);
  return {buf.GetString(), buf.GetSize()};
}

/// A feed's path in a scope, with its query.
std::string changes_path(const std::string& scope, const std::string& since,
                         int per_page) {
  auto path = v1(scope + "/changes?per_page=" + std::to_string(per_page));
  if (!since.empty())
    path += "&since=" + since;
  return path;
}

/// A client's copy of a scope, kept up to date by reading the feed.
struct mirror {
  std::string scope;
  std::string cursor;
  std::map<record_key, std::string> records;

  /// Reads up to `pages` pages (-1: until has_more is false) of
  /// `per_page` entries; returns whether the feed was read to its end.
  bool follow(const http_client& client, const std::string& key, int per_page,
              int pages = -1) {
    for (int n = 0; pages < 0 || n < pages; ++n) {
      auto r = client.get(changes_path(scope, cursor, per_page), key);
      BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
      auto d = r.json();
      auto& data = d["data"];
      auto& items = data["items"];
      BOOST_REQUIRE(items.IsArray());
      BOOST_REQUIRE(items.Size() <= static_cast<unsigned>(per_page));
      std::set<record_key> seen;
      for (auto& item : items.GetArray()) {
        record_key k{item["type"].GetString(), item["id"].GetString()};
        BOOST_TEST(seen.insert(k).second, "a record twice on one page");
        BOOST_TEST(item["changed_at"].IsString());
        if (item["deleted"].GetBool()) {
          BOOST_TEST(item["record"].IsNull());
          records.erase(k);
        } else {
          BOOST_REQUIRE(item["record"].IsObject());
          BOOST_TEST(std::string{item["record"]["id"].GetString()} == k.second);
          records[k] = text_of(item["record"]);
        }
      }
      cursor = data["next_cursor"].GetString();
      if (!data["has_more"].GetBool())
        return true;
    }
    return false;
  }
};

/// Every record of a scope as its list endpoints show it.
std::map<record_key, std::string> listed(const http_client& client,
                                         const std::string& key,
                                         const std::string& scope) {
  std::map<record_key, std::string> out;
  const std::pair<const char*, const char*> lists[]
    = {{"transaction", "/transactions?include_voided=true&"},
       {"account", "/accounts?"},
       {"category", "/categories?"},
       {"tag", "/tags?"},
       {"file", "/files?"}};
  for (auto [type, path] : lists) {
    for (int page = 1;; ++page) {
      auto r = client.get(
        v1(scope + path + "per_page=100&page=" + std::to_string(page)), key);
      BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
      auto d = r.json();
      for (auto& item : d["data"]["items"].GetArray())
        out[{type, item["id"].GetString()}] = text_of(item);
      if (!d["data"]["pagination"]["has_more"].GetBool())
        break;
    }
  }
  return out;
}

/// The feed lists a change once every database transaction older than it
/// has ended, and the server's own background work (the rollup folder,
/// keys' last use) writes now and then: a change may show a moment after
/// its write answered. Reads `get` until `done` holds, for 5 s at most.
response settled(const std::function<response()>& get,
                 const std::function<bool(const response&)>& done) {
  auto r = get();
  for (int i = 0; i < 50 && !done(r); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    r = get();
  }
  return r;
}

/// Reads the mirror to the feed's end and compares it with the lists
/// (again while a change may still be held back, see settled()).
void check_in_sync(mirror& m, const http_client& client, const std::string& key,
                   int per_page) {
  m.follow(client, key, per_page);
  auto truth = listed(client, key, m.scope);
  for (int i = 0; i < 50 && m.records != truth; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    m.follow(client, key, per_page);
    truth = listed(client, key, m.scope);
  }
  BOOST_TEST(m.records.size() == truth.size());
  for (auto& [k, text] : truth) {
    auto found = m.records.find(k);
    BOOST_TEST_CONTEXT(k.first << " " << k.second) {
      BOOST_REQUIRE(found != m.records.end());
      BOOST_TEST(found->second == text);
    }
  }
  for (auto& [k, text] : m.records)
    BOOST_TEST_CONTEXT(k.first << " " << k.second) {
      BOOST_TEST(truth.count(k) == 1u);
    }
}

/// A Family user with a key, and a team they own (room for the random
/// sequence in both scopes).
struct family_owner {
  user_with_key owner = make_user("family");
  std::string team = admin_field(
    {"team", "create", "--name", "Changes", "--owner", owner.id}, "id");
};

/// The ids a random sequence may act on, per kind.
struct known_ids {
  std::vector<std::string> accounts, categories, tags, transactions, files;
};

/// Removes `id` from `ids`.
void forget(std::vector<std::string>& ids, const std::string& id) {
  ids.erase(std::remove(ids.begin(), ids.end(), id), ids.end());
}

/// Runs `steps` random writes in a scope, following the feed in small
/// pages at random moments.
void random_writes(std::mt19937_64& rng, const http_client& client,
                   const std::string& key, mirror& m, known_ids& ids,
                   int steps) {
  auto below = [&](std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  };
  auto pick = [&](const std::vector<std::string>& v) -> std::string {
    return v[below(v.size())];
  };
  auto chance = [&](int percent) {
    return static_cast<int>(below(100)) < percent;
  };
  auto subset = [&](const std::vector<std::string>& v) {
    std::string out = "[";
    for (auto& id : v)
      if (chance(30))
        out += (out.size() > 1 ? ",\"" : "\"") + id + "\"";
    return out + "]";
  };
  auto path = [&](const std::string& p) {
    return v1(m.scope + p);
  };
  // Names stay unique across the calls (tags and accounts need it).
  static int counter = 0;
  auto name = [&](const char* prefix) {
    return std::string{prefix} + " " + std::to_string(++counter);
  };
  auto created = [&](const response& r, std::vector<std::string>& into) {
    BOOST_REQUIRE_MESSAGE(r.status == 201, r.body);
    into.push_back(r.at("/data/id"));
  };
  // A write that may be refused (a voided transaction, a record deleted
  // by a cascade): a 404 forgets the id, anything else must have worked.
  auto done = [&](const response& r, std::vector<std::string>& from,
                  const std::string& id) {
    if (r.status == 404)
      forget(from, id);
    else
      BOOST_TEST((r.status == 200 || r.status == 422),
                 r.status << " " << r.body);
  };
  for (int step = 0; step < steps; ++step) {
    if (ids.accounts.size() < 2) {
      created(client.post(path("/accounts"), key,
                          R"({"name":")" + name("Account")
                            + R"(","currency_code":"USD","opening_balance":)"
                            + std::to_string(below(1000)) + "}"),
              ids.accounts);
      continue;
    }
    if (ids.categories.size() < 2) {
      created(client.post(path("/categories"), key,
                          R"({"name":")" + name("Category") + "\"}"),
              ids.categories);
      continue;
    }
    if (chance(12))
      m.follow(client, key, 3 + static_cast<int>(below(5)),
               1 + static_cast<int>(below(3)));
    switch (below(16)) {
      case 0:
      case 1:
      case 2:
      case 3: {
        auto body = R"({"account_id":")" + pick(ids.accounts)
                    + R"(","flow_type":")" + (chance(70) ? "expense" : "income")
                    + R"(","amount":)" + std::to_string(1 + below(500)) + "."
                    + std::to_string(10 + below(90))
                    + R"(,"currency_code":"USD","transaction_at":"2026-03-0)"
                    + std::to_string(1 + below(9)) + R"(T10:00:00Z")";
        if (chance(60))
          body += R"(,"category_id":")" + pick(ids.categories) + "\"";
        if (!ids.tags.empty())
          body += R"(,"tag_ids":)" + subset(ids.tags);
        created(client.post(path("/transactions"), key, body + "}"),
                ids.transactions);
        break;
      }
      case 4: {
        if (ids.transactions.empty())
          break;
        auto id = pick(ids.transactions);
        std::string body = R"({"description":")" + name("Note") + "\"";
        if (chance(50))
          body += R"(,"amount":)" + std::to_string(1 + below(900));
        if (chance(40) && !ids.tags.empty())
          body += R"(,"tag_ids":)" + subset(ids.tags);
        done(client.patch(path("/transactions/" + id), key, body + "}"),
             ids.transactions, id);
        break;
      }
      case 5: {
        if (ids.transactions.empty())
          break;
        auto id = pick(ids.transactions);
        done(client.post(path("/transactions/" + id + "/void"), key, ""),
             ids.transactions, id);
        break;
      }
      case 6: {
        if (ids.transactions.empty())
          break;
        auto id = pick(ids.transactions);
        auto r = client.del(path("/transactions/" + id
                                 + (chance(30) ? "?delete_files=true" : "")),
                            key);
        done(r, ids.transactions, id);
        forget(ids.transactions, id);
        break;
      }
      case 7: {
        std::string body
          = R"({"name":")" + name("receipt")
            + R"(.txt","content_type":"text/plain",)" + R"("content_base64":")"
            + base64("receipt " + std::to_string(counter)) + "\"";
        if (!ids.transactions.empty() && chance(50))
          body += R"(,"transaction_id":")" + pick(ids.transactions) + "\"";
        auto r = client.post(path("/files"), key, body + "}");
        if (r.status == 201)
          ids.files.push_back(r.at("/data/id"));
        else
          BOOST_TEST(r.status == 422, r.body); // a voided or gone transaction
        break;
      }
      case 8: {
        // Attach and detach: the transaction's file_ids replaced.
        if (ids.transactions.empty())
          break;
        auto id = pick(ids.transactions);
        done(client.patch(path("/transactions/" + id), key,
                          R"({"file_ids":)" + subset(ids.files) + "}"),
             ids.transactions, id);
        break;
      }
      case 9: {
        if (ids.files.empty())
          break;
        auto id = pick(ids.files);
        done(client.del(path("/files/" + id), key), ids.files, id);
        forget(ids.files, id);
        break;
      }
      case 10: {
        if (chance(60) || ids.tags.empty()) {
          created(client.post(path("/tags"), key,
                              R"({"name":")" + name("tag") + "\"}"),
                  ids.tags);
          break;
        }
        auto id = pick(ids.tags);
        if (chance(50)) {
          done(client.patch(path("/tags/" + id), key,
                            R"({"name":")" + name("renamed") + "\"}"),
               ids.tags, id);
        } else {
          done(client.del(path("/tags/" + id), key), ids.tags, id);
          forget(ids.tags, id);
        }
        break;
      }
      case 11: {
        if (chance(50)) {
          created(client.post(path("/categories"), key,
                              R"({"name":")" + name("Category") + "\"}"),
                  ids.categories);
          break;
        }
        auto id = pick(ids.categories);
        done(client.patch(path("/categories/" + id), key,
                          R"({"name":")" + name("Renamed") + "\"}"),
             ids.categories, id);
        break;
      }
      case 12: {
        // A category deleted, its transactions moved to another.
        auto id = pick(ids.categories);
        auto to = pick(ids.categories);
        if (id == to)
          break;
        done(client.del(path("/categories/" + id + "?reassign_to=" + to), key),
             ids.categories, id);
        forget(ids.categories, id);
        break;
      }
      case 13: {
        if (chance(60)) {
          created(client.post(path("/accounts"), key,
                              R"({"name":")" + name("Account")
                                + R"(","currency_code":"USD"})"),
                  ids.accounts);
          break;
        }
        auto id = pick(ids.accounts);
        done(client.patch(path("/accounts/" + id), key,
                          R"({"name":")" + name("Renamed") + "\"}"),
             ids.accounts, id);
        break;
      }
      case 14: {
        // An account deleted: its transactions moved, or deleted with it.
        auto id = pick(ids.accounts);
        auto to = pick(ids.accounts);
        if (id == to)
          break;
        auto query = chance(50) ? "?reassign_to=" + to : "?cascade=true";
        done(client.del(path("/accounts/" + id + query), key), ids.accounts,
             id);
        forget(ids.accounts, id);
        break;
      }
      default: {
        // Several changes of one record: only its latest shows.
        if (ids.transactions.empty())
          break;
        auto id = pick(ids.transactions);
        for (int i = 0; i < 3; ++i)
          client.patch(path("/transactions/" + id), key,
                       R"({"notes":")" + name("n") + "\"}");
        break;
      }
    }
  }
}

/// A server of the test's own, with limits out of the way.
std::vector<std::string> relaxed(std::vector<std::string> more = {}) {
  std::vector<std::string> out{"--read-limit",         "1000000",
                               "--write-limit",        "1000000",
                               "--auth-failure-limit", "1000000"};
  out.insert(out.end(), more.begin(), more.end());
  return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(changes)

BOOST_AUTO_TEST_CASE(a_mirror_following_the_feed_equals_the_lists) {
  property_rng prop("changes property test");
  auto& rng = prop.engine();
  family_owner who;
  auto& key = who.owner.key;
  mirror personal{"/me", "", {}};
  mirror team{"/teams/" + who.team, "", {}};
  known_ids personal_ids, team_ids;
  {
    server_process server{relaxed()};
    http_client client{server.base_url()};
    random_writes(rng, client, key, personal, personal_ids, 150);
    random_writes(rng, client, key, team, team_ids, 100);
    // Midway: both mirrors read to the end equal the lists.
    check_in_sync(personal, client, key, 5);
    check_in_sync(team, client, key, 7);
    random_writes(rng, client, key, personal, personal_ids, 80);
    random_writes(rng, client, key, team, team_ids, 60);
    BOOST_TEST(server.stop() == 0);
  }
  // Across a restart: the cursors go on where they stopped.
  server_process server{relaxed()};
  http_client client{server.base_url()};
  random_writes(rng, client, key, personal, personal_ids, 80);
  random_writes(rng, client, key, team, team_ids, 60);
  check_in_sync(personal, client, key, 3);
  check_in_sync(team, client, key, 4);
  // A new client reading from the beginning holds the same.
  mirror fresh{"/me", "", {}};
  fresh.follow(client, key, 100);
  BOOST_TEST(fresh.records == personal.records);
}

BOOST_AUTO_TEST_CASE(a_changed_record_appears_once_in_its_latest_state) {
  auto u = make_user("solo");
  auto account = make_account(u.key, "/me");
  auto tx = make_expense(u.key, "/me", account, "5.00").at("/data/id");
  for (auto d : {"a", "b", "c"})
    BOOST_REQUIRE(api()
                    .patch(v1("/me/transactions/" + tx), u.key,
                           std::string{R"({"description":")"} + d + "\"}")
                    .status
                  == 200);
  auto r = settled(
    [&] {
      return api().get(v1("/me/changes"), u.key);
    },
    [](const response& r) {
      return r.at("/data/items/1/record/description") == "c";
    });
  BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
  // The account (its balance moved) and the transaction, oldest first.
  BOOST_TEST(r.size_at("/data/items") == 2);
  BOOST_TEST(r.at("/data/items/0/type") == "account");
  BOOST_TEST(r.at("/data/items/1/type") == "transaction");
  BOOST_TEST(r.at("/data/items/1/record/description") == "c");
  BOOST_TEST(r.at("/data/has_more") == "false");
  // Byte for byte what GET answers.
  auto get = api().get(v1("/me/transactions/" + tx), u.key);
  auto page = r.json();
  auto one = get.json();
  BOOST_TEST(text_of(page["data"]["items"][1]["record"])
             == text_of(one["data"]));
  // Deleted: a tombstone, and nothing more after it.
  auto cursor = r.at("/data/next_cursor");
  BOOST_REQUIRE(api().del(v1("/me/transactions/" + tx), u.key).status == 200);
  auto after = settled(
    [&] {
      return api().get(v1("/me/changes?since=" + cursor), u.key);
    },
    [](const response& r) {
      return r.size_at("/data/items") == 2;
    });
  // The balance moved back in the same database transaction.
  BOOST_REQUIRE(after.size_at("/data/items") == 2);
  auto gone = after.at("/data/items/0/id") == tx ? "/data/items/0"
                                                 : "/data/items/1";
  BOOST_TEST(after.at((std::string{gone} + "/id").c_str()) == tx);
  BOOST_TEST(after.at((std::string{gone} + "/deleted").c_str()) == "true");
  BOOST_TEST(after.at((std::string{gone} + "/record").c_str()) == "null");
  auto end = api().get(v1("/me/changes?since=" + after.at("/data/next_cursor")),
                       u.key);
  BOOST_TEST(end.size_at("/data/items") == 0);
  BOOST_TEST(end.at("/data/next_cursor") == after.at("/data/next_cursor"));
}

BOOST_AUTO_TEST_CASE(bad_parameters_are_422) {
  auto u = make_user("solo");
  for (auto q : {"per_page=0", "per_page=101", "per_page=x", "since=bogus",
                 "since=c1~1", "since=c1~-1~2", "since=v1~1~2", "page=2"}) {
    auto r = api().get(v1(std::string{"/me/changes?"} + q), u.key);
    BOOST_TEST(r.status == 422, q << ": " << r.body);
  }
  BOOST_TEST(api().get(v1("/me/changes?per_page=1"), u.key).status == 200);
  BOOST_TEST(api().get(v1("/me/changes?per_page=100"), u.key).status == 200);
}

BOOST_AUTO_TEST_CASE(a_cursor_older_than_the_pruned_tombstones_is_410) {
  server_process server{relaxed({"--change-retention", "1"})};
  http_client client{server.base_url()};
  auto u = make_user("solo");
  auto tag = client.post(v1("/me/tags"), u.key, R"({"name":"old"})");
  BOOST_REQUIRE(tag.status == 201);
  auto before = client.get(v1("/me/changes"), u.key).at("/data/next_cursor");
  BOOST_REQUIRE(client.del(v1("/me/tags/" + tag.at("/data/id")), u.key).status
                == 200);
  // The sweeper prunes once a second with a retention of 1 s.
  response r;
  for (int i = 0; i < 100; ++i) {
    r = client.get(v1("/me/changes?since=" + before), u.key);
    if (r.status == 410)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  BOOST_TEST(r.status == 410, r.body);
  BOOST_TEST(r.at("/meta/code") == "410");
  BOOST_TEST(r.at("/meta/error") == "cursor_expired");
  // From the beginning never expires: the tag is gone without a trace.
  auto fresh = client.get(v1("/me/changes"), u.key);
  BOOST_TEST(fresh.status == 200);
  BOOST_TEST(fresh.size_at("/data/items") == 0);
}

BOOST_AUTO_TEST_CASE(every_team_role_reads_and_others_are_refused) {
  family_owner who;
  auto account = make_account(who.owner.key, "/teams/" + who.team);
  auto viewer = make_user("solo");
  admin_field({"team", "add-member", "--team", who.team, "--user", viewer.id,
               "--role", "viewer"},
              "team_id");
  auto r = settled(
    [&] {
      return api().get(v1("/teams/" + who.team + "/changes"), viewer.key);
    },
    [](const response& r) {
      return r.size_at("/data/items") > 0;
    });
  BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
  BOOST_TEST(r.at("/data/items/0/id") == account);
  // Not a member: 403, whatever the cursor.
  auto stranger = make_user("solo");
  auto refused = api().get(
    v1("/teams/" + who.team + "/changes?since=" + r.at("/data/next_cursor")),
    stranger.key);
  BOOST_TEST(refused.status == 403);
  // Another scope's cursor shows only that scope's own changes.
  auto mine = api().get(v1("/me/changes?since=" + r.at("/data/next_cursor")),
                        stranger.key);
  BOOST_TEST(mine.status == 200);
  BOOST_TEST(mine.size_at("/data/items") == 0);
  // The team's records are not in the owner's personal feed.
  auto personal = api().get(v1("/me/changes"), who.owner.key);
  BOOST_TEST(personal.body.find(account) == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_page_costs_one_read) {
  server_process server;
  http_client client{server.base_url()};
  auto u = make_user("solo");
  auto first = client.get(v1("/me/changes?per_page=1"), u.key);
  auto second = client.get(v1("/me/changes?per_page=1"), u.key);
  BOOST_REQUIRE(first.status == 200);
  BOOST_TEST(std::stoi(first.header("ratelimit-remaining"))
               - std::stoi(second.header("ratelimit-remaining"))
             == 1);
}

BOOST_AUTO_TEST_SUITE_END()
