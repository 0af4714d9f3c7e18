/**
 * Reading a bound policy's own records (written by bind.ts): its number, its vehicles and its billing. The paperwork,
 * the odometer page and the operations page all name policies and vehicles the same way through these.
 */
import type { BillingFrequency } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';

export interface PolicyVehicle {
  car_number: number;
  vin: string;
  year: number;
  make: string;
  model: string;
  body_style: string;
  financing: string;
  billing_type: string;
  stated_value: number | null;
}

export async function policyNumberOf(db: Queryable, policyId: number): Promise<string | null> {
  const rows = await db.query<{ policy_number: string }>('SELECT policy_number FROM policies WHERE id = $1', [policyId]);
  return rows[0]?.policy_number ?? null;
}

/** The policy's vehicles in car-number order. */
export async function vehiclesOf(db: Queryable, policyId: number): Promise<PolicyVehicle[]> {
  return db.query<PolicyVehicle>(
    `SELECT car_number, vin, year, make, model, body_style, financing, billing_type, stated_value
     FROM policy_vehicles WHERE policy_id = $1 ORDER BY car_number`,
    [policyId],
  );
}

/** '2021 Porsche 911': how a vehicle is named in mail and on the operations page. */
export const vehicleName = (vehicle: Pick<PolicyVehicle, 'year' | 'make' | 'model'>): string => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

/** What the account's card page needs of a policy: its number, how it is billed and where its mail goes. */
export interface PolicyBilling {
  policyNumber: string;
  billingFrequency: BillingFrequency;
  emailLower: string;
}

export async function billingOf(db: Queryable, policyId: number, lock = false): Promise<PolicyBilling | null> {
  const rows = await db.query<{ policy_number: string; billing_frequency: BillingFrequency; email_lower: string }>(
    `SELECT policy_number, billing_frequency, email_lower FROM policies WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [policyId],
  );
  const row = rows[0];
  return row ? { policyNumber: row.policy_number, billingFrequency: row.billing_frequency, emailLower: row.email_lower } : null;
}
