// SPDX-License-Identifier: GPL-2.0-or-later
// The developer settings page in headless Chromium (issue 14): sign in,
// create a key with a chosen lifetime, read the secret, call the API with
// it, reload (the secret is gone), revoke it, call again (401); a wrong
// password; an expired session; a form without its CSRF token or from
// another origin (403); a Free user (upgrade hint, no form); the profile
// page (name, default currency, time zone: saved and seen by the API, bad
// input refused with the typed values kept) and the password change (the
// other browser signed out, this one not). Screenshots of every state go
// to tests/browser/test-artifacts/.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..', '..');
const artifacts = join(here, '..', 'test-artifacts');
const serverBin = process.env.PURSE_SERVER_BIN || join(root, 'build', 'purse-server');
const adminBin = process.env.PURSE_ADMIN_BIN || join(root, 'build', 'purse-admin');
const password = 'correct horse battery staple';

function databaseUrl() {
  const url = process.env.PURSE_TEST_DATABASE_URL;
  if (!url) throw new Error('PURSE_TEST_DATABASE_URL is not set: run through deploy/test.sh or tests/browser/run-tests.sh');
  return url;
}

function admin(args, input) {
  for (const bin of [adminBin]) if (!existsSync(bin)) throw new Error(`${bin} does not exist: build first`);
  const r = spawnSync(adminBin, args, {
    env: { ...process.env, PURSE_DATABASE_URL: databaseUrl() }, encoding: 'utf8', timeout: 30000, input,
  });
  if (r.status !== 0) throw new Error(`purse-admin ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function psql(statement) {
  const r = spawnSync('psql', [databaseUrl(), '-qAt', '-c', statement], { encoding: 'utf8', timeout: 30000 });
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
  return r.stdout.trim();
}

/** A user on `plan` with a password (set on stdin, as an operator does). */
function makeUser(plan) {
  const email = `browser-${plan}-${Date.now()}-${randomBytes(3).toString('hex')}@settings.test`;
  const user = admin(['user', 'create', '--email', email, '--plan', plan]);
  admin(['user', 'set-password', '--user', user.id], `${password}\n`);
  return { id: user.id, email };
}

async function portFree(port) {
  return new Promise((res) => {
    const s = net.createServer();
    s.once('error', () => res(false));
    s.listen(port, '127.0.0.1', () => s.close(() => res(true)));
  });
}

/** The first free port from `from` on (the project's test range). */
async function freePort(from) {
  for (let p = from; p < from + 100; p++) if (await portFree(p)) return p;
  throw new Error(`no free port from ${from}`);
}

let server;
let origin;
let serverLog = '';
let evil; // another origin on the same host
let evilOrigin;
let browser;

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  const port = await freePort(18760);
  origin = `http://127.0.0.1:${port}`;
  server = spawn(serverBin, ['--listen', `127.0.0.1:${port}`, '--insecure-http'], {
    env: { ...process.env, PURSE_DATABASE_URL: databaseUrl() }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr.on('data', (d) => { serverLog = (serverLog + d).slice(-50000); });
  const deadline = Date.now() + 20000;
  for (;;) {
    try {
      await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`purse-server did not start: ${serverLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  evil = http.createServer((req, res) => {
    // A page of another origin that posts a create form to Purse.
    const u = new URL(req.url, 'http://x');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><form method="post" action="${origin}/settings/developer/keys">
      <input name="csrf" value="${u.searchParams.get('csrf')}"><input name="form" value="${u.searchParams.get('form')}">
      <input name="name" value="evil"><input name="days" value="365"><button id="go">Go</button></form>`);
  });
  const evilPort = await freePort(port + 1);
  await new Promise((r) => evil.listen(evilPort, '127.0.0.1', r));
  evilOrigin = `http://127.0.0.1:${evilPort}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
});

after(async () => {
  await browser?.close();
  evil?.close();
  if (server && server.exitCode === null) {
    const done = new Promise((r) => server.on('exit', r));
    server.kill('SIGTERM');
    await done;
  }
  // Passwords and secrets never reach the log.
  assert.ok(!serverLog.includes(password), 'the password appears in the server log');
});

/** A new page that records CSP violations and script errors. */
async function newPage(viewport = { width: 1100, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.errors = [];
  // Script errors and CSP violations; statuses the tests expect (401 on a
  // wrong password, the browser's own favicon request) are not errors here.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) page.errors.push(m.text());
  });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

async function signIn(page, email, pw = password) {
  await page.goto(`${origin}/login`);
  await page.fill('#email', email);
  await page.fill('#password', pw);
  await Promise.all([page.waitForNavigation(), page.click('#login button[type=submit]')]);
}

async function apiStatus(key) {
  const r = await fetch(`${origin}/api/public/v1/me`, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } });
  await r.arrayBuffer();
  return r.status;
}

test('sign in, create a key, use it, reload, revoke: the next call is 401', async () => {
  const user = makeUser('solo');
  const page = await newPage();
  await page.goto(`${origin}/login`);
  await shot(page, '01-sign-in');
  await signIn(page, user.email, 'not the password at all');
  assert.match(await page.textContent('.error'), /e-mail or the password is wrong/);
  await shot(page, '02-wrong-password');
  await signIn(page, user.email);
  assert.equal(new URL(page.url()).pathname, '/settings/developer');
  assert.equal(await page.locator('#keys').count(), 0, 'a new user has no keys');
  await shot(page, '03-settings-no-keys');

  await page.fill('#name', 'browser script');
  await page.fill('#days', '5');
  await Promise.all([page.waitForNavigation(), page.click('#create-key button[type=submit]')]);
  const secret = (await page.textContent('#secret')).trim();
  assert.match(secret, /^purse_[A-Za-z0-9]{12}_[A-Za-z0-9]+$/);
  assert.match(await page.textContent('#new-key'), /cannot be shown again/);
  assert.ok(await page.isVisible('button.copy'), 'the copy button is shown (JavaScript on)');
  const row = page.locator('#keys tbody tr', { hasText: 'browser script' });
  assert.match(await row.textContent(), /expires in 5 days/);
  assert.match(await row.textContent(), /active/);
  await shot(page, '04-key-created');
  assert.equal(await apiStatus(secret), 200);

  // Reloading resubmits the form: nothing new is made, nothing is shown.
  await page.reload();
  assert.equal(await page.locator('#secret').count(), 0, 'the secret is shown again after a reload');
  assert.ok(!(await page.content()).includes(secret));
  assert.equal(psql(`SELECT count(*) FROM api_keys WHERE user_id = '${user.id}'`), '1');
  await page.goto(`${origin}/settings/developer`);
  assert.equal(await page.locator('#secret').count(), 0);
  await shot(page, '05-reloaded');

  await Promise.all([page.waitForNavigation(), row.locator('a.revoke').click()]);
  assert.match(await page.textContent('main'), /cannot be undone/);
  await shot(page, '06-revoke-confirm');
  await Promise.all([page.waitForNavigation(), page.click('#revoke button[type=submit]')]);
  assert.equal(new URL(page.url()).pathname, '/settings/developer');
  assert.match(await page.locator('#keys tbody tr', { hasText: 'browser script' }).textContent(), /revoked/);
  await shot(page, '07-revoked');
  assert.equal(await apiStatus(secret), 401);
  assert.deepEqual(page.errors, [], 'errors or CSP violations in the page');
});

test('the page is readable on a phone', async () => {
  const user = makeUser('family');
  admin(['key', 'create', '--user', user.id, '--name', 'phone key']);
  const page = await newPage({ width: 375, height: 740 });
  await signIn(page, user.email);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  const font = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
  assert.ok(font >= 14, `body text is ${font}px`);
  await shot(page, '08-phone');
  assert.deepEqual(page.errors, []);
});

test('an expired session sends the browser back to sign in', async () => {
  const user = makeUser('solo');
  const page = await newPage();
  await signIn(page, user.email);
  assert.equal(new URL(page.url()).pathname, '/settings/developer');
  psql(`UPDATE web_sessions SET last_seen_at = last_seen_at - 7200 WHERE user_id = '${user.id}'`);
  await page.reload();
  assert.equal(new URL(page.url()).pathname, '/login');
  await shot(page, '09-session-expired');
});

test('a form without its CSRF token, or from another origin, is refused with 403', async () => {
  const user = makeUser('solo');
  const page = await newPage();
  await signIn(page, user.email);
  const csrf = await page.inputValue('#create-key input[name=csrf]');
  const form = await page.inputValue('#create-key input[name=form]');
  await page.evaluate(() => document.querySelector('#create-key input[name=csrf]').remove());
  await page.fill('#name', 'no token');
  const [noToken] = await Promise.all([page.waitForNavigation(), page.click('#create-key button[type=submit]')]);
  assert.equal(noToken.status(), 403);
  await shot(page, '10-csrf-missing-403');

  await page.goto(`${evilOrigin}/?csrf=${encodeURIComponent(csrf)}&form=${encodeURIComponent(form)}`);
  const [elsewhere] = await Promise.all([page.waitForNavigation(), page.click('#go')]);
  assert.equal(elsewhere.status(), 403);
  await shot(page, '11-other-origin-403');
  assert.equal(psql(`SELECT count(*) FROM api_keys WHERE user_id = '${user.id}'`), '0');
});

test('a Free user sees the upgrade hint instead of the form', async () => {
  const user = makeUser('free');
  const page = await newPage();
  await signIn(page, user.email);
  assert.ok(await page.isVisible('#upgrade'));
  assert.match(await page.textContent('#upgrade'), /The public API needs a Solo or Family plan/);
  assert.equal(await page.locator('#create-key').count(), 0);
  assert.equal(await page.textContent('#plan-name'), 'free');
  await shot(page, '12-free-plan');
  assert.deepEqual(page.errors, []);
});

test("a key's last use shows when and from which address", async () => {
  const user = makeUser('solo');
  const page = await newPage();
  await signIn(page, user.email);
  await page.fill('#name', 'watched key');
  await Promise.all([page.waitForNavigation(), page.click('#create-key button[type=submit]')]);
  const secret = (await page.textContent('#secret')).trim();
  const row = page.locator('#keys tbody tr', { hasText: 'watched key' });
  assert.equal((await row.locator('.last-used').textContent()).trim(), 'never');
  assert.equal(await apiStatus(secret), 200);
  // The last use is written after the answer.
  const deadline = Date.now() + 5000;
  while (psql(`SELECT count(*) FROM api_keys WHERE user_id = '${user.id}' AND last_used_at > 0`) !== '1') {
    assert.ok(Date.now() < deadline, 'the last use was not recorded');
    await new Promise((r) => setTimeout(r, 50));
  }
  await page.goto(`${origin}/settings/developer`);
  const used = row.locator('.last-used');
  assert.match(await used.locator('time').getAttribute('datetime'), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.match(await used.textContent(), /^\d{4}-\d\d-\d\d \d\d:\d\d UTC from 127\.0\.0\.1$/);
  await shot(page, '13-last-use');
  assert.deepEqual(page.errors, []);
});

test('the quota table speaks human units with a bar of how much is used', async () => {
  const user = makeUser('solo');
  const { secret } = admin(['key', 'create', '--user', user.id, '--name', 'quota key']);
  const made = await fetch(`${origin}/api/public/v1/me/accounts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name: 'Checking', type: 'checking', currency_code: 'EUR' }),
  });
  assert.equal(made.status, 201, await made.text());
  const page = await newPage();
  await signIn(page, user.email);
  const accounts = page.locator('#quotas tr[data-quota=accounts]');
  assert.match(await accounts.locator('td.used').textContent(), /^1 of [\d,]+$/);
  const bar = accounts.locator('progress');
  assert.equal(await bar.getAttribute('value'), '1');
  const max = Number(await bar.getAttribute('max'));
  const pct = `${Math.floor(100 / max)}%`;
  assert.equal(await bar.getAttribute('aria-label'), `accounts: ${pct} used`);
  assert.equal(await bar.textContent(), pct);
  assert.equal((await accounts.locator('.pct').textContent()).trim(), pct);
  // Sizes in binary units, never a raw count of bytes.
  const storage = page.locator('#quotas tr[data-quota=file_storage_bytes]');
  assert.equal(await storage.locator('td.used').textContent(), '0 bytes of 1 GiB');
  assert.equal(await storage.locator('progress').count(), 1);
  const largest = page.locator('#quotas tr[data-quota=max_file_bytes]');
  assert.equal(await largest.locator('td.used').textContent(), 'up to 10 MiB each');
  assert.ok(!(await page.textContent('#quotas')).includes('1073741824'));
  await shot(page, '14-quotas');
  assert.deepEqual(page.errors, []);
});

test('sign out everywhere ends every session and lands on sign-in with a notice', async () => {
  const user = makeUser('solo');
  const page = await newPage();
  const other = await newPage(); // another browser of the same user
  await signIn(page, user.email);
  await signIn(other, user.email);
  assert.equal(psql(`SELECT count(*) FROM web_sessions WHERE user_id = '${user.id}'`), '2');
  const button = page.locator('#sign-out-everywhere button[type=submit]');
  assert.equal((await button.textContent()).trim(), 'Sign out everywhere');
  assert.equal(await page.inputValue('#sign-out-everywhere input[name=csrf]'),
    await page.inputValue('#create-key input[name=csrf]'));
  await shot(page, '15-sessions');
  await Promise.all([page.waitForNavigation(), button.click()]);
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.match(await page.textContent('#notice'), /signed out everywhere/);
  assert.ok(await page.isVisible('#login'));
  await shot(page, '16-signed-out-everywhere');
  assert.equal(psql(`SELECT count(*) FROM web_sessions WHERE user_id = '${user.id}'`), '0');
  await other.reload();
  assert.equal(new URL(other.url()).pathname, '/login');
  await page.goto(`${origin}/settings/developer`);
  assert.equal(new URL(page.url()).pathname, '/login');
  await signIn(page, user.email);
  assert.equal(new URL(page.url()).pathname, '/settings/developer');
  assert.deepEqual(page.errors, []);
});

async function meOf(key) {
  const r = await fetch(`${origin}/api/public/v1/me`, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } });
  assert.equal(r.status, 200);
  return (await r.json()).data;
}

test('the profile form saves name, currency and time zone; the API shows them at once', async () => {
  const user = makeUser('solo');
  const { secret } = admin(['key', 'create', '--user', user.id, '--name', 'profile key']);
  const page = await newPage();
  await signIn(page, user.email);
  await Promise.all([page.waitForNavigation(), page.click('#profile-link')]);
  assert.equal(new URL(page.url()).pathname, '/settings/profile');
  assert.equal(await page.inputValue('#timezone'), 'UTC');
  assert.equal(await page.inputValue('#currency_code'), 'USD');
  await shot(page, '17-profile');

  // A time zone that does not exist: refused, the typed values stay.
  await page.fill('#name', 'Ada Lovelace');
  await page.selectOption('#currency_code', 'EUR');
  await page.fill('#timezone', 'Mars/Olympus_Mons');
  const [bad] = await Promise.all([page.waitForNavigation(), page.click('#profile button[type=submit]')]);
  assert.equal(bad.status(), 422);
  assert.match(await page.textContent('#profile .error'), /The time zone must be an IANA time zone name/);
  assert.equal(await page.inputValue('#timezone'), 'Mars/Olympus_Mons');
  assert.equal(await page.inputValue('#name'), 'Ada Lovelace');
  assert.equal(await page.inputValue('#currency_code'), 'EUR');
  await shot(page, '18-profile-bad-zone');
  assert.equal(psql(`SELECT timezone || ' ' || currency_code FROM users WHERE id = '${user.id}'`), 'UTC USD');
  assert.equal((await meOf(secret)).timezone, 'UTC');

  await page.fill('#timezone', 'Europe/Berlin');
  await Promise.all([page.waitForNavigation(), page.click('#profile button[type=submit]')]);
  assert.match(await page.textContent('#info'), /Your profile was saved/);
  assert.equal(await page.inputValue('#timezone'), 'Europe/Berlin');
  assert.equal(await page.locator('#profile .error').count(), 0);
  await shot(page, '19-profile-saved');
  const me = await meOf(secret);
  assert.equal(me.name, 'Ada Lovelace');
  assert.equal(me.default_currency, 'EUR');
  assert.equal(me.timezone, 'Europe/Berlin');
  assert.deepEqual(page.errors, []);
});

test('the password form: a wrong current password or a mismatch changes nothing; a change signs the other browser out', async () => {
  const user = makeUser('solo');
  const page = await newPage();
  const other = await newPage(); // another browser of the same user
  await signIn(page, user.email);
  await signIn(other, user.email);
  await page.goto(`${origin}/settings/profile`);
  const fresh = 'a brand new browser password';

  await page.fill('#current_password', 'not the password at all');
  await page.fill('#new_password', fresh);
  await page.fill('#again', fresh);
  const [wrong] = await Promise.all([page.waitForNavigation(), page.click('#change-password button[type=submit]')]);
  assert.equal(wrong.status(), 422);
  assert.match(await page.textContent('#change-password .error'), /The current password is wrong/);
  assert.equal(await page.inputValue('#current_password'), '', 'a typed password came back');
  await shot(page, '20-password-wrong-current');

  await page.fill('#current_password', password);
  await page.fill('#new_password', fresh);
  await page.fill('#again', `${fresh} typo`);
  const [mismatch] = await Promise.all([page.waitForNavigation(), page.click('#change-password button[type=submit]')]);
  assert.equal(mismatch.status(), 422);
  assert.match(await page.textContent('#change-password .error'), /The two new passwords are not the same/);
  await shot(page, '21-password-mismatch');
  assert.equal(psql(`SELECT count(*) FROM web_sessions WHERE user_id = '${user.id}'`), '2');

  await page.fill('#current_password', password);
  await page.fill('#new_password', fresh);
  await page.fill('#again', fresh);
  await Promise.all([page.waitForNavigation(), page.click('#change-password button[type=submit]')]);
  assert.equal(new URL(page.url()).pathname, '/settings/profile');
  assert.match(await page.textContent('#info'), /Your password was changed/);
  await shot(page, '22-password-changed');
  // This browser stays signed in; the other one is sent to sign in.
  await page.goto(`${origin}/settings/developer`);
  assert.equal(new URL(page.url()).pathname, '/settings/developer');
  await other.reload();
  assert.equal(new URL(other.url()).pathname, '/login');
  await signIn(other, user.email);
  assert.match(await other.textContent('.error'), /e-mail or the password is wrong/);
  await signIn(other, user.email, fresh);
  assert.equal(new URL(other.url()).pathname, '/settings/developer');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});

test('the profile and password forms without their CSRF token are refused with 403', async () => {
  const user = makeUser('solo');
  const page = await newPage();
  await signIn(page, user.email);
  await page.goto(`${origin}/settings/profile`);
  await page.evaluate(() => document.querySelector('#profile input[name=csrf]').remove());
  await page.fill('#timezone', 'Asia/Tokyo');
  const [profile] = await Promise.all([page.waitForNavigation(), page.click('#profile button[type=submit]')]);
  assert.equal(profile.status(), 403);
  await page.goto(`${origin}/settings/profile`);
  await page.evaluate(() => document.querySelector('#change-password input[name=csrf]').remove());
  await page.fill('#current_password', password);
  await page.fill('#new_password', 'a password nobody asked for');
  await page.fill('#again', 'a password nobody asked for');
  const [pw] = await Promise.all([page.waitForNavigation(), page.click('#change-password button[type=submit]')]);
  assert.equal(pw.status(), 403);
  await shot(page, '23-profile-csrf-missing-403');
  assert.equal(psql(`SELECT timezone FROM users WHERE id = '${user.id}'`), 'UTC');
  const again = await newPage();
  await signIn(again, user.email);
  assert.equal(new URL(again.url()).pathname, '/settings/developer');
});
