-- SPDX-License-Identifier: GPL-2.0-or-later
-- Oracle of GET .../reports/budget?month=2026-10 (bench/reports.sh): the
-- month's budgets per currency and category, and the month's expenses per
-- currency and category with the category's name (the budgeted ones are
-- set against their budget, the others are the unbudgeted spending).
-- :month_ts and :to_ts are the month's bounds in the report's zone.
SELECT b.currency_code, b.category_id, c.name, b.amount_minor
  FROM budgets b JOIN categories c ON c.id = b.category_id
 WHERE b.scope_id = :scope AND b.month = '2026-10';
SELECT t.currency_code, t.category_id, c.name, count(*), sum(t.amount_minor)
  FROM transactions t LEFT JOIN categories c ON c.id = t.category_id
 WHERE t.scope_id = :scope AND t.transaction_at >= :month_ts
   AND t.transaction_at < :to_ts AND t.flow_type = 'expense'
   AND t.voided_at = 0
 GROUP BY 1, 2, 3;
