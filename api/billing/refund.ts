/**
 * What a cancellation gives back of premium paid in advance (issue 21, item 7): the unearned part, in
 * proportion to days. Coverage ends at 12:01 a.m. on the cancellation date, so that day is unearned.
 * Fees are not premium: the policy fee and the card fee paid are not given back.
 */
import { LIMITS, parseIsoDate } from '../../contract/index.ts';
import { estimateCents, type RatedFigures } from './bill.ts';
import { daysBetween, type BillingPeriod } from './calendar.ts';

/**
 * The unearned part of `premiumCents`, paid for the days from `coveredFrom` to `coveredUntil`, when
 * coverage ends on `cancelledOn`: premium x days left / days paid for, rounded once. All of it before the
 * first day, none of it from the last.
 */
export function unearnedPremiumCents(paid: { premiumCents: number; coveredFrom: string; coveredUntil: string }, cancelledOn: string): number {
  const covered = daysBetween(paid.coveredFrom, paid.coveredUntil);
  if (covered <= 0) throw new RangeError(`Premium covers days that end after they begin: ${paid.coveredFrom} to ${paid.coveredUntil}.`);
  const unearned = Math.min(covered, Math.max(0, daysBetween(cancelledOn, paid.coveredUntil)));
  return Math.round((paid.premiumCents * unearned) / covered);
}

export interface RefundLine {
  /** Time bought in advance (a base rate's months, an Unlimited premium), or a prepaid month of estimated miles not reached. */
  kind: 'unearned-base' | 'unearned-unlimited' | 'unused-estimate';
  carNumber: number;
  cents: number;
}

/**
 * Pay plan 21, cancelled on `cancelledOn` within the term of `periods`: what is given back of the single
 * payment. For each Pay-Per-Mile vehicle the unearned days of its six months of base, and the estimated
 * miles of every month not begun (the month under way credits its share on the final bill, ./bill.ts,
 * whose credit left is refunded with it); for each Unlimited vehicle the unearned days of its premium.
 */
export function prepaidRefundOnCancellation(
  vehicles: readonly (RatedFigures & { billingType: 'per_mile' | 'capped' })[],
  periods: readonly BillingPeriod[],
  cancelledOn: string,
): { lines: RefundLine[]; totalCents: number } {
  const first = periods[0];
  const last = periods.at(-1);
  if (!first || !last) throw new RangeError('A term has at least one period.');
  const term = { coveredFrom: first.start, coveredUntil: last.end };
  if (!parseIsoDate(cancelledOn)) throw new RangeError(`The cancellation date must be written YYYY-MM-DD, not "${cancelledOn}".`);
  const monthsNotBegun = periods.filter((period) => period.start >= cancelledOn).length;
  const lines: RefundLine[] = [];
  for (const vehicle of vehicles) {
    const { carNumber } = vehicle;
    if (vehicle.billingType === 'capped') {
      lines.push({ kind: 'unearned-unlimited', carNumber, cents: unearnedPremiumCents({ ...term, premiumCents: vehicle.unlimitedRateCents }, cancelledOn) });
      continue;
    }
    // The engine's term premium holds six months of base (api/rating/engine.ts termPremiumCents).
    const basePremiumCents = LIMITS.termMonths * vehicle.baseRateCents;
    lines.push({ kind: 'unearned-base', carNumber, cents: unearnedPremiumCents({ ...term, premiumCents: basePremiumCents }, cancelledOn) });
    lines.push({ kind: 'unused-estimate', carNumber, cents: monthsNotBegun * estimateCents(vehicle) });
  }
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.cents, 0) };
}
