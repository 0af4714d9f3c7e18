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

export async function issuedPolicy(
  t: TestApp,
  db: Queryable,
  today: CalendarDate,
  bought: Date,
  options: Parameters<typeof bindPolicy>[3] = {},
): Promise<BoundPolicy> {
  const policy = await bindPolicy(t, db, today, { state: 'TX', ...options });
  await db.query(
    `INSERT INTO odometer_readings (policy_id, car_number, typed_reading, status, photo_blob_key, photo_content_type, created_at)
     SELECT policy_id, car_number, 1200, 'verified', 'test/none.png', 'image/png', $2 FROM policy_vehicles WHERE policy_id = $1`,
    [policy.policyId, bought],
  );
  const signed = await t.app.request(...postJson('/api/esign', { token: policy.documentsToken, consent: true, fullName: 'Ann Driver' }, { 'User-Agent': 'TestBrowser/1.0' }));
  assert.equal(signed.status, 200, await signed.clone().text());
  const rows = await db.query<{ status: string }>('SELECT status FROM policies WHERE id = $1', [policy.policyId]);
  assert.equal(rows[0]!.status, 'ISSUED');
  await t.mail.settled();
  return policy;
}
