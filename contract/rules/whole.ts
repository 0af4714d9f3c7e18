import { define, type Struct } from 'superstruct';
import { MESSAGES } from '../messages.ts';

/**
 * Whole numbers that reach the database as integers: counts, numbers in a list (a car's number), versions,
 * amounts in cents, ids (issue 22 item 6). JSON numbers are doubles, so 1.5, 1e308, 1e400 (Infinity) and
 * 9007199254740993 (which JSON.parse rounds) all arrive as numbers; each must be refused here, with the
 * rule's message, not by PostgreSQL (22P02, 22003) as a 500.
 */

/** A safe integer from `min` to `max`, else `message`. */
export function wholeNumber(min: number, max: number, message: string = MESSAGES.wholeNumber): Struct<number, null> {
  return define<number>('wholeNumber', (value) =>
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max) || message,
  );
}

/** The largest id a path may name: PostgreSQL's bigint holds more, JavaScript's numbers hold this exactly. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * An id from a path or a query ('/api/user/bill_pdf/:billId'): its digits, from 1 to `max` (MAX_ID, or
 * 2,147,483,647 for an `integer` column), as a number; null for anything else ('1.5', '1e3', '-1', '0x10',
 * ' 7', a 20-digit number), which the route answers as the id it does not know.
 */
export function wholeId(text: string | undefined, max: number = MAX_ID): number | null {
  if (text === undefined || !/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id <= max ? id : null;
}
