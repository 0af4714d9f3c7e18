import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localToday, type OdometerView } from '../../contract/index.ts';
import { insertReading } from '../odometer/readings.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy } from '../policies/testing.ts';
import { dbTargets, suiteApp } from '../testing/harness.ts';
import { issueToken } from '../tokens/tokens.ts';
import { runBillingCycle } from './cycle.ts';

/** Bought and in force from 2026-03-02 (noon UTC: the same day in every zone the tests run in). */
const BOUGHT = new Date('2026-03-02T12:00:00.000Z');
const at = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

for (const target of dbTargets()) {
  describe(`the odometer page's period a reading closes on ${target}`, () => {
    let now = BOUGHT;
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => now, payments: createTestModeGateway(db) }));

    /** The odometer page's answer on `day`, through a texted odometer link issued that day. */
    async function viewOn(policyId: number, day: string): Promise<OdometerView['vehicles']> {
      now = at(day);
      const token = await issueToken(testDb.db, 'odometer-photo', now, { subjectId: policyId });
      const res = await t.app.request(`http://localhost:4321/api/odometer?token=${token}`);
      assert.equal(res.status, 200);
      return ((await res.json()) as OdometerView).vehicles;
    }

    test('a Pay-Per-Mile vehicle: no period before the window, period 1 inside it until a reading answers it; Unlimited has none', async () => {
      now = BOUGHT;
      const policy = await bindPolicy(t, testDb.db, localToday(BOUGHT), {
        state: 'GA', vehicles: 2, adjustRequest: (request) => { request.vehicles[1].billingType = 'capped'; },
      });
      const before = await viewOn(policy.policyId, '2026-03-02');
      assert.deepEqual(before.map((vehicle) => vehicle.readingCloses), [undefined, undefined], 'no period recorded yet: nothing said');

      const deps = { db: testDb.db, config: t.config, log: () => {}, payments: createTestModeGateway(testDb.db), blobs: t.blobs };
      assert.equal((await runBillingCycle(deps, BOUGHT)).failed, 0);

      const midPeriod = await viewOn(policy.policyId, '2026-03-20');
      assert.equal(midPeriod[0]!.readingCloses, null, 'before period 1 window (03-26): kept for the next true-up');
      assert.equal(midPeriod[1]!.readingCloses, undefined, 'an Unlimited vehicle is not billed by the mile');

      const period1 = { start: '2026-03-02', end: '2026-04-02', dueOn: '2026-04-09' };
      assert.deepEqual((await viewOn(policy.policyId, '2026-03-26'))[0]!.readingCloses, period1, 'the window opens 7 days before the end');
      assert.deepEqual((await viewOn(policy.policyId, '2026-04-09'))[0]!.readingCloses, period1, 'and runs to the due date');

      // A reading on 04-03 answers period 1's request: a second one that window closes nothing more.
      await insertReading(testDb.db, {
        policyId: policy.policyId, carNumber: 1, typedReading: 1_500, ocrFirst: '1500', ocrSecond: '1500', status: 'verified',
        reasons: [], message: null, photoBlobKey: 'test/none.jpg', photoContentType: 'image/jpeg', capturedAt: null,
      }, at('2026-04-03'));
      assert.equal((await runBillingCycle(deps, at('2026-04-03'))).readingsLinked, 1);
      assert.equal((await viewOn(policy.policyId, '2026-04-05'))[0]!.readingCloses, null, 'period 1 is answered and closed');
      assert.equal((await viewOn(policy.policyId, '2026-04-20'))[0]!.readingCloses, null, 'period 2 window opens on 04-25');
      assert.deepEqual((await viewOn(policy.policyId, '2026-05-01'))[0]!.readingCloses, { start: '2026-04-02', end: '2026-05-02', dueOn: '2026-05-09' });
    });
  });
}
