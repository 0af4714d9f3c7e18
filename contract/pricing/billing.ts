/**
 * What the buyer pays, read from ONE place: the quote answer the rating engine priced and the API stored
 * (contract QuotePolicy). Steps 4, 5 and 6, the quote e-mail and the bind's charge all read their
 * figures through `billingSummary`, so none of them can add fees of its own or forget one:
 *
 * - due today is the answer's downPaymentMonthly (pay plan 18) or downPaymentSingle (pay plan 21), fees
 *   included; the bind charges exactly that amount;
 * - the fees are contract/reference/fees.ts's, counted as the engine counts them: the mileage monitoring
 *   fee once for each Pay-Per-Mile vehicle (doc 3 section 9: "monthly mileage monitoring fee $5.00 ...
 *   not charged on Unlimited"), the policy fee and the card (TX: convenience) fee once per payment;
 * - doc 3 section 9: "Six-month cost is six times (monthly total minus fees) plus the six-month fee".
 *   The engine prices the single payment that way to the cent (an Unlimited vehicle's 6-month premium
 *   is a whole number of cents times six), so the two frequencies tell one story.
 *
 * Pure, no I/O: the widgets and the API import it alike.
 */
import type { QuotePolicy } from '../api/quote.ts';
import { FEES, paymentFeeCents, type FeeLine } from '../reference/fees.ts';
import { PAY_PLANS, type BillingFrequency } from '../reference/options.ts';
import { LIMITS } from '../rules/limits.ts';

/** A fee as the buyer is charged it: the unit amount, how many times, and the total. */
export interface BillingFee extends FeeLine {
  /** How many times it is charged in one payment (the monitoring fee: once per Pay-Per-Mile vehicle). */
  count: number;
  /** `cents` x `count`. */
  totalCents: number;
  /** Charged once for each Pay-Per-Mile vehicle (say so when there are several). */
  perVehicle: boolean;
}

export interface BillingSummary {
  frequency: BillingFrequency;
  /** doc 3 section 7: 18 monthly, 21 six-month. */
  payPlan: 18 | 21;
  /** Charged today, at bind: downPaymentMonthly or downPaymentSingle of the stored answer, fees included. */
  dueTodayCents: number;
  /** Each payment of the plan, fees included (monthly: the estimated monthly payment; single: due today). */
  perPaymentCents: number;
  /** Payments over the 6-month term, today's included: 6 monthly, 1 single. */
  paymentsCount: number;
  /** Everything paid over the term, fees included: for the single payment, 6 x (monthly - fees) + its fees. */
  sixMonthCostCents: number;
  /** The premium of the term without fees. */
  premiumCents: number;
  /** The fees in one payment, in the order the tooltip lists them. */
  fees: BillingFee[];
  /** Sum of `fees`: what each payment carries beyond the premium. */
  feesPerPaymentCents: number;
  /** Vehicles billed per_mile (Pay-Per-Mile). */
  perMileVehicles: number;
  /** Monthly amounts depend on the miles driven (some vehicle is Pay-Per-Mile): they are estimates. */
  estimated: boolean;
}

/** Dollars as the answer carries them (2 decimals) to integer cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Vehicles of a quote answer billed per_mile: the answer's billingType, else the priced request's. */
export function perMileVehicleCount(policy: QuotePolicy): number {
  const request = policy.quoteRequest as { vehicles?: { billingType?: unknown }[] } | undefined;
  return policy.vehicleInfo.filter((vehicle, index) => {
    const billing = vehicle.billingType ?? request?.vehicles?.[index]?.billingType;
    return billing !== 'capped';
  }).length;
}

function fee(line: FeeLine, count: number, perVehicle = false): BillingFee {
  return { ...line, count, totalCents: line.cents * count, perVehicle };
}

/**
 * The fees of one payment of a policy in `state` paid `frequency` with `perMileVehicles` Pay-Per-Mile
 * vehicles, counted. Their sum is fees.ts's monthlyFeesCents / sixMonthFeesCents: what the engine adds.
 */
export function billingFees(state: string, frequency: BillingFrequency, perMileVehicles: number): BillingFee[] {
  const fees: BillingFee[] = [];
  if (frequency === 'monthly') {
    fees.push(fee({ label: 'Monthly policy fee', cents: FEES.monthlyPolicyFeeCents, per: 'month' }, 1));
    if (perMileVehicles > 0) {
      fees.push(fee({ label: 'Monthly mileage monitoring fee', cents: FEES.mileageMonitoringFeeCents, per: 'month' }, perMileVehicles, true));
    }
  } else {
    fees.push(fee({ label: 'Six-month policy fee', cents: FEES.sixMonthPolicyFeeCents, per: 'term' }, 1));
  }
  const label = state === 'TX' ? 'Convenience fee' : 'Credit card fee';
  fees.push(fee({ label, cents: paymentFeeCents(state), per: 'payment' }, 1));
  return fees;
}

/** What `policy` costs paid `frequency`: every figure the buyer sees and is charged. */
export function billingSummary(policy: QuotePolicy, frequency: BillingFrequency): BillingSummary {
  const perMileVehicles = perMileVehicleCount(policy);
  const fees = billingFees(policy.ratedState, frequency, perMileVehicles);
  const feesPerPaymentCents = fees.reduce((sum, line) => sum + line.totalCents, 0);
  const payPlan = PAY_PLANS[frequency];
  const estimated = perMileVehicles > 0;
  if (frequency === 'monthly') {
    const dueTodayCents = toCents(policy.downPaymentMonthly);
    const plan = policy.findBilling.allInstallmentOptions.find((option) => option.payPlan === payPlan);
    const perPaymentCents = plan ? toCents(plan.installmentAmount) : toCents(policy.estimatedMonthlyPayment);
    const paymentsCount = plan ? plan.numberOfInstallments + 1 : LIMITS.termMonths;
    return {
      frequency,
      payPlan,
      dueTodayCents,
      perPaymentCents,
      paymentsCount,
      sixMonthCostCents: dueTodayCents + perPaymentCents * (paymentsCount - 1),
      premiumCents: dueTodayCents - feesPerPaymentCents + (perPaymentCents - feesPerPaymentCents) * (paymentsCount - 1),
      fees,
      feesPerPaymentCents,
      perMileVehicles,
      estimated,
    };
  }
  const dueTodayCents = toCents(policy.downPaymentSingle);
  return {
    frequency,
    payPlan,
    dueTodayCents,
    perPaymentCents: dueTodayCents,
    paymentsCount: 1,
    sixMonthCostCents: dueTodayCents,
    premiumCents: dueTodayCents - feesPerPaymentCents,
    fees,
    feesPerPaymentCents,
    perMileVehicles,
    estimated: false,
  };
}
