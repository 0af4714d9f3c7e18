import {
  QUOTE_STATES, billingSummary, inStates, isPlaceholderVin, requestMiles, type BillingFrequency, type QuotePolicy, type QuoteRequest,
} from '../../../../contract/index.ts';
import type { VehicleForm } from '../../model/wizard-model.ts';

/**
 * Step 4's small pure pieces: what the vehicle box and the pricing panel show. Money is in dollars as the
 * quote response carries it (doc 3 section 9: money to 2 decimals, per-mile rates to 3, with a $ prefix).
 */

export function money(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function perMileRate(amount: number): string {
  return `$${amount.toFixed(3)}`;
}

/** The model line: year, make, model, body style. */
export function modelLine(vehicle: Pick<VehicleForm, 'year' | 'make' | 'model' | 'style'>): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.style].filter((part) => part.trim() !== '').join(' ');
}

/** doc 3 section 2: the VIN line shows only for a VIN that is not a placeholder. */
export function shownVin(vehicle: Pick<VehicleForm, 'vin'>): string | null {
  return vehicle.vin && !isPlaceholderVin(vehicle.vin) ? vehicle.vin.toUpperCase() : null;
}

/**
 * An Unlimited premium's monthly part: a sixth of the 6-month premium. The rating engine prices the
 * premium as six equal parts to the cent, so this is exact (api/rating/README.md, step 5).
 */
export function unlimitedMonthly(unlimitedRate: number): number {
  return Math.round((unlimitedRate * 100) / 6) / 100;
}

/** Monthly miles from the annual miles typed on step 2, capped as the request caps them. */
export function monthlyMilesOf(vehicle: Pick<VehicleForm, 'miles'>): number {
  const digits = vehicle.miles.replace(/[,\s]/g, '');
  const annual = /^\d+$/.test(digits) ? Number(digits) : 0;
  return Math.round(requestMiles(annual) / 12);
}

/** doc 3 section 7: the quote is requested only for these states; others get a call-us message. */
export function ratesOnline(state: string): boolean {
  return inStates(QUOTE_STATES, state);
}

/**
 * A vehicle's plan was switched since the quote was priced (doc 3 section 4: switching keeps the quote until
 * Continue prices it again), so the totals shown are for the plans that were sent.
 */
export function planSwitchedSincePriced(vehicles: readonly Pick<VehicleForm, 'isUnlimited'>[], priced: Pick<QuoteRequest, 'vehicles'> | null): boolean {
  return (
    priced !== null &&
    vehicles.some((v, i) => {
      const sent = priced.vehicles[i]?.billingType;
      return sent !== undefined && sent !== (v.isUnlimited ? 'capped' : 'per_mile');
    })
  );
}

/** The priced vehicle on screen: by carNumber (1-based), else by position. */
export function pricedVehicle(policy: QuotePolicy | null, index: number): QuotePolicy['vehicleInfo'][number] | null {
  if (!policy) return null;
  return policy.vehicleInfo.find((v) => v.carNumber === index + 1) ?? policy.vehicleInfo[index] ?? null;
}

/** What each coverage adds (the route's extra fields on coverageInfo: monthlyBase, perMile, unlimitedPremium). */
export interface CoverageShare {
  description: string;
  limit: string;
  monthlyBase: number | null;
  perMile: number | null;
  unlimitedPremium: number | null;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function coverageShares(vehicle: QuotePolicy['vehicleInfo'][number] | null): CoverageShare[] {
  if (!vehicle) return [];
  return vehicle.coverageInfo.map((entry) => {
    const extra = entry as Record<string, unknown>;
    return {
      description: entry.coverageDescription,
      limit: entry.displayLimit,
      monthlyBase: numberOrNull(extra.monthlyBase),
      perMile: numberOrNull(extra.perMile),
      unlimitedPremium: numberOrNull(extra.unlimitedPremium),
    };
  });
}

/**
 * Which figure the 'Your Quote' panel shows, and what it is (issue 11):
 * - 'quote': the stored, e-mailed quote, of the choices on screen;
 * - 'preview': the live price of the choices on screen (nothing stored or mailed yet);
 * - 'updating': the last figure while the price of a newer change is asked;
 * - 'outOfDate': the last good figure, of earlier choices (the preview failed, or the form cannot be priced);
 * - 'unavailable': no figure, because the preview failed before any came back (the panel says so: not the
 *   dashes of a form not priced yet);
 * - 'none': nothing priced yet.
 * A stored quote of other choices than those on screen (a plan switched since) stays the figure until a
 * preview of the new choices comes back, marked as such (planChanged).
 */
export type ShownPriceKind = 'quote' | 'preview' | 'updating' | 'outOfDate' | 'unavailable' | 'none';

export function shownPrice(
  stored: QuotePolicy | null,
  storedIsCurrent: boolean,
  preview: { policy: QuotePolicy | null; status: 'none' | 'pricing' | 'current' | 'outOfDate' | 'failed' },
): { policy: QuotePolicy | null; kind: ShownPriceKind } {
  if (stored && storedIsCurrent) return { policy: stored, kind: 'quote' };
  if (preview.policy) {
    const kind = preview.status === 'current' ? 'preview' : preview.status === 'pricing' ? 'updating' : 'outOfDate';
    return { policy: preview.policy, kind };
  }
  if (stored) return { policy: stored, kind: 'quote' };
  return { policy: null, kind: preview.status === 'failed' ? 'unavailable' : 'none' };
}

/** The one figure the phone's price bar and the live region give: the monthly (or 6-month) total, in cents. */
export function headlineCents(policy: QuotePolicy | null, frequency: BillingFrequency): number | null {
  return policy ? billingSummary(policy, frequency).perPaymentCents : null;
}
