import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { redact, redactPath } from './log.ts';
import { openTestDb, postJson, testApp, type TestApp, type TestDb } from './testing/harness.ts';

describe('logs hold no personal data', () => {
  let testDb: TestDb;
  let t: TestApp;
  before(async () => {
    testDb = await openTestDb('pglite');
    t = testApp(testDb.db);
  });
  after(async () => {
    t.cleanup();
    await testDb.cleanup();
  });

  test('an e-mail address, birth date and licence number in a body or a query string never reach the log', async () => {
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
    assert.match(t.logs[1]!, /^\S+Z GET \/receive-a-quote 404 \d+ms$/);
    assert.match(t.logs[2]!, /^\S+Z GET \/api\/health 200 \d+ms$/);
    assert.match(t.logs[3]!, /^\S+Z GET \/api\/no-such\/\[email\] 404 \d+ms$/);
  });

  test('redact masks addresses, dates and identifiers; redactPath keeps a path readable but not injectable', () => {
    assert.equal(redact('to ann@example.com on 1980-04-01 or 04/01/1980, licence D1234567'), 'to [email] on [date] or [date], licence [id]');
    assert.equal(redactPath('/api/zip/85001'), '/api/zip/85001');
    assert.equal(redactPath('/a\nFAKE 200'), '/a?FAKE 200');
    assert.equal(redactPath('/account/documents/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'), '/account/documents/[token]', 'a documents link is a key');
  });
});
