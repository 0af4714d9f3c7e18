import { literal, object, type, type Infer } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { LIENHOLDER_OPTIONS, LIENHOLDER_UNKNOWN } from '../reference/options.ts';
import { oneOf, valuesOf } from '../rules/choice.ts';
import { LIMITS } from '../rules/limits.ts';
import { usPhone } from '../rules/phone.ts';
import { stateCode } from '../rules/state.ts';
import { requiredMax } from '../rules/text.ts';
import { wholeNumber } from '../rules/whole.ts';
import { zip } from '../rules/zip.ts';
import { policyNumber } from './common.ts';

/**
 * Lienholders (doc 3 sections 3, 5 and 7): one per financed or leased vehicle. The form requires option,
 * name, address, city, state, a 5-digit ZIP and a US phone; 'I don't know' skips the vehicle entirely.
 * POST /api/policy/lienholder sends one vehicle's lienholder.
 */
const lienholderFields = {
  name: requiredMax(LIMITS.shortTextMax),
  address: requiredMax(LIMITS.shortTextMax),
  city: requiredMax(LIMITS.shortTextMax),
  state: stateCode,
  zip,
  phoneNumber: usPhone,
};

export const LienholderRequest = object({
  quoteNumber: policyNumber,
  ...lienholderFields,
  /** the vehicle's carNumber on the quote response: a whole number from 1 (car_number is an integer column) */
  carNumber: wholeNumber(1, 99, MESSAGES.odometerVehicle),
});
export type LienholderRequest = Infer<typeof LienholderRequest>;

/** One vehicle's lienholder block; validate it only when the option is not 'I don't know'. */
export const LienholderForm = object({
  option: oneOf(valuesOf(LIENHOLDER_OPTIONS)),
  ...lienholderFields,
});
export type LienholderForm = Infer<typeof LienholderForm>;

export function skipsLienholder(option: string | undefined): boolean {
  return option === LIENHOLDER_UNKNOWN;
}

/** Answer of POST /api/policy/lienholder. */
export const LienholderSaved = type({ ok: literal(true) });
export type LienholderSaved = Infer<typeof LienholderSaved>;
