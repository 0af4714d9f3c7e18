/**
 * POST /api/policy/lienholder (issue 22 item 2): a bound policy's lienholder is named by the person who just
 * paid (the bind's purchase token) or by the policy's owner signed in, never by whoever knows the quote
 * number; the call is rate limited, and a call that changes nothing asks for no new documents.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localToday, MESSAGES } from '../../contract/index.ts';
import { RATE_LIMITS } from '../app.ts';
import { signedInAccount } from '../account/testing.ts';
import { newClient } from '../auth/testing.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, type BoundPolicy } from '../policies/testing.ts';
import { dbTargets, postJson, suiteApp, uniqueEmail } from '../testing/harness.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);

const LIENHOLDER = { name: 'Porsche Financial Services', address: '200 W Washington St', city: 'Phoenix', state: 'AZ', zip: '85003', phoneNumber: '602-555-0188' };

for (const target of dbTargets()) {
  describe(`lienholders on ${target} (issue 22 item 2)`, () => {
    const now = NOW;
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => now, payments: createTestModeGateway(db), config: { trustProxy: 1 } }));

    const send = (policy: BoundPolicy, headers: Record<string, string>, changes: Record<string, unknown> = {}) =>
      t.app.request(...postJson('/api/policy/lienholder', { quoteNumber: policy.quote.policyNumber, ...LIENHOLDER, carNumber: 1, ...changes }, { ...newClient(), ...headers }));
    async function documents(policyId: number): Promise<number> {
      return (await testDb.db.query('SELECT 1 FROM policy_documents WHERE policy_id = $1', [policyId])).length;
    }
    async function requested(policyId: number): Promise<number> {
      return (await testDb.db.query('SELECT 1 FROM document_jobs WHERE policy_id = $1', [policyId])).length;
    }
    async function lienholderName(policyId: number): Promise<string | null> {
      const rows = await testDb.db.query<{ name: string }>('SELECT name FROM lienholders WHERE policy_id = $1', [policyId]);
      return rows[0]?.name ?? null;
    }

    test('a quote number alone (no token, no session) is refused with the rule’s message, replaces nothing and stores no PDF', async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'GA', financing: 'finance' });
      assert.equal((await send(policy, { 'Purchase-Token': policy.purchaseToken })).status, 200);
      await t.documents.settled();
      const stored = await documents(policy.policyId);

      const attack = await send(policy, {}, { name: 'Mallory Credit' });
      assert.equal(attack.status, 401);
      assert.deepEqual(((await attack.json()) as { error_messages: string[] }).error_messages, [MESSAGES.purchaseTokenRequired]);
      const wrongToken = await send(policy, { 'Purchase-Token': 'f'.repeat(64) }, { name: 'Mallory Credit' });
      assert.equal(wrongToken.status, 401);
      await t.documents.settled();
      assert.equal(await lienholderName(policy.policyId), LIENHOLDER.name, 'the lienholder on record is still the buyer’s');
      assert.equal(await documents(policy.policyId), stored, 'no declarations were stored for the refused calls');
    });

    test('another account’s session is refused; the owner’s session names the lienholder', async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'GA', financing: 'finance' });
      const stranger = await signedInAccount(testDb.db, uniqueEmail('stranger'), now);
      assert.equal((await send(policy, stranger.cookie, { name: 'Mallory Credit' })).status, 401);
      assert.equal(await lienholderName(policy.policyId), null);
      const owner = await signedInAccount(testDb.db, policy.email, now);
      assert.equal((await send(policy, owner.cookie)).status, 200);
      assert.equal(await lienholderName(policy.policyId), LIENHOLDER.name);
    });

    test('with the purchase token it works; the same lienholder sent again requests no new documents', async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'GA', financing: 'finance' });
      const token = { 'Purchase-Token': policy.purchaseToken };
      assert.equal((await send(policy, token)).status, 200);
      await t.documents.settled();
      const stored = await documents(policy.policyId);
      assert.equal(await requested(policy.policyId), 0);
      const again = await send(policy, token);
      assert.equal(again.status, 200);
      assert.equal(await requested(policy.policyId), 0, 'nothing changed, nothing to print again');
      await t.documents.settled();
      assert.equal(await documents(policy.policyId), stored);
      assert.equal((await send(policy, token, { city: 'Tempe' })).status, 200, 'a correction is taken');
      await t.documents.settled();
      assert.ok((await documents(policy.policyId)) > stored, 'a correction is printed');
    });

    test('many calls from one client are rate limited (429 with Retry-After)', async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'GA', financing: 'finance' });
      const client = newClient();
      const limit = RATE_LIMITS.lienholder.limit;
      for (let i = 0; i < limit; i++) {
        const res = await send(policy, { ...client, 'Purchase-Token': 'f'.repeat(64) });
        assert.equal(res.status, 401, `call ${i + 1}`);
      }
      const limited = await send(policy, { ...client, 'Purchase-Token': policy.purchaseToken });
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    });
  });
}
