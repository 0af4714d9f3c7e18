/**
 * What a bound policy still needs before it is issued (doc 3 section 2: "The policy is not issued until
 * signed documents and a valid initial odometer photo arrive"): the signed application, and an accepted
 * odometer reading for every vehicle (verified by the two OCR passes, or approved by a person).
 */
import type { Queryable } from '../db/db.ts';

/** Statuses whose reading counts as the vehicle's reading. */
export const ACCEPTED_READING_STATUSES = ['verified', 'approved'] as const;

export interface Onboarding {
  policyId: number;
  status: 'BOUND' | 'ISSUED';
  signed: boolean;
  /** Vehicles (car numbers) without an accepted reading yet */
  vehiclesWithoutReading: number[];
}

export const isComplete = (onboarding: Onboarding): boolean => onboarding.signed && onboarding.vehiclesWithoutReading.length === 0;

export async function onboardingOf(db: Queryable, policyId: number): Promise<Onboarding | null> {
  const rows = await db.query<{ status: 'BOUND' | 'ISSUED'; signed: boolean }>(
    `SELECT p.status, EXISTS (SELECT 1 FROM esignatures e WHERE e.policy_id = p.id) AS signed FROM policies p WHERE p.id = $1`,
    [policyId],
  );
  const policy = rows[0];
  if (!policy) return null;
  const missing = await db.query<{ car_number: number }>(
    `SELECT v.car_number FROM policy_vehicles v
     WHERE v.policy_id = $1 AND NOT EXISTS (
       SELECT 1 FROM odometer_readings r
       WHERE r.policy_id = v.policy_id AND r.car_number = v.car_number AND r.status IN ('verified', 'approved'))
     ORDER BY v.car_number`,
    [policyId],
  );
  return { policyId, status: policy.status, signed: policy.signed, vehiclesWithoutReading: missing.map((row) => row.car_number) };
}
