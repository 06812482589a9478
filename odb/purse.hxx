// SPDX-License-Identifier: GPL-2.0-or-later
// ODB mapping of Purse's persistent rows, seen only by the odb compiler
// (rows.hpp includes it under ODB_COMPILER). The row structs themselves are
// plain types in purse/persistence/rows.hpp so that C++17 code can use them;
// this file only adds named pragmas. Schema changes bump the model version
// and commit the changelog odb/purse.xml that the odb compiler updates.
#pragma once

#pragma db model version(1, 15)

#pragma db value(std::string) type("TEXT")

// -- users, teams, keys -------------------------------------------------------

#pragma db object(purse::persistence::user_row) table("users")
#pragma db member(purse::persistence::user_row::id) id
#pragma db member(purse::persistence::user_row::email) unique

#pragma db object(purse::persistence::team_row) table("teams")
#pragma db member(purse::persistence::team_row::id) id
#pragma db member(purse::persistence::team_row::owner_id) index

#pragma db object(purse::persistence::team_member_row) table("team_members")
#pragma db member(purse::persistence::team_member_row::id) id auto
#pragma db index(purse::persistence::team_member_row::"team_members_team_user_i") \
  unique members(team_id, user_id)
#pragma db member(purse::persistence::team_member_row::user_id) index

#pragma db object(purse::persistence::api_key_row) table("api_keys")
#pragma db member(purse::persistence::api_key_row::id) id
#pragma db member(purse::persistence::api_key_row::lookup_id) unique
#pragma db member(purse::persistence::api_key_row::user_id) index
#pragma db member(purse::persistence::api_key_row::last_used_from) default("")

// -- scope resources ----------------------------------------------------------

#pragma db object(purse::persistence::account_row) table("accounts")
#pragma db member(purse::persistence::account_row::id) id
#pragma db index(purse::persistence::account_row::"accounts_scope_name_i") \
  members(scope_id, name)

#pragma db object(purse::persistence::category_row) table("categories")
#pragma db member(purse::persistence::category_row::id) id
#pragma db index(purse::persistence::category_row::"categories_scope_name_i") \
  members(scope_id, name)
#pragma db member(purse::persistence::category_row::parent_id) index

#pragma db object(purse::persistence::tag_row) table("tags")
#pragma db member(purse::persistence::tag_row::id) id
#pragma db index(purse::persistence::tag_row::"tags_scope_key_i") \
  unique members(scope_id, name_key)

#pragma db object(purse::persistence::transaction_row) table("transactions")
#pragma db member(purse::persistence::transaction_row::id) id
#pragma db index(purse::persistence::transaction_row::"transactions_scope_time_i") \
  members(scope_id, transaction_at, id)
#pragma db index(purse::persistence::transaction_row::"transactions_scope_updated_i") \
  members(scope_id, updated_at)
#pragma db member(purse::persistence::transaction_row::account_id) index
#pragma db member(purse::persistence::transaction_row::to_account_id) index
#pragma db member(purse::persistence::transaction_row::category_id) index

#pragma db object(purse::persistence::transaction_tag_row) \
  table("transaction_tags")
#pragma db member(purse::persistence::transaction_tag_row::id) id auto
#pragma db index(purse::persistence::transaction_tag_row::"transaction_tags_tx_tag_i") \
  unique members(transaction_id, tag_id)
#pragma db member(purse::persistence::transaction_tag_row::tag_id) index

// -- schema version 2 ------------------------------------------------------------

#pragma db object(purse::persistence::idempotency_row) table("idempotency_keys")
#pragma db member(purse::persistence::idempotency_row::id) id auto
#pragma db index(purse::persistence::idempotency_row::"idempotency_keys_key_i") \
  unique members(key_id, idem_key)

// -- schema version 3 ------------------------------------------------------------

#pragma db object(purse::persistence::file_row) table("files")
#pragma db member(purse::persistence::file_row::id) id
#pragma db index(purse::persistence::file_row::"files_scope_created_i") \
  members(scope_id, created_at, id)

#pragma db object(purse::persistence::file_content_row) table("file_contents")
#pragma db member(purse::persistence::file_content_row::file_id) id
#pragma db member(purse::persistence::file_content_row::bytes) type("BYTEA")

#pragma db object(purse::persistence::transaction_file_row) \
  table("transaction_files")
#pragma db member(purse::persistence::transaction_file_row::id) id auto
#pragma db index(purse::persistence::transaction_file_row::"transaction_files_tx_file_i") \
  unique members(transaction_id, file_id)
#pragma db member(purse::persistence::transaction_file_row::file_id) index

// -- schema version 4 ------------------------------------------------------------
// The trigger that maintains report_rollups is installed by store::migrate
// (persistence/src/report_sql.cpp): ODB has no notion of triggers.

// Sums are NUMERIC in the database (no overflow) and decimal text in C++.
#pragma db map type("NUMERIC") as("TEXT") to("(?)::NUMERIC") from("(?)::TEXT")

#pragma db object(purse::persistence::report_rollup_row) table("report_rollups")
#pragma db member(purse::persistence::report_rollup_row::id) id auto
#pragma db member(purse::persistence::report_rollup_row::amount_minor) \
  type("NUMERIC") default("0")
#pragma db index(purse::persistence::report_rollup_row::"report_rollups_key_i") \
  unique members(scope_id, account_id, grain, bucket, category_id, \
                 currency_code, flow_type)
#pragma db index(purse::persistence::report_rollup_row::"report_rollups_category_i") \
  members(scope_id, account_id, category_id, grain, bucket)

// -- schema version 5 ------------------------------------------------------------
// idempotency_keys.code (an errc ordinal) becomes outcome (errc's stable
// name). ODB adds `outcome` NULL in the pre step and sets it NOT NULL in the
// post step, which also drops `code`; store::migrate fills `outcome` from
// `code` between the two (persistence/src/idempotency_sql.cpp).

#pragma db member(purse::persistence::idempotency_row::outcome) \
  column("outcome") type("TEXT")

// -- schema version 6 ------------------------------------------------------------
// No table changes: store::migrate installs what ODB has no notion of (the
// triggers that NOTIFY purse_auth on changes of authentication state, the
// request path's write functions, statement-level rollup triggers), and a
// build at version 6 refuses a database without them.

// -- schema version 7 ------------------------------------------------------------
// The triggers append changes to report_rollup_deltas (no key, no unique
// index: appending is all a write pays); report_rollups_fold() moves them
// into report_rollups (persistence/src/report_sql.cpp).

#pragma db object(purse::persistence::report_rollup_delta_row) \
  table("report_rollup_deltas") no_id
#pragma db index(purse::persistence::report_rollup_delta_row::"report_rollup_deltas_scope_i") \
  members(scope_id)

// -- schema version 8 ------------------------------------------------------------
// Cluster membership with leases, and the membership view whose epoch
// fences writes; the functions are installed by store::migrate
// (persistence/src/cluster_sql.cpp).

#pragma db object(purse::persistence::cluster_member_row) table("cluster_members")
#pragma db member(purse::persistence::cluster_member_row::node_id) id

#pragma db object(purse::persistence::cluster_view_row) table("cluster_view")
#pragma db member(purse::persistence::cluster_view_row::id) id

// -- schema version 9 ------------------------------------------------------------
// The developer settings page: passwords, browser sessions and one-time
// links to set a password (persistence/src/session_sql.cpp).

#pragma db object(purse::persistence::user_password_row) table("user_passwords")
#pragma db member(purse::persistence::user_password_row::user_id) id

#pragma db object(purse::persistence::web_session_row) table("web_sessions")
#pragma db member(purse::persistence::web_session_row::id) id
#pragma db member(purse::persistence::web_session_row::user_id) index

#pragma db object(purse::persistence::password_invite_row) \
  table("password_invites")
#pragma db member(purse::persistence::password_invite_row::id) id
#pragma db member(purse::persistence::password_invite_row::user_id) index

// -- schema version 11 -----------------------------------------------------------
// Who created and who last changed each record of a scope (user ids;
// store::migrate fills in the personal scopes' rows, whose only writer is
// their user, and the files' uploaders), and monthly budgets.

#pragma db member(purse::persistence::account_row::created_by) default("")
#pragma db member(purse::persistence::account_row::updated_by) default("")
#pragma db member(purse::persistence::category_row::created_by) default("")
#pragma db member(purse::persistence::category_row::updated_by) default("")
#pragma db member(purse::persistence::tag_row::created_by) default("")
#pragma db member(purse::persistence::tag_row::updated_by) default("")
#pragma db member(purse::persistence::transaction_row::created_by) default("")
#pragma db member(purse::persistence::transaction_row::updated_by) default("")
#pragma db index(purse::persistence::transaction_row::"transactions_scope_creator_i") \
  members(scope_id, created_by)
#pragma db member(purse::persistence::file_row::created_by) default("")
#pragma db member(purse::persistence::file_row::updated_by) default("")

#pragma db object(purse::persistence::budget_row) table("budgets")
#pragma db member(purse::persistence::budget_row::id) id
#pragma db index(purse::persistence::budget_row::"budgets_category_month_currency_i") \
  unique members(category_id, month, currency_code)
#pragma db index(purse::persistence::budget_row::"budgets_scope_month_i") \
  members(scope_id, month)

// -- schema version 12 -----------------------------------------------------------
// Transactions' external ids (unique per account where set: a partial
// unique index installed by store::migrate), and the changes feed: each
// record's latest change and the scopes' pruning horizons (the triggers
// that write them are installed by store::migrate).

#pragma db member(purse::persistence::transaction_row::external_id) default("")

#pragma db object(purse::persistence::change_row) table("changes")
#pragma db member(purse::persistence::change_row::id) id auto
#pragma db index(purse::persistence::change_row::"changes_scope_xid_i") \
  members(scope_id, xid, id)
#pragma db index(purse::persistence::change_row::"changes_record_i") \
  unique members(scope_id, type, record_id)
#pragma db index(purse::persistence::change_row::"changes_tombstones_i") \
  members(deleted, changed_at)

#pragma db object(purse::persistence::change_horizon_row) \
  table("change_horizons")
#pragma db member(purse::persistence::change_horizon_row::scope_id) id

// -- schema version 13 -----------------------------------------------------------
// No table changes ODB knows of: transactions.tag_ids and file_ids (each
// transaction's link ids, comma-joined, read by the transaction list
// instead of aggregating the link tables per row) are added, kept exact by
// triggers on transaction_tags and transaction_files, and backfilled by
// store::migrate (persistence/sql/link_ids.sql). They stay out of
// transaction_row so that ODB's INSERT and UPDATE never write them.

// -- schema version 14 -----------------------------------------------------------
// Webhooks, the changes waiting to be fanned out to them, and the
// deliveries (the outbox). The triggers that write the events are in
// persistence/sql/changes.sql, the fan-out in persistence/sql/webhooks.sql.

#pragma db object(purse::persistence::webhook_row) table("webhooks")
#pragma db member(purse::persistence::webhook_row::id) id
#pragma db index(purse::persistence::webhook_row::"webhooks_scope_i") \
  members(scope_id, active)

#pragma db object(purse::persistence::webhook_event_row) table("webhook_events")
#pragma db member(purse::persistence::webhook_event_row::seq) id auto
#pragma db index(purse::persistence::webhook_event_row::"webhook_events_record_i") \
  unique members(xid, record_type, record_id)

#pragma db object(purse::persistence::webhook_delivery_row) \
  table("webhook_deliveries")
#pragma db member(purse::persistence::webhook_delivery_row::seq) id auto
#pragma db index(purse::persistence::webhook_delivery_row::"webhook_deliveries_event_i") \
  unique members(webhook_id, event_id)
#pragma db index(purse::persistence::webhook_delivery_row::"webhook_deliveries_hook_i") \
  members(webhook_id, seq)
#pragma db index(purse::persistence::webhook_delivery_row::"webhook_deliveries_due_i") \
  members(status, next_attempt_at)

// -- native views -------------------------------------------------------------------

#pragma db view(purse::persistence::detail::int_value)
#pragma db view(purse::persistence::detail::text_pair)
#pragma db view(purse::persistence::detail::linked_transaction_view)
#pragma db view(purse::persistence::auth_row)
#pragma db view(purse::persistence::report_cell)
