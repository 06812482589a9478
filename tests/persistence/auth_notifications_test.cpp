// SPDX-License-Identifier: GPL-2.0-or-later
// The NOTIFY on channel purse_auth that every change of authentication
// state sends, heard on a connection of its own: exactly the users whose
// state may have changed, only when the change commits, and nothing when a
// key's last use is recorded. Then the listener connection itself (named
// once listening, sending notifications) and the acknowledgement barrier
// that writers await after such a change, with stand-in servers.

#include <boost/test/unit_test.hpp>

#include <sys/select.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <libpq-fe.h>

#include "purse/actors/ids.hpp"
#include "purse/persistence/auth_barrier.hpp"
#include "purse/persistence/listener.hpp"
#include "purse/persistence/store.hpp"
#include "support/e2e.hpp"

using namespace purse;
using persistence::session;

namespace {

/// A LISTEN purse_auth connection that keeps the payloads with `prefix`
/// (other suites may change auth state of their own users meanwhile).
class listener {
public:
  explicit listener(std::string prefix) : prefix_(std::move(prefix)) {
    conn_ = PQconnectdb(test::database_url().c_str());
    if (PQstatus(conn_) != CONNECTION_OK)
      throw std::runtime_error(PQerrorMessage(conn_));
    PQclear(PQexec(conn_, "LISTEN purse_auth"));
  }

  ~listener() {
    PQfinish(conn_);
  }

  /// The payloads heard until none came for `quiet`.
  std::multiset<std::string>
  heard(std::chrono::milliseconds quiet = std::chrono::milliseconds(300)) {
    std::multiset<std::string> out;
    for (;;) {
      fd_set fds;
      FD_ZERO(&fds);
      FD_SET(PQsocket(conn_), &fds);
      timeval tv{0, static_cast<long>(quiet.count()) * 1000};
      if (select(PQsocket(conn_) + 1, &fds, nullptr, nullptr, &tv) <= 0)
        return out;
      PQconsumeInput(conn_);
      while (auto n = PQnotifies(conn_)) {
        std::string payload = n->extra;
        if (std::string{n->relname} == "purse_auth"
            && payload.compare(0, prefix_.size(), prefix_) == 0)
          out.insert(payload);
        PQfreemem(n);
      }
    }
  }

private:
  std::string prefix_;
  PGconn* conn_ = nullptr;
};

using payloads = std::multiset<std::string>;

using std::chrono::milliseconds;
using steady = std::chrono::steady_clock;

/// A database of the barrier tests' own: the barrier counts every listener
/// session on its database, and the suites running beside this one start
/// servers on the test database.
std::string barrier_database() {
  static const std::string url = [] {
    std::string name = "purse_barrier_persistence";
    test::sql("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    test::sql("CREATE DATABASE " + name);
    return test::sibling_database_url(name);
  }();
  return url;
}

/// Waits (bounded) until no listener session is left on the barrier's
/// database: a closed one leaves pg_stat_activity shortly after its client.
std::string barrier_database_without_servers() {
  auto url = barrier_database();
  for (int i = 0; i < 500; ++i) {
    if (test::sql_value("SELECT count(*) FROM pg_stat_activity"
                        " WHERE application_name = 'purse-server-auth'"
                        " AND datname = current_database()",
                        url)
        == "0")
      break;
    std::this_thread::sleep_for(milliseconds(10));
  }
  return url;
}

/// Stands in for a server's listener thread: a session named
/// purse-server-auth on purse_auth that records every payload and, when
/// `answers`, acknowledges requests as purse-server does (after every
/// payload before them).
class stand_in_server {
public:
  stand_in_server(const std::string& url, bool answers)
    : conn_(url, persistence::auth_channel, persistence::auth_listener_name),
      answers_(answers) {
    thread_ = std::thread([this] {
      while (!stop_)
        for (auto& n : conn_.receive(milliseconds(50))) {
          std::lock_guard<std::mutex> guard{mtx_};
          heard_.push_back(n.payload);
          auto token = persistence::auth_ack_token(n.payload);
          if (answers_ && !token.empty())
            conn_.notify(persistence::auth_ack_channel, token);
        }
    });
  }

  ~stand_in_server() {
    stop_ = true;
    thread_.join();
  }

  std::vector<std::string> heard() {
    std::lock_guard<std::mutex> guard{mtx_};
    return heard_;
  }

  int pid() const {
    return conn_.backend_pid();
  }

private:
  persistence::listener conn_;
  bool answers_;
  std::atomic<bool> stop_{false};
  std::mutex mtx_;
  std::vector<std::string> heard_;
  std::thread thread_;
};

/// A user row with the id `id` (also its e-mail's local part).
persistence::user_row user_row(const std::string& id, const std::string& name,
                               const std::string& plan) {
  persistence::user_row u;
  u.id = id;
  u.email = id + "@example.test";
  u.name = name;
  u.plan = plan;
  u.currency_code = "EUR";
  u.timezone = "UTC";
  return u;
}

/// A key of `user_id` whose ids start with `id`.
persistence::api_key_row key_row(const std::string& id,
                                 const std::string& user_id) {
  persistence::api_key_row key;
  key.id = id + "key";
  key.lookup_id = id + "lookup";
  key.secret_hash = "hash";
  key.user_id = user_id;
  key.name = "key";
  key.audience = "public-api";
  return key;
}

} // namespace

BOOST_AUTO_TEST_SUITE(auth_notifications)

BOOST_AUTO_TEST_CASE(recording_a_last_use_never_undoes_a_revocation) {
  // The revocation holds the key's row (not committed yet) while the last
  // use is recorded from another connection: that write waits for it and
  // then changes last_used_at only. A read of the whole row before the
  // revocation committed, written back after it, would un-revoke the key.
  auto id = "touch-race-"
            + std::to_string(
              std::chrono::steady_clock::now().time_since_epoch().count());
  auto u = user_row(id, "touch", "solo");
  auto key = key_row(id + "-", u.id);
  persistence::store st({test::database_url(), 2});
  st.write([&](session& s) {
    s.insert(u);
    s.insert(key);
  });
  std::atomic<bool> touched{false};
  std::thread toucher;
  st.write([&](session& s) {
    auto revoked = key;
    revoked.revoked_at = 1'700'000'000;
    s.update(revoked);
    toucher = std::thread([&] {
      st.write([&](session& other) {
        other.touch_key(key.id, 1'700'000'100, "203.0.113.7");
      });
      touched = true;
    });
    // Give the touch time to reach the row lock; it must still wait.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    BOOST_TEST(!touched.load());
  });
  toucher.join();
  BOOST_TEST(touched.load());
  persistence::api_key_row after;
  st.read([&](session& s) {
    BOOST_REQUIRE(s.find(key.id, after));
  });
  BOOST_TEST(after.revoked_at == 1'700'000'000);
  BOOST_TEST(after.last_used_at == 1'700'000'100);
}

BOOST_AUTO_TEST_CASE(each_change_of_auth_state_names_its_users) {
  auto prefix = "auth-notify-"
                + std::to_string(
                  std::chrono::steady_clock::now().time_since_epoch().count())
                + "-";
  auto user = [&](const std::string& name) {
    return user_row(prefix + name, name, "family");
  };
  auto owner = user("owner");
  auto bea = user("bea");
  auto cid = user("cid");
  auto dan = user("dan");
  persistence::team_row team;
  team.id = prefix + "team";
  team.name = "Team";
  team.owner_id = owner.id;
  auto key = key_row(prefix, bea.id);
  auto member = [&](const persistence::user_row& u) {
    persistence::team_member_row m;
    m.team_id = team.id;
    m.user_id = u.id;
    m.role = "member";
    return m;
  };
  persistence::store st({test::database_url(), 2});
  listener l(prefix);
  st.write([&](session& s) {
    for (auto* u : {&owner, &bea, &cid, &dan})
      s.insert(*u);
    s.insert(team);
    s.insert_member(member(bea));
    s.insert_member(member(cid));
    s.insert(key);
  });
  // New users change nobody's state; new members and keys do, once per
  // user and transaction.
  BOOST_TEST(l.heard() == (payloads{bea.id, cid.id}));
  // Revoking a key.
  key.revoked_at = 1'700'000'000;
  st.write([&](session& s) {
    s.update(key);
  });
  BOOST_TEST(l.heard() == payloads{bea.id});
  // Recording its last use: nothing.
  st.write([&](session& s) {
    s.touch_key(key.id, 1'700'000'100, "203.0.113.7");
  });
  BOOST_TEST(l.heard().empty());
  // The owner's plan: the owner and every member of the owner's teams.
  owner.plan = "solo";
  st.write([&](session& s) {
    s.update(owner);
  });
  BOOST_TEST(l.heard() == (payloads{owner.id, bea.id, cid.id}));
  // A new profile zone: the reports' default zone travels with the key's
  // state, so the owner's own cached state goes (its members' does not
  // hold the owner's zone, but the trigger names them with the owner).
  owner.timezone = "Asia/Tokyo";
  st.write([&](session& s) {
    s.update(owner);
  });
  BOOST_TEST(l.heard() == (payloads{owner.id, bea.id, cid.id}));
  // A new name is not auth state.
  owner.name = "Renamed";
  st.write([&](session& s) {
    s.update(owner);
  });
  BOOST_TEST(l.heard().empty());
  // Adding and removing a member.
  st.write([&](session& s) {
    s.insert_member(member(dan));
  });
  BOOST_TEST(l.heard() == payloads{dan.id});
  st.write([&](session& s) {
    s.erase_member(team.id, dan.id);
  });
  BOOST_TEST(l.heard() == payloads{dan.id});
  // A new team owner: every member.
  team.owner_id = cid.id;
  st.write([&](session& s) {
    s.update(team);
  });
  BOOST_TEST(l.heard() == (payloads{bea.id, cid.id}));
  // A rolled back change sends nothing.
  BOOST_CHECK_THROW(st.write([&](session& s) {
    cid.plan = "free";
    s.update(cid);
    s.erase<persistence::api_key_row>(key.id);
    throw std::runtime_error("changed my mind");
  }),
                    std::runtime_error);
  BOOST_TEST(l.heard().empty());
  // Deleting a key.
  st.write([&](session& s) {
    s.erase<persistence::api_key_row>(key.id);
  });
  BOOST_TEST(l.heard() == payloads{bea.id});
  // Deleting a team: every member; the memberships, removed on their own,
  // name their users too.
  st.write([&](session& s) {
    s.erase<persistence::team_row>(team.id);
  });
  BOOST_TEST(l.heard() == (payloads{bea.id, cid.id}));
  st.write([&](session& s) {
    s.erase_member(team.id, bea.id);
    s.erase_member(team.id, cid.id);
  });
  BOOST_TEST(l.heard() == (payloads{bea.id, cid.id}));
  // Deleting a user who owns a team: that user and its members.
  team.id = prefix + "team2";
  team.owner_id = dan.id;
  st.write([&](session& s) {
    s.insert(team);
    s.insert_member(member(bea));
  });
  BOOST_TEST(l.heard() == payloads{bea.id});
  st.write([&](session& s) {
    s.erase<persistence::user_row>(dan.id);
  });
  BOOST_TEST(l.heard() == (payloads{dan.id, bea.id}));
  // Clean up (what it says is not checked).
  st.write([&](session& s) {
    s.erase_member(team.id, bea.id);
    s.erase<persistence::team_row>(team.id);
    for (auto* u : {&owner, &bea, &cid})
      s.erase<persistence::user_row>(u->id);
  });
}

BOOST_AUTO_TEST_CASE(a_listener_is_named_once_it_listens_and_can_notify) {
  auto url = barrier_database();
  persistence::listener named{url, "purse_test_a", "purse-test-named"};
  BOOST_TEST(named.sessions_named("purse-test-named")
             == std::vector<int>{named.backend_pid()});
  BOOST_TEST(named.sessions_named("purse-test-nobody").empty());
  persistence::listener other{url, "purse_test_b"};
  other.listen("purse_test_a");
  // Parameters, not SQL text: quotes and semicolons arrive as they are.
  std::string payload = "it's; DROP TABLE x; --";
  named.notify("purse_test_a", payload);
  named.notify("purse_test_b", "second");
  std::vector<persistence::notification> got;
  auto until = steady::now() + std::chrono::seconds(5);
  while (got.size() < 2 && steady::now() < until)
    for (auto& n : other.receive(milliseconds(100)))
      got.push_back(n);
  BOOST_REQUIRE_EQUAL(got.size(), 2u);
  BOOST_TEST(got[0].channel == "purse_test_a");
  BOOST_TEST(got[0].payload == payload);
  BOOST_TEST(got[0].sender_pid == named.backend_pid());
  BOOST_TEST(got[1].channel == "purse_test_b");
  BOOST_TEST(got[1].payload == "second");
}

BOOST_AUTO_TEST_CASE(only_an_exact_request_is_an_acknowledgement_request) {
  using persistence::auth_ack_token;
  std::string token(32, 'a');
  token[0] = '0';
  token[31] = 'f';
  BOOST_TEST(auth_ack_token("ack:" + token) == token);
  BOOST_TEST(auth_ack_token("ack:" + token.substr(1)).empty());
  BOOST_TEST(auth_ack_token("ack:" + token + "0").empty());
  BOOST_TEST(auth_ack_token("ack:" + std::string(32, 'A')).empty());
  BOOST_TEST(auth_ack_token("ACK:" + token).empty());
  BOOST_TEST(auth_ack_token(token).empty());
  // User ids are time-ordered UUIDs: never a request.
  for (int i = 0; i < 100; ++i)
    BOOST_TEST(auth_ack_token(new_id()).empty());
}

BOOST_AUTO_TEST_CASE(the_barrier_returns_at_once_without_servers) {
  auto url = barrier_database_without_servers();
  auto start = steady::now();
  auto r = persistence::await_auth_listeners(url, std::chrono::seconds(10));
  BOOST_TEST(r.complete);
  BOOST_TEST(r.expected == 0u);
  BOOST_TEST(r.confirmed == 0u);
  BOOST_TEST((steady::now() - start < std::chrono::seconds(3)));
}

BOOST_AUTO_TEST_CASE(the_barrier_returns_once_every_server_handled_the_change) {
  auto url = barrier_database_without_servers();
  stand_in_server one{url, true};
  stand_in_server two{url, true};
  // A change commits (as a trigger would send it), then the barrier.
  test::sql("SELECT pg_notify('purse_auth', 'user-1')", url);
  auto start = steady::now();
  auto r = persistence::await_auth_listeners(url, std::chrono::seconds(10));
  BOOST_TEST(r.complete);
  BOOST_TEST(r.expected == 2u);
  BOOST_TEST(r.confirmed == 2u);
  BOOST_TEST((steady::now() - start < std::chrono::seconds(5)));
  // Each heard the change first, then the request.
  for (auto* s : {&one, &two}) {
    auto heard = s->heard();
    BOOST_REQUIRE_EQUAL(heard.size(), 2u);
    BOOST_TEST(heard[0] == "user-1");
    BOOST_TEST(!persistence::auth_ack_token(heard[1]).empty());
  }
}

BOOST_AUTO_TEST_CASE(the_barrier_gives_up_after_its_timeout) {
  auto url = barrier_database_without_servers();
  stand_in_server answering{url, true};
  stand_in_server silent{url, false};
  auto start = steady::now();
  auto r = persistence::await_auth_listeners(url, milliseconds(400));
  auto took = steady::now() - start;
  BOOST_TEST(!r.complete);
  BOOST_TEST(r.expected == 2u);
  BOOST_TEST(r.confirmed == 1u);
  BOOST_TEST((took >= milliseconds(400)));
  BOOST_TEST((took < std::chrono::seconds(5)));
  // The silent one heard the request, it just never answered.
  auto until = steady::now() + std::chrono::seconds(5);
  while (silent.heard().empty() && steady::now() < until)
    std::this_thread::sleep_for(milliseconds(10));
  BOOST_TEST(silent.heard().size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
