-- SPDX-License-Identifier: GPL-2.0-or-later
-- Oracle of GET .../reports/dashboard (bench/reports.sh): the month and the
-- one before per currency, flow and category, the ten latest transactions,
-- the accounts and the category names.
SELECT currency_code, flow_type, category_id,
       transaction_at >= :month_ts AS this_month, count(*), sum(amount_minor)
  FROM transactions
 WHERE scope_id = :scope AND transaction_at >= :prev_ts
   AND transaction_at < :to_ts AND flow_type IN ('expense', 'income')
   AND voided_at = 0
 GROUP BY 1, 2, 3, 4;
SELECT * FROM transactions
 WHERE scope_id = :scope AND voided_at = 0 AND transaction_at < :to_ts
 ORDER BY transaction_at DESC, id DESC LIMIT 10;
SELECT * FROM accounts WHERE scope_id = :scope ORDER BY name, id;
SELECT id, name FROM categories WHERE scope_id = :scope;
