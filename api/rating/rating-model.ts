/**
 * What the rating engine answers (DESIGN.md "Rating": pure functions over a versioned, dated rate table per
 * state, no I/O). The engine exports, from api/rating/index.ts:
 *
 *   priceQuote(input: RatingInput, options?: { table?: RateTable }): PricedQuote
 *   rateTableFor(state: string, effectiveDate: string): RateTable   // the table in force on that date
 *
 * The input is prepared by the caller: the validated request and, per vehicle, what its VIN says (decoded
 * once by the quote use case, api/quotes/rating-input.ts), so the engine never reads a VIN itself.
 * The quote use case maps a PricedQuote onto doc 3's quote response (contract QuotePolicy) and stores the
 * table's version with the quote. Money is in integer cents everywhere here; per-mile rates are
 * thousandths of a dollar per mile (3 decimals, doc 3 section 9), also integers.
 */

import type { QuoteRequest } from '../../contract/index.ts';
import type { ModelLine } from '../../contract/reference/model-lines.ts';

/** What the rating needs to know of a vehicle beyond the request: its VIN's model line and model year. */
export interface RatedVehicle {
  /** 'other' prices a line the table has no factor for (the table's own neutral entry). */
  line: ModelLine | 'other';
  /** Null when the VIN gives no model year (the age factor is then neutral). */
  modelYear: number | null;
}

/** A validated quote request and one RatedVehicle per request vehicle, in the same order. */
export interface RatingInput {
  request: QuoteRequest;
  vehicles: readonly RatedVehicle[];
}

export interface CoverageCharge {
  /** The limit name of the request (BI, PD, COMP, COLL, RENT, UMBI, PIP, ...). */
  name: string;
  /** The limit as requested ('100/300', '500', 'I decline this coverage'). */
  limit: string;
  /** What it adds to the monthly base charge, in cents (0 when declined). */
  monthlyBaseCents: number;
  /** What it adds to the per-mile rate, in thousandths of a dollar per mile. */
  perMileMills: number;
  /** Its share of the 6-month Unlimited premium, in cents. */
  unlimitedCents: number;
}

export interface PricedVehicle {
  /** 1-based, in request order (doc 3 vehicleInfo.carNumber). */
  carNumber: number;
  billingType: 'per_mile' | 'capped';
  /** Monthly base charge, cents (what does not depend on driving). */
  baseRateCents: number;
  /** Per-mile charge, thousandths of a dollar per mile (what does). */
  perMileMills: number;
  /** Estimated monthly miles from the annual miles (capped at 14,600 a year). */
  estMonthlyMiles: number;
  /** Estimated monthly cost without fees: base + perMile x miles, cents. */
  estMonthlyNoFeeCents: number;
  /** 6-month Unlimited premium (fixed, no mileage), cents. */
  unlimitedRateCents: number;
  /** Each coverage's share, so the quote can explain itself. */
  coverages: CoverageCharge[];
}

export interface InstallmentPlan {
  billingFrequency: 'monthly' | 'biannually';
  payPlan: 18 | 21;
  downPaymentCents: number;
  installmentCents: number;
  installments: number;
}

export interface PricedQuote {
  ratedState: string;
  /** e.g. 'TX-2026-11-01.1': stored with the quote. */
  rateTableVersion: string;
  vehicles: PricedVehicle[];
  /** Policy totals with the fees of doc 3 section 9 (contract/reference/fees.ts), cents. */
  downPaymentMonthlyCents: number;
  downPaymentSingleCents: number;
  estimatedMonthlyPaymentCents: number;
  estimatedTotalWrittenCents: number;
  installmentOptions: InstallmentPlan[];
}
