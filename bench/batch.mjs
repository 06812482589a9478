// SPDX-License-Identifier: GPL-2.0-or-later
// 100 transactions as one POST …/transactions/batch against 100 single
// POST …/transactions (one keep-alive connection, one after another; and
// CONCURRENCY at once), every body with its own external_id as an
// importer sends them. Run by bench/batch.sh; prints one line per round
// and the medians.
// Usage: node bench/batch.mjs BASE KEY ACCOUNT_ID [ROUNDS] [CONCURRENCY]
const [base, key, account, roundsArg, concArg] = process.argv.slice(2);
const rounds = Number(roundsArg || 10);
const concurrency = Number(concArg || 16);
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
let serial = 0;

function body() {
  serial += 1;
  return {
    account_id: account, flow_type: 'expense', amount: '1.00', currency_code: 'USD',
    transaction_at: '2026-03-01T10:00:00Z', description: `bench ${serial}`, external_id: `bench-${process.pid}-${serial}`,
  };
}

// Amounts go as JSON numbers written exactly ("1.00" -> 1.00).
const text = (b) => JSON.stringify(b).replace(/"amount":"([0-9.]+)"/g, '"amount":$1');

async function post(path, b, want) {
  const res = await fetch(base + path, { method: 'POST', headers, body: text(b) });
  const out = await res.text();
  if (res.status !== want) throw new Error(`${path}: ${res.status} ${out.slice(0, 200)}`);
  return out;
}

async function singles(n) {
  const t0 = performance.now();
  for (let i = 0; i < n; ++i) await post('/me/transactions', body(), 201);
  return performance.now() - t0;
}

async function parallelSingles(n) {
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next += 1;
      await post('/me/transactions', body(), 201);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - t0;
}

async function batch(n) {
  const t0 = performance.now();
  const out = await post('/me/transactions/batch', { transactions: Array.from({ length: n }, body) }, 200);
  const created = (out.match(/"status":201/g) || []).length;
  if (created !== n) throw new Error(`batch created ${created} of ${n}`);
  return performance.now() - t0;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { singles: [], parallel: [], batch: [] };
await batch(100); // warm-up: connections, prepared statements
await singles(20);
for (let r = 0; r < rounds; ++r) {
  // Alternating order, so that drift on a shared machine hits each alike.
  const order = r % 2 === 0 ? ['singles', 'parallel', 'batch'] : ['batch', 'parallel', 'singles'];
  const line = {};
  for (const kind of order) {
    const ms = kind === 'singles' ? await singles(100) : kind === 'parallel' ? await parallelSingles(100) : await batch(100);
    results[kind].push(ms);
    line[kind] = ms.toFixed(1);
  }
  console.log(`round ${r + 1}: 100 singles ${line.singles} ms, 100 singles x${concurrency} ${line.parallel} ms, 1 batch of 100 ${line.batch} ms`);
}
for (const [kind, xs] of Object.entries(results)) {
  const m = median(xs);
  console.log(`median ${kind}: ${m.toFixed(1)} ms for 100 transactions (${(100000 / m).toFixed(0)} transactions/s)`);
}
