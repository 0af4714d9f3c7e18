import { QuoteResponse, type QuotePolicy } from '../../../contract/api/quote.ts';
import { compareDates, parseIsoDate, type CalendarDate } from '../../../contract/rules/dates.ts';
import { check } from '../../../contract/validate.ts';

/**
 * The stored quote as every step after pricing reads it: the quote step shows it, payment binds it, the
 * lienholders and the thank-you name it, the shell hands it over. Here rather than in one step's folder,
 * so no step imports another's code to read it.
 */

/** The first policy of a quote response, when the value is one (a stored state may be old or damaged). */
export function quotePolicyOf(response: unknown): QuotePolicy | null {
  const checked = check(response, QuoteResponse);
  return checked.ok ? (checked.value.policies[0] ?? null) : null;
}

/** doc 3 section 4 "Quote step": a quote whose effective date is before today cannot be bought or saved as it is. */
export function effectiveDatePassed(effectiveDate: string, today: CalendarDate): boolean {
  const date = parseIsoDate(effectiveDate);
  return date !== null && compareDates(date, today) < 0;
}
