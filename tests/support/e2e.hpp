// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Shared pieces of the end-to-end suites: one purse-server per test binary,
// a client for it, scope paths and SQL access for test set-up that the API
// deliberately does not offer (e.g. back-dating a key's expiry).

#include <string>

#include "support/http_client.hpp"
#include "support/processes.hpp"

namespace purse::test {

/// The server shared by the suites of this binary (started on first use).
server_process& shared_server();

/// A client of the shared server.
const http_client& api();

/// "/api/public/v1" + path.
std::string v1(const std::string& path);

/// Runs one SQL statement on the test database, or on the database at
/// `url` (test set-up only).
void sql(const std::string& statement, const std::string& url = database_url());

/// The first column of the first row of a query on the test database, or
/// on the database at `url`.
std::string sql_value(const std::string& query,
                      const std::string& url = database_url());

/// The URL of another database `name` on the test database's server.
std::string sibling_database_url(const std::string& name);

/// Drops what schema version 15 added (purse_create_transaction) from the
/// database at `url`, for migration tests.
void drop_schema_version_15(const std::string& url);

/// Drops what schema versions 14 and 15 added (webhooks, their events and
/// deliveries, and the functions that write them) from the database at
/// `url`, for migration tests, with the changes triggers' webhook blocks
/// cut out (without_webhook_blocks).
void drop_schema_version_14(const std::string& url);

/// SQL that redefines the changes feed's trigger functions without what
/// lies between their "-- webhooks (begin)" and "-- webhooks (end)"
/// comments: the triggers as they were before webhooks.
extern const char* const without_webhook_blocks;

/// Drops what schema versions 13 and 14 added (transactions' tag_ids and
/// file_ids, and the link tables' triggers and the function that keep them)
/// from the database at `url`, for migration tests.
void drop_schema_version_13(const std::string& url);

/// Drops what schema versions 12 and 13 added (external ids, the changes
/// feed's tables, and the triggers and functions that write them;
/// drop_schema_version_13) from the database at `url`, for migration
/// tests. Other functions, triggers and indexes installed beside them by
/// store::migrate are left.
void drop_schema_version_12(const std::string& url);

/// Drops what schema versions 11 and 12 added (budgets, the authors of
/// records; drop_schema_version_12) from the database at `url`.
void drop_schema_version_11(const std::string& url);

/// Turns the database at `url`, migrated to the current schema version,
/// back into version 4 (idempotent outcomes stored as errc ordinals in
/// `code`, no table of rollup changes, no cluster or settings-page tables, no
/// budgets and no authors of records; its
/// triggers are left as they are), for migration tests. Its idempotency_keys
/// table must be empty.
void make_schema_version_4(const std::string& url);

/// Creates an account in a scope prefix ("/me" or "/teams/ID") and returns
/// its id; fails the test if the API refuses.
std::string make_account(const std::string& key, const std::string& scope,
                         const std::string& currency = "USD",
                         const std::string& name = "Checking");

/// Creates a category and returns its id.
std::string make_category(const std::string& key, const std::string& scope,
                          const std::string& name = "Groceries");

/// Creates a tag and returns its id.
std::string make_tag(const std::string& key, const std::string& scope,
                     const std::string& name);

/// Creates an expense and returns the whole response.
response make_expense(const std::string& key, const std::string& scope,
                      const std::string& account_id, const std::string& amount,
                      const std::string& at = "2026-03-01T10:00:00Z",
                      const std::string& extra_fields = "");

} // namespace purse::test
