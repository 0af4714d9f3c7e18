import { coerce, define, number, object, string, type, unknown, type Infer } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { isStateCode, type StateCode } from '../reference/states.ts';
import { vin } from '../rules/vin.ts';

/**
 * POST /api/vin/check (doc 2 section 7): vin and state ("state code or empty"). The answer is year, make,
 * model, bodyStyle; a 404 means the VIN is invalid, and the error body's error_messages[0] names the
 * reason (a message mentioning the marque means another make: vinNonMarque).
 */
export const VinCheckRequest = object({
  vin,
  state: coerce(
    define<StateCode | ''>('vinState', (value) => value === '' || isStateCode(value) || MESSAGES.state),
    unknown(),
    // "state code or empty": a widget that has no state yet sends '' or nothing
    (value) => (value === undefined || value === null ? '' : value),
  ),
});
export type VinCheckRequest = Infer<typeof VinCheckRequest>;

export const VinCheckResponse = type({
  year: number(),
  make: string(),
  model: string(),
  bodyStyle: string(),
});
export type VinCheckResponse = Infer<typeof VinCheckResponse>;

/** Which of doc 2 section 7's three texts a failed VIN check shows. */
export function vinCheckFailureMessage(status: number, firstErrorMessage: string | undefined): string {
  if (status === 404) return MESSAGES.vinInvalid;
  if (firstErrorMessage && /porsche/i.test(firstErrorMessage)) return MESSAGES.vinNonMarque;
  return MESSAGES.vinNotFound;
}
