/**
 * What a bound policy still needs before it is issued (doc 3 section 2: "The policy is not issued until
 * signed documents and a valid initial odometer photo arrive"): the signed application, and an accepted
 * odometer reading for every vehicle (the rule is the odometer readings module's, api/odometer/readings.ts).
 */
import type { Queryable } from '../db/db.ts';
import { carsWithAcceptedReading } from '../odometer/readings.ts';
import { policyById, signatureOf, vehiclesOf, type PolicyStatus } from './records.ts';

export interface Onboarding {
  policyId: number;
  status: PolicyStatus;
  signed: boolean;
  /** Vehicles (car numbers) without an accepted reading yet */
  vehiclesWithoutReading: number[];
}

export const isComplete = (onboarding: Onboarding): boolean => onboarding.signed && onboarding.vehiclesWithoutReading.length === 0;

export async function onboardingOf(db: Queryable, policyId: number): Promise<Onboarding | null> {
  const policy = await policyById(db, policyId);
  if (!policy) return null;
  const accepted = await carsWithAcceptedReading(db, policyId);
  const vehiclesWithoutReading = (await vehiclesOf(db, policyId)).map((vehicle) => vehicle.car_number).filter((car) => !accepted.has(car));
  return { policyId, status: policy.status, signed: (await signatureOf(db, policyId)) !== null, vehiclesWithoutReading };
}
