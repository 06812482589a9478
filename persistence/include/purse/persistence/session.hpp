// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The operations of one database transaction, grouped by aggregate. Their
// SQL lives in persistence/src/<aggregate>_sql.cpp. Compiled as C++14 (ODB
// 2.4 cannot be built as C++17), so this header uses nothing newer than
// C++14 and no ODB type.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "purse/persistence/report_query.hpp"
#include "purse/persistence/rows.hpp"
#include "purse/persistence/transaction_filter.hpp"

namespace purse {
namespace persistence {

/// Operations inside one database transaction; obtained from store::read or
/// store::write and valid only inside that callback, on that thread.
class session {
public:
  struct impl;
  explicit session(impl& i) : impl_(i) {
    // nop
  }

  // -- generic rows (user, team, api key, account, category, tag, transaction)

  /// Loads the row with this id; false if there is none.
  template <class Row>
  bool find(const std::string& id, Row& out);

  /// Inserts a new row.
  template <class Row>
  void insert(const Row& row);

  /// Overwrites an existing row.
  template <class Row>
  void update(const Row& row);

  /// Deletes a row by id; false if there was none.
  template <class Row>
  bool erase(const std::string& id);

  /// Rows of a scope ordered by name then id (accounts, categories, tags).
  template <class Row>
  std::vector<Row> list_by_name(const std::string& scope_id,
                                std::int64_t offset, std::int64_t limit);

  /// The rows of a scope among these ids, in no particular order (an id of
  /// another scope, or of no row, is absent), with one statement prepared
  /// once per connection (accounts, categories, tags, files).
  template <class Row>
  std::vector<Row> find_in_scope(const std::vector<std::string>& ids,
                                 const std::string& scope_id);

  /// Number of rows of a scope (used to load scope state, not per request).
  template <class Row>
  std::int64_t count_in_scope(const std::string& scope_id);

  // -- users, teams, keys -------------------------------------------------------

  /// The user with this e-mail (case-insensitive); false if none.
  bool find_user_by_email(const std::string& email, user_row& out);

  /// The membership of a user in a team; false if not a member.
  bool find_member(const std::string& team_id, const std::string& user_id,
                   team_member_row& out);

  /// Inserts a membership.
  void insert_member(const team_member_row& row);

  /// Updates a membership (its role).
  void update_member(const team_member_row& row);

  /// Removes a membership; false if there was none.
  bool erase_member(const std::string& team_id, const std::string& user_id);

  /// Teams a user belongs to, with the role, ordered by team name.
  std::vector<std::pair<team_row, std::string>>
  teams_of(const std::string& user_id);

  /// A team's members with their roles: the owner first, then admins,
  /// members and viewers, each in the order they joined.
  std::vector<std::pair<user_row, team_member_row>>
  members_of(const std::string& team_id);

  /// Locks a team's row until the transaction ends (SELECT ... FOR UPDATE).
  void lock_team(const std::string& team_id);

  /// Number of members of a team.
  std::int64_t count_members(const std::string& team_id);

  /// Users, oldest first; with `email_part`, only those whose e-mail
  /// contains it (ignoring case).
  std::vector<user_row> list_users(const std::string& email_part);

  /// Keys of a user, newest first.
  std::vector<api_key_row> keys_of(const std::string& user_id);

  /// Everything the authentication of one request needs, in one query.
  /// `team_id` may be empty for personal paths.
  auth_row authenticate(const std::string& lookup_id,
                        const std::string& team_id);

  /// Which of `lookup_ids` belong to a key, in one statement whatever
  /// their number (the keys of blocked clients, looked up together).
  std::vector<std::string>
  existing_lookup_ids(const std::vector<std::string>& lookup_ids);

  /// Records when and from which client address a key was last used.
  void touch_key(const std::string& key_id, std::int64_t at,
                 const std::string& address);

  // -- developer settings page (persistence/src/session_sql.cpp) ---------------

  /// The password hash of a user; false if none is set.
  bool find_password(const std::string& user_id, std::string& hash);

  /// Sets a user's password hash and ends every session of the user.
  void set_password(const std::string& user_id, const std::string& hash,
                    std::int64_t at);

  /// Ends every browser session of a user; returns how many there were.
  std::int64_t end_web_sessions(const std::string& user_id);

  /// Marks the one-time password link `id` (its token's digest) used at
  /// `now` if it is unused and unexpired, in one statement; false if it is
  /// not (another redemption took it first, even a concurrent one).
  bool claim_invite(const std::string& id, std::int64_t now);

  /// Deletes the user's sessions that ended before `now` (idle or
  /// absolute), so the table holds live sessions only.
  void prune_web_sessions(const std::string& user_id, std::int64_t now,
                          std::int64_t idle_seconds);

  // -- transactions -------------------------------------------------------------

  /// One page of transactions matching a filter.
  std::vector<transaction_row>
  list_transactions(const transaction_filter& filter, std::int64_t offset,
                    std::int64_t limit);

  /// Number of transactions matching a filter.
  std::int64_t count_transactions(const transaction_filter& filter);

  /// One page of transactions matching a filter, each with its tag and file
  /// ids, in one statement. With `total`, also stores there the number of
  /// all matches, counted by the same statement (so a filtered list needs
  /// no second one); unfiltered pages without `total` run as a statement
  /// prepared once per connection.
  std::vector<linked_transaction>
  list_linked(const transaction_filter& filter, std::int64_t offset,
              std::int64_t limit, std::int64_t* total = nullptr);

  /// The transaction with this id in this scope, with its tag and file ids,
  /// in one statement; false if the scope has none with this id.
  bool find_linked(const std::string& id, const std::string& scope_id,
                   linked_transaction& out);

  /// The transactions of a scope among these ids, each with its tag and
  /// file ids, in no particular order, with one statement.
  std::vector<linked_transaction>
  find_linked_in_scope(const std::vector<std::string>& ids,
                       const std::string& scope_id);

  /// Number of non-voided and of voided transactions of a scope.
  std::pair<std::int64_t, std::int64_t>
  count_transactions_by_state(const std::string& scope_id);

  /// Tag ids of each given transaction, as (transaction_id, tag_id) pairs.
  std::vector<std::pair<std::string, std::string>>
  tags_of(const std::vector<std::string>& transaction_ids);

  /// Replaces the tags of a transaction.
  void set_tags(const std::string& scope_id, const std::string& transaction_id,
                const std::vector<std::string>& tag_ids);

  /// Links tags to a transaction that has none yet (a new one): no DELETE,
  /// and nothing at all for no tags.
  void add_tags(const std::string& scope_id, const std::string& transaction_id,
                const std::vector<std::string>& tag_ids);

  /// Removes a tag from every transaction.
  void unlink_tag(const std::string& tag_id);

  /// Number of transactions that reference an account (either side).
  std::int64_t count_account_uses(const std::string& account_id);

  /// Number of transactions that use a category.
  std::int64_t count_category_uses(const std::string& category_id);

  /// Number of categories whose parent is this category.
  std::int64_t count_children(const std::string& category_id);

  /// Moves every transaction of a category to another (empty: none), as a
  /// change by user `by`.
  void reassign_category(const std::string& from, const std::string& to,
                         std::int64_t now, const std::string& by);

  /// Re-parents the children of a category (empty: top level), as a change
  /// by user `by`.
  void reparent_children(const std::string& from, const std::string& to,
                         std::int64_t now, const std::string& by);

  /// Every transaction that references an account (either side).
  std::vector<transaction_row>
  transactions_of_account(const std::string& account_id);

  // -- files ---------------------------------------------------------------------

  /// Stores a file's metadata and bytes (in the current transaction).
  void insert_file(const file_row& meta, const std::vector<char>& bytes);

  /// The bytes of a file; false if there are none.
  bool load_file_bytes(const std::string& file_id, std::vector<char>& out);

  /// Deletes a file: its links to transactions, its bytes, its metadata.
  void erase_file(const std::string& file_id);

  /// A page of a scope's files, newest first; `transaction_id` (optional)
  /// keeps only the files attached to that transaction.
  std::vector<file_row> list_files(const std::string& scope_id,
                                   const std::string& transaction_id,
                                   std::int64_t offset, std::int64_t limit);

  /// Number of files of a scope attached to a transaction (the rows
  /// list_files would page through: another scope's links never count).
  std::int64_t count_files_of(const std::string& scope_id,
                              const std::string& transaction_id);

  /// Number of files and their total size in a scope (scope state loading).
  std::pair<std::int64_t, std::int64_t>
  file_totals(const std::string& scope_id);

  /// (transaction_id, file_id) pairs of the given transactions.
  std::vector<std::pair<std::string, std::string>>
  files_of(const std::vector<std::string>& transaction_ids);

  /// Ids of the transactions a file is attached to.
  std::vector<std::string> transactions_of_file(const std::string& file_id);

  /// (file_id, transaction_id) pairs of the given files, by file then
  /// transaction id, with one statement.
  std::vector<std::pair<std::string, std::string>>
  transactions_of_files(const std::vector<std::string>& file_ids);

  /// Replaces the files attached to a transaction.
  void set_files(const std::string& scope_id, const std::string& transaction_id,
                 const std::vector<std::string>& file_ids);

  /// Attaches files to a transaction that has none yet (a new one): no
  /// DELETE, and nothing at all for no files.
  void add_files(const std::string& scope_id, const std::string& transaction_id,
                 const std::vector<std::string>& file_ids);

  // -- budgets (persistence/src/budgets_sql.cpp) -----------------------------------

  /// Budgets of a scope, by month, then creation, then id; an empty `month`
  /// or `category_id` does not filter.
  std::vector<budget_row> list_budgets(const std::string& scope_id,
                                       const std::string& month,
                                       const std::string& category_id,
                                       std::int64_t offset, std::int64_t limit);

  /// Number of the budgets list_budgets pages through.
  std::int64_t count_budgets(const std::string& scope_id,
                             const std::string& month,
                             const std::string& category_id);

  /// Deletes the budgets of a category; their number.
  std::int64_t erase_budgets_of(const std::string& category_id);

  /// Number of budgets of a category.
  std::int64_t count_budgets_of(const std::string& category_id);

  // -- the changes feed (persistence/src/changes_sql.cpp) ------------------------

  /// Makes the current read see one snapshot throughout (REPEATABLE READ),
  /// so a page of changes and the records it lists agree. Must come before
  /// the transaction's first query.
  void snapshot_reads();

  /// Up to `limit` of a scope's changes after (`after_xid`, `after_id`), in
  /// (xid, id) order, of database transactions older than every one still
  /// running (so no later page can hold an earlier change).
  std::vector<change_row>
  list_changes(const std::string& scope_id, std::int64_t after_xid,
               std::int64_t after_id, std::int64_t limit);

  /// The highest xid of the scope's pruned tombstones (0: none pruned).
  std::int64_t change_horizon(const std::string& scope_id);

  /// Deletes the tombstones of every scope changed before `before`
  /// (seconds since 1970), raising each scope's horizon to the newest xid
  /// it pruned; returns how many it deleted. Run it on its own
  /// (store::query).
  std::int64_t prune_changes(std::int64_t before);

  // -- webhooks (persistence/src/webhooks_sql.cpp) ------------------------------

  /// A page of a scope's webhooks, oldest first.
  std::vector<webhook_row> list_webhooks(const std::string& scope_id,
                                         std::int64_t offset,
                                         std::int64_t limit);

  /// A page of a webhook's deliveries, newest first.
  std::vector<webhook_delivery_row>
  list_webhook_deliveries(const std::string& webhook_id, std::int64_t offset,
                          std::int64_t limit);

  /// Number of a webhook's deliveries.
  std::int64_t count_webhook_deliveries(const std::string& webhook_id);

  /// Deletes a webhook's deliveries; how many.
  std::int64_t erase_webhook_deliveries(const std::string& webhook_id);

  /// Up to `limit` pending deliveries due at `now` that no deliverer
  /// holds, oldest due first, now held until `lease_until`; rows another
  /// session has locked are skipped.
  std::vector<webhook_delivery_row>
  claim_webhook_deliveries(std::int64_t now, std::int64_t lease_until,
                           std::int64_t limit);

  /// Writes a delivery back; false when it is gone (its webhook was
  /// deleted meanwhile).
  bool save_webhook_delivery(const webhook_delivery_row& row);

  /// Deletes the deliveries that ended before `before`; how many.
  std::int64_t prune_webhook_deliveries(std::int64_t before);

  // -- idempotent writes ---------------------------------------------------------

  /// The stored response for (key, Idempotency-Key); false if none.
  bool find_idempotent(const std::string& key_id, const std::string& idem_key,
                       idempotency_row& out);

  /// Stores a response, replacing an expired one for the same pair, and
  /// forgets the key's responses older than `expired_before`.
  void save_idempotent(const idempotency_row& row, std::int64_t expired_before);

  // -- reports -------------------------------------------------------------------

  /// The rollup rows (with the changes not yet folded into them) and
  /// raw-interval sums a report asked for, in one statement.
  std::vector<report_cell> report_cells(const report_query& query);

  /// Moves up to `max_rows` changes into the rollups; returns how many it
  /// moved (0 also while another session folds). Run it on its own
  /// (store::query), so each fold commits by itself.
  std::int64_t fold_rollups(std::int32_t max_rows);

  /// Adds `delta` minor units to an account's maintained balance, in one
  /// UPDATE that adds in place (no read, no rewrite of the other columns).
  void adjust_balance(const std::string& account_id, std::int64_t delta);

  /// Creates a transaction in one statement (purse_create_transaction,
  /// persistence/sql/transactions.sql): under the fence of `fence_epoch`
  /// (0: none), when its references pass the function's test, the row,
  /// the balance `deltas` (account id, minor units) and the links to
  /// `tag_ids` and `file_ids`. Run on its own (store::query), the
  /// statement is its transaction; in a write, one statement of it. Returns
  /// false, having written nothing, when a reference fails that test. Throws as
  /// insert() and adjust_balance() do (unique_violation, out_of_range), and
  /// fenced.
  bool create_transaction(
    const transaction_row& row, const std::vector<std::string>& tag_ids,
    const std::vector<std::string>& file_ids,
    const std::vector<std::pair<std::string, std::int64_t>>& deltas,
    std::int64_t fence_epoch);

  // -- cluster membership (persistence/src/cluster_sql.cpp) --------------------

  /// Registers `node` (reachable at `endpoint`) or renews its lease for
  /// `lease_ms` from now on the database's clock; returns the lease's end
  /// (ms since 1970, database clock). Run it on its own (store::query).
  std::int64_t renew_membership(const std::string& node,
                                const std::string& endpoint,
                                std::int64_t lease_ms);

  /// Ends `node`'s membership at once (a node leaving on purpose).
  void leave_cluster(const std::string& node);

  /// The current view: the live members under their epoch. The first
  /// session to see the live members differ from the recorded ones records
  /// them under the next epoch, after every write fenced under the old one
  /// ended; if that takes more than a second (a writer cut off from the
  /// database), it answers the recorded view, and a later call records the
  /// change. Run it on its own (store::query).
  cluster_view_row cluster_view();

  /// Pins the cluster's CA (the SHA-256 of its certificate) if none is
  /// pinned yet, and returns the pinned one.
  std::string pin_cluster_ca(const std::string& fingerprint);

  /// The live members and the endpoints they advertise (node id, HOST:PORT),
  /// by node id.
  std::vector<std::pair<std::string, std::string>> cluster_endpoints();

  /// Proves, inside the current write transaction, that `epoch` is still
  /// the view's epoch, and holds it so until the transaction ends (a new
  /// epoch waits for this transaction). Throws fenced otherwise.
  void fence(std::int64_t epoch);

  /// The BIGINT a fixed native statement selects, for operator checks and
  /// tests. The text is sent as is: never build it from request data.
  std::int64_t select_int(const std::string& statement);

private:
  impl& impl_;
};

} // namespace persistence
} // namespace purse
