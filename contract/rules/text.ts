import { define, optional, refine, string, type Struct } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { LIMITS } from './limits.ts';

/**
 * What no text of ours may hold: C0 and C1 control characters (NUL, escape, delete ...) other than the
 * tab and the line breaks a text area sends, and a UTF-16 surrogate without its other half (a broken
 * character: JSON can carry it as `\ud800`, but it is no text). Nobody types them; PostgreSQL refuses
 * them in a stored JSON document (22P05, 22P02), so letting one through would end in a 500.
 */
const UNSAFE_CHARACTERS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds a control character or an unpaired surrogate (see UNSAFE_CHARACTERS). */
export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE_CHARACTERS.test(value);
}

/** A string that is present and not blank once trimmed; anything else fails with `message`. */
export function requiredText(message: string = MESSAGES.required): Struct<string, null> {
  return define<string>('requiredText', (value) => {
    if (typeof value !== 'string' || value.trim().length === 0) return message;
    return !hasUnsafeCharacters(value) || MESSAGES.textCharacters;
  });
}

/** An optional free text: absent, empty or a string. */
export function optionalText(): Struct<string, null> {
  return define<string>('optionalText', (value) => {
    if (value === undefined) return true;
    if (typeof value !== 'string') return MESSAGES.required;
    return !hasUnsafeCharacters(value) || MESSAGES.textCharacters;
  });
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
  if (hasUnsafeCharacters(value)) return MESSAGES.textCharacters;
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
