/**
 * The figures the buyer is charged (issue 7, "The figures the buyer is charged"): for every writing state
 * and both billing frequencies, the quote route's stored answer, read back from the database as the bind
 * reads it, gives through contract billingSummary exactly the down payment the answer carries, to the
 * cent; the single payment is doc 3's "six times (monthly total minus fees) plus the six-month fee";
 * the fees count each Pay-Per-Mile vehicle; and coverageInfo carries every priced choice.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  billingSummary, FEES, localToday, paymentFeeCents, toCents, UNLIMITED_STATES, WRITING_STATES, type QuotePolicy,
} from '../../contract/index.ts';
import { dbTargets, postJson, suiteApp, uniqueEmail } from '../testing/harness.ts';
import { quoteMail } from './mail.ts';
import { quoteRequestFixture } from './testing.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
let client = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++client}` });

for (const target of dbTargets()) {
  describe(`what the buyer is charged, on ${target}`, () => {
    const { testDb, t } = suiteApp(target, { clock: () => NOW, config: { trustProxy: 1 } });

    /** Prices `body` through the route and reads the answer back as stored (what bind charges from). */
    async function storedAnswer(body: Record<string, any>): Promise<QuotePolicy> {
      const res = await t.app.request(...postJson('/api/policy/quote', body, from()));
      const answer = (await res.json()) as { policies: QuotePolicy[] };
      assert.equal(res.status, 200, JSON.stringify(answer));
      await t.mail.settled();
      const number = answer.policies[0]!.policyNumber;
      const rows = await testDb.db.query<{ response: unknown }>('SELECT response FROM quotes WHERE quote_number = $1', [number]);
      const stored = rows[0]!.response;
      const policy = ((typeof stored === 'string' ? JSON.parse(stored) : stored) as { policies?: QuotePolicy[] }).policies?.[0]
        ?? (stored as QuotePolicy);
      assert.deepEqual(policy, answer.policies[0], 'what is stored is what was shown');
      return policy;
    }

    for (const state of WRITING_STATES) {
      test(`${state}: due today is the stored down payment to the cent, on both frequencies`, async () => {
        const unlimited = (UNLIMITED_STATES as readonly string[]).includes(state);
        const body = quoteRequestFixture({ state, today: TODAY, email: uniqueEmail('billing'), vehicles: 3 });
        // two Pay-Per-Mile vehicles and, where offered, one Unlimited
        if (unlimited) body.vehicles[2].billingType = 'capped';
        const policy = await storedAnswer(body);
        const perMile = unlimited ? 2 : 3;

        const monthly = billingSummary(policy, 'monthly');
        const single = billingSummary(policy, 'biannually');
        assert.equal(monthly.dueTodayCents, toCents(policy.downPaymentMonthly));
        assert.equal(monthly.dueTodayCents, toCents(policy.downPayment));
        assert.equal(monthly.dueTodayCents, toCents(policy.findBilling.downPayment));
        assert.equal(monthly.perPaymentCents, toCents(policy.estimatedMonthlyPayment));
        assert.equal(monthly.paymentsCount, 6);
        assert.equal(monthly.payPlan, 18);
        assert.equal(single.dueTodayCents, toCents(policy.downPaymentSingle));
        assert.equal(single.paymentsCount, 1);
        assert.equal(single.payPlan, 21);

        // the fees: the monitoring fee once per Pay-Per-Mile vehicle, the payment fee once
        assert.equal(monthly.perMileVehicles, perMile);
        const monitoring = monthly.fees.find((fee) => fee.label === 'Monthly mileage monitoring fee');
        assert.deepEqual([monitoring?.count, monitoring?.totalCents, monitoring?.perVehicle], [perMile, perMile * 500, true]);
        const monthlyFees = FEES.monthlyPolicyFeeCents + perMile * FEES.mileageMonitoringFeeCents + paymentFeeCents(state);
        const sixMonthFees = FEES.sixMonthPolicyFeeCents + paymentFeeCents(state);
        assert.equal(monthly.feesPerPaymentCents, monthlyFees);
        assert.equal(single.feesPerPaymentCents, sixMonthFees);
        assert.ok(!single.fees.some((fee) => fee.label.includes('monitoring')), 'waived when six months are prepaid');

        // doc 3 section 9: six times (monthly total minus fees) plus the six-month fee
        assert.equal(single.sixMonthCostCents, 6 * (monthly.perPaymentCents - monthlyFees) + sixMonthFees);
        assert.equal(single.premiumCents, toCents(policy.estimatedTotalWritten));
        assert.equal(monthly.premiumCents, single.premiumCents, 'the same premium on both plans');
        assert.equal(monthly.sixMonthCostCents, 6 * monthly.perPaymentCents);

        // the premium is the vehicles' own figures: nothing added or lost between the engine and the summary
        const vehiclesCents = policy.vehicleInfo.reduce((sum, vehicle) => sum + toCents(vehicle.premiumInfo.estMonthlyNoFee ?? 0), 0);
        assert.equal(monthly.perPaymentCents - monthlyFees, vehiclesCents);
        if (unlimited) {
          const capped = policy.vehicleInfo[2]!;
          assert.equal(toCents(capped.premiumInfo.estMonthlyNoFee!) * 6, toCents(capped.unlimitedRate!), 'Unlimited is six equal months');
        }

        // the quote e-mail says the same figures
        const mail = quoteMail(policy, 'token', 'http://localhost:4321');
        const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
        assert.ok(mail.text.includes(`Down payment (due today): ${money(monthly.dueTodayCents)}`), mail.text);
        assert.ok(mail.text.includes(`fees included: ${money(single.dueTodayCents)}`), mail.text);
      });
    }

    test('FL: coverageInfo carries stacking, the PIP deductible and its type', async () => {
      const policy = await storedAnswer(quoteRequestFixture({ state: 'FL', today: TODAY, email: uniqueEmail('fl') }));
      const shown = new Map(policy.vehicleInfo[0]!.coverageInfo.map((entry) => [entry.coverageName, entry]));
      assert.deepEqual(
        [shown.get('UM')?.coverageDescription, shown.get('UM')?.displayLimit],
        ['Uninsured Motorist Stacking', 'Unstacked'],
      );
      assert.equal(shown.get('PIPDeductible')?.displayLimit, '500');
      assert.equal(shown.get('PIPDeductibleType')?.displayLimit, 'Excluded - Named Insured & Resident Relative');
      const names = policy.vehicleInfo[0]!.coverageInfo.map((entry) => entry.coverageName);
      assert.ok(names.indexOf('PIPDeductible') === names.indexOf('PIP') + 1, `listed after PIP: ${names.join(', ')}`);
      const mail = quoteMail(policy, 'token', 'http://localhost:4321');
      assert.match(mail.text, /Uninsured Motorist Stacking: Unstacked/);
      assert.match(mail.text, /Personal Injury Protection Deductible Type: Excluded - Named Insured & Resident Relative/);
    });

    test('GA: coverageInfo carries the uninsured coverage type and the uninsured PD deductible on every vehicle', async () => {
      const body = quoteRequestFixture({ state: 'GA', today: TODAY, email: uniqueEmail('ga'), vehicles: 2 });
      const typeEntry = (body.limits as { name: string; limit: string }[]).find((entry) => entry.name === 'UM');
      assert.ok(typeEntry, 'the fixture chooses a type');
      const policy = await storedAnswer(body);
      for (const [index, vehicle] of policy.vehicleInfo.entries()) {
        const shown = new Map(vehicle.coverageInfo.map((entry) => [entry.coverageName, entry]));
        assert.equal(shown.get('UM')?.coverageDescription, 'Uninsured Motorist Coverage Type');
        assert.equal(shown.get('UM')?.displayLimit, typeEntry.limit === 'A' ? 'Added On' : 'Reduced By');
        const deductible = (body.vehicles[index].coverageLimits as { name: string; limit: string }[]).find((e) => e.name === 'UMUIMPDDeductible');
        assert.ok(deductible, 'the fixture chooses a deductible');
        assert.equal(shown.get('UMUIMPDDeductible')?.displayLimit, String(Number(deductible.limit)).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
        assert.equal((shown.get('UM') as Record<string, unknown>).monthlyBase, undefined, 'a choice carries no price of its own');
      }
    });
  });
}
