// SPDX-License-Identifier: GPL-2.0-or-later
// Webhooks end to end, against a real HTTPS receiver on 127.0.0.1 whose CA
// the server trusts (--webhook-ca): CRUD in both scopes with their roles,
// plan and quota; input refused per field; each change of a record
// delivered once, signed (HMAC-SHA256 checked here with OpenSSL) and with
// the record as its GET shows it; the events a webhook asked for only;
// retries with the same event and body after errors and timeouts, growing
// apart; plain http:// only with --webhook-allow-http; nothing lost across a
// restart; private addresses refused at create and at delivery unless allowed.
//
// The suite runs on a database of its own: every server on a database
// sends its outbox, and other suites' servers (without the receiver's CA)
// must not take part. One server at a time runs on it.

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <functional>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <rapidjson/document.h>
#include <rapidjson/pointer.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <unistd.h>

#include "support/e2e.hpp"
#include "support/https_receiver.hpp"

using namespace purse::test;
using namespace std::chrono_literals;

namespace {

using steady = std::chrono::steady_clock;

// -- the suite's database, users and servers ------------------------------------

/// The suite's database, migrated once, and the CA its receivers use.
struct hooks_world {
  std::string db;
  test_ca pki;
  std::string ca_file = pki.dir() + "/webhook-ca.pem";

  hooks_world() {
    const std::string name = "purse_webhooks_e2e";
    sql("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    sql("CREATE DATABASE " + name);
    db = sibling_database_url(name);
    auto r = admin(db, {"migrate"});
    if (r.exit_code != 0)
      throw std::runtime_error("migrating the webhooks database failed: "
                               + r.err);
    pki.write_ca_pem(ca_file);
  }
};

hooks_world& world() {
  static hooks_world w;
  return w;
}

/// purse-admin on the suite's database; the field of its JSON output.
std::string admin_value(const std::vector<std::string>& args,
                        const char* field) {
  return admin_field(world().db, args, field);
}

/// A user with a public-API key on the suite's database (Free: made on
/// Solo with its key, then downgraded, as make_user does).
user_with_key hooks_user(const std::string& plan = "solo") {
  static int n = 0;
  user_with_key u;
  u.id = admin_value({"user", "create", "--email",
                      "hooks-" + std::to_string(getpid()) + "-"
                        + std::to_string(n++) + "@test.purse",
                      "--plan", plan == "free" ? "solo" : plan},
                     "id");
  u.key = admin_value({"key", "create", "--user", u.id}, "secret");
  if (plan == "free")
    admin_value({"user", "set-plan", "--user", u.id, "--plan", "free"}, "id");
  return u;
}

/// A server on the suite's database trusting the receivers' CA, retrying
/// after 1 s and giving up on an answer after 2 s; private addresses
/// allowed unless `allow_private` is false.
std::unique_ptr<server_process>
hooks_server(bool allow_private = true, std::vector<std::string> more = {}) {
  std::vector<std::string> flags{
    "--read-limit",          "1000000", "--write-limit",     "1000000",
    "--auth-failure-limit",  "1000000", "--webhook-ca",      world().ca_file,
    "--webhook-first-retry", "1",       "--webhook-timeout", "2"};
  if (allow_private)
    flags.push_back("--webhook-allow-private");
  flags.insert(flags.end(), more.begin(), more.end());
  return std::make_unique<server_process>(flags, true, world().db);
}

/// A Family owner with a key, a team they own with an admin, a member
/// and a viewer, and a server for them.
struct hooks_team {
  std::unique_ptr<server_process> server = hooks_server();
  http_client api{server->base_url()};
  user_with_key owner = hooks_user("family");
  std::string team = admin_value(
    {"team", "create", "--name", "Hooks", "--owner", owner.id}, "id");
  user_with_key admin_user = hooks_user();
  user_with_key member = hooks_user();
  user_with_key viewer = hooks_user();

  hooks_team() {
    for (auto [u, role] :
         {std::pair{&admin_user, "admin"}, std::pair{&member, "member"},
          std::pair{&viewer, "viewer"}})
      admin_value({"team", "add-member", "--team", team, "--user", u->id,
                   "--role", role},
                  "team_id");
  }
};

/// A Solo user and a server for them.
struct hooks_solo {
  std::unique_ptr<server_process> server = hooks_server();
  http_client api{server->base_url()};
  user_with_key user = hooks_user();
};

// -- requests -------------------------------------------------------------------

std::string quoted(const std::string& s) {
  return "\"" + s + "\"";
}

/// A webhook's body: `events` is JSON text (an array).
std::string hook_body(const std::string& url, const std::string& events,
                      const std::string& more = "") {
  return R"({"url":)" + quoted(url) + R"(,"events":)" + events
         + (more.empty() ? "" : "," + more) + "}";
}

std::string created_id(const response& r) {
  BOOST_REQUIRE_MESSAGE(r.status == 201, r.status << " " << r.body);
  return r.at("/data/id");
}

bool has_member(const response& r, const char* object, const char* name) {
  auto d = r.json();
  if (d.HasParseError() || !d.IsObject() || !d.HasMember(object)
      || !d[object].IsObject())
    return false;
  return d[object].HasMember(name);
}

/// The member names of the object at `pointer` ("" for the root).
std::set<std::string> keys_at(const response& r, const char* pointer) {
  std::set<std::string> out;
  auto d = r.json();
  if (d.HasParseError())
    return out;
  auto v = rapidjson::Pointer(pointer).Get(d);
  if (v != nullptr && v->IsObject())
    for (auto& m : v->GetObject())
      out.insert(m.name.GetString());
  return out;
}

/// A webhook's fields as reads show them (never its secret).
const std::set<std::string> webhook_fields{
  "id",         "url",        "events",     "description", "active",
  "created_at", "updated_at", "created_by", "updated_by"};

/// A 422 naming `field` among its field errors.
void expect_field_error(const response& r, const char* field) {
  BOOST_TEST(r.status == 422, r.status << " " << r.body);
  BOOST_TEST(r.at("/meta/error") == "validation_failed", r.body);
  BOOST_TEST(has_member(r, "data", field), r.body);
}

std::string create_account(const http_client& api, const std::string& key,
                           const std::string& scope) {
  return created_id(
    api.post(v1(scope + "/accounts"), key,
             R"({"name":"Checking","type":"checking","currency_code":"USD"})"));
}

std::string expense_body(const std::string& account, const std::string& amount,
                         const std::string& more = "") {
  return R"({"account_id":)" + quoted(account)
         + R"(,"flow_type":"expense","amount":)" + amount
         + R"(,"currency_code":"USD","transaction_at":"2026-03-01T10:00:00Z")"
         + (more.empty() ? "" : "," + more) + "}";
}

std::string create_expense(const http_client& api, const std::string& key,
                           const std::string& scope, const std::string& account,
                           const std::string& amount = "12.50",
                           const std::string& more = "") {
  return created_id(api.post(v1(scope + "/transactions"), key,
                             expense_body(account, amount, more)));
}

std::string make_category_here(const http_client& api, const std::string& key) {
  return created_id(
    api.post(v1("/me/categories"), key, R"({"name":"Before hooks"})"));
}

/// An account made in `scope` with one expense on it; the expense's id.
std::string expense_on_new_account(const http_client& api,
                                   const std::string& key,
                                   const std::string& scope = "/me") {
  return create_expense(api, key, scope, create_account(api, key, scope));
}

/// A webhook as made: its id, its secret and the create's answer.
struct made_hook {
  std::string id;
  std::string secret;
  response created;
};

/// Makes a webhook in `scope` as `key` (a 201 required) for `events`,
/// sending to `path` on `receiver` at `host`.
made_hook make_hook(const http_client& api, const std::string& key,
                    const https_receiver& receiver, const std::string& path,
                    const std::string& events = R"(["transaction.created"])",
                    const std::string& scope = "/me",
                    const std::string& host = "127.0.0.1") {
  auto r = api.post(v1(scope + "/webhooks"), key,
                    hook_body(receiver.url(host, path), events));
  auto id = created_id(r);
  return {id, r.at("/data/secret"), r};
}

std::string deliveries_path(const std::string& scope, const std::string& id) {
  return v1(scope + "/webhooks/" + id + "/deliveries");
}

/// Reads `get` until `done` holds, for `limit` at most; the last answer.
response poll(const std::function<response()>& get,
              const std::function<bool(const response&)>& done,
              std::chrono::milliseconds limit = 10s) {
  auto until = steady::now() + limit;
  auto r = get();
  while (!done(r) && steady::now() < until) {
    std::this_thread::sleep_for(100ms);
    r = get();
  }
  return r;
}

/// A field of the `i`th delivery listed ("/data/items/<i>/<field>").
std::string item_at(const response& r, long i, const std::string& field) {
  return r.at(("/data/items/" + std::to_string(i) + "/" + field).c_str());
}

/// Whether every delivery listed is delivered (and there are `n`).
bool all_delivered(const response& r, long n) {
  if (r.status != 200 || r.size_at("/data/items") != n)
    return false;
  for (long i = 0; i < n; ++i)
    if (item_at(r, i, "status") != "delivered")
      return false;
  return true;
}

/// How many times the first delivery listed was attempted (0 when none is
/// listed).
long first_attempts(const response& r) {
  auto a = item_at(r, 0, "attempts");
  if (a.empty() || !std::all_of(a.begin(), a.end(), [](char c) {
        return c >= '0' && c <= '9';
      }))
    return 0;
  return std::stol(a);
}

/// The deliveries listed, each as "<type> <record id>".
std::multiset<std::string> listed_events(const response& r) {
  std::multiset<std::string> out;
  for (long i = 0; i < r.size_at("/data/items"); ++i)
    out.insert(item_at(r, i, "type") + " " + item_at(r, i, "record_id"));
  return out;
}

/// A webhook's deliveries list, read as `key` through `api`.
struct deliveries {
  const http_client& api;
  std::string key;
  std::string path;

  /// `query` (e.g. "?per_page=100") follows the list's path.
  deliveries(const http_client& api, std::string key, const std::string& scope,
             const std::string& hook, const std::string& query = "")
    : api(api),
      key(std::move(key)),
      path(deliveries_path(scope, hook) + query) {
  }

  response get() const {
    return api.get(path, key);
  }

  /// Reads the list until `done` holds, for `limit` at most; the last
  /// answer.
  response until(const std::function<bool(const response&)>& done,
                 std::chrono::milliseconds limit = 10s) const {
    return poll(
      [this] {
        return get();
      },
      done, limit);
  }

  /// Reads the list until `n` are listed, all delivered.
  response until_delivered(long n,
                           std::chrono::milliseconds limit = 10s) const {
    return until(
      [n](const response& r) {
        return all_delivered(r, n);
      },
      limit);
  }

  /// Reads the list until its first delivery was attempted `n` times or
  /// more.
  response until_attempted(long n) const {
    return until([n](const response& r) {
      return first_attempts(r) >= n;
    });
  }
};

/// The first delivery listed failed and waits for another attempt, its
/// last answered with `status_code` ("null": none came).
void expect_pending(const response& r, const std::string& status_code) {
  BOOST_TEST(item_at(r, 0, "status") == "pending", r.body);
  BOOST_TEST(item_at(r, 0, "last_status_code") == status_code);
  BOOST_TEST(item_at(r, 0, "last_error") != "null");
  BOOST_TEST(item_at(r, 0, "last_error") != "");
  BOOST_TEST(item_at(r, 0, "next_attempt_at") != "null");
}

// -- what arrived ---------------------------------------------------------------

/// A JSON value as compact text (numbers stay their source text).
std::string text_of(const rapidjson::Value& v) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  v.Accept(w);
  return {buf.GetString(), buf.GetSize()};
}

/// A received body read like an answer (response::at on it).
response as_response(const received_request& r) {
  response out;
  out.status = r.answered;
  out.body = r.body;
  return out;
}

/// The requests that arrived at `path`.
std::vector<received_request> arrived_at(const https_receiver& receiver,
                                         const std::string& path) {
  std::vector<received_request> out;
  for (auto& r : receiver.requests())
    if (r.target == path)
      out.push_back(r);
  return out;
}

/// Waits until `n` requests arrived at `path` (10 s at most).
std::vector<received_request> wait_at(const https_receiver& receiver,
                                      const std::string& path, std::size_t n,
                                      std::chrono::milliseconds limit = 10s) {
  auto until = steady::now() + limit;
  auto got = arrived_at(receiver, path);
  while (got.size() < n && steady::now() < until) {
    std::this_thread::sleep_for(50ms);
    got = arrived_at(receiver, path);
  }
  return got;
}

/// Waits until `n` requests arrived at `path` (`limit` at most), requires
/// that exactly `n` did and returns them.
std::vector<received_request>
require_arrived(const https_receiver& receiver, const std::string& path,
                std::size_t n, std::chrono::milliseconds limit = 10s) {
  auto got = wait_at(receiver, path, n, limit);
  BOOST_TEST_REQUIRE(got.size() == n, got.size() << " requests arrived at "
                                                 << path << ", not " << n);
  return got;
}

/// A request's Purse-Event-Id ("" without one).
std::string event_id_of(const received_request& r) {
  auto h = r.headers.find("purse-event-id");
  return h == r.headers.end() ? "" : h->second;
}

/// `got` are the attempts of one event, answered `answers` in order: each
/// with the first's event id and body.
void expect_one_event_attempted(const std::vector<received_request>& got,
                                const std::vector<int>& answers) {
  BOOST_TEST_REQUIRE(got.size() == answers.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    BOOST_TEST_CONTEXT("attempt " << i + 1) {
      BOOST_TEST(got[i].answered == answers[i]);
      BOOST_TEST(event_id_of(got[i]) == event_id_of(got[0]));
      BOOST_TEST(got[i].body == got[0].body);
    }
}

std::string hex(const unsigned char* bytes, unsigned n) {
  std::string out;
  for (unsigned i = 0; i < n; ++i) {
    out += "0123456789abcdef"[bytes[i] >> 4];
    out += "0123456789abcdef"[bytes[i] & 15];
  }
  return out;
}

/// Lowercase hex of HMAC-SHA256(key, data), computed here with OpenSSL.
std::string hmac_sha256_hex(const std::string& key, const std::string& data) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned len = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), mac,
       &len);
  return hex(mac, len);
}

const std::regex uuid_re{
  "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"};
const std::regex timestamp_re{
  R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z)"};

/// Checks a delivery as a receiver would: the headers, the signature with
/// `secret`, the envelope's type, scope and event id.
void check_delivery(const received_request& r, const std::string& secret,
                    const std::string& type, const std::string& scope_kind,
                    const std::string& scope_id) {
  BOOST_TEST(r.method == "POST");
  BOOST_TEST(r.headers.count("content-type") == 1u);
  if (r.headers.count("content-type"))
    BOOST_TEST(r.headers.at("content-type") == "application/json");
  BOOST_TEST(r.headers.count("user-agent") == 1u);
  if (r.headers.count("user-agent"))
    BOOST_TEST(r.headers.at("user-agent") == "Purse-Webhooks");
  auto body = as_response(r);
  BOOST_TEST(body.json().IsObject(), r.body);
  BOOST_TEST(r.headers.count("purse-event-id") == 1u);
  if (r.headers.count("purse-event-id"))
    BOOST_TEST(r.headers.at("purse-event-id") == body.at("/id"));
  BOOST_TEST(std::regex_match(body.at("/id"), uuid_re), body.at("/id"));
  BOOST_TEST(
    (keys_at(body, "")
     == std::set<std::string>{"id", "type", "created_at", "scope", "data"}),
    r.body);
  BOOST_TEST((keys_at(body, "/scope") == std::set<std::string>{"kind", "id"}));
  BOOST_TEST(body.at("/type") == type);
  BOOST_TEST(std::regex_match(body.at("/created_at"), timestamp_re),
             body.at("/created_at"));
  BOOST_TEST(body.at("/scope/kind") == scope_kind);
  BOOST_TEST(body.at("/scope/id") == scope_id);
  // Purse-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">.
  BOOST_TEST_REQUIRE(r.headers.count("purse-signature") == 1u);
  const auto& sig = r.headers.at("purse-signature");
  std::smatch m;
  BOOST_TEST_REQUIRE(
    std::regex_match(sig, m, std::regex{"t=([0-9]+),v1=([0-9a-f]{64})"}), sig);
  auto t = std::stoll(m[1]);
  auto now = std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
               .count();
  BOOST_TEST(t > now - 300);
  BOOST_TEST(t < now + 300);
  BOOST_TEST(m[2].str() == hmac_sha256_hex(secret, m[1].str() + "." + r.body));
  // A receiver holding another secret refuses it.
  BOOST_TEST(m[2].str()
             != hmac_sha256_hex(secret + "0", m[1].str() + "." + r.body));
}

/// The delivered record equals the record's GET now.
void check_record(const received_request& r, const http_client& api,
                  const std::string& key, const std::string& path) {
  auto now = api.get(path, key);
  BOOST_TEST_REQUIRE(now.status == 200, now.body);
  auto got = as_response(r).json();
  auto expected = now.json();
  BOOST_TEST_REQUIRE(got.IsObject());
  BOOST_TEST_REQUIRE(got.HasMember("data"));
  BOOST_TEST_REQUIRE(got["data"].IsObject());
  BOOST_TEST_REQUIRE(got["data"].HasMember("record"), r.body);
  BOOST_TEST(got["data"].MemberCount() == 1u, r.body);
  BOOST_TEST((got["data"]["record"] == expected["data"]),
             text_of(got["data"]["record"])
               << "\n  GET: " << text_of(expected["data"]));
}

std::string type_of(const received_request& r) {
  return as_response(r).at("/type");
}

std::string secret_re_text = "whsec_[0-9a-f]{64}";

int next_path = 0;

/// A receiver path of its own for each webhook.
std::string fresh_path() {
  return "/hooks/" + std::to_string(next_path++);
}

} // namespace

BOOST_AUTO_TEST_SUITE(webhooks)

// -- CRUD, input, roles, plans --------------------------------------------------

BOOST_FIXTURE_TEST_CASE(crud_in_both_scopes_shows_the_secret_once, hooks_team) {
  https_receiver receiver(world().pki);
  std::string me_hook;
  for (std::string scope : {std::string{"/me"}, "/teams/" + team}) {
    BOOST_TEST_CONTEXT("scope " << scope) {
      auto base = v1(scope + "/webhooks");
      auto url = receiver.url("127.0.0.1", "/crud?scope=" + scope.substr(1, 2));
      auto r = api.post(
        base, owner.key,
        hook_body(
          url, R"(["transaction.created","account.*","transaction.created"])",
          R"("description":"Ledger sync")"));
      auto id = created_id(r);
      if (scope == "/me")
        me_hook = id;
      BOOST_TEST(std::regex_match(id, uuid_re), id);
      BOOST_TEST(std::regex_match(r.at("/data/secret"),
                                  std::regex{secret_re_text}),
                 r.at("/data/secret"));
      BOOST_TEST(r.at("/data/url") == url);
      // Duplicates dropped, order kept.
      BOOST_TEST(r.at("/data/events")
                 == R"(["transaction.created","account.*"])");
      BOOST_TEST(r.at("/data/description") == "Ledger sync");
      BOOST_TEST(r.at("/data/active") == "true");
      BOOST_TEST(r.at("/data/created_by") == owner.id);
      BOOST_TEST(r.at("/data/updated_by") == owner.id);
      BOOST_TEST(std::regex_match(r.at("/data/created_at"), timestamp_re));
      BOOST_TEST(std::regex_match(r.at("/data/updated_at"), timestamp_re));

      // Reads never show the secret.
      auto one = api.get(base + "/" + id, owner.key);
      BOOST_TEST_REQUIRE(one.status == 200, one.body);
      BOOST_TEST(!has_member(one, "data", "secret"), one.body);
      BOOST_TEST((keys_at(one, "/data") == webhook_fields), one.body);
      auto with_secret = webhook_fields;
      with_secret.insert("secret");
      BOOST_TEST((keys_at(r, "/data") == with_secret), r.body);
      for (auto field :
           {"/data/url", "/data/events", "/data/description", "/data/active",
            "/data/created_at", "/data/created_by"})
        BOOST_TEST(one.at(field) == r.at(field), field);
      auto list = api.get(base, owner.key);
      BOOST_TEST_REQUIRE(list.status == 200, list.body);
      BOOST_TEST(list.at("/data/pagination/total") == "1");
      BOOST_TEST(list.at("/data/items/0/id") == id);
      BOOST_TEST((keys_at(list, "/data/items/0") == webhook_fields));
      BOOST_TEST(list.body.find("whsec_") == std::string::npos);

      // PATCH changes what it names.
      auto url2 = receiver.url("localhost", "/crud/2");
      r = api.patch(base + "/" + id, owner.key,
                    R"({"url":)" + quoted(url2) + "}");
      BOOST_TEST_REQUIRE(r.status == 200, r.body);
      BOOST_TEST(r.at("/data/url") == url2);
      BOOST_TEST(r.at("/data/events")
                 == R"(["transaction.created","account.*"])");
      BOOST_TEST(r.at("/data/description") == "Ledger sync");
      BOOST_TEST(!has_member(r, "data", "secret"), r.body);
      r = api.patch(base + "/" + id, owner.key,
                    R"({"events":["*","transaction.voided"]})");
      BOOST_TEST_REQUIRE(r.status == 200, r.body);
      BOOST_TEST(r.at("/data/events") == R"(["*","transaction.voided"])");
      BOOST_TEST(r.at("/data/url") == url2);
      r = api.patch(base + "/" + id, owner.key, R"({"active":false})");
      BOOST_TEST_REQUIRE(r.status == 200, r.body);
      BOOST_TEST(r.at("/data/active") == "false");
      r = api.patch(base + "/" + id, owner.key, R"({"description":"Other"})");
      BOOST_TEST_REQUIRE(r.status == 200, r.body);
      BOOST_TEST(r.at("/data/description") == "Other");
      BOOST_TEST(r.at("/data/active") == "false");
      r = api.patch(base + "/" + id, owner.key, R"({"description":null})");
      BOOST_TEST_REQUIRE(r.status == 200, r.body);
      BOOST_TEST(r.at("/data/description") == "null");
      one = api.get(base + "/" + id, owner.key);
      BOOST_TEST(one.at("/data/url") == url2);
      BOOST_TEST(one.at("/data/events") == R"(["*","transaction.voided"])");
      BOOST_TEST(one.at("/data/active") == "false");
      BOOST_TEST(one.at("/data/description") == "null");
      BOOST_TEST(!has_member(one, "data", "secret"), one.body);

      // PUT states everything: description null and active true when
      // absent; url and events required.
      api.patch(base + "/" + id, owner.key, R"({"description":"gone soon"})");
      r = api.put(base + "/" + id, owner.key,
                  hook_body(url, R"(["transaction.deleted"])"));
      BOOST_TEST_REQUIRE(r.status == 200, r.body);
      BOOST_TEST(r.at("/data/url") == url);
      BOOST_TEST(r.at("/data/events") == R"(["transaction.deleted"])");
      BOOST_TEST(r.at("/data/description") == "null");
      BOOST_TEST(r.at("/data/active") == "true");
      BOOST_TEST(!has_member(r, "data", "secret"), r.body);
      expect_field_error(
        api.put(base + "/" + id, owner.key, R"({"events":["*"]})"), "url");
      expect_field_error(api.put(base + "/" + id, owner.key,
                                 R"({"url":)" + quoted(url) + "}"),
                         "events");
      BOOST_TEST(api.get(base + "/" + id, owner.key).at("/data/events")
                 == R"(["transaction.deleted"])");

      // Deliveries of a webhook with no events yet: an empty page.
      auto deliveries = api.get(deliveries_path(scope, id), owner.key);
      BOOST_TEST(deliveries.status == 200, deliveries.body);
      BOOST_TEST(deliveries.size_at("/data/items") == 0);
      BOOST_TEST(deliveries.at("/data/pagination/total") == "0");

      if (scope != "/me") {
        // Another scope's webhook is not found, nor its deliveries.
        BOOST_TEST(api.get(base + "/" + me_hook, owner.key).status == 404);
        BOOST_TEST(api.get(deliveries_path(scope, me_hook), owner.key).status
                   == 404);
        BOOST_TEST(
          api.patch(base + "/" + me_hook, owner.key, R"({"active":false})")
            .status
          == 404);
        BOOST_TEST(api.del(base + "/" + me_hook, owner.key).status == 404);
      }
      auto unknown = "00000000-0000-7000-8000-000000000000";
      BOOST_TEST(api.get(base + "/" + unknown, owner.key).status == 404);
      BOOST_TEST(api.get(deliveries_path(scope, unknown), owner.key).status
                 == 404);

      // DELETE answers 200, then the webhook is gone.
      if (scope != "/me") {
        r = api.del(base + "/" + id, owner.key);
        BOOST_TEST(r.status == 200, r.body);
        BOOST_TEST(api.get(base + "/" + id, owner.key).status == 404);
        BOOST_TEST(api.get(deliveries_path(scope, id), owner.key).status
                   == 404);
        BOOST_TEST(api.del(base + "/" + id, owner.key).status == 404);
        BOOST_TEST(api.get(base, owner.key).at("/data/pagination/total")
                   == "0");
      }
    }
  }
  BOOST_TEST(api.del(v1("/me/webhooks/" + me_hook), owner.key).status == 200);
  BOOST_TEST(api.get(v1("/me/webhooks"), owner.key).at("/data/pagination/total")
             == "0");
  BOOST_TEST(receiver.request_count() == 0u);
}

BOOST_FIXTURE_TEST_CASE(bad_input_is_a_422_on_its_field, hooks_solo) {
  auto base = v1("/me/webhooks");
  const auto& key = user.key;
  const std::string ok_url = "https://127.0.0.1:9/in";
  auto post = [&](const std::string& body) {
    return api.post(base, key, body);
  };
  // url
  expect_field_error(post(hook_body("http://127.0.0.1:9/in", R"(["*"])")),
                     "url");
  expect_field_error(
    post(hook_body("https://user:pass@127.0.0.1:9/in", R"(["*"])")), "url");
  expect_field_error(post(hook_body("https://user@127.0.0.1:9/in", R"(["*"])")),
                     "url");
  expect_field_error(post(hook_body("https://127.0.0.1:9/in#part", R"(["*"])")),
                     "url");
  expect_field_error(post(hook_body("ftp://127.0.0.1:9/in", R"(["*"])")),
                     "url");
  expect_field_error(post(hook_body("not a url", R"(["*"])")), "url");
  expect_field_error(post(hook_body("https://", R"(["*"])")), "url");
  expect_field_error(
    post(
      hook_body("https://127.0.0.1:9/" + std::string(2100, 'a'), R"(["*"])")),
    "url");
  expect_field_error(
    post(hook_body("https://no-such-host.invalid/in", R"(["*"])")), "url");
  expect_field_error(post(R"({"events":["*"]})"), "url");
  expect_field_error(post(R"({"url":5,"events":["*"]})"), "url");
  // events
  for (auto events :
       {R"([])", R"(["transaction.exploded"])", R"(["invoice.created"])",
        R"(["transaction"])", R"(["transactions.*"])", R"(["*.created"])",
        R"(["TRANSACTION.created"])", R"(["budget.created"])", R"([5])",
        R"("*")", R"(null)"})
    BOOST_TEST_CONTEXT("events " << events) {
      expect_field_error(post(hook_body(ok_url, events)), "events");
    }
  expect_field_error(post(R"({"url":)" + quoted(ok_url) + "}"), "events");
  // 21 distinct known names.
  std::string many = "[";
  int n = 0;
  for (auto type : {"transaction", "account", "category", "tag", "file"})
    for (auto verb : {"created", "updated", "deleted", "voided", "*"})
      if (n++ < 21)
        many += std::string(n > 1 ? "," : "")
                + quoted(std::string{type} + "." + verb);
  many += "]";
  expect_field_error(post(hook_body(ok_url, many)), "events");
  // description
  expect_field_error(
    post(hook_body(ok_url, R"(["*"])",
                   R"("description":)" + quoted(std::string(501, 'd')))),
    "description");
  expect_field_error(post(hook_body(ok_url, R"(["*"])", R"("description":5)")),
                     "description");
  // Nothing was made by all that.
  BOOST_TEST(api.get(base, key).at("/data/pagination/total") == "0");

  // The edges that are fine: 500 characters, 20 names, every verb.
  auto r = post(hook_body(ok_url,
                          R"(["transaction.voided","file.deleted","tag.*",)"
                          R"("category.updated","account.created","*"])",
                          R"("description":)" + quoted(std::string(500, 'd'))));
  auto id = created_id(r);
  BOOST_TEST(r.at("/data/description").size() == 500u);
  many = "[";
  n = 0;
  for (auto type : {"transaction", "account", "category", "tag", "file"})
    for (auto verb : {"created", "updated", "deleted", "voided"})
      many += std::string(n++ > 0 ? "," : "")
              + quoted(std::string{type} + "." + verb);
  many += "]";
  r = api.patch(base + "/" + id, key, R"({"events":)" + many + "}");
  BOOST_TEST(r.status == 200, r.body);
  BOOST_TEST(r.size_at("/data/events") == 20);

  // Characters, not bytes: 500 two-byte characters are fine, 501 not.
  std::string e_acute = "\xc3\xa9";
  std::string long_text;
  for (int i = 0; i < 500; ++i)
    long_text += e_acute;
  r = api.patch(base + "/" + id, key,
                R"({"description":)" + quoted(long_text) + "}");
  BOOST_TEST(r.status == 200, r.body);
  expect_field_error(
    api.patch(base + "/" + id, key,
              R"({"description":)" + quoted(long_text + e_acute) + "}"),
    "description");
  // A URL of 2048 bytes is fine.
  auto prefix = std::string{"https://127.0.0.1:9/"};
  auto longest = prefix + std::string(2048 - prefix.size(), 'u');
  r = api.patch(base + "/" + id, key, R"({"url":)" + quoted(longest) + "}");
  BOOST_TEST(r.status == 200, r.body);
  r = api.patch(base + "/" + id, key, R"({"url":)" + quoted(ok_url) + "}");
  BOOST_TEST(r.status == 200, r.body);

  // PATCH checks the same.
  auto patch = [&](const std::string& body) {
    return api.patch(base + "/" + id, key, body);
  };
  expect_field_error(patch(R"({"url":"http://127.0.0.1:9/in"})"), "url");
  expect_field_error(patch(R"({"url":"https://a:b@127.0.0.1:9/in"})"), "url");
  expect_field_error(patch(R"({"events":[]})"), "events");
  // null leaves a field as it is, as in the other collections.
  auto same = patch(R"({"url":null,"active":null})");
  BOOST_TEST(same.status == 200, same.body);
  BOOST_TEST(same.at("/data/url") == ok_url);
  BOOST_TEST(same.at("/data/active") == "true");
  expect_field_error(patch(R"({"events":["nope.created"]})"), "events");
  expect_field_error(patch(R"({"active":"yes"})"), "active");
  expect_field_error(
    patch(R"({"description":)" + quoted(std::string(501, 'x')) + "}"),
    "description");
  auto kept = api.get(base + "/" + id, key);
  BOOST_TEST(kept.at("/data/url") == ok_url);
  BOOST_TEST(kept.size_at("/data/events") == 20);
  BOOST_TEST(kept.at("/data/active") == "true");
}

BOOST_AUTO_TEST_CASE(private_addresses_are_refused_unless_allowed) {
  auto server = hooks_server(false);
  http_client api{server->base_url()};
  auto user = hooks_user();
  auto base = v1("/me/webhooks");
  for (auto url : {"https://127.0.0.1/hook", "https://localhost/hook",
                   "https://10.0.0.1/hook", "https://[::1]/hook",
                   "https://192.168.1.20/hook",
                   "https://169.254.169.254/latest", "https://[fc00::1]/hook",
                   "https://127.0.0.1:8443/hook", "https://127.1.2.3/hook",
                   "https://172.16.0.1/hook", "https://224.0.0.1/hook",
                   "https://[::ffff:127.0.0.1]/hook", "https://[fe80::1]/hook"})
    BOOST_TEST_CONTEXT("url " << url) {
      expect_field_error(api.post(base, user.key, hook_body(url, R"(["*"])")),
                         "url");
    }
  // A public address is fine (nothing is sent until a change).
  auto r = api.post(base, user.key,
                    hook_body("https://93.184.216.34/hook", R"(["*"])"));
  auto id = created_id(r);
  expect_field_error(api.patch(base + "/" + id, user.key,
                               R"({"url":"https://10.1.2.3/hook"})"),
                     "url");
  BOOST_TEST(api.del(base + "/" + id, user.key).status == 200);
}

BOOST_FIXTURE_TEST_CASE(only_owners_and_admins_of_a_team_reach_its_webhooks,
                        hooks_team) {
  https_receiver receiver(world().pki);
  auto scope = "/teams/" + team;
  auto base = v1(scope + "/webhooks");
  auto body = hook_body(receiver.url("127.0.0.1", "/roles"), R"(["*"])");
  auto owners = created_id(api.post(base, owner.key, body));
  // An admin may do everything.
  auto r = api.post(base, admin_user.key, body);
  auto admins = created_id(r);
  BOOST_TEST(r.at("/data/created_by") == admin_user.id);
  BOOST_TEST(
    std::regex_match(r.at("/data/secret"), std::regex{secret_re_text}));
  BOOST_TEST(api.get(base, admin_user.key).at("/data/pagination/total") == "2");
  BOOST_TEST(api.get(base + "/" + owners, admin_user.key).status == 200);
  r = api.patch(base + "/" + owners, admin_user.key, R"({"active":false})");
  BOOST_TEST(r.status == 200, r.body);
  BOOST_TEST(r.at("/data/updated_by") == admin_user.id);
  BOOST_TEST(r.at("/data/created_by") == owner.id);
  BOOST_TEST(api.put(base + "/" + owners, admin_user.key, body).status == 200);
  BOOST_TEST(api.get(deliveries_path(scope, owners), admin_user.key).status
             == 200);
  // Members and viewers may not even read.
  for (auto* u : {&member, &viewer}) {
    BOOST_TEST_CONTEXT("role of " << u->id) {
      for (auto got :
           {api.get(base, u->key), api.get(base + "/" + owners, u->key),
            api.post(base, u->key, body),
            api.patch(base + "/" + owners, u->key, R"({"active":false})"),
            api.put(base + "/" + owners, u->key, body),
            api.del(base + "/" + owners, u->key),
            api.get(deliveries_path(scope, owners), u->key)}) {
        BOOST_TEST(got.status == 403, got.status << " " << got.body);
        BOOST_TEST(got.at("/meta/error") == "forbidden");
        BOOST_TEST(got.body.find("whsec_") == std::string::npos);
      }
    }
  }
  // Nobody outside the team either; nothing changed.
  auto stranger = hooks_user();
  BOOST_TEST(api.get(base, stranger.key).status == 403);
  BOOST_TEST(api.get(base, owner.key).at("/data/pagination/total") == "2");
  BOOST_TEST(api.del(base + "/" + admins, admin_user.key).status == 200);
  BOOST_TEST(api.del(base + "/" + owners, owner.key).status == 200);
}

BOOST_FIXTURE_TEST_CASE(free_is_refused_and_solo_holds_five, hooks_solo) {
  auto body = hook_body("https://127.0.0.1:9/in", R"(["*"])");
  // Free: refused as other paid resources are.
  auto free_user = hooks_user("free");
  auto tags = api.post(v1("/me/tags"), free_user.key, R"({"name":"x"})");
  auto hooks = api.post(v1("/me/webhooks"), free_user.key, body);
  BOOST_TEST(tags.status == 402);
  BOOST_TEST(hooks.status == tags.status, hooks.body);
  BOOST_TEST(hooks.at("/meta/error") == tags.at("/meta/error"));
  BOOST_TEST(api.get(v1("/me/webhooks"), free_user.key).status == 402);

  // Solo: five, the sixth refused as other quotas are.
  std::vector<std::string> ids;
  for (int i = 0; i < 5; ++i)
    ids.push_back(created_id(api.post(v1("/me/webhooks"), user.key, body)));
  auto over = api.post(v1("/me/webhooks"), user.key, body);
  BOOST_TEST(over.status == 422, over.body);
  BOOST_TEST(over.at("/meta/error") == "quota_exceeded");
  BOOST_TEST(over.body.find("whsec_") == std::string::npos);
  auto usage = api.get(v1("/me/usage"), user.key);
  BOOST_TEST(usage.at("/data/quotas/webhooks/used") == "5", usage.body);
  BOOST_TEST(usage.at("/data/quotas/webhooks/limit") == "5", usage.body);
  BOOST_TEST(api.get(v1("/me/webhooks"), user.key).at("/data/pagination/total")
             == "5");
  // A deleted one makes room again.
  BOOST_TEST(api.del(v1("/me/webhooks/" + ids[0]), user.key).status == 200);
  created_id(api.post(v1("/me/webhooks"), user.key, body));
  // A team's quota is its owner's plan's.
  auto team = admin_value(
    {"team", "create", "--name", "Quota", "--owner", user.id}, "id");
  for (int i = 0; i < 5; ++i)
    created_id(api.post(v1("/teams/" + team + "/webhooks"), user.key, body));
  over = api.post(v1("/teams/" + team + "/webhooks"), user.key, body);
  BOOST_TEST(over.status == 422, over.body);
  BOOST_TEST(over.at("/meta/error") == "quota_exceeded");
  // Family holds 20.
  auto family = hooks_user("family");
  usage = api.get(v1("/me/usage"), family.key);
  BOOST_TEST(usage.at("/data/quotas/webhooks/limit") == "20", usage.body);
}

BOOST_AUTO_TEST_CASE(the_quota_follows_the_quotas_flag) {
  auto server = hooks_server(true, {"--quotas", "solo.webhooks=1"});
  http_client api{server->base_url()};
  auto user = hooks_user();
  auto body = hook_body("https://127.0.0.1:9/in", R"(["*"])");
  created_id(api.post(v1("/me/webhooks"), user.key, body));
  auto over = api.post(v1("/me/webhooks"), user.key, body);
  BOOST_TEST(over.status == 422, over.body);
  BOOST_TEST(over.at("/meta/error") == "quota_exceeded");
}

// -- deliveries -----------------------------------------------------------------

BOOST_FIXTURE_TEST_CASE(a_transactions_life_is_delivered_signed, hooks_solo) {
  https_receiver receiver(world().pki);
  const auto& key = user.key;
  auto base = v1("/me/webhooks");
  // A: every transaction event; B: deletes only; C: everything, inactive.
  auto path_a = fresh_path(), path_b = fresh_path(), path_c = fresh_path();
  auto a = make_hook(api, key, receiver, path_a, R"(["transaction.*"])");
  auto b = make_hook(api, key, receiver, path_b, R"(["transaction.deleted"])",
                     "/me", "localhost");
  BOOST_TEST(a.secret != b.secret);
  auto c = make_hook(api, key, receiver, path_c, R"(["*"])");
  BOOST_TEST_REQUIRE(
    api.patch(base + "/" + c.id, key, R"({"active":false})").status == 200);

  auto account = create_account(api, key, "/me");
  auto tx = v1("/me/transactions/");
  // Each step waits for its delivery: the body is built at the first
  // attempt, and is compared with the record's GET then.
  auto step = [&](std::size_t n, const std::string& type,
                  const std::string& id) {
    BOOST_TEST_CONTEXT(type << " " << id) {
      auto got = require_arrived(receiver, path_a, n);
      check_delivery(got[n - 1], a.secret, type, "me", user.id);
      if (type == "transaction.deleted") {
        auto body = as_response(got[n - 1]);
        BOOST_TEST(body.at("/data/id") == id);
        BOOST_TEST(!has_member(body, "data", "record"), body.body);
        BOOST_TEST(api.get(tx + id, key).status == 404);
      } else {
        check_record(got[n - 1], api, key, tx + id);
      }
    }
  };
  auto first = create_expense(api, key, "/me", account, "12.50");
  step(1, "transaction.created", first);
  BOOST_TEST_REQUIRE(
    api.patch(tx + first, key, R"({"description":"Groceries","amount":13})")
      .status
    == 200);
  step(2, "transaction.updated", first);
  BOOST_TEST_REQUIRE(api.post(tx + first + "/void", key, "").status == 200);
  step(3, "transaction.voided", first);
  auto second = create_expense(api, key, "/me", account, "7");
  step(4, "transaction.created", second);
  BOOST_TEST_REQUIRE(api.del(tx + second, key).status == 200);
  step(5, "transaction.deleted", second);

  // The deliveries list, newest event first, all delivered on the first
  // attempt; its event ids are those that arrived.
  auto list = deliveries(api, key, "/me", a.id).until_delivered(5);
  BOOST_TEST_REQUIRE(all_delivered(list, 5), list.body);
  BOOST_TEST(list.at("/data/pagination/total") == "5");
  auto got = arrived_at(receiver, path_a);
  BOOST_TEST_REQUIRE(got.size() == 5u);
  const std::pair<const char*, std::string> expected[]
    = {{"transaction.deleted", second},
       {"transaction.created", second},
       {"transaction.voided", first},
       {"transaction.updated", first},
       {"transaction.created", first}};
  std::set<std::string> ids;
  for (long i = 0; i < 5; ++i) {
    auto at = [&](const char* field) {
      return item_at(list, i, field);
    };
    BOOST_TEST_CONTEXT("delivery " << i) {
      BOOST_TEST(at("type") == expected[i].first);
      BOOST_TEST(at("record_id") == expected[i].second);
      BOOST_TEST(at("event_id") == event_id_of(got[4 - i]));
      BOOST_TEST(at("attempts") == "1");
      BOOST_TEST(at("last_status_code") == "200");
      BOOST_TEST(at("last_error") == "null");
      BOOST_TEST(at("next_attempt_at") == "null");
      BOOST_TEST(std::regex_match(at("last_attempt_at"), timestamp_re));
      BOOST_TEST(std::regex_match(at("created_at"), timestamp_re));
      ids.insert(at("event_id"));
    }
  }
  BOOST_TEST(ids.size() == 5u);
  BOOST_TEST((keys_at(list, "/data/items/0")
              == std::set<std::string>{"event_id", "type", "record_id",
                                       "created_at", "status", "attempts",
                                       "last_status_code", "last_error",
                                       "last_attempt_at", "next_attempt_at"}),
             list.body);
  // Paged like the lists.
  auto paged = deliveries(api, key, "/me", a.id, "?per_page=2&page=2").get();
  BOOST_TEST(paged.status == 200, paged.body);
  BOOST_TEST(paged.size_at("/data/items") == 2);
  BOOST_TEST(paged.at("/data/items/0/event_id")
             == list.at("/data/items/2/event_id"));
  BOOST_TEST(paged.at("/data/pagination/total") == "5");

  // B got the delete only, signed with its own secret.
  auto deletes = deliveries(api, key, "/me", b.id).until_delivered(1);
  BOOST_TEST_REQUIRE(all_delivered(deletes, 1), deletes.body);
  BOOST_TEST(deletes.at("/data/items/0/type") == "transaction.deleted");
  auto at_b = require_arrived(receiver, path_b, 1);
  check_delivery(at_b[0], b.secret, "transaction.deleted", "me", user.id);
  BOOST_TEST(as_response(at_b[0]).at("/data/id") == second);
  // C, inactive, got nothing and has no deliveries.
  auto none = deliveries(api, key, "/me", c.id).get();
  BOOST_TEST(none.status == 200);
  BOOST_TEST(none.at("/data/pagination/total") == "0", none.body);
  BOOST_TEST(arrived_at(receiver, path_c).empty());
  BOOST_TEST(arrived_at(receiver, path_b).size() == 1u);
  BOOST_TEST(arrived_at(receiver, path_a).size() == 5u);
  // A deleted webhook's deliveries go with it.
  BOOST_TEST(api.del(base + "/" + a.id, key).status == 200);
  BOOST_TEST(deliveries(api, key, "/me", a.id).get().status == 404);
}

BOOST_FIXTURE_TEST_CASE(one_request_is_one_event_per_record, hooks_solo) {
  https_receiver receiver(world().pki);
  const auto& key = user.key;
  auto path_tx = fresh_path(), path_all = fresh_path();
  // Made before any webhook: no event for it.
  auto early = make_category_here(api, key);
  auto tx_hook = make_hook(api, key, receiver, path_tx, R"(["transaction.*"])");
  auto all_hook = make_hook(api, key, receiver, path_all, R"(["*"])");
  auto account = create_account(api, key, "/me");
  auto tag = created_id(api.post(v1("/me/tags"), key, R"({"name":"Trip"})"));
  deliveries list_all(api, key, "/me", all_hook.id, "?per_page=100");
  // The account and the tag reached "*" (and not "transaction.*").
  auto before = list_all.until_delivered(2);
  BOOST_TEST_REQUIRE(all_delivered(before, 2), before.body);

  // A create that also tags: one transaction.created (its record holds
  // the tag), no transaction.updated.
  auto id = create_expense(api, key, "/me", account, "40",
                           R"("tag_ids":[)" + quoted(tag) + "]");
  auto got = require_arrived(receiver, path_tx, 1);
  check_delivery(got[0], tx_hook.secret, "transaction.created", "me", user.id);
  check_record(got[0], api, key, v1("/me/transactions/" + id));
  BOOST_TEST(as_response(got[0]).at("/data/record/tag_ids/0") == tag);
  auto tx_list = deliveries(api, key, "/me", tx_hook.id).until_delivered(1);
  BOOST_TEST(all_delivered(tx_list, 1), tx_list.body);
  BOOST_TEST(tx_list.at("/data/pagination/total") == "1");

  // "*": the transaction once, its account's balance moved once.
  auto after = list_all.until([](const response& r) {
    return r.size_at("/data/items") >= 4
           && all_delivered(r, r.size_at("/data/items"));
  });
  auto events = listed_events(after);
  BOOST_TEST(events.count("transaction.created " + id) == 1u);
  BOOST_TEST(events.count("transaction.updated " + id) == 0u);
  BOOST_TEST(events.count("account.created " + account) == 1u);
  BOOST_TEST(events.count("account.updated " + account) == 1u);
  BOOST_TEST(events.count("tag.created " + tag) == 1u);
  BOOST_TEST(events.count("category.created " + early) == 0u);
  // Each arrived once at "*"'s receiver, a created account as its GET.
  auto at_all = wait_at(receiver, path_all, events.size());
  BOOST_TEST(at_all.size() == events.size());
  for (auto& r : at_all)
    if (type_of(r) == "account.created")
      BOOST_TEST(as_response(r).at("/data/record/id") == account);

  // A file uploaded onto the transaction: the file created, the
  // transaction updated (a file attached).
  auto file = created_id(api.post(
    v1("/me/files"), key,
    R"({"name":"receipt.txt","content_type":"text/plain",)"
    R"("content_base64":")"
      + base64("receipt") + R"(","transaction_id":)" + quoted(id) + "}"));
  // The account deleted with its transactions: a delete wins over the
  // balance it moved.
  auto gone = api.del(v1("/me/accounts/" + account + "?cascade=true"), key);
  BOOST_TEST_REQUIRE(gone.status == 200, gone.body);
  auto last = list_all.until([&](const response& r) {
    auto t = listed_events(r);
    return t.count("account.deleted " + account) > 0
           && t.count("transaction.deleted " + id) > 0
           && t.count("file.created " + file) > 0
           && t.count("transaction.updated " + id) > 0
           && all_delivered(r, r.size_at("/data/items"));
  });
  events = listed_events(last);
  BOOST_TEST(events.count("file.created " + file) == 1u, last.body);
  BOOST_TEST(events.count("transaction.updated " + id) == 1u);
  BOOST_TEST(events.count("transaction.deleted " + id) == 1u);
  BOOST_TEST(events.count("account.deleted " + account) == 1u);
  BOOST_TEST(events.count("account.updated " + account) == 1u);
  BOOST_TEST(events.count("transaction.created " + id) == 1u);
}

BOOST_FIXTURE_TEST_CASE(a_batch_is_one_request, hooks_solo) {
  // Three creates in one batch: three transaction.created, and the
  // account they all moved updated once.
  https_receiver receiver(world().pki);
  const auto& key = user.key;
  auto account = create_account(api, key, "/me");
  auto path = fresh_path();
  auto hook = make_hook(api, key, receiver, path, R"(["*"])");
  auto r = api.post(v1("/me/transactions/batch"), key,
                    R"({"transactions":[)" + expense_body(account, "1") + ","
                      + expense_body(account, "2") + ","
                      + expense_body(account, "3") + R"(],"atomic":true})");
  BOOST_TEST_REQUIRE(r.status == 200, r.body);
  std::set<std::string> created;
  for (int i = 0; i < 3; ++i)
    created.insert(item_at(r, i, "data/id"));
  BOOST_TEST_REQUIRE(created.size() == 3u);
  auto list = deliveries(api, key, "/me", hook.id).until_delivered(4);
  BOOST_TEST_REQUIRE(all_delivered(list, 4), list.body);
  auto events = listed_events(list);
  for (auto& id : created)
    BOOST_TEST(events.count("transaction.created " + id) == 1u, list.body);
  BOOST_TEST(events.count("account.updated " + account) == 1u, list.body);
  auto got = wait_at(receiver, path, 4);
  BOOST_TEST(got.size() == 4u);
  for (auto& one : got)
    if (type_of(one) == "account.updated")
      check_record(one, api, key, v1("/me/accounts/" + account));
}

BOOST_FIXTURE_TEST_CASE(a_webhook_made_after_a_change_does_not_get_it,
                        hooks_solo) {
  // "An event is made for the webhooks that exist when the change
  // commits": one made a moment later (before the 1 s polling could have
  // sent the change anywhere) is not among them.
  https_receiver receiver(world().pki);
  const auto& key = user.key;
  auto path_before = fresh_path(), path_after = fresh_path();
  auto before = make_hook(api, key, receiver, path_before,
                          R"(["transaction.*"])");
  auto id = expense_on_new_account(api, key);
  auto after = make_hook(api, key, receiver, path_after,
                         R"(["transaction.*"])");
  auto got = deliveries(api, key, "/me", before.id).until_delivered(1);
  BOOST_TEST_REQUIRE(all_delivered(got, 1), got.body);
  BOOST_TEST(got.at("/data/items/0/record_id") == id);
  auto late = deliveries(api, key, "/me", after.id).get();
  BOOST_TEST(late.status == 200);
  BOOST_TEST(late.at("/data/pagination/total") == "0", late.body);
  BOOST_TEST(wait_at(receiver, path_before, 1).size() == 1u);
  BOOST_TEST(arrived_at(receiver, path_after).empty());
}

BOOST_FIXTURE_TEST_CASE(a_team_change_is_sent_with_the_team_scope, hooks_team) {
  https_receiver receiver(world().pki);
  auto scope = "/teams/" + team;
  auto path = fresh_path();
  auto hook = make_hook(api, admin_user.key, receiver, path,
                        R"(["transaction.created"])", scope);
  // A personal change of the owner does not reach the team's webhook.
  auto mine = create_account(api, owner.key, "/me");
  create_expense(api, owner.key, "/me", mine);
  // Members write transactions (accounts need an admin).
  auto account = create_account(api, owner.key, scope);
  auto id = create_expense(api, member.key, scope, account, "3.25");
  auto got = require_arrived(receiver, path, 1);
  check_delivery(got[0], hook.secret, "transaction.created", "team", team);
  check_record(got[0], api, owner.key, v1(scope + "/transactions/" + id));
  BOOST_TEST(as_response(got[0]).at("/data/record/created_by") == member.id);
  auto list = deliveries(api, owner.key, scope, hook.id).until_delivered(1);
  BOOST_TEST(all_delivered(list, 1), list.body);
  BOOST_TEST(arrived_at(receiver, path).size() == 1u);
}

// -- retries --------------------------------------------------------------------

BOOST_FIXTURE_TEST_CASE(errors_are_retried_with_the_same_event_further_apart,
                        hooks_solo) {
  https_receiver receiver(world().pki);
  receiver.queue_answers({500, 500, 500});
  const auto& key = user.key;
  auto path = fresh_path();
  auto hook = make_hook(api, key, receiver, path);
  auto id = expense_on_new_account(api, key);
  deliveries list(api, key, "/me", hook.id);

  // After the first 500: pending, one attempt, the status kept.
  require_arrived(receiver, path, 1);
  auto pending = list.until_attempted(1);
  BOOST_TEST(item_at(pending, 0, "attempts") == "1", pending.body);
  expect_pending(pending, "500");
  BOOST_TEST(std::regex_match(item_at(pending, 0, "next_attempt_at"),
                              timestamp_re),
             item_at(pending, 0, "next_attempt_at"));
  BOOST_TEST(
    std::regex_match(item_at(pending, 0, "last_attempt_at"), timestamp_re));
  BOOST_TEST(item_at(pending, 0, "type") == "transaction.created");
  BOOST_TEST(item_at(pending, 0, "record_id") == id);

  // 500, 500, 500, 200: four attempts of one event with one body.
  auto got = require_arrived(receiver, path, 4, 30s);
  expect_one_event_attempted(got, {500, 500, 500, 200});
  for (auto& r : got)
    check_delivery(r, hook.secret, "transaction.created", "me", user.id);
  // 1 s, 2 s, 4 s after the failures. Due times are whole seconds (a
  // delay may end up to 1 s early) and the 1 s polling may add up to a
  // second: the gaps are in (0, 2], (1, 3] and (3, 5] s, so only the
  // third is sure to exceed the others.
  std::vector<std::chrono::steady_clock::duration> gaps;
  for (std::size_t i = 1; i < got.size(); ++i)
    gaps.push_back(got[i].arrived - got[i - 1].arrived);
  BOOST_TEST_MESSAGE(
    "gaps: "
    << std::chrono::duration_cast<std::chrono::milliseconds>(gaps[0]).count()
    << " ms, "
    << std::chrono::duration_cast<std::chrono::milliseconds>(gaps[1]).count()
    << " ms, "
    << std::chrono::duration_cast<std::chrono::milliseconds>(gaps[2]).count()
    << " ms");
  BOOST_TEST((gaps[1] >= 950ms));
  BOOST_TEST((gaps[2] >= 2950ms));
  BOOST_TEST((gaps[2] > gaps[1]));
  BOOST_TEST((gaps[2] > gaps[0]));
  BOOST_TEST((gaps[2] < 10s));

  auto done = list.until_delivered(1);
  BOOST_TEST(all_delivered(done, 1), done.body);
  BOOST_TEST(item_at(done, 0, "attempts") == "4");
  BOOST_TEST(item_at(done, 0, "last_status_code") == "200");
  BOOST_TEST(item_at(done, 0, "next_attempt_at") == "null");
  BOOST_TEST(item_at(done, 0, "event_id") == event_id_of(got[0]));
  BOOST_TEST(done.at("/data/pagination/total") == "1");
  BOOST_TEST(arrived_at(receiver, path).size() == 4u);
}

BOOST_FIXTURE_TEST_CASE(
  a_receiver_that_never_answers_is_retried_after_the_timeout, hooks_solo) {
  https_receiver receiver(world().pki);
  receiver.queue_answers({0});
  const auto& key = user.key;
  auto path = fresh_path();
  auto hook = make_hook(api, key, receiver, path);
  expense_on_new_account(api, key);
  deliveries list(api, key, "/me", hook.id);
  require_arrived(receiver, path, 1);
  // Given up after 2 s without an answer: no status code.
  auto pending = list.until_attempted(1);
  BOOST_TEST(item_at(pending, 0, "attempts") == "1", pending.body);
  expect_pending(pending, "null");

  auto got = require_arrived(receiver, path, 2, 20s);
  expect_one_event_attempted(got, {0, 200});
  // The 2 s timeout, then the 1 s delay (due at a whole second: it may
  // end up to 1 s early).
  BOOST_TEST((got[1].arrived - got[0].arrived >= 1900ms));
  auto done = list.until_delivered(1);
  BOOST_TEST(all_delivered(done, 1), done.body);
  BOOST_TEST(item_at(done, 0, "attempts") == "2");
  BOOST_TEST(item_at(done, 0, "last_status_code") == "200");
}

BOOST_FIXTURE_TEST_CASE(a_redirect_is_not_followed, hooks_solo) {
  https_receiver receiver(world().pki);
  auto path = fresh_path();
  auto elsewhere = fresh_path();
  // Its answer's Location would lead to `elsewhere` on the same receiver.
  https_receiver redirecting(world().pki, 200,
                             "Location: " + receiver.url("127.0.0.1", elsewhere)
                               + "\r\n");
  redirecting.queue_answers({302});
  const auto& key = user.key;
  auto hook = make_hook(api, key, redirecting, path);
  expense_on_new_account(api, key);
  auto got = require_arrived(redirecting, path, 2, 20s);
  expect_one_event_attempted(got, {302, 200});
  auto done = deliveries(api, key, "/me", hook.id).until_delivered(1);
  BOOST_TEST(all_delivered(done, 1), done.body);
  BOOST_TEST(item_at(done, 0, "attempts") == "2");
  BOOST_TEST(receiver.connections() == 0);
}

BOOST_AUTO_TEST_CASE(plain_http_is_taken_with_allow_http) {
  https_receiver receiver; // no TLS
  auto server = hooks_server(true, {"--webhook-allow-http"});
  http_client api{server->base_url()};
  auto user = hooks_user();
  auto path = fresh_path();
  auto hook = make_hook(api, user.key, receiver, path);
  BOOST_TEST(hook.created.at("/data/url").rfind("http://", 0) == 0u);
  expense_on_new_account(api, user.key);
  auto got = require_arrived(receiver, path, 1);
  check_delivery(got[0], hook.secret, "transaction.created", "me", user.id);
}

// -- restarts and private addresses ---------------------------------------------

BOOST_AUTO_TEST_CASE(nothing_is_lost_across_a_restart) {
  https_receiver receiver(world().pki, 503);
  auto user = hooks_user();
  const auto& key = user.key;
  auto path = fresh_path();
  std::string hook_id, secret;
  // What must arrive: type and record id.
  std::vector<std::pair<std::string, std::string>> expected;
  {
    auto server = hooks_server();
    http_client api{server->base_url()};
    auto hook = make_hook(api, key, receiver, path, R"(["transaction.*"])");
    hook_id = hook.id;
    secret = hook.secret;
    auto account = create_account(api, key, "/me");
    auto one = create_expense(api, key, "/me", account, "1");
    auto two = create_expense(api, key, "/me", account, "2");
    expected.push_back({"transaction.created", one});
    expected.push_back({"transaction.created", two});
    // The receiver fails them.
    BOOST_TEST_REQUIRE(wait_at(receiver, path, 1).size() >= 1u);
    BOOST_TEST_REQUIRE(api
                         .patch(v1("/me/transactions/" + one), key,
                                R"({"description":"changed"})")
                         .status
                       == 200);
    BOOST_TEST_REQUIRE(api.del(v1("/me/transactions/" + two), key).status
                       == 200);
    auto three = create_expense(api, key, "/me", account, "3");
    expected.push_back({"transaction.updated", one});
    expected.push_back({"transaction.deleted", two});
    expected.push_back({"transaction.created", three});
    BOOST_TEST(server->stop(SIGTERM) == 0);
  }
  BOOST_TEST(receiver.request_count() >= 1u);
  BOOST_TEST(arrived_at(receiver, path).front().answered == 503);
  receiver.set_default_answer(200);

  auto server = hooks_server();
  http_client api{server->base_url()};
  auto n = static_cast<long>(expected.size());
  auto list = deliveries(api, key, "/me", hook_id, "?per_page=100")
                .until_delivered(n, 30s);
  BOOST_TEST_REQUIRE(all_delivered(list, n), list.body);
  // Every event arrived (at least once), answered 200 at last.
  auto got = arrived_at(receiver, path);
  for (auto& [type, id] : expected)
    BOOST_TEST_CONTEXT(type << " " << id) {
      bool delivered = false;
      for (auto& r : got) {
        auto body = as_response(r);
        // A record gone by its event's first attempt is sent as its id.
        auto record = has_member(body, "data", "record")
                        ? body.at("/data/record/id")
                        : body.at("/data/id");
        if (body.at("/type") == type && record == id && r.answered == 200) {
          delivered = true;
          check_delivery(r, secret, type, "me", user.id);
        }
      }
      BOOST_TEST(delivered);
    }
  // One delivery per event, each with the id that arrived.
  std::set<std::string> listed;
  for (long i = 0; i < list.size_at("/data/items"); ++i)
    listed.insert(item_at(list, i, "event_id"));
  BOOST_TEST(listed.size() == expected.size());
  // Retries, across the restart too, resend the body of the first attempt.
  std::map<std::string, std::string> bodies;
  for (auto& r : got) {
    auto event = event_id_of(r);
    BOOST_TEST(listed.count(event) == 1u, event);
    auto first = bodies.emplace(event, r.body).first;
    BOOST_TEST(first->second == r.body, event);
  }
}

BOOST_AUTO_TEST_CASE(a_send_in_flight_at_a_stop_is_not_lost) {
  // The receiver holds the first attempt unanswered while the server
  // stops; the next server sends the event again. A node that stopped
  // while holding a delivery may keep it claimed until its lease runs out
  // (the timeout plus a minute here), hence the long deadline.
  https_receiver receiver(world().pki);
  receiver.queue_answers({0});
  auto user = hooks_user();
  const auto& key = user.key;
  auto path = fresh_path();
  std::string hook_id, id;
  {
    auto server = hooks_server();
    http_client api{server->base_url()};
    hook_id = make_hook(api, key, receiver, path).id;
    id = expense_on_new_account(api, key);
    require_arrived(receiver, path, 1);
    BOOST_TEST(server->stop(SIGTERM) == 0);
  }
  auto server = hooks_server();
  http_client api{server->base_url()};
  auto got = require_arrived(receiver, path, 2, 90s);
  expect_one_event_attempted(got, {0, 200});
  BOOST_TEST(as_response(got[1]).at("/data/record/id") == id);
  auto done = deliveries(api, key, "/me", hook_id).until_delivered(1);
  BOOST_TEST(all_delivered(done, 1), done.body);
}

BOOST_AUTO_TEST_CASE(two_servers_send_each_event_once) {
  // Both poll the outbox; a slow receiver keeps each send open a while,
  // so two nodes sending one event would show as two requests.
  https_receiver receiver(world().pki);
  receiver.set_answer_delay(300ms);
  auto one = hooks_server();
  auto two = hooks_server();
  http_client api_one{one->base_url()}, api_two{two->base_url()};
  auto user = hooks_user();
  const auto& key = user.key;
  auto path = fresh_path();
  auto hook = make_hook(api_one, key, receiver, path);
  auto account = create_account(api_one, key, "/me");
  const int n = 8;
  for (int i = 0; i < n; ++i)
    create_expense(i % 2 ? api_two : api_one, key, "/me", account,
                   std::to_string(i + 1));
  auto done = deliveries(api_two, key, "/me", hook.id).until_delivered(n, 30s);
  BOOST_TEST_REQUIRE(all_delivered(done, n), done.body);
  std::map<std::string, int> sent;
  for (auto& r : arrived_at(receiver, path))
    ++sent[event_id_of(r)];
  BOOST_TEST(sent.size() == static_cast<std::size_t>(n));
  for (auto& [event, times] : sent)
    BOOST_TEST(times == 1, event << " sent " << times << " times");
}

BOOST_AUTO_TEST_CASE(a_server_without_allow_private_does_not_send_to_one) {
  https_receiver receiver(world().pki);
  auto user = hooks_user();
  const auto& key = user.key;
  auto path = fresh_path();
  std::string hook_id;
  {
    // Made where private addresses were allowed.
    auto server = hooks_server(true);
    http_client api{server->base_url()};
    hook_id = make_hook(api, key, receiver, path).id;
    BOOST_TEST(server->stop(SIGTERM) == 0);
  }
  auto server = hooks_server(false);
  http_client api{server->base_url()};
  expense_on_new_account(api, key);
  // Tried, refused before connecting, and tried again.
  auto tried = deliveries(api, key, "/me", hook_id).until_attempted(2);
  BOOST_TEST(first_attempts(tried) >= 2, tried.body);
  expect_pending(tried, "null");
  BOOST_TEST(receiver.connections() == 0);
  BOOST_TEST(receiver.request_count() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
