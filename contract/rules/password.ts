import { define, type Struct } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { LIMITS } from './limits.ts';
import { hasUnsafeCharacters } from './text.ts';

/**
 * The password rule (doc 1 section 5, doc 3 section 5): at least 10 characters, a digit, an upper-case
 * letter, a lower-case letter, a special character from ! @ # $ % ^ & * ) ( + = . _ - (DESIGN.md picks
 * this list over the shorter !@#$%^&* reading), and a matching confirmation. Other characters (spaces,
 * accents, ~) are allowed; they only do not count as the special one. Ours: at most 128 characters,
 * because every password is hashed with a memory-hard function and ASVS asks only that 64 be allowed.
 */
export const PASSWORD_SPECIALS = '!@#$%^&*)(+=._-';

/** The live checklist of the password pages (doc 1 section 4): one flag per line the page ticks. */
export interface PasswordChecklist {
  length: boolean;
  number: boolean;
  upper: boolean;
  lower: boolean;
  special: boolean;
  match: boolean;
}

export function passwordChecklist(password: string, confirmation: string): PasswordChecklist {
  return {
    length: [...password].length >= LIMITS.passwordMin,
    number: /\d/.test(password),
    upper: /\p{Lu}/u.test(password),
    lower: /\p{Ll}/u.test(password),
    special: [...password].some((ch) => PASSWORD_SPECIALS.includes(ch)),
    match: password.length > 0 && password === confirmation,
  };
}

/** The rule without the confirmation: true, or the message of the first unmet requirement. */
export function passwordFailure(password: string): true | string {
  const list = passwordChecklist(password, password);
  if (!list.length) return MESSAGES.passwordLength;
  if ([...password].length > LIMITS.passwordMax) return MESSAGES.passwordTooLong;
  return (list.number && list.upper && list.lower && list.special) || MESSAGES.passwordRule;
}

/** A new password (change, create, sign-up): required and the full rule. */
export const newPassword: Struct<string, null> = define<string>('newPassword', (value) => {
  if (typeof value !== 'string' || value === '') return MESSAGES.required;
  if (hasUnsafeCharacters(value)) return MESSAGES.textCharacters;
  return passwordFailure(value);
});

/**
 * A password being presented, not chosen (login, the current password on change): required, capped, and
 * never held to the rule, because accounts made before a rule change must still sign in.
 */
export const presentedPassword: Struct<string, null> = define<string>('presentedPassword', (value) => {
  if (typeof value !== 'string' || value === '') return MESSAGES.required;
  if (hasUnsafeCharacters(value)) return MESSAGES.textCharacters;
  return [...value].length <= LIMITS.passwordMax || MESSAGES.passwordTooLong;
});

/**
 * The confirmation field inside a form object: equal to the sibling `passwordKey`. Reads the sibling so the
 * mismatch shows on the confirmation field in the same pass as the other errors.
 */
export function passwordConfirmation(passwordKey: string): Struct<string, null> {
  return define<string>('passwordConfirmation', (value, context) => {
    if (typeof value !== 'string' || value === '') return MESSAGES.required;
    const parent = context.branch[context.branch.length - 2] as Record<string, unknown> | undefined;
    return parent?.[passwordKey] === value || MESSAGES.passwordMatch;
  });
}

/**
 * Every refusal of a new password (this rule's, the text rule's, and the API's personal-password check), so a
 * form can show the API's answer at the new-password field rather than above the form.
 */
export const NEW_PASSWORD_REFUSALS: readonly string[] = [
  MESSAGES.passwordPersonal, MESSAGES.passwordLength, MESSAGES.passwordTooLong, MESSAGES.passwordRule, MESSAGES.textCharacters,
];
