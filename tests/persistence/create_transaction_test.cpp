// SPDX-License-Identifier: GPL-2.0-or-later
// session::create_transaction against the real database: a create in one
// statement stores the row, its balance deltas and its links, or, when a
// reference fails its test, a fence is stale, the external_id is taken or a
// balance would overflow, nothing at all.

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "purse/persistence/store.hpp"
#include "support/e2e.hpp"

using namespace purse;
using persistence::session;

namespace {

/// An id no other test run has made.
std::string fresh(const std::string& what) {
  return test::unique_id("create-" + what);
}

using deltas = std::vector<std::pair<std::string, std::int64_t>>;

struct create_fixture {
  persistence::store st{{test::database_url(), 1}};
  std::string scope = fresh("scope");
  persistence::account_row usd, savings, euros, archived, foreign;
  persistence::category_row category;
  persistence::tag_row tag;

  create_fixture() {
    auto account = [&](persistence::account_row& a, const char* name,
                       const char* currency, const std::string& in) {
      a.id = fresh(name);
      a.scope_id = in;
      a.name = name;
      a.currency_code = currency;
    };
    account(usd, "usd", "USD", scope);
    account(savings, "savings", "USD", scope);
    account(euros, "euros", "EUR", scope);
    account(archived, "archived", "USD", scope);
    archived.archived = true;
    account(foreign, "foreign", "USD", fresh("elsewhere"));
    category.id = fresh("category");
    category.scope_id = scope;
    category.name = "Food";
    tag.id = fresh("tag");
    tag.scope_id = scope;
    tag.name = tag.name_key = tag.id;
    st.write([&](session& s) {
      for (auto* a : {&usd, &savings, &euros, &archived, &foreign})
        s.insert(*a);
      s.insert(category);
      s.insert(tag);
    });
  }

  persistence::transaction_row row(const std::string& account,
                                   std::int64_t minor = 500) {
    persistence::transaction_row t;
    t.id = fresh("tx");
    t.scope_id = scope;
    t.account_id = account;
    t.flow_type = "expense";
    t.amount_minor = minor;
    t.currency_code = "USD";
    t.description = "lunch";
    t.transaction_at = 1782820800;
    t.created_at = t.updated_at = 1795813539;
    t.created_by = t.updated_by = scope;
    return t;
  }

  bool create(const persistence::transaction_row& t,
              const std::vector<std::string>& tags, const deltas& d,
              std::int64_t fence = 0) {
    bool stored = false;
    st.query([&](session& s) {
      stored = s.create_transaction(t, tags, {}, d, fence);
    });
    return stored;
  }

  std::string value(const std::string& query) {
    return test::sql_value(query);
  }

  std::string balance(const persistence::account_row& a) {
    return value("SELECT balance_minor FROM accounts WHERE id = '" + a.id
                 + "'");
  }

  std::string rows_with(const std::string& id) {
    return value("SELECT count(*) FROM transactions WHERE id = '" + id + "'");
  }
};

} // namespace

BOOST_FIXTURE_TEST_SUITE(create_transaction, create_fixture)

BOOST_AUTO_TEST_CASE(stores_the_row_its_balance_and_its_links) {
  auto t = row(usd.id);
  t.category_id = category.id;
  t.external_id = "bank-1";
  BOOST_TEST(create(t, {tag.id}, {{usd.id, -500}}));
  BOOST_TEST(value("SELECT account_id || '/' || category_id || '/' ||"
                   " amount_minor || '/' || description || '/' || external_id"
                   " || '/' || created_by || '/' || tag_ids FROM transactions"
                   " WHERE id = '"
                   + t.id + "'")
             == usd.id + "/" + category.id + "/500/lunch/bank-1/" + scope + "/"
                  + tag.id);
  BOOST_TEST(balance(usd) == "-500");
  BOOST_TEST(value("SELECT count(*) FROM transaction_tags WHERE"
                   " transaction_id = '"
                   + t.id + "'")
             == "1");
  // The triggers ran as for any insert: the changes feed has the record.
  BOOST_TEST(
    value("SELECT count(*) FROM changes WHERE record_id = '" + t.id + "'")
    == "1");
  // A transfer moves both balances.
  auto move = row(usd.id, 200);
  move.flow_type = "transfer";
  move.to_account_id = savings.id;
  BOOST_TEST(create(move, {}, {{savings.id, 200}, {usd.id, -200}}));
  BOOST_TEST(balance(usd) == "-700");
  BOOST_TEST(balance(savings) == "200");
}

BOOST_AUTO_TEST_CASE(several_in_one_transaction_stand_or_fall_each_alone) {
  // A batch of creates runs them in one transaction without savepoints
  // (actors/runtime/write_batch.cpp): a refused one writes nothing and
  // leaves the transaction usable, so the others commit.
  auto first = row(usd.id);
  auto refused = row(foreign.id);
  auto last = row(usd.id, 300);
  bool stored_first = false;
  bool stored_refused = true;
  bool stored_last = false;
  st.write([&](session& s) {
    stored_first = s.create_transaction(first, {}, {}, {{usd.id, -500}}, 0);
    stored_refused = s.create_transaction(refused, {}, {}, {{usd.id, -500}}, 0);
    stored_last = s.create_transaction(last, {}, {}, {{usd.id, -300}}, 0);
  });
  BOOST_TEST(stored_first);
  BOOST_TEST(!stored_refused);
  BOOST_TEST(stored_last);
  BOOST_TEST(rows_with(first.id) == "1");
  BOOST_TEST(rows_with(refused.id) == "0");
  BOOST_TEST(rows_with(last.id) == "1");
  BOOST_TEST(balance(usd) == "-800");
}

BOOST_AUTO_TEST_CASE(a_reference_that_fails_the_test_writes_nothing) {
  struct refusal {
    const char* why;
    persistence::transaction_row t;
    std::vector<std::string> tags;
  };
  auto in = [&](const persistence::account_row& a) {
    return row(a.id);
  };
  std::vector<refusal> cases;
  cases.push_back({"another currency", in(euros), {}});
  cases.push_back({"an archived account", in(archived), {}});
  cases.push_back({"another scope's account", in(foreign), {}});
  cases.push_back({"no account", row("missing"), {}});
  cases.push_back({"a missing tag", in(usd), {tag.id, "missing"}});
  auto t = in(usd);
  t.category_id = "missing";
  cases.push_back({"a missing category", t, {}});
  t = in(usd);
  t.to_account_id = savings.id;
  cases.push_back({"a second account without a transfer", t, {}});
  t = in(usd);
  t.flow_type = "transfer";
  cases.push_back({"a transfer without its second account", t, {}});
  t.to_account_id = usd.id;
  cases.push_back({"a transfer to its own account", t, {}});
  t.to_account_id = euros.id;
  cases.push_back({"a transfer to another currency", t, {}});
  for (auto& c : cases) {
    BOOST_TEST_CONTEXT(c.why) {
      BOOST_TEST(!create(c.t, c.tags, {{usd.id, -500}}));
      BOOST_TEST(rows_with(c.t.id) == "0");
      BOOST_TEST(balance(usd) == "0");
    }
  }
}

BOOST_AUTO_TEST_CASE(
  a_stale_fence_a_taken_external_id_or_an_overflow_writes_nothing) {
  auto t = row(usd.id);
  // No membership view has this epoch.
  BOOST_CHECK_THROW(create(t, {tag.id}, {{usd.id, -500}},
                           std::numeric_limits<std::int64_t>::max()),
                    persistence::fenced);
  BOOST_TEST(rows_with(t.id) == "0");
  BOOST_TEST(balance(usd) == "0");
  // An account's external_id names one transaction.
  t.external_id = "bank-7";
  BOOST_TEST(create(t, {}, {{usd.id, -500}}));
  auto again = row(usd.id);
  again.external_id = "bank-7";
  BOOST_CHECK_THROW(create(again, {tag.id}, {{usd.id, -500}}),
                    persistence::unique_violation);
  BOOST_TEST(rows_with(again.id) == "0");
  BOOST_TEST(balance(usd) == "-500");
  // A balance past the bigint range.
  auto huge = row(usd.id, std::numeric_limits<std::int64_t>::max());
  BOOST_CHECK_THROW(
    create(huge, {}, {{usd.id, -std::numeric_limits<std::int64_t>::max()}}),
    persistence::out_of_range);
  BOOST_TEST(rows_with(huge.id) == "0");
  BOOST_TEST(balance(usd) == "-500");
}

BOOST_AUTO_TEST_SUITE_END()
