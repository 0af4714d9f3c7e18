/**
 * Statements (issue 9 item 5; GET /api/user/statements): per vehicle of one of the account's policies, the
 * intervals between consecutive accepted odometer readings (verified by the two OCR passes, or approved by
 * a person, at the reading the person read: api/odometer/readings.ts countedReading), each with its miles and
 * mileage charge, and the open interval since the last reading.
 *
 * The per-mile rate of an interval is the vehicle's in the term in force on the day the interval closes (the
 * day of its end reading; today for the open one): the policy's own vehicle rows for the term in force, and
 * for a day of an earlier term the renewal then in force or the quote the policy was bought from. The miles of an interval are known only at the reading
 * that closes it, so an interval that spans a renewal is charged at the new term's rate, as the bill of that
 * reading would be. The base rate shown is the term in force today.
 *
 * - miles = end reading - start reading (never below 0: a replaced odometer approved at a lower reading
 *   charges nothing for that interval);
 * - mileage charge = per-mile rate x miles, rounded to the cent, computed in whole thousandths of a dollar
 *   (the rate's own unit, doc 3 section 9) so no float rounding can move a cent;
 * - an Unlimited (capped) vehicle has no mileage charge and reports no mileage: no intervals;
 * - a vehicle without an accepted reading yet has one open interval from the day the policy began (its first
 *   term's effective date: the policy row's moves with each renewal).
 *
 * Dates are the day a reading was received (UTC, as the odometer page shows them). The odometer link is a
 * fresh 'odometer-photo' token for a day (its page takes the photo of the current interval); none when
 * every vehicle is Unlimited.
 */
import type { QuotePolicy, StatementInterval, StatementsAnswer, StatementVehicle } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { acceptedReadings, countedReading, type ReadingRow } from '../odometer/readings.ts';
import { policyById, vehiclesOf } from '../policies/records.ts';
import { pricedQuoteById } from '../quotes/store.ts';
import { renewedTermsOf, type RenewedTerm } from '../renewals/store.ts';
import { issueToken } from '../tokens/tokens.ts';

/** How long the statements page's odometer link opens the odometer page. */
const STATEMENT_ODOMETER_LINK_MS = 24 * 60 * 60_000;

const day = (time: Date) => time.toISOString().slice(0, 10);

/** Dollars for `miles` at `perMileRate` dollars a mile, to the cent. */
function mileageCharge(perMileRate: number, miles: number): number {
  const mills = Math.round(perMileRate * 1000);
  return Math.round((mills * miles) / 10) / 100;
}

/**
 * The priced answer of the term in force on `isoDay` (YYYY-MM-DD): the newest renewal in force that had
 * begun by then, else the quote the policy was bought from.
 */
function termOn(bought: QuotePolicy, renewed: readonly Pick<RenewedTerm, 'termStart' | 'answer'>[], isoDay: string): QuotePolicy {
  const begun = renewed.filter((term) => term.termStart <= isoDay).sort((a, b) => a.termStart.localeCompare(b.termStart));
  return begun.at(-1)?.answer ?? bought;
}

/**
 * Closed intervals between consecutive readings, then the open one since the last. `rateOn(day)` is the
 * per-mile rate in force on a day (YYYY-MM-DD); an interval is charged at the rate of the day it closes,
 * the open one at today's.
 */
function intervalsOf(
  readings: readonly Pick<ReadingRow, 'typedReading' | 'reviewedReading' | 'createdAt'>[],
  rateOn: (isoDay: string) => number,
  firstDay: string,
  today: string,
): StatementInterval[] {
  if (readings.length === 0) {
    return [{ periodStart: firstDay, periodEnd: null, startReading: null, endReading: null, miles: null, perMileRate: rateOn(today), mileageCharge: null }];
  }
  const intervals: StatementInterval[] = [];
  for (let i = 1; i < readings.length; i += 1) {
    const start = readings[i - 1]!;
    const end = readings[i]!;
    const miles = Math.max(0, countedReading(end) - countedReading(start));
    const perMileRate = rateOn(day(end.createdAt));
    intervals.push({
      periodStart: day(start.createdAt),
      periodEnd: day(end.createdAt),
      startReading: countedReading(start),
      endReading: countedReading(end),
      miles,
      perMileRate,
      mileageCharge: mileageCharge(perMileRate, miles),
    });
  }
  const last = readings[readings.length - 1]!;
  intervals.push({
    periodStart: day(last.createdAt),
    periodEnd: null,
    startReading: countedReading(last),
    endReading: null,
    miles: null,
    perMileRate: rateOn(today),
    mileageCharge: null,
  });
  return intervals;
}

/** The statements of policy `policyId` (the caller has checked it is the account's). Null when it has no priced quote. */
export async function statementsOf(deps: Pick<Deps, 'db' | 'config'>, policyId: number, now: Date): Promise<StatementsAnswer['data'] | null> {
  const policy = await policyById(deps.db, policyId);
  const quote = policy ? await pricedQuoteById(deps.db, policy.quoteId) : null;
  if (!policy || !quote) return null;
  const renewed = await renewedTermsOf(deps.db, policyId);
  const today = day(now);
  const readings = await acceptedReadings(deps.db, policyId);
  const vehicles: StatementVehicle[] = (await vehiclesOf(deps.db, policyId)).map((vehicle) => {
    // a day of the term in force is priced by the policy's own rows; an earlier one by the term it fell in
    const earlierRate = (isoDay: string) => {
      const answer = termOn(quote.answer, renewed, isoDay);
      const priced = answer.vehicleInfo.find((info) => info.carNumber === vehicle.car_number) ?? answer.vehicleInfo.find((info) => info.vin === vehicle.vin.trim());
      return priced?.premiumInfo.perMileRate ?? 0;
    };
    const capped = vehicle.billing_type === 'capped';
    const rateOn = (isoDay: string) => (capped ? 0 : isoDay >= policy.effectiveDate ? vehicle.per_mile_rate : earlierRate(isoDay));
    return {
      vin: vehicle.vin.trim(),
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      billingType: capped ? 'capped' : 'per_mile',
      baseRate: vehicle.base_rate,
      intervals: capped
        ? []
        : intervalsOf(readings.filter((reading) => reading.carNumber === vehicle.car_number), rateOn, quote.answer.effectiveDate, today),
    };
  });
  const reporting = vehicles.some((vehicle) => vehicle.billingType !== 'capped');
  const odometerUrl = reporting
    ? pageUrl(deps.config.publicOrigin, PAGES.odometer, { token: await issueToken(deps.db, 'odometer-photo', now, { subjectId: policyId, ttlMs: STATEMENT_ODOMETER_LINK_MS }) })
    : null;
  return { policyNumber: policy.policyNumber, vehicles, odometerUrl };
}
