// SPDX-License-Identifier: GPL-2.0-or-later
// A webhook receiver for bench/reports.sh's "webhooks" part: answers every
// POST 204 at once and counts what it got (printed on SIGTERM).
import http from 'node:http';

const port = Number(process.argv[2] || 25540);
let received = 0;
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(204).end();
  });
}).listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  console.log(`received ${received}`);
  process.exit(0);
});
