/**
 * A signed-in account for the tests of the account's routes: an account row for `email` (confirmed unless
 * told otherwise) and a live session, with the Cookie header a browser would send.
 */
import { insertAccount } from '../auth/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createSession } from '../auth/sessions.ts';
import { SESSION_COOKIE_HEADER_NAME } from '../auth/session-guard.ts';
import type { Queryable } from '../db/db.ts';

export interface SignedIn {
  accountId: number;
  sessionId: string;
  /** `{ Cookie: '__Host-ppm_session=...' }` */
  cookie: Record<string, string>;
}

export const TEST_PASSWORD = 'Tr1cky-Passw0rd!';

export async function signedInAccount(
  db: Queryable,
  email: string,
  now: Date,
  options: { confirmed?: boolean; firstName?: string; lastName?: string; password?: string } = {},
): Promise<SignedIn> {
  const accountId = await insertAccount(
    db,
    {
      emailLower: email.trim().toLowerCase(),
      passwordHash: await hashPassword(options.password ?? TEST_PASSWORD),
      policyAddress: null,
      firstName: options.firstName ?? null,
      lastName: options.lastName ?? null,
    },
    now,
  );
  if (accountId === null) throw new Error(`an account for ${email} exists already`);
  if (options.confirmed !== false) await db.query('UPDATE accounts SET confirmed_at = $2 WHERE id = $1', [accountId, now]);
  const sessionId = await createSession(db, accountId, now);
  return { accountId, sessionId, cookie: { Cookie: `${SESSION_COOKIE_HEADER_NAME}=${sessionId}` } };
}
