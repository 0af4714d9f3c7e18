/**
 * What a Pay-Per-Mile vehicle's reading says about a period's miles (issue 21, item 4), from the periods
 * billed before it. Pure: the caller reads the periods, their readings and their bills.
 *
 * The miles of a period are counted from the last reading a bill used: walking back over the periods
 * before it, each one billed the default mileage (no reading) is remembered for the true-up, until one
 * closed by a reading is found. Before the first billed period the vehicle's first accepted reading (the
 * photo sent before the policy was issued) is the base.
 */
import type { DefaultBilled, PeriodMiles } from './bill.ts';

export interface CountedReading {
  id: number;
  /** The reading that counts: the person's review, else what was typed and verified. */
  odometer: number;
}

/** One earlier period of the vehicle, as billed. */
export interface BilledPeriodOfVehicle {
  days: number;
  /** The reading that closed the period, or null when it was billed without one. */
  reading: CountedReading | null;
  /** The default mileage its bill charged the vehicle (its 'miles' line found by default), else null. */
  defaultBilled: { miles: number; perMileMills: number } | null;
}

/**
 * The miles of the period closed by `current` (null: no reading by the due date), given the vehicle's
 * earlier billed periods oldest first and its first accepted reading.
 */
export function periodMilesOf(
  earlier: readonly BilledPeriodOfVehicle[],
  firstReading: CountedReading | null,
  current: CountedReading | null,
): PeriodMiles {
  if (current === null) return { kind: 'missed' };
  const defaults: DefaultBilled[] = [];
  let base: CountedReading | null = null;
  for (const period of [...earlier].reverse()) {
    if (period.reading) {
      base = period.reading;
      break;
    }
    if (period.defaultBilled) defaults.unshift({ days: period.days, ...period.defaultBilled });
  }
  base ??= firstReading !== null && firstReading.id !== current.id ? firstReading : null;
  if (base === null) return { kind: 'unmeasured' };
  // An odometer does not run backwards; a person approved this reading, so a lower one counts as no miles.
  return { kind: 'read', milesSinceLastReading: Math.max(0, current.odometer - base.odometer), defaultsSinceLastReading: defaults };
}
