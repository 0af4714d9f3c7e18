/**
 * The fees of doc 3 section 9, reconciled into one set, in cents. The rating engine adds them to the
 * policy totals; the pricing panel's fee tooltip lists them through `feeLines`.
 *
 * What doc 3 section 9 says, and the reading we take:
 *
 * - Monthly policy fee $5.00 (monthly billing). Six-month policy fee $30.00 ("$5.00 a month") when the
 *   term is paid at once. Taken as written.
 * - Mileage monitoring fee $5.00 a month, waived if six months are prepaid and not charged on Unlimited
 *   (capped billing). Taken as written: charged only for a Pay-Per-Mile vehicle on monthly billing,
 *   once per such vehicle (it pays for reading that vehicle's odometer photos).
 * - Card fee: "credit card fee $4.95 per payment (TX: convenience fee $5.00 instead)". Taken as written:
 *   $4.95 on every card payment, except in Texas, where a $5.00 convenience fee replaces it. It is a
 *   per-payment fee, so it is charged once per payment whatever the number of vehicles.
 * - Contradicting figures we do NOT follow, and why:
 *   - "CA initial payment text: $5.00 policy fee plus $3.00 credit card fee" and "Non-TX tooltip: credit
 *     card processing fee $3.00 on all payments". The internal constants agree with them: monthly 13 =
 *     5 policy + 5 monitoring + 3 card; six-month 33 = 30 + 3; "8 when unlimited" = 5 + 3 (no
 *     monitoring); TX 10 and 30 = the same without the card fee (TX has its convenience fee instead).
 *     So those figures confirm the STRUCTURE we use (which fee applies to which plan and frequency) but
 *     carry an older card fee of $3.00. The fee list states the card fee as $4.95, and a tooltip must show
 *     what is charged, so one figure, $4.95, is used everywhere the card fee appears, tooltip included.
 *   - "Some CA/FL/TN/WI-style variants state $5.00": these are copies of the form variants (named by
 *     form style, not by a state rule); Texas is the only state the fee list itself singles out, so only
 *     Texas differs.
 *   - "10 and 30 in the Colorado view": the TX-shaped constants (no card fee) appearing in one view. No
 *     Colorado rule is stated anywhere else, so Colorado pays the card fee like every non-TX state.
 * - "Six-month cost is six times (monthly total minus fees) plus the six-month fee": the single payment is
 *   six months of premium plus the six-month policy fee plus one card (or convenience) fee.
 */

import { BILLING_TYPES, type BillingFrequency } from './options.ts';

export type FeeBillingType = (typeof BILLING_TYPES)[number];

export const FEES = {
  /** Monthly billing: policy fee per month. */
  monthlyPolicyFeeCents: 500,
  /** Pay-Per-Mile on monthly billing: mileage monitoring per month (waived if prepaid, none on Unlimited). */
  mileageMonitoringFeeCents: 500,
  /** Every card payment outside Texas. */
  creditCardFeeCents: 495,
  /** Every card payment in Texas, instead of the credit card fee. */
  texasConvenienceFeeCents: 500,
  /** Six-month billing: policy fee for the term. */
  sixMonthPolicyFeeCents: 3000,
} as const;

export interface FeeLine {
  label: string;
  cents: number;
  per: 'month' | 'payment' | 'term';
}

/** The fee added to each card payment in `state`: the Texas convenience fee or the credit card fee. */
export function paymentFeeCents(state: string): number {
  return state === 'TX' ? FEES.texasConvenienceFeeCents : FEES.creditCardFeeCents;
}

/**
 * The fees that apply to a policy in `state` paid `billingFrequency`, for a vehicle billed `billingType`,
 * in the order the tooltip lists them.
 */
export function feeLines(state: string, billingFrequency: BillingFrequency, billingType: FeeBillingType): FeeLine[] {
  const lines: FeeLine[] = [];
  if (billingFrequency === 'monthly') {
    lines.push({ label: 'Monthly policy fee', cents: FEES.monthlyPolicyFeeCents, per: 'month' });
    if (billingType === 'per_mile') {
      lines.push({ label: 'Monthly mileage monitoring fee', cents: FEES.mileageMonitoringFeeCents, per: 'month' });
    }
  } else {
    lines.push({ label: 'Six-month policy fee', cents: FEES.sixMonthPolicyFeeCents, per: 'term' });
  }
  lines.push(
    state === 'TX'
      ? { label: 'Convenience fee', cents: FEES.texasConvenienceFeeCents, per: 'payment' }
      : { label: 'Credit card fee', cents: FEES.creditCardFeeCents, per: 'payment' },
  );
  return lines;
}

/**
 * Fees of one monthly payment: the policy fee, one mileage monitoring fee per Pay-Per-Mile vehicle and
 * the payment fee. `perMileVehicles` counts the vehicles billed per_mile.
 */
export function monthlyFeesCents(state: string, perMileVehicles: number): number {
  return FEES.monthlyPolicyFeeCents + perMileVehicles * FEES.mileageMonitoringFeeCents + paymentFeeCents(state);
}

/** Fees of the single six-month payment: the six-month policy fee and the payment fee. */
export function sixMonthFeesCents(state: string): number {
  return FEES.sixMonthPolicyFeeCents + paymentFeeCents(state);
}

/** Cents as the tooltip shows them: '$4.95'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
