// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Plain row types shared by the C++14 persistence island and the C++17 code
// above it. No ODB or CAF header may be included here: the ODB mapping of
// these structs lives in odb/purse.hxx as named pragmas.
// One file on purpose: odb generates code only for types defined in it.
//
// Conventions: times are whole seconds since the Unix epoch (UTC); 0 means
// "not set" for optional times. Money is integer minor units. An empty string
// means "not set" for optional references.

#include <cstdint>
#include <string>
#include <vector>

namespace purse {
namespace persistence {

/// A person who owns API keys and a personal scope.
struct user_row {
  std::string id;
  std::string email;
  std::string name;
  std::string plan; // free | solo | family
  std::string currency_code;
  std::string timezone;
  std::int64_t created_at = 0;
};

/// A team scope; its owner's plan governs it.
struct team_row {
  std::string id;
  std::string name;
  std::string owner_id;
  std::int64_t created_at = 0;
};

/// Membership of a user in a team with a role (owner|admin|member|viewer).
struct team_member_row {
  std::uint64_t id = 0; // surrogate key
  std::string team_id;
  std::string user_id;
  std::string role;
  std::int64_t created_at = 0;
};

/// An API key; only a hash of the secret is ever stored.
struct api_key_row {
  std::string id;
  std::string lookup_id;
  std::string secret_hash;
  std::string user_id;
  std::string name;
  std::string audience; // public-api | app
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;
  std::int64_t revoked_at = 0;
  std::int64_t last_used_at = 0;
  /// The client address of the use recorded in last_used_at ("" before
  /// schema v10 or when never used).
  std::string last_used_from;
};

/// A money account in a scope; `balance_minor` is maintained by every write
/// that touches the account's transactions, in the same database transaction.
struct account_row {
  std::string id;
  std::string scope_id;
  std::string name;
  std::string
    type; // checking | savings | credit_card | cash | investment | loan | other
  std::string currency_code;
  std::int64_t opening_balance_minor = 0;
  std::int64_t balance_minor = 0;
  bool archived = false;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  /// The user who created the row and the one who changed it last
  /// (schema v11; empty for rows of teams written before it).
  std::string created_by;
  std::string updated_by;
};

/// A spending or income category, optionally nested under a parent.
struct category_row {
  std::string id;
  std::string scope_id;
  std::string name;
  std::string kind; // expense | income
  std::string parent_id;
  std::string color;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  /// The user who created the row and the one who changed it last
  /// (schema v11; empty for rows of teams written before it).
  std::string created_by;
  std::string updated_by;
};

/// A label; `name_key` is the case-folded name that is unique per scope.
struct tag_row {
  std::string id;
  std::string scope_id;
  std::string name;
  std::string name_key;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  /// The user who created the row and the one who changed it last
  /// (schema v11; empty for rows of teams written before it).
  std::string created_by;
  std::string updated_by;
};

/// A money movement. `to_account_id` is set for transfers only.
struct transaction_row {
  std::string id;
  std::string scope_id;
  std::string account_id;
  std::string to_account_id;
  std::string category_id;
  std::string flow_type; // expense | income | transfer
  std::int64_t amount_minor = 0;
  std::string currency_code;
  /// Decimal places of the currency, kept so amount filters compare exactly
  /// across currencies.
  std::int32_t minor_units = 2;
  std::string description;
  std::string notes;
  std::int64_t transaction_at = 0;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  std::int64_t voided_at = 0;
  /// The user who created the row and the one who changed it last
  /// (schema v11; empty for rows of teams written before it).
  std::string created_by;
  std::string updated_by;
  /// The client's own id of the transaction, unique per account (schema
  /// v12; empty: none).
  std::string external_id;
};

/// A transaction with the ids of its tags and of its files, each sorted.
/// Not a table: read in one statement by session::list_linked and
/// session::find_linked.
struct linked_transaction {
  transaction_row row;
  std::vector<std::string> tag_ids;
  std::vector<std::string> file_ids;
};

/// Link between a transaction and one of its tags.
struct transaction_tag_row {
  std::uint64_t id = 0; // surrogate key
  std::string scope_id;
  std::string transaction_id;
  std::string tag_id;
};

/// The first response to a POST that carried an Idempotency-Key, kept for
/// 24 hours per API key so a retry gets the same answer (schema v2).
struct idempotency_row {
  std::uint64_t id = 0; // surrogate key
  std::string key_id;
  std::string idem_key;
  /// SHA-256 of the request (path, query, body): same key, other request
  /// is refused.
  std::string request_hash;
  /// Stable name of the outcome (purse::errc_name), never its ordinal
  /// (schema v5).
  std::string outcome;
  std::string message;
  std::string data;
  std::int64_t created_at = 0;
};

/// A stored file's metadata (schema v3). Its bytes live in file_content_row,
/// written in the same transaction, so a file is always whole or absent.
struct file_row {
  std::string id;
  std::string scope_id;
  std::string uploader_id;
  /// Display text only; never used as a path.
  std::string name;
  std::string content_type;
  std::int64_t size_bytes = 0;
  std::string sha256;
  std::int64_t created_at = 0;
  /// The user who created the row and the one who changed it last
  /// (schema v11; empty for rows of teams written before it).
  std::string created_by;
  std::string updated_by;
};

/// A spending budget of an expense category for one month in one currency
/// (schema v11); unique per (category, month, currency).
struct budget_row {
  std::string id;
  std::string scope_id;
  std::string category_id;
  /// "YYYY-MM".
  std::string month;
  std::int64_t amount_minor = 0;
  std::string currency_code;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  std::string created_by;
  std::string updated_by;
};

/// The bytes of a file.
struct file_content_row {
  std::string file_id;
  std::vector<char> bytes;
};

/// The latest change of one record of a scope (schema v12): what the
/// changes feed lists. Database triggers write it in the same transaction
/// as the change, replacing the record's earlier entry. `xid` is the
/// writing database transaction's id (xid8 as a number): the feed lists
/// only entries of transactions older than every one still running, in
/// (xid, id) order, so its cursor never passes a change committed later.
struct change_row {
  std::uint64_t id = 0; // surrogate key
  std::string scope_id;
  std::int64_t xid = 0;
  std::string type; // transaction | account | category | tag | file
  std::string record_id;
  /// A tombstone: the record was deleted.
  bool deleted = false;
  std::int64_t changed_at = 0;
};

/// A webhook of a scope (schema v14): where the scope's events of the
/// kinds it names are POSTed, signed with its secret.
struct webhook_row {
  std::string id;
  std::string scope_id;
  /// "me" (a personal scope: scope_id is the user's id) or "team".
  std::string scope_kind;
  std::string url;
  /// The event names it takes, comma-joined ("transaction.*,tag.created").
  std::string events;
  /// Empty: none.
  std::string description;
  bool active = true;
  /// The signing secret ("whsec_..."); shown once, never logged.
  std::string secret;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  std::string created_by;
  std::string updated_by;
};

/// A change waiting to be turned into deliveries (schema v14), written by
/// the changes triggers in the change's own transaction when the scope has
/// an active webhook: one per record per database transaction, its verb
/// the merge of the record's changes in it (a delete wins; a create stays
/// a create). A deferred trigger fans it out to the matching webhooks and
/// deletes it when the transaction commits: rows live only inside it.
struct webhook_event_row {
  std::uint64_t seq = 0; // surrogate key, the events' order
  std::string event_id;
  std::string scope_id;
  std::int64_t xid = 0;
  std::string record_type; // transaction | account | category | tag | file
  std::string record_id;
  std::string verb; // created | updated | deleted | voided
  std::int64_t created_at = 0;
};

/// One event to one webhook (schema v14): the durable outbox a deliverer
/// claims (a lease), sends and records.
struct webhook_delivery_row {
  std::uint64_t seq = 0; // surrogate key, the deliveries' order
  std::string event_id;
  std::string webhook_id;
  std::string scope_id;
  /// The event's name ("transaction.created").
  std::string type;
  std::string record_type;
  std::string record_id;
  std::int64_t created_at = 0;
  /// pending | delivered | failed
  std::string status;
  std::int64_t attempts = 0;
  /// The last answer's status; 0: no answer (or no attempt yet).
  std::int64_t last_status_code = 0;
  std::string last_error;
  std::int64_t last_attempt_at = 0;
  /// When it is due (pending only; 0 once it is done).
  std::int64_t next_attempt_at = 0;
  /// The first attempt's time: retries stop a day after it.
  std::int64_t first_attempt_at = 0;
  /// A deliverer holds it until then (0: nobody).
  std::int64_t lease_until = 0;
  /// The JSON sent, fixed at the first attempt (empty before).
  std::string body;
};

/// How far a scope's tombstones have been pruned (schema v12): a feed
/// cursor before `pruned_xid` may have missed a deletion.
struct change_horizon_row {
  std::string scope_id;
  std::int64_t pruned_xid = 0;
  std::int64_t pruned_at = 0;
};

/// Link between a transaction and an attached file.
struct transaction_file_row {
  std::uint64_t id = 0; // surrogate key
  std::string scope_id;
  std::string transaction_id;
  std::string file_id;
};

/// Sums of counted transactions (expenses and incomes that are not voided)
/// of a scope per UTC hour, day and month: the store behind the reports.
/// Together with the changes not yet folded into them
/// (report_rollup_delta_row) they always equal the rows: database triggers
/// on `transactions` append those changes in the same transaction as every
/// write. `account_id` and `category_id` are "*" in the rows that sum over
/// all accounts or all categories; an empty `category_id` is
/// "uncategorized".
struct report_rollup_row {
  std::uint64_t id = 0; // surrogate key
  std::string scope_id;
  std::string account_id;
  std::int32_t grain = 0;  // 0 hour, 1 day, 2 month
  std::int64_t bucket = 0; // UTC start of the hour, day or month
  std::string category_id;
  std::string currency_code;
  std::string flow_type; // expense | income
  std::int64_t tx_count = 0;
  std::string amount_minor; // NUMERIC: a sum may pass the int64 range
};

/// A change to the rollups not yet folded into them (schema v7): one row
/// per counted transaction a statement wrote, `tx_count` +1 for a new row
/// and -1 for a removed one (or the net of an update's old and new rows),
/// appended by the triggers and folded into report_rollup_row in the
/// background. Reports read both.
struct report_rollup_delta_row {
  std::string scope_id;
  std::string account_id;
  std::string category_id;
  std::string currency_code;
  std::string flow_type;
  std::int64_t transaction_at = 0;
  std::int64_t amount_minor = 0; // of one transaction; times tx_count
  std::int32_t tx_count = 0;
};

/// A node of a cluster (schema v8): what other nodes dial, and until when
/// its lease runs (the database's clock, ms since 1970). A node renews it
/// every second; one whose lease ran out is no longer a member.
struct cluster_member_row {
  std::string node_id;
  std::string endpoint;
  std::int64_t lease_until_ms = 0;
  std::int64_t joined_at_ms = 0;
};

/// The cluster's membership view (one row, id 1): the live members' ids,
/// sorted and comma-separated, and the epoch, which grows by one whenever
/// they change. Owners are computed from `members`; writes prove `epoch`.
struct cluster_view_row {
  std::int32_t id = 1;
  std::int64_t epoch = 0;
  std::string members;
};

/// A user's password for the developer settings page (schema v9): an
/// Argon2id hash in libsodium's self-describing string form, never the
/// password.
struct user_password_row {
  std::string user_id;
  std::string password_hash;
  std::int64_t updated_at = 0;
};

/// A signed-in browser session of the developer settings page (schema v9).
/// `id` is the SHA-256 (hex) of the cookie's token, so the table never
/// holds a usable token. `csrf_token` is the session's form token;
/// `form_nonce` the one-time token of the current key-creation form (a
/// resubmitted form creates nothing).
struct web_session_row {
  std::string id;
  std::string user_id;
  std::string csrf_token;
  std::string form_nonce;
  std::int64_t created_at = 0;
  std::int64_t last_seen_at = 0;
  std::int64_t expires_at = 0; // absolute end, whatever the activity
};

/// A one-time link to set a password (schema v9), made by `purse-admin
/// user invite`. `id` is the SHA-256 (hex) of the link's token.
struct password_invite_row {
  std::string id;
  std::string user_id;
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;
  std::int64_t used_at = 0;
};

/// One line of a report query: a rollup row (`grain` 0..2, `bucket` its
/// start) or a sum of raw transactions in one interval (`grain` 3, `bucket`
/// the interval's position in the query, from 0).
struct report_cell {
  std::int32_t grain = 0;
  std::int64_t bucket = 0;
  std::string currency_code;
  std::string flow_type;
  std::string category_id;
  std::int64_t tx_count = 0;
  std::string amount_minor; // decimal integer text
};

/// What the authentication lookup returns for one presented key: the key,
/// its owner, and (for team paths) the caller's membership and the team
/// owner's plan, read together in one query so every request sees fresh state.
struct auth_row {
  bool key_found = false;
  std::string key_id;
  std::string secret_hash;
  std::string audience;
  std::int64_t expires_at = 0;
  std::int64_t revoked_at = 0;
  std::int64_t last_used_at = 0;
  std::string user_id;
  std::string user_plan;
  std::string user_timezone;
  bool team_found = false;
  std::string team_role; // empty: not a member
  std::string team_owner_plan;
};

namespace detail {

/// Result of a runtime native query that selects one BIGINT.
struct int_value {
  std::int64_t value = 0;
};

/// Result of a runtime native query that selects two TEXT columns.
struct text_pair {
  std::string first;
  std::string second;
};

/// Result of the native queries that read transactions with their links:
/// the columns of transaction_row in their order, the comma-joined tag ids
/// and file ids, and the number of all matches where it was asked for. A
/// row without an id only carries that number (a page past the end).
struct linked_transaction_view {
  std::string id;
  std::string scope_id;
  std::string account_id;
  std::string to_account_id;
  std::string category_id;
  std::string flow_type;
  std::int64_t amount_minor = 0;
  std::string currency_code;
  std::int32_t minor_units = 2;
  std::string description;
  std::string notes;
  std::int64_t transaction_at = 0;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  std::int64_t voided_at = 0;
  std::string created_by;
  std::string updated_by;
  std::string external_id;
  std::string tag_ids;
  std::string file_ids;
  std::int64_t total = 0;
};

} // namespace detail

} // namespace persistence
} // namespace purse

#ifdef ODB_COMPILER
#  include "purse.hxx"
#endif
