// SPDX-License-Identifier: MIT
// Startup: missing or empty variables and malformed base URLs exit 1 with a
// message on stderr and nothing on stdout; a good configuration serves, and
// closing stdin ends the process cleanly.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RawSession, runBin } from './support/mcp.js';

const KEY = 'purse_abcdefghijkl_notARealKeyButLongEnough123456';
const REQUIRED = /both SERVICE_API_BASE_URL and SERVICE_API_KEY are required/;

describe('startup configuration', () => {
  const missing: [string, Record<string, string>][] = [
    ['no variables', {}],
    ['SERVICE_API_KEY missing', { SERVICE_API_BASE_URL: 'http://127.0.0.1:9' }],
    ['SERVICE_API_BASE_URL missing', { SERVICE_API_KEY: KEY }],
    ['SERVICE_API_KEY empty', { SERVICE_API_BASE_URL: 'http://127.0.0.1:9', SERVICE_API_KEY: '' }],
    ['SERVICE_API_BASE_URL empty', { SERVICE_API_BASE_URL: '', SERVICE_API_KEY: KEY }],
    ['both empty', { SERVICE_API_BASE_URL: '', SERVICE_API_KEY: '' }],
    ['SERVICE_API_KEY blank', { SERVICE_API_BASE_URL: 'http://127.0.0.1:9', SERVICE_API_KEY: '   ' }],
  ];
  for (const [name, env] of missing) {
    it(`${name}: exit 1, says both are required`, async () => {
      const r = await runBin(env);
      assert.equal(r.code, 1);
      assert.match(r.stderr, REQUIRED);
      assert.equal(r.stdout, '');
    });
  }

  const malformed: [string, string, RegExp][] = [
    ['no scheme', 'purse.example.com', /no scheme.*SERVICE_API_BASE_URL=https:\/\/purse\.example\.com/s],
    ['non-http scheme', 'ftp://purse.example.com', /http or https/],
    ['other path', 'https://purse.example.com/api', /without a path.*SERVICE_API_BASE_URL=https:\/\/purse\.example\.com instead/s],
    ['partial API path', 'https://purse.example.com/api/public/v2', /without a path/],
    ['query', 'https://purse.example.com/?x=1', /query or fragment/],
    ['not a URL', 'http://', /not a valid URL|no scheme/],
    ['credentials', 'https://user:pass@purse.example.com', /credentials/],
  ];
  for (const [name, url, message] of malformed) {
    it(`malformed base URL (${name}): exit 1 with what to write instead`, async () => {
      const r = await runBin({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: KEY });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, message);
      assert.match(r.stderr, /SERVICE_API_BASE_URL/);
      assert.ok(!r.stderr.includes(KEY), 'the key must not appear on stderr');
      assert.equal(r.stdout, '');
    });
  }

  // The key travels in the Authorization header: never in clear text to a
  // host that is not this machine.
  const plainRemote = ['http://203.0.113.7:8080', 'http://purse.example.com', 'http://[2001:db8::1]:8080',
    'http://128.0.0.1', 'http://localhost.example.com'];
  for (const url of plainRemote) {
    it(`plain http:// to a non-loopback host (${url}) is refused: exit 1, names HTTPS, nothing sent`, async () => {
      const r = await runBin({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: KEY });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /HTTPS/);
      assert.match(r.stderr, /SERVICE_API_BASE_URL=https:\/\//);
      assert.ok(!r.stderr.includes(KEY), 'the key must not appear on stderr');
      assert.equal(r.stdout, '');
    });
  }
  const plainLoopback = ['http://localhost:9', 'http://LOCALHOST:9/', 'http://127.0.0.1:9', 'http://127.8.9.10:9', 'http://[::1]:9',
    'https://203.0.113.7:9'];
  for (const url of plainLoopback) {
    it(`${url} is accepted (loopback over http, or https anywhere)`, async () => {
      const r = await runBin({ SERVICE_API_BASE_URL: url, SERVICE_API_KEY: KEY, LOG_LEVEL: 'warn' });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, '');
    });
  }

  it('a base URL ending in /api/public/v1 is accepted with a warning; stdin closing exits 0', async () => {
    const r = await runBin({ SERVICE_API_BASE_URL: 'http://127.0.0.1:9/api/public/v1/', SERVICE_API_KEY: KEY, LOG_LEVEL: 'info' });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /already ends in \/api\/public\/v1/);
    assert.equal(r.stdout, '', 'nothing but protocol messages on stdout');
    assert.ok(!r.stderr.includes(KEY));
  });

  it('a trailing slash on the origin is fine', async () => {
    const r = await runBin({ SERVICE_API_BASE_URL: 'http://127.0.0.1:9/', SERVICE_API_KEY: KEY, LOG_LEVEL: 'warn' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
  });

  it('an invalid LOG_LEVEL (optional, not in the specification) is ignored with a warning on stderr', async () => {
    const r = await runBin({ SERVICE_API_BASE_URL: 'http://127.0.0.1:9', SERVICE_API_KEY: KEY, LOG_LEVEL: 'loud' });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /"level":"warn".*LOG_LEVEL \\"loud\\" is not one of debug, info, warn, error, silent; ignored, logging at info/);
    assert.match(r.stderr, /purse-mcp ready/, 'it served');
    assert.equal(r.stdout, '');
  });

  it('an invalid LOG_LEVEL does not keep the server from answering', async () => {
    const session = new RawSession({ SERVICE_API_BASE_URL: 'http://127.0.0.1:9', SERVICE_API_KEY: KEY, LOG_LEVEL: 'verbose' });
    try {
      const init = await session.request(1, 'initialize', {
        protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' },
      });
      assert.equal(init.result?.serverInfo?.name, 'purse-mcp');
      session.notify('notifications/initialized');
      const list = await session.request(2, 'tools/list', {});
      assert.equal(list.result?.tools?.length, 12);
    } finally {
      assert.equal(await session.close(), 0);
    }
    assert.match(session.stderr(), /LOG_LEVEL \\"verbose\\" is not one of/);
  });
});
