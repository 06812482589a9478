-- SPDX-License-Identifier: GPL-2.0-or-later
-- Oracle of GET .../reports/spending-trends?interval=day (bench/reports.sh):
-- buckets by local day, zero buckets not generated.
SELECT currency_code,
       date_trunc('day', to_timestamp(transaction_at) AT TIME ZONE :tz) AS b,
       count(*), sum(amount_minor)
  FROM transactions
 WHERE scope_id = :scope AND transaction_at >= :from_ts
   AND transaction_at < :to_ts AND flow_type = 'expense' AND voided_at = 0
 GROUP BY 1, 2 ORDER BY 1, 2;
