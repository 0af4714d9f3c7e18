/**
 * The accounts table (migrations 006 and 009): one row per e-mail address in any letter case. Each function
 * takes a Queryable, so a use case calls it inside its own transaction.
 *
 * Two ways in: sign-up (no password: the e-mailed link leads to the create-password page) and a bought
 * policy (no password until its buyer chooses one on the thank-you page with the purchase token, or from an
 * e-mailed link). An account is confirmed
 * once someone has shown they read its mailbox: the confirmation, magic, reset or setup link.
 */
import type { Queryable } from '../db/db.ts';
import type { MailingAddress } from '../../contract/index.ts';

export interface NewAccount {
  /** Trimmed and lower-cased: the unique key. */
  emailLower: string;
  /** argon2id, PHC form (./passwords.ts); null for an account a bought policy made. */
  passwordHash: string | null;
  policyAddress: MailingAddress | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Creates the account and returns its id, or null when the address already has one. The unique index
 * decides, in the statement itself: two sign-ups of one address racing each other make one account.
 */
export async function insertAccount(db: Queryable, account: NewAccount, now: Date): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO accounts (email_lower, password_hash, first_name, last_name, policy_address, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (email_lower) DO NOTHING
     RETURNING id::int AS id`,
    [
      account.emailLower,
      account.passwordHash,
      account.firstName ?? null,
      account.lastName ?? null,
      account.policyAddress === null ? null : JSON.stringify(account.policyAddress),
      now,
    ],
  );
  return rows[0]?.id ?? null;
}

/** What a sign-in needs of an account. */
export interface AccountCredentials {
  id: number;
  emailLower: string;
  /** null: no password yet (an account a bought policy made); it cannot sign in with one. */
  passwordHash: string | null;
  confirmed: boolean;
}

interface CredentialsRow {
  id: number;
  email_lower: string;
  password_hash: string | null;
  confirmed_at: Date | null;
}

const credentials = (row: CredentialsRow | undefined): AccountCredentials | null =>
  row ? { id: row.id, emailLower: row.email_lower, passwordHash: row.password_hash, confirmed: row.confirmed_at !== null } : null;

/** The account of an e-mail address (trimmed and lower-cased by the caller), or null. */
export async function credentialsByEmail(db: Queryable, emailLower: string): Promise<AccountCredentials | null> {
  const rows = await db.query<CredentialsRow>(
    `SELECT id::int AS id, email_lower, password_hash, confirmed_at FROM accounts WHERE email_lower = $1`,
    [emailLower],
  );
  return credentials(rows[0]);
}

export async function credentialsById(db: Queryable, accountId: number): Promise<AccountCredentials | null> {
  const rows = await db.query<CredentialsRow>(
    `SELECT id::int AS id, email_lower, password_hash, confirmed_at FROM accounts WHERE id = $1`,
    [accountId],
  );
  return credentials(rows[0]);
}

/** The account's address, names and whether its mailbox is confirmed (what the account area shows). */
export async function accountProfileById(
  db: Queryable,
  accountId: number,
): Promise<{ id: number; emailLower: string; firstName: string | null; lastName: string | null; confirmed: boolean } | null> {
  const rows = await db.query<{ id: number; email_lower: string; first_name: string | null; last_name: string | null; confirmed_at: Date | null }>(
    `SELECT id::int AS id, email_lower, first_name, last_name, confirmed_at FROM accounts WHERE id = $1`,
    [accountId],
  );
  const row = rows[0];
  return row ? { id: row.id, emailLower: row.email_lower, firstName: row.first_name, lastName: row.last_name, confirmed: row.confirmed_at !== null } : null;
}

/** Replaces the hash of an unchanged password (made with older parameters) after a good sign-in. */
export async function renewPasswordHash(db: Queryable, accountId: number, oldHash: string, newHash: string): Promise<void> {
  await db.query(`UPDATE accounts SET password_hash = $3 WHERE id = $1 AND password_hash = $2`, [accountId, oldHash, newHash]);
}

/**
 * Sets a new password. `confirm`: the person came through an e-mailed link (reset or setup), which proves
 * the mailbox, so the account is confirmed too.
 */
export async function setPassword(db: Queryable, accountId: number, passwordHash: string, now: Date, confirm: boolean): Promise<void> {
  await db.query(
    `UPDATE accounts SET password_hash = $2, password_changed_at = $3,
            confirmed_at = CASE WHEN $4::boolean THEN COALESCE(confirmed_at, $3) ELSE confirmed_at END
     WHERE id = $1`,
    [accountId, passwordHash, now, confirm],
  );
}

/**
 * Confirms the account because someone signed in through its e-mailed sign-in link. When the account was
 * not confirmed yet, a password set before (at sign-up) is dropped: the link proves who reads the mailbox,
 * not who chose that password, and keeping it would let a person who signed up with someone else's address
 * sign in as them once they use a link (account pre-hijacking). The owner sets a password of their own
 * through Forgot Password.
 */
export async function confirmByMailbox(db: Queryable, accountId: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE accounts SET confirmed_at = $2, password_hash = NULL WHERE id = $1 AND confirmed_at IS NULL`,
    [accountId, now],
  );
}

/**
 * The first password of an account a bought policy made, chosen on the purchase's thank-you page by the
 * person holding its purchase token (./signup.ts): it takes effect at once, and the account counts as
 * confirmed (the purchase e-mail went to this address). Only while the account has no password and nobody
 * has confirmed it: a password somebody chose, or a mailbox somebody proved, is never replaced this way.
 * Returns the account's id, or null when the address has no such account.
 */
export async function setFirstPassword(db: Queryable, emailLower: string, passwordHash: string, now: Date): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `UPDATE accounts SET password_hash = $2, password_changed_at = $3, confirmed_at = $3
     WHERE email_lower = $1 AND password_hash IS NULL AND confirmed_at IS NULL
     RETURNING id::int AS id`,
    [emailLower, passwordHash, now],
  );
  return rows[0]?.id ?? null;
}
