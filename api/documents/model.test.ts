import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localToday, toCents } from '../../contract/index.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy } from '../policies/testing.ts';
import { dbTargets, suiteApp } from '../testing/harness.ts';
import { loadPolicyPapers } from './model.ts';
import { declarationsPdf } from './pdf/declarations.ts';
import { formatCents } from './pdf/format.ts';
import { pdfFlatText } from './pdf/testing.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);

for (const target of dbTargets()) {
  describe(`the declarations of a policy with an Unlimited vehicle on ${target}`, () => {
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => NOW, payments: createTestModeGateway(db) }));

    // Issue 20, defect 1: a Georgia policy's Unlimited second car was printed at its base rate alone ("None
    // (Unlimited)", "charged its base rate alone") while the engine charges it a sixth of its 6-month
    // Unlimited premium each month, and the page's own total counted that.
    test('print the Unlimited car at what it is charged, and the cars add up to the totals on the same page', async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, {
        state: 'GA', vehicles: 2, adjustRequest: (request) => { request.vehicles[1].billingType = 'capped'; },
      });
      const capped = policy.quote.vehicleInfo[1]!;
      assert.equal(capped.billingType, 'capped');
      const record = (await loadPolicyPapers(testDb.db, policy.policyId, NOW))!;
      const text = await pdfFlatText(await declarationsPdf(record.document));
      assert.doesNotMatch(text, /base rate alone/);
      const { vehicles, billing, fees } = record.document;
      const unlimitedMonthlyCents = toCents(capped.unlimitedRate!) / 6;
      assert.ok(unlimitedMonthlyCents > toCents(capped.premiumInfo.baseRate), 'Unlimited costs more than its base rate');
      assert.equal(vehicles[1]!.monthlyChargeCents, unlimitedMonthlyCents);
      assert.equal(vehicles[1]!.termPremiumCents, toCents(capped.unlimitedRate!));

      const monthlyFeesCents = fees.filter((fee) => fee.per !== 'term').reduce((sum, fee) => sum + fee.cents, 0);
      const sum = (cents: (vehicle: (typeof vehicles)[number]) => number) => vehicles.reduce((total, vehicle) => total + cents(vehicle), 0);
      assert.equal(sum((vehicle) => vehicle.termPremiumCents), billing.estimatedTotalWrittenCents, 'the cars make the total written premium');
      assert.equal(sum((vehicle) => vehicle.monthlyChargeCents) + monthlyFeesCents, billing.estimatedMonthlyPaymentCents, 'the cars and the fees make the monthly payment');

      assert.match(text, new RegExp(`Unlimited [^A-Z]*${escape(formatCents(unlimitedMonthlyCents))}`), text);
      assert.ok(text.includes(formatCents(sum((vehicle) => vehicle.monthlyChargeCents))), 'the cars\' monthly total is printed');
      assert.ok(text.includes(formatCents(billing.estimatedTotalWrittenCents)));

      // the renewal's declarations are the same model for the next term: they say the same of the car
      const renewed = (await loadPolicyPapers(testDb.db, policy.policyId, NOW, {
        term: { effectiveDate: '2026-09-02', expirationDate: '2027-03-02', rateTableVersion: 'GA-2025-01-01.1', answer: policy.quote },
      }))!;
      assert.equal(renewed.document.vehicles[1]!.monthlyChargeCents, unlimitedMonthlyCents);
      assert.doesNotMatch(await pdfFlatText(await declarationsPdf(renewed.document)), /base rate alone/);
    });
  });
}

const escape = (text: string) => text.replace(/[.$]/g, (c) => `\\${c}`);
