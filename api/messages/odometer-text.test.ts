import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dbTargets, suiteDb, testApp } from '../testing/harness.ts';
import { readToken } from '../tokens/tokens.ts';
import { mobileNumberOf, queueOdometerPhotoText } from './odometer-text.ts';
import { parseTextFile, TEXT_OUTBOX_FILE } from './texter.ts';

const T0 = new Date('2026-08-03T16:00:00.000Z');
const ORIGIN = 'http://localhost:4321';

test('the text goes to the Mobile number, else the Other one, else nowhere', () => {
  assert.equal(mobileNumberOf({ phoneNumbers: [{ type: 'Other', number: '512-555-0100' }, { type: 'Mobile', number: '512-555-0199' }] }), '512-555-0199');
  assert.equal(mobileNumberOf({ phoneNumbers: [{ type: 'Other', number: '512-555-0100' }] }), '512-555-0100');
  assert.equal(mobileNumberOf({ phoneNumbers: [{ type: 'Mobile', number: '555-0199' }, { type: 'Other', number: '512-555-0100' }] }), '512-555-0100');
  assert.equal(mobileNumberOf({ phoneNumbers: [] }), null);
  assert.equal(mobileNumberOf({}), null);
  assert.equal(mobileNumberOf(null), null);
});

for (const target of dbTargets()) {
  describe(`the odometer photo text on ${target}`, () => {
    const testDb = suiteDb(target);

    test('is queued with a link whose token opens the policy for 30 days; it names no one and says only the policy number', async () => {
      const t = testApp(testDb.db, { clock: () => T0 });
      try {
        const quoteRequest = {
          insuredFirstName: 'Ferdinand',
          insuredLastName: 'Piëch',
          phoneNumbers: [{ type: 'Mobile', number: '512-555-0199' }],
          addresses: [{ streetName: '1 Elm Street', city: 'Austin', state: 'TX', zip: '78701' }],
        };
        const queued = await testDb.db.transaction((tx) =>
          queueOdometerPhotoText(tx, { quoteRequest, policyNumber: 'PPM-TX-000123', subjectId: 42, publicOrigin: ORIGIN, now: T0 }),
        );
        assert.equal(queued, true);
        await t.mail.deliverDue();
        const [name] = readdirSync(t.outboxDir).filter((file) => TEXT_OUTBOX_FILE.test(file));
        const text = parseTextFile(readFileSync(join(t.outboxDir, name!), 'utf8'));
        assert.equal(text.to, '+15125550199');
        const token = new RegExp(`${ORIGIN}/odometer\\?token=([0-9a-f]{64}) `).exec(text.body)?.[1];
        assert.ok(token, text.body);
        assert.match(text.body, /PPM-TX-000123/);
        // the photo is needed, not promised to issue the policy alone (the signature is asked for too)
        assert.match(text.body, /needs a photo of each vehicle's odometer before it is issued/);
        for (const personal of ['Ferdinand', 'Piëch', 'Elm', 'Austin', '78701']) assert.ok(!text.body.includes(personal), personal);
        assert.deepEqual(await readToken(testDb.db, 'odometer-photo', token, new Date(T0.getTime() + 29 * 86_400_000)), { subjectId: 42, payload: null });
        assert.equal(await readToken(testDb.db, 'odometer-photo', token, new Date(T0.getTime() + 31 * 86_400_000)), null);
      } finally {
        t.cleanup();
      }
    });

    test('a quote without a number to text queues nothing and issues no link', async () => {
      await testDb.db.query('DELETE FROM mail_queue');
      const before = await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tokens WHERE purpose = 'odometer-photo'`);
      const queued = await queueOdometerPhotoText(testDb.db, { quoteRequest: { phoneNumbers: [] }, policyNumber: 'P-1', subjectId: 1, publicOrigin: ORIGIN, now: T0 });
      assert.equal(queued, false);
      assert.deepEqual(await testDb.db.query(`SELECT id FROM mail_queue`), []);
      assert.deepEqual(await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tokens WHERE purpose = 'odometer-photo'`), before);
    });
  });
}
