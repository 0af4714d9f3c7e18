/**
 * A signed-in account for the tests of the account's routes: an account row for `email` (confirmed unless
 * told otherwise; the account a purchase made for the address, when there is one) and a live session, with
 * the Cookie header a browser would send.
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

const TEST_PASSWORD = 'Tr1cky-Passw0rd!';

export async function signedInAccount(
  db: Queryable,
  email: string,
  now: Date,
  options: { confirmed?: boolean; firstName?: string; lastName?: string; password?: string } = {},
): Promise<SignedIn> {
  const passwordHash = await hashPassword(options.password ?? TEST_PASSWORD);
  const accountId = await insertAccount(
    db,
    {
      emailLower: email.trim().toLowerCase(),
      passwordHash,
      policyAddress: null,
      firstName: options.firstName ?? null,
      lastName: options.lastName ?? null,
    },
    now,
  );
  // The purchase makes the address's account (api/auth/policy-account.ts): take that one over as told.
  const id =
    accountId ??
    (
      await db.query<{ id: number }>(
        `UPDATE accounts SET password_hash = $2, first_name = COALESCE($3, first_name), last_name = COALESCE($4, last_name)
         WHERE email_lower = $1 RETURNING id::int AS id`,
        [email.trim().toLowerCase(), passwordHash, options.firstName ?? null, options.lastName ?? null],
      )
    )[0]?.id;
  if (id === undefined) throw new Error(`no account for ${email}`);
  await db.query('UPDATE accounts SET confirmed_at = $2 WHERE id = $1', [id, options.confirmed === false ? null : now]);
  const sessionId = await createSession(db, id, now);
  return { accountId: id, sessionId, cookie: { Cookie: `${SESSION_COOKIE_HEADER_NAME}=${sessionId}` } };
}

