// SPDX-License-Identifier: GPL-2.0-or-later
#include "support/e2e.hpp"

#include <memory>
#include <stdexcept>

#include <boost/test/unit_test.hpp>
#include <libpq-fe.h>

namespace purse::test {

server_process& shared_server() {
  static std::unique_ptr<server_process> server;
  // High limits: the functional suites are not about rate limiting (the
  // rate-limit suite runs its own server with the defaults).
  if (!server)
    server = std::make_unique<server_process>(
      std::vector<std::string>{"--read-limit", "1000000", "--write-limit",
                               "1000000", "--auth-failure-limit", "1000000"});
  return *server;
}

const http_client& api() {
  static const http_client client{shared_server().base_url()};
  return client;
}

std::string v1(const std::string& path) {
  return "/api/public/v1" + path;
}

void sql(const std::string& statement, const std::string& url) {
  auto conn = PQconnectdb(url.c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string err = PQerrorMessage(conn);
    PQfinish(conn);
    throw std::runtime_error("cannot connect: " + err);
  }
  auto res = PQexec(conn, statement.c_str());
  auto status = PQresultStatus(res);
  std::string err = PQerrorMessage(conn);
  PQclear(res);
  PQfinish(conn);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    throw std::runtime_error("SQL failed: " + err);
}

std::string sql_value(const std::string& query, const std::string& url) {
  auto conn = PQconnectdb(url.c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string err = PQerrorMessage(conn);
    PQfinish(conn);
    throw std::runtime_error("cannot connect: " + err);
  }
  auto res = PQexec(conn, query.c_str());
  std::string out;
  bool ok = PQresultStatus(res) == PGRES_TUPLES_OK;
  std::string err = PQerrorMessage(conn);
  if (ok && PQntuples(res) > 0)
    out = PQgetvalue(res, 0, 0);
  PQclear(res);
  PQfinish(conn);
  if (!ok)
    throw std::runtime_error("SQL failed: " + err);
  return out;
}

std::string sibling_database_url(const std::string& name) {
  auto url = database_url();
  return url.substr(0, url.rfind('/')) + "/" + name;
}

const char* const without_webhook_blocks = R"SQL(
DO $$
DECLARE f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['purse_changes_record()',
                           'purse_changes_note(text,text,text,boolean)'] LOOP
    EXECUTE regexp_replace(pg_get_functiondef(f::regprocedure),
                           '-- webhooks \(begin\).*?-- webhooks \(end\)',
                           '', 'g');
  END LOOP;
END $$)SQL";

void drop_schema_version_15(const std::string& url) {
  sql("DROP FUNCTION purse_create_transaction(bigint, text, text, text, text,"
      " text, text, bigint, text, integer, text, text, bigint, bigint, bigint,"
      " bigint, text, text, text, text, text, text, text)",
      url);
}

void drop_schema_version_14(const std::string& url) {
  drop_schema_version_15(url);
  sql("DROP TABLE webhooks, webhook_events, webhook_deliveries", url);
  sql("DROP FUNCTION purse_webhooks_note(text, text, text, text);"
      " DROP FUNCTION purse_webhooks_fan_out();"
      " DROP FUNCTION purse_webhooks_prune(bigint)",
      url);
  // The changes triggers of version 13 had no webhook blocks.
  sql(without_webhook_blocks, url);
}

void drop_schema_version_13(const std::string& url) {
  drop_schema_version_14(url);
  // The link tables' triggers go with their function.
  sql("DROP FUNCTION IF EXISTS purse_link_ids_refresh() CASCADE", url);
  sql("ALTER TABLE transactions DROP COLUMN tag_ids, DROP COLUMN file_ids",
      url);
}

void drop_schema_version_12(const std::string& url) {
  drop_schema_version_13(url);
  // The feed's triggers would fail without its tables.
  sql("DROP FUNCTION IF EXISTS purse_changes_record() CASCADE;"
      " DROP FUNCTION IF EXISTS purse_changes_link() CASCADE;"
      " DROP FUNCTION IF EXISTS purse_changes_note(text, text, text, boolean);"
      " DROP FUNCTION IF EXISTS purse_changes_prune(bigint)",
      url);
  sql("DROP TABLE changes, change_horizons", url);
  sql("ALTER TABLE transactions DROP COLUMN external_id", url);
}

void drop_schema_version_11(const std::string& url) {
  drop_schema_version_12(url);
  sql("DROP TABLE budgets", url);
  for (auto table : {"accounts", "categories", "tags", "transactions", "files"})
    sql(std::string{"ALTER TABLE "} + table
          + " DROP COLUMN created_by, DROP COLUMN updated_by",
        url);
}

void make_schema_version_4(const std::string& url) {
  sql("DROP TABLE report_rollup_deltas, cluster_members, cluster_view, "
      "user_passwords, web_sessions, password_invites",
      url);
  sql("ALTER TABLE idempotency_keys DROP COLUMN outcome", url);
  sql("ALTER TABLE api_keys DROP COLUMN last_used_from", url);
  drop_schema_version_11(url);
  sql("ALTER TABLE idempotency_keys ADD COLUMN code INTEGER NOT NULL", url);
  sql("UPDATE schema_version SET version = 4", url);
}

namespace {

std::string created_id(const response& r, const std::string& what) {
  BOOST_REQUIRE_MESSAGE(r.status == 201, "creating " << what
                                                     << " failed: " << r.status
                                                     << " " << r.body);
  return r.at("/data/id");
}

} // namespace

std::string make_account(const std::string& key, const std::string& scope,
                         const std::string& currency, const std::string& name) {
  return created_id(api().post(v1(scope + "/accounts"), key,
                               R"({"name":")" + name
                                 + R"(","type":"checking","currency_code":")"
                                 + currency + R"("})"),
                    "an account");
}

std::string make_category(const std::string& key, const std::string& scope,
                          const std::string& name) {
  return created_id(api().post(v1(scope + "/categories"), key,
                               R"({"name":")" + name + R"("})"),
                    "a category");
}

std::string make_tag(const std::string& key, const std::string& scope,
                     const std::string& name) {
  return created_id(api().post(v1(scope + "/tags"), key,
                               R"({"name":")" + name + R"("})"),
                    "a tag");
}

response make_expense(const std::string& key, const std::string& scope,
                      const std::string& account_id, const std::string& amount,
                      const std::string& at, const std::string& extra_fields) {
  auto body = R"({"account_id":")" + account_id
              + R"(","flow_type":"expense","amount":)" + amount
              + R"(,"currency_code":"USD","transaction_at":")" + at + "\""
              + (extra_fields.empty() ? "" : "," + extra_fields) + "}";
  return api().post(v1(scope + "/transactions"), key, body);
}

} // namespace purse::test
