-- SPDX-License-Identifier: GPL-2.0-or-later
-- Oracle of GET .../reports/total-spending: plain SQL over the raw rows
-- (bench/reports.sh). :from_ts/:to_ts are the UTC bounds of the local
-- range; the (scope_id, transaction_at) index serves the range.
SELECT currency_code, count(*), sum(amount_minor)
  FROM transactions
 WHERE scope_id = :scope AND transaction_at >= :from_ts
   AND transaction_at < :to_ts AND flow_type = 'expense' AND voided_at = 0
 GROUP BY currency_code ORDER BY currency_code;
