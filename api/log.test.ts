import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { capLines, jsonLine, logError, MAX_LOG_LINE, redact, redactPath, requestLogger, sinkFor, jsonSink, consoleSink, UNMATCHED_PATH } from './log.ts';
import { postJson, PUBLIC_ORIGIN, suiteApp, tempDir } from './testing/harness.ts';

/** A request line: time, method, path, status, duration. */
const LINE = /^\S+Z (\S+) (.+) (\d{3}) \d+ms$/;
const pathOf = (line: string) => LINE.exec(line)?.[2];

describe('logs hold no personal data', () => {
  let site: { path: string; remove(): void };
  before(() => {
    site = tempDir('ppm-log-site-');
    mkdirSync(join(site.path, 'faq'));
    writeFileSync(join(site.path, 'faq', 'index.html'), '<!doctype html><title>FAQ</title>');
  });
  // after the site above is written: its hooks run after those registered before it
  const { t } = suiteApp('pglite', () => ({ config: { siteDir: site.path } }));
  after(() => {
    site.remove();
  });

  test('an e-mail address, birth date and licence number in a body or a query string never reach the log', async () => {
    t.logs.length = 0;
    const secret = 'Jane.Doe+ppm@example.com';
    await t.app.request(
      ...postJson('/api/contact/subscribe', {
        userFirstName: 'Jane',
        userLastName: 'Doe',
        userEmailAddress: secret,
        userState: 'CA',
        dob: '1980-04-01',
        licenseNumber: 'D1234567',
      }),
    );
    await t.app.request(`/receive-a-quote?email=${encodeURIComponent(secret)}&dob=1980-04-01&zipcode=85001&license=D1234567`);
    await t.app.request(`/api/health?email=${encodeURIComponent(secret)}&dob=1980-04-01`);
    await t.app.request(`/api/no-such/${encodeURIComponent(secret)}`);
    const log = t.logs.join('\n');
    assert.equal(t.logs.length, 4, 'one line per request');
    for (const forbidden of [secret, encodeURIComponent(secret), 'Jane.Doe', '1980-04-01', 'D1234567', 'zipcode', 'email=', '?']) {
      assert.ok(!log.includes(forbidden), `the log contains ${forbidden}:\n${log}`);
    }
    assert.match(t.logs[0]!, /^\S+Z POST \/api\/contact\/subscribe 400 \d+ms$/);
    // a route of ours (the start-quote fallback's state check) saw it: its pattern, never the query
    assert.match(t.logs[1]!, /^\S+Z GET \/receive-a-quote 404 \d+ms$/);
    assert.match(t.logs[2]!, /^\S+Z GET \/api\/health 200 \d+ms$/);
    assert.match(t.logs[3]!, /^\S+Z GET \[no route\] 404 \d+ms$/);
  });

  test("a path's values never reach the log: the route's pattern does (a VIN typed into the ZIP call, a documents link)", async () => {
    t.logs.length = 0;
    const vin = 'WP0AA2A97BS123456';
    const token = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    await t.app.request(`/api/zip/${vin}`);
    await t.app.request('/api/zip/85001');
    await t.app.request(`/account/documents/${token}`);
    await t.app.request(`/api/vehicle/silhouette/${vin}.svg`);
    const log = t.logs.join('\n');
    assert.ok(!log.includes(vin) && !log.includes('85001') && !log.includes(token), log);
    assert.deepEqual(t.logs.map(pathOf), ['/api/zip/:zip', '/api/zip/:zip', '/account/documents/:token', '/api/vehicle/silhouette/:file']);
  });

  test('a request a middleware refuses still logs the pattern it was addressed to', async () => {
    t.logs.length = 0;
    await t.app.request(...postJson('/api/user/signup', {}, { Origin: 'https://evil.example' }));
    await t.app.request('http://localhost:4321/api/user/signup', { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'text/plain', Origin: PUBLIC_ORIGIN } });
    assert.deepEqual(t.logs.map((line) => [pathOf(line), LINE.exec(line)?.[3]]), [
      ['/api/user/signup', '403'],
      ['/api/user/signup', '415'],
    ]);
  });

  test('a 15 KB path never reaches the log, and every line stays under the cap', async () => {
    t.logs.length = 0;
    const long = 'A1b2C3d4'.repeat(15 * 128);
    await t.app.request(`/api/zip/${long}`);
    await t.app.request(`/${long}`);
    await t.app.request(`/api/${long}/${long}`);
    await t.app.request(`/embed/${long}.js`);
    const log = t.logs.join('\n');
    assert.equal(t.logs.length, 4);
    assert.ok(!log.includes('A1b2C3d4'), log.slice(0, 600));
    for (const line of t.logs) assert.ok(line.length <= MAX_LOG_LINE, `${line.length} characters`);
    assert.deepEqual(t.logs.map(pathOf), ['/api/zip/:zip', UNMATCHED_PATH, UNMATCHED_PATH, UNMATCHED_PATH]);
  });

  test("a page of the site that was served logs its path, which is ours", async () => {
    t.logs.length = 0;
    assert.equal((await t.app.request('/faq/')).status, 200);
    assert.equal((await t.app.request('http://localhost:4321/faq/', { method: 'POST', headers: { Origin: 'http://localhost:4321' } })).status, 405);
    assert.deepEqual(t.logs.map(pathOf), ['/faq/', UNMATCHED_PATH]);
  });

  test('an error entry is redacted and capped: each line at most MAX_LOG_LINE characters, at most 30 lines and a count', () => {
    const lines: string[] = [];
    const error = new Error(`failed for ann@example.com ${'x'.repeat(5000)}`);
    error.stack = [`Error: ${error.message}`, ...Array.from({ length: 100 }, (_, i) => `    at frame${i} (file.ts:${i})`)].join('\n');
    logError((line) => lines.push(line), 'GET /api/zip/WP0AA2A97BS123456', error);
    assert.equal(lines.length, 1);
    const entry = lines[0]!.split('\n');
    assert.ok(entry.every((line) => line.length <= MAX_LOG_LINE));
    assert.equal(entry.length, 31);
    assert.equal(entry.at(-1), '… 71 more lines');
    assert.ok(!lines[0]!.includes('ann@example.com') && !lines[0]!.includes('WP0AA2A97BS123456'), lines[0]);
    assert.match(lines[0]!, /ERROR GET \/api\/zip\/\[vin\]/);
    assert.equal(capLines('short'), 'short');
    assert.equal(capLines('y'.repeat(MAX_LOG_LINE + 10), 1).length, MAX_LOG_LINE);
  });

  test('redact masks addresses, dates and identifiers; redactPath keeps a path readable but not injectable', () => {
    assert.equal(redact('to ann@example.com on 1980-04-01 or 04/01/1980, licence D1234567'), 'to [email] on [date] or [date], licence [id]');
    assert.equal(redactPath('/api/zip/85001'), '/api/zip/85001');
    assert.equal(redactPath('/api/zip/wp0aa2a97bs123456'), '/api/zip/[vin]');
    assert.equal(redactPath('/a\nFAKE 200'), '/a?FAKE 200');
    assert.equal(redactPath('/account/documents/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'), '/account/documents/[token]', 'a documents link is a key');
  });
});

describe('in production, one JSON object a line (issue 25, item 6)', () => {
  const now = new Date('2026-11-28T12:00:00.000Z');

  test("a request line: its time, level info, the message and the request's fields, nothing from the query", async () => {
    const lines: string[] = [];
    const app = new Hono();
    app.use('*', requestLogger((line, fields) => lines.push(jsonLine(line, fields, now))));
    app.get('/api/zip/:zip', (c) => c.json({ zip: c.req.param('zip') }));
    await app.request('/api/zip/85004?email=ann%40example.com&dob=1980-04-01');
    assert.equal(lines.length, 1);
    const { ms, ...entry } = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.equal(typeof ms, 'number');
    assert.deepEqual(entry, { time: now.toISOString(), level: 'info', msg: `GET /api/zip/:zip 200 ${String(ms)}ms`, method: 'GET', path: '/api/zip/:zip', status: 200 });
  });

  test('an error: level error, where it happened and its code, its stack in one line, redacted and capped', () => {
    const lines: string[] = [];
    const error = Object.assign(new Error('relation missing for ann@example.com'), { code: '42P01' });
    error.stack = `Error: relation missing for ann@example.com\n${'    at frame\n'.repeat(40)}`;
    logError((line, fields) => lines.push(jsonLine(line, fields, now)), 'GET /api/zip/WP0AA2A97BS123456', error);
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.split('\n').length, 1, 'one line');
    const entry = JSON.parse(lines[0]!) as { level: string; where: string; code: string; msg: string; time: string };
    assert.deepEqual([entry.time, entry.level, entry.where, entry.code], [now.toISOString(), 'error', 'GET /api/zip/[vin]', '42P01']);
    assert.match(entry.msg, /^ERROR GET \/api\/zip\/\[vin\] \[42P01\] Error: relation missing for \[email\]\n {4}at frame/);
    assert.ok(!lines[0]!.includes('ann@example.com'));
    assert.ok(entry.msg.split('\n').every((line) => line.length <= MAX_LOG_LINE) && entry.msg.endsWith('more lines'));
  });

  test('a line of our own without fields: level info; the process logs JSON only in production', () => {
    assert.deepEqual(JSON.parse(jsonLine('database: applied migrations 001', undefined, now)), { time: now.toISOString(), level: 'info', msg: 'database: applied migrations 001' });
    assert.equal(sinkFor(true), jsonSink);
    assert.equal(sinkFor(false), consoleSink);
  });
});
