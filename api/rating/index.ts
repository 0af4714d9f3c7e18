/**
 * The rating engine (DESIGN.md "Rating"; README.md beside this file): pure functions over one versioned,
 * dated rate table per state. The quote use case (api/quotes/create-quote.ts) calls priceQuote and stores
 * the table's version with the quote; a RatingError becomes a 400 with its message.
 */
import { priceWithTable } from './engine.ts';
import { RatingError } from './errors.ts';
import type { PricedQuote, RatingInput } from './rating-model.ts';
import type { RateTable } from './table.ts';
import { RATE_TABLES } from './tables/index.ts';

export type { CoverageCharge, InstallmentPlan, PricedQuote, PricedVehicle, RatedVehicle, RatingInput } from './rating-model.ts';
export type { RateTable } from './table.ts';
export { RatingError, isRatingError } from './errors.ts';
export { parseLimit, type ParsedLimit } from './limits.ts';
export { RATE_TABLES } from './tables/index.ts';

/**
 * The table in force for `state` on `effectiveDate` (YYYY-MM-DD): the newest whose effective date is on
 * or before it. A state without a table, or a date before its first table, is a RatingError.
 */
export function rateTableFor(state: string, effectiveDate: string): RateTable {
  const tables = RATE_TABLES[state];
  if (!tables || tables.length === 0) throw new RatingError(`We do not rate policies in ${state}.`, 'ratedState');
  let found: RateTable | undefined;
  for (const table of tables) if (table.effectiveDate <= effectiveDate) found = table;
  if (!found) throw new RatingError(`No ${state} rate table is in force on ${effectiveDate}.`, 'effectiveDate');
  return found;
}

/**
 * Prices a validated quote request (contract QuoteRequest, after `check`) with its vehicles' VIN facts.
 * `table` overrides the table in force on the effective date (tests, what-if).
 */
export function priceQuote(input: RatingInput, options: { table?: RateTable } = {}): PricedQuote {
  const table = options.table ?? rateTableFor(input.request.ratedState, input.request.effectiveDate);
  return priceWithTable(input, table);
}
