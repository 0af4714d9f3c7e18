import { DECLINE } from '../reference/limit-names.ts';
import { formatLimitText } from '../rules/money.ts';

/**
 * Option values as the coverage form holds them, and what can be read from them. The form keeps the
 * value the request is built from before doc 3 section 9's formatting (formatLimit): split liability
 * limits in thousands ('25/50', as doc 3's "default bodily-injury limits 25/50, 50/100 ..."), combined
 * single limits and money with '$' and commas ('$125,000 CSL', '$10,000'), deductibles with the word
 * ('$500 deductible'), rental as per day / per loss ('$50/$1,500', doc 1: "Each Day | Each Loss").
 */

/** A bodily-injury style limit: per person and per accident, in thousands of dollars. */
export interface LiabilityAmounts {
  perPerson: number;
  perAccident: number;
}

/** '25/50' -> 25/50; '$125,000 CSL' -> 125/125 (a single limit covers each person up to the whole). */
export function liabilityAmounts(value: string): LiabilityAmounts | null {
  const split = /^(\d+)\/(\d+)$/.exec(value);
  if (split) return { perPerson: Number(split[1]), perAccident: Number(split[2]) };
  const csl = /^\$?([\d,]+) CSL$/i.exec(value);
  if (csl) {
    const thousands = Number(csl[1]!.replace(/,/g, '')) / 1000;
    return { perPerson: thousands, perAccident: thousands };
  }
  return null;
}

/** True when `value` is no higher than `ceiling` on both counts (doc 3: "cannot exceed the chosen level"). */
export function notAbove(value: string, ceiling: string): boolean {
  const a = liabilityAmounts(value);
  const b = liabilityAmounts(ceiling);
  if (!a || !b) return false;
  return a.perPerson <= b.perPerson && a.perAccident <= b.perAccident;
}

/** The whole-dollar amount of a money or deductible value ('$1,000 deductible' -> 1000), else null. */
export function dollars(value: string): number | null {
  const match = /^\$([\d,]+)(?: deductible)?$/i.exec(value);
  return match ? Number(match[1]!.replace(/,/g, '')) : null;
}

/**
 * Labels already made: a state's options are a few dozen values, and the quote call labels every option of
 * every coverage field it checks (issue 25: formatting them was 1.4% of a quote's CPU). Bounded, as a value
 * may come from a request.
 */
const LABELS = new Map<string, string>();
const LABELS_KEPT = 500;

/** The text a select shows for a value, unless the state's data names one. */
export function optionLabel(value: string): string {
  let label = LABELS.get(value);
  if (label === undefined) {
    label = labelOf(value);
    if (LABELS.size < LABELS_KEPT) LABELS.set(value, label);
  }
  return label;
}

function labelOf(value: string): string {
  if (value === DECLINE) return DECLINE;
  const split = /^(\d+)\/(\d+)$/.exec(value);
  if (split) return formatLimitText(`${Number(split[1]) * 1000}/${Number(split[2]) * 1000}`);
  return value;
}

/** Chosen and not declined. */
export function isTaken(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== DECLINE;
}
