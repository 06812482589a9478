-- SPDX-License-Identifier: GPL-2.0-or-later
-- Oracle of GET .../reports/categories-spending (bench/reports.sh).
SELECT t.currency_code, t.category_id, c.name, count(*), sum(t.amount_minor)
  FROM transactions t LEFT JOIN categories c ON c.id = t.category_id
 WHERE t.scope_id = :scope AND t.transaction_at >= :from_ts
   AND t.transaction_at < :to_ts AND t.flow_type = 'expense'
   AND t.voided_at = 0
 GROUP BY 1, 2, 3 ORDER BY 1, 5 DESC;
