/**
 * A financed or leased vehicle's lienholder (doc 3 sections 3, 4 "Lienholder" and 7): one request per
 * vehicle after the bind. Accepted only for a bound policy's own vehicle, and only when that vehicle is
 * financed or leased; sent again, it replaces the vehicle's lienholder (the person corrected a typo).
 */
import { MESSAGES, type LienholderRequest } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { quoteIdOf } from '../quotes/store.ts';

export type LienholderOutcome = { kind: 'saved'; policyId: number } | { kind: 'refused'; reason: 'no-such-policy' | 'not-financed'; message: string };

export async function saveLienholder(db: Queryable, request: LienholderRequest, now: Date): Promise<LienholderOutcome> {
  const quoteId = await quoteIdOf(db, request.quoteNumber);
  if (quoteId === null) return { kind: 'refused', reason: 'no-such-policy', message: MESSAGES.lienholderPolicyNotFound };
  const vehicles = await db.query<{ policy_id: number; financing: string }>(
    `SELECT v.policy_id, v.financing FROM policies p
     JOIN policy_vehicles v ON v.policy_id = p.id AND v.car_number = $2
     WHERE p.quote_id = $1`,
    [quoteId, request.carNumber],
  );
  const vehicle = vehicles[0];
  if (!vehicle) return { kind: 'refused', reason: 'no-such-policy', message: MESSAGES.lienholderPolicyNotFound };
  if (vehicle.financing !== 'LEASE' && vehicle.financing !== 'FINANCE') {
    return { kind: 'refused', reason: 'not-financed', message: MESSAGES.lienholderNotFinanced };
  }
  await db.query(
    `INSERT INTO lienholders (policy_id, car_number, name, address, city, state, zip, phone_number, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (policy_id, car_number) DO UPDATE SET name = EXCLUDED.name, address = EXCLUDED.address,
       city = EXCLUDED.city, state = EXCLUDED.state, zip = EXCLUDED.zip, phone_number = EXCLUDED.phone_number,
       updated_at = EXCLUDED.updated_at`,
    [vehicle.policy_id, request.carNumber, request.name, request.address, request.city, request.state, request.zip, request.phoneNumber, now],
  );
  return { kind: 'saved', policyId: vehicle.policy_id };
}
