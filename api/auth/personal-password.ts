/**
 * Doc 1's create-password page says the password should not contain parts of the name or e-mail; the API
 * holds every new password to it (MESSAGES.passwordPersonal), on every page that sets one. A name or an
 * address is the first thing someone who knows the person tries.
 *
 * What counts: the account's first and last name (and the named insured's, for an account whose name is
 * not known yet) and the e-mail's local part, each whole when 3 characters or more, and each run of 3
 * letters or more in them ('Mary Ann', 'Smith-Jones', 'jane.doe+ppm'). Any letter case. Shorter runs ('Al',
 * the '42' of 'al42') are left out: they would refuse half the passwords there are.
 */
import type { Queryable } from '../db/db.ts';
import { insuredOwnersOfEmail } from '../policies/records.ts';

export interface PersonalDetails {
  firstNames: readonly string[];
  lastNames: readonly string[];
  emailLower: string;
}

const MIN_LENGTH = 3;

/** The words a password must not contain, lower-cased. */
export function personalWords(details: PersonalDetails): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    const whole = text.trim().toLowerCase();
    for (const word of [whole, ...whole.split(/[^\p{L}]+/u)]) if ([...word].length >= MIN_LENGTH) words.add(word);
  };
  for (const name of [...details.firstNames, ...details.lastNames]) add(name);
  add(details.emailLower.split('@')[0] ?? '');
  return [...words];
}

/** True when the password contains one of the person's names or their e-mail's name, in any letter case. */
export function isPersonalPassword(password: string, details: PersonalDetails): boolean {
  const lower = password.toLowerCase();
  return personalWords(details).some((word) => lower.includes(word));
}

/**
 * The account's details for the check: its own names, and the names of the INSURED owner of the policies
 * bought with its address (an account made at sign-up knows no name of its own).
 */
export async function personalDetailsOf(db: Queryable, accountId: number): Promise<PersonalDetails | null> {
  const rows = await db.query<{ email_lower: string; first_name: string | null; last_name: string | null }>(
    `SELECT a.email_lower, a.first_name, a.last_name FROM accounts a WHERE a.id = $1`,
    [accountId],
  );
  const row = rows[0];
  if (!row) return null;
  const insured = await insuredOwnersOfEmail(db, row.email_lower);
  const names = (own: string | null, key: 'firstName' | 'lastName') =>
    [own ?? '', ...insured.map((owner) => owner[key] ?? '')].filter((name) => name.trim() !== '');
  return { firstNames: names(row.first_name, 'firstName'), lastNames: names(row.last_name, 'lastName'), emailLower: row.email_lower };
}
