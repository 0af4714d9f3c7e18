/**
 * For the renewal tests: an issued policy, bought through the real routes (api/policies/testing.ts), with its
 * application signed through the e-signature and a verified odometer reading of each vehicle, as a policy is
 * once it may be renewed. `bought` is the moment of the purchase; the test's clock must read it.
 */
import assert from 'node:assert/strict';
import type { CalendarDate } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { bindPolicy, type BoundPolicy } from '../policies/testing.ts';
import { postJson, type TestApp } from '../testing/harness.ts';
import { insertReading } from '../odometer/readings.ts';
import { policyById, vehiclesOf } from '../policies/records.ts';

export async function issuedPolicy(
  t: TestApp,
  db: Queryable,
  today: CalendarDate,
  bought: Date,
  options: Parameters<typeof bindPolicy>[3] = {},
): Promise<BoundPolicy> {
  const policy = await bindPolicy(t, db, today, { state: 'TX', ...options });
  for (const vehicle of await vehiclesOf(db, policy.policyId)) {
    await insertReading(db, {
      policyId: policy.policyId, carNumber: vehicle.car_number, typedReading: 1200, ocrFirst: null, ocrSecond: null, status: 'verified',
      reasons: [], message: null, photoBlobKey: 'test/none.png', photoContentType: 'image/png', capturedAt: null,
    }, bought);
  }
  const signed = await t.app.request(...postJson('/api/esign', { token: policy.documentsToken, consent: true, fullName: 'Ann Driver' }, { 'User-Agent': 'TestBrowser/1.0' }));
  assert.equal(signed.status, 200, await signed.clone().text());
  assert.equal((await policyById(db, policy.policyId))!.status, 'ISSUED');
  await t.mail.settled();
  return policy;
}
