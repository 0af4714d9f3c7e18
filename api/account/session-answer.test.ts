import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localToday, type QuoteRequest } from '../../contract/index.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy } from '../policies/testing.ts';
import { dbTargets, suiteApp, uniqueEmail } from '../testing/harness.ts';
import { ownPolicyId, sessionAnswer } from './session-answer.ts';
import { signedInAccount } from './testing.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);

for (const target of dbTargets()) {
  describe(`the account's policies and quotes on ${target}`, () => {
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => NOW, payments: createTestModeGateway(db) }));

    test("a confirmed account sees the policy bought with its address, shaped as doc 1 reads it, with the insured's name", async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'GA' });
      // bindPolicy waited for the documents job the bind kicked: the ID card exists for certain
      const account = await signedInAccount(testDb.db, policy.email.toUpperCase(), NOW);
      const answer = (await sessionAnswer(testDb.db, account.accountId, NOW))!;
      assert.equal(answer.user.emailAddress, policy.email.toLowerCase());
      const insured = policy.quote.policyOwners.find((o) => o.relation === 'INSURED')!;
      assert.deepEqual([answer.user.firstName, answer.user.lastName], [insured.firstName, insured.lastName]);
      assert.equal(answer.policies.length, 1);
      const [own] = answer.policies;
      assert.equal(own!.policyNumber, policy.policyNumber);
      assert.equal(own!.policyStatus, 'BOUND');
      assert.equal(own!.fromQuoteNumber, policy.quote.policyNumber);
      assert.match(own!.renewalDate ?? '', /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(own!.insuranceInfo?.insuranceCardUri, `/api/user/id_card/${policy.policyNumber}`);
      assert.equal(own!.vehicleInfo.length, policy.quote.vehicleInfo.length);
      const vehicle = own!.vehicleInfo[0]!;
      assert.equal(vehicle.vin, policy.quote.vehicleInfo[0]!.vin);
      // read from the policy's own rows, it says what the quote priced for the term bought
      const priced = policy.quote.vehicleInfo[0]!;
      assert.ok(vehicle.premiumInfo.perMileRate > 0);
      assert.deepEqual(vehicle.premiumInfo, priced.premiumInfo, 'the rates as priced');
      assert.deepEqual(
        vehicle.coverageInfo,
        priced.coverageInfo.map(({ coverageName, coverageDescription, displayLimit }) => ({ coverageName, coverageDescription, displayLimit })),
        'the coverages as priced, in the order shown',
      );
      const request = policy.quote.quoteRequest as QuoteRequest;
      assert.deepEqual(
        own!.driverInfo.map((driver) => [driver.firstName, driver.dob, driver.licenseNumber]),
        request.drivers.map((driver) => [driver.firstName, driver.dob, driver.licenseNum?.slice(-4)]),
        'each driver, with the licence number’s last four characters only',
      );
      assert.deepEqual(own!.addressInfo.map((address) => address.addressType), request.addresses.map((address) => address.type));
      assert.equal(vehicle.vehicleImageResponse?.Vin.picture[0]?.view, 'extcam02');
      assert.equal('quoteRequest' in own!, false, 'the request it was priced from stays out');
      assert.equal(await ownPolicyId(testDb.db, account.accountId, policy.policyNumber), policy.policyId);
    });

    test("an unconfirmed account sees no policy, and nobody reaches another account's policy by its number", async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      assert.equal((await t.app.request(`http://localhost:4321/api/documents?id=${policy.documentsToken}`)).status, 200);
      await testDb.db.query(`DELETE FROM policy_documents WHERE policy_id = $1 AND kind = 'card'`, [policy.policyId]);
      const unconfirmed = await signedInAccount(testDb.db, policy.email, NOW, { confirmed: false });
      assert.deepEqual((await sessionAnswer(testDb.db, unconfirmed.accountId, NOW))!.policies, []);
      assert.equal(await ownPolicyId(testDb.db, unconfirmed.accountId, policy.policyNumber), null);
      const stranger = await signedInAccount(testDb.db, uniqueEmail('stranger'), NOW);
      assert.equal(await ownPolicyId(testDb.db, stranger.accountId, policy.policyNumber), null);
      assert.equal(await ownPolicyId(testDb.db, stranger.accountId, 'P-NO-SUCH-1'), null);
      assert.deepEqual((await sessionAnswer(testDb.db, stranger.accountId, NOW))!.policies, []);
      // confirmed, the owner sees it; without an ID card the dashboard's button has no card to open
      await testDb.db.query('UPDATE accounts SET confirmed_at = $2 WHERE id = $1', [unconfirmed.accountId, NOW]);
      const [own] = (await sessionAnswer(testDb.db, unconfirmed.accountId, NOW))!.policies;
      assert.equal(own?.policyNumber, policy.policyNumber);
      assert.equal(own?.insuranceInfo, null);
    });

    test('a saved quote is listed as QUOTE after the policies; a missing account answers null', async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'AZ' });
      const account = await signedInAccount(testDb.db, policy.email, NOW);
      await testDb.db.query(
        `INSERT INTO account_quotes (account_id, quote_id, saved_at) SELECT $1, id, $2 FROM quotes WHERE quote_number = $3`,
        [account.accountId, NOW, policy.quote.policyNumber],
      );
      const answer = (await sessionAnswer(testDb.db, account.accountId, NOW))!;
      assert.deepEqual(answer.policies.map((p) => [p.policyNumber, p.policyStatus]), [
        [policy.policyNumber, 'BOUND'],
        [policy.quote.policyNumber, 'QUOTE'],
      ]);
      assert.equal(await sessionAnswer(testDb.db, 999_999, NOW), null);
    });
  });
}
