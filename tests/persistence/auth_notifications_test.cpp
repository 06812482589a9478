// The NOTIFY on channel purse_auth that every change of authentication
// state sends, heard on a connection of its own: exactly the users whose
// state may have changed, only when the change commits, and nothing when a
// key's last use is recorded.

#include <boost/test/unit_test.hpp>

#include <sys/select.h>

#include <chrono>
#include <set>
#include <stdexcept>
#include <string>

#include <libpq-fe.h>

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

} // namespace

BOOST_AUTO_TEST_SUITE(auth_notifications)

BOOST_AUTO_TEST_CASE(each_change_of_auth_state_names_its_users) {
  auto prefix = "auth-notify-"
                + std::to_string(
                  std::chrono::steady_clock::now().time_since_epoch().count())
                + "-";
  auto user = [&](const std::string& name) {
    persistence::user_row u;
    u.id = prefix + name;
    u.email = u.id + "@example.test";
    u.name = name;
    u.plan = "family";
    u.currency_code = "EUR";
    u.timezone = "UTC";
    return u;
  };
  auto owner = user("owner");
  auto bea = user("bea");
  auto cid = user("cid");
  auto dan = user("dan");
  persistence::team_row team;
  team.id = prefix + "team";
  team.name = "Team";
  team.owner_id = owner.id;
  persistence::api_key_row key;
  key.id = prefix + "key";
  key.lookup_id = prefix + "lookup";
  key.secret_hash = "hash";
  key.user_id = bea.id;
  key.name = "key";
  key.audience = "public-api";
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
    s.touch_key(key.id, 1'700'000'100);
  });
  BOOST_TEST(l.heard().empty());
  // The owner's plan: the owner and every member of the owner's teams.
  owner.plan = "solo";
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

BOOST_AUTO_TEST_SUITE_END()
