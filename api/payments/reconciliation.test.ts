/**
 * The daily reconciliation (./reconciliation.ts) with the test-mode gateway on a fixed clock: the provider's
 * objects are made through the gateway as a purchase makes them, the ledger's entries written as the
 * purchase, the bill and the webhooks write them, so each difference is one that could happen. Each test
 * reconciles its own day, days apart, so the neighbouring days each run looks at are its own.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, formatIsoDate, localToday } from '../../contract/index.ts';
import { parseEml } from '../mail/eml.ts';
import { dbTargets, outboxFiles, suiteApp } from '../testing/harness.ts';
import type { PaymentGateway } from './gateway.ts';
import { addLedgerEntry, type LedgerKind } from './ledger.ts';
import { RECONCILE_FROM_HOUR, runReconciliationJob, runUnreachableAgain } from './reconciliation-job.ts';
import { reconcileDay, recentReconciliations, type ReconciliationDeps } from './reconciliation.ts';
import { createTestModeGateway } from './test-mode.ts';

const OPS_PASSWORD = 'a-long-ops-password-for-tests';
const opsAuth = { Authorization: `Basic ${Buffer.from(`ops:${OPS_PASSWORD}`).toString('base64')}` };

/** A local moment of March 2026 (the product's days are local, as the billing cycle's). */
const at = (day: number, hour = 12, minute = 0, second = 0) => new Date(2026, 2, day, hour, minute, second);
const dayOf = (moment: Date) => formatIsoDate(localToday(moment));

let counter = 0;
const key = (what: string) => `recon-${what}-${process.pid}-${++counter}`;

for (const target of dbTargets()) {
  describe(`the daily reconciliation on ${target}`, () => {
    let now = at(1);
    let gateway: PaymentGateway;
    const { testDb, t } = suiteApp(target, (db) => {
      gateway = createTestModeGateway(db, { clock: () => now });
      return { clock: () => now, payments: gateway, config: { opsPassword: OPS_PASSWORD } };
    });
    const deps = (payments: PaymentGateway = gateway): ReconciliationDeps => ({ db: testDb.db, payments, clock: () => now, config: t.config });

    /** A PaymentIntent of `cents` confirmed with 4242 4242 4242 4242 at `moment`; answers its id. */
    async function charge(cents: number, moment: Date): Promise<string> {
      now = moment;
      const customer = await gateway.createCustomer({ idempotencyKey: key('cus'), metadata: {} });
      assert.ok(customer.ok);
      const intent = await gateway.createIntent({
        idempotencyKey: key('pi'), amountCents: cents, currency: 'usd', customerId: customer.value.id, keepCard: true, description: 'Q-recon', metadata: {},
      });
      assert.ok(intent.ok);
      const paid = await gateway.confirmIntent({ intentId: intent.value.id, idempotencyKey: key('confirm'), paymentToken: 'tok_visa' });
      assert.ok(paid.ok && paid.value.status === 'succeeded', JSON.stringify(paid));
      return intent.value.id;
    }

    async function refund(intentId: string, cents: number, moment: Date): Promise<string> {
      now = moment;
      const given = await gateway.refund({ intentId, amountCents: cents, idempotencyKey: key('re'), reason: 'test' });
      assert.ok(given.ok);
      return given.value.id;
    }

    const enter = (kind: LedgerKind, providerRef: string, amountCents: number, moment: Date) =>
      addLedgerEntry(testDb.db, { kind, amountCents, attemptId: null, policyId: null, providerRef, at: moment });

    /** The team's reconciliation mails about `day`, as delivered to the outbox (a delivered row's content is erased). */
    async function mailsOf(day: string): Promise<{ subject: string; text: string; to: string }[]> {
      await t.mail.deliverDue();
      await t.mail.settled();
      return outboxFiles(t.outboxDir)
        .sort()
        .map((name) => parseEml(readFileSync(join(t.outboxDir, name), 'utf8')))
        .map((mail) => ({
          subject: mail.headers.get('subject') ?? '',
          to: mail.headers.get('to') ?? '',
          text: mail.parts.find((part) => part.contentType === 'text/plain')?.body ?? '',
        }))
        .filter((mail) => mail.subject.startsWith(`Reconciliation of ${day}:`));
    }

    test('a day whose charges and refunds are in the ledger to the cent is matched, and nobody is mailed', async () => {
      const paid = await charge(12_000, at(2, 9));
      await enter('down-payment', paid, 12_000, at(2, 9));
      const billed = await charge(4_321, at(2, 15));
      await enter('bill-payment', billed, 4_321, at(2, 15));
      const given = await refund(paid, 2_500, at(2, 18));
      await enter('refund', given, -2_500, at(2, 18));

      now = at(3, 3);
      const day = await reconcileDay(deps(), '2026-03-02');
      assert.equal(day.status, 'matched');
      assert.deepEqual(day.differences, []);
      assert.deepEqual(day.ledger, { charges: 2, chargeCents: 16_321, refunds: 1, refundCents: 2_500 });
      assert.deepEqual(day.provider, day.ledger);
      assert.equal(day.mailed, false);
      assert.deepEqual(await mailsOf('2026-03-02'), []);
    });

    test('an entry written just after midnight for a charge made just before it matches on both days', async () => {
      const paid = await charge(9_900, at(5, 23, 59, 58));
      await enter('down-payment', paid, 9_900, at(6, 0, 0, 3));
      now = at(7, 3);
      assert.equal((await reconcileDay(deps(), '2026-03-05')).status, 'matched');
      assert.equal((await reconcileDay(deps(), '2026-03-06')).status, 'matched');
    });

    test('a charge at the provider with no ledger entry is reported, and the team mailed once however many runs', async () => {
      const stray = await charge(7_700, at(9, 10));
      now = at(10, 3);
      const first = await reconcileDay(deps(), '2026-03-09');
      assert.equal(first.status, 'differences');
      assert.deepEqual(first.differences, [{ kind: 'missing-in-ledger', object: 'charge', providerId: stray, providerCents: 7_700 }]);
      assert.equal(first.mailed, true);
      now = at(10, 4);
      const again = await reconcileDay(deps(), '2026-03-09');
      assert.deepEqual(again.differences, first.differences);
      assert.equal(again.mailed, false, 'the same differences are mailed once');
      await reconcileDay(deps(), '2026-03-09');

      const mails = await mailsOf('2026-03-09');
      assert.equal(mails.length, 1);
      assert.ok(mails[0]!.to.includes(t.config.careEmail), `to the team, as a dispute: ${mails[0]!.to}`);
      assert.match(mails[0]!.subject, /Reconciliation of 2026-03-09: 1 difference between the ledger and the card provider/);
      assert.ok(mails[0]!.text.includes(`Charge ${stray}: $77.00 at the provider, not in the ledger`), mails[0]!.text);
      const rows = await testDb.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM reconciliations WHERE day = '2026-03-09'`);
      assert.equal(rows[0]!.n, 1, 'a second run writes the same row again');
    });

    test('a ledger entry with no provider object is reported', async () => {
      await enter('bill-payment', 'pi_nowhere_at_the_provider', 5_000, at(13, 11));
      const ok = await charge(3_000, at(13, 12));
      await enter('bill-payment', ok, 3_000, at(13, 12));
      now = at(14, 3);
      const day = await reconcileDay(deps(), '2026-03-13');
      assert.deepEqual(day.differences, [{ kind: 'missing-at-provider', object: 'charge', providerId: 'pi_nowhere_at_the_provider', ledgerCents: 5_000 }]);
      assert.deepEqual(day.ledger, { charges: 2, chargeCents: 8_000, refunds: 0, refundCents: 0 });
      assert.deepEqual(day.provider, { charges: 1, chargeCents: 3_000, refunds: 0, refundCents: 0 });
      const mails = await mailsOf('2026-03-13');
      assert.equal(mails.length, 1);
      assert.ok(mails[0]!.text.includes('Charge pi_nowhere_at_the_provider: $50.00 in the ledger, not at the provider'), mails[0]!.text);
    });

    test('amounts that differ are reported, for a charge and for a refund', async () => {
      const paid = await charge(12_000, at(17, 10));
      await enter('down-payment', paid, 11_000, at(17, 10));
      const given = await refund(paid, 1_000, at(17, 11));
      await enter('refund', given, -1_500, at(17, 11));
      now = at(18, 3);
      const day = await reconcileDay(deps(), '2026-03-17');
      assert.deepEqual(day.differences, [
        { kind: 'amount-differs', object: 'charge', providerId: paid, ledgerCents: 11_000, providerCents: 12_000 },
        { kind: 'amount-differs', object: 'refund', providerId: given, ledgerCents: 1_500, providerCents: 1_000 },
      ]);
      const mail = (await mailsOf('2026-03-17'))[0]!;
      assert.match(mail.subject, /2 differences/);
      assert.ok(mail.text.includes(`Charge ${paid}: $110.00 in the ledger, $120.00 at the provider`), mail.text);
      assert.ok(mail.text.includes(`Refund ${given}: $15.00 in the ledger, $10.00 at the provider`), mail.text);
    });

    test('a provider that cannot be reached is recorded as such and mailed once; the next run that reaches it reconciles the day', async () => {
      const paid = await charge(6_000, at(21, 10));
      await enter('down-payment', paid, 6_000, at(21, 10));
      const down: PaymentGateway = {
        ...gateway,
        listCharges: async () => ({ ok: false, type: 'api_error', code: undefined, outcomeUnknown: true }),
      };
      now = at(22, 3);
      const first = await reconcileDay(deps(down), '2026-03-21');
      assert.equal(first.status, 'provider-unreachable');
      assert.equal(first.provider, null);
      assert.equal(first.providerError, 'api_error');
      assert.deepEqual(first.ledger, { charges: 1, chargeCents: 6_000, refunds: 0, refundCents: 0 });
      assert.equal(first.mailed, true);
      assert.equal((await reconcileDay(deps(down), '2026-03-21')).mailed, false);
      const mails = await mailsOf('2026-03-21');
      assert.equal(mails.length, 1);
      assert.match(mails[0]!.subject, /the card provider could not be reached/);

      now = at(22, 4);
      const later = await runUnreachableAgain({ ...deps(), mail: t.mail }, 'test-holder');
      assert.deepEqual(later?.map((day) => [day.day, day.status]), [['2026-03-21', 'matched']], 'the job tries the day again once the provider answers');
      assert.equal(await runUnreachableAgain({ ...deps(), mail: t.mail }, 'test-holder'), null, 'nothing left to try again');
      assert.equal((await mailsOf('2026-03-21')).length, 1);
    });

    test(`the daily job reconciles yesterday once, from ${RECONCILE_FROM_HOUR}:00`, async () => {
      const stray = await charge(1_234, at(25, 10));
      now = at(26, RECONCILE_FROM_HOUR - 1);
      assert.equal(await runReconciliationJob({ ...deps(), mail: t.mail }, 'test-holder'), null, 'too early: the neighbouring day is still being written');
      now = at(26, RECONCILE_FROM_HOUR);
      const run = await runReconciliationJob({ ...deps(), mail: t.mail }, 'test-holder');
      assert.equal(run?.length, 1);
      assert.equal(run![0]!.day, '2026-03-25');
      assert.deepEqual(run![0]!.differences.map((difference) => difference.providerId), [stray]);
      now = at(26, 4);
      assert.equal(await runReconciliationJob({ ...deps(), mail: t.mail }, 'test-holder'), null, 'once a day');
      await t.mail.settled();
    });

    test('the operations page lists the last 30 days with their differences, behind the ops password', async () => {
      now = at(28, 9);
      const listed = await recentReconciliations(testDb.db, dayOf(now));
      assert.deepEqual(listed.map((day) => day.day), ['2026-03-25', '2026-03-21', '2026-03-17', '2026-03-13', '2026-03-09', '2026-03-06', '2026-03-05', '2026-03-02']);
      assert.equal((await t.app.request('http://localhost:4321/ops/reconciliations')).status, 401, 'the page needs the ops password');
      const page = await t.app.request('http://localhost:4321/ops/reconciliations', { headers: opsAuth });
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /2026-03-02: Matched/);
      assert.match(html, /2026-03-09: Differences/);
      assert.match(html, /Charge pi_nowhere_at_the_provider: \$50\.00 in the ledger, not at the provider/);
      assert.match(html, /2026-03-17: Differences/);

      now = at(25 + 30, 9);
      assert.equal(formatIsoDate(addDays(localToday(now), -30)), '2026-03-25');
      const month = await (await t.app.request('http://localhost:4321/ops/reconciliations', { headers: opsAuth })).text();
      assert.doesNotMatch(month, /2026-03-21/, 'older than 30 days');
      assert.match(month, /2026-03-25: Differences/);
    });
  });
}
