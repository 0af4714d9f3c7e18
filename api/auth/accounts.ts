/**
 * The accounts table (migration 006): one row per e-mail address in any letter case. Each function takes a
 * Queryable, so a use case calls it inside its own transaction.
 */
import type { Queryable } from '../db/db.ts';
import type { MailingAddress } from '../../contract/index.ts';

export interface NewAccount {
  /** Trimmed and lower-cased: the unique key. */
  emailLower: string;
  /** argon2id, PHC form (./passwords.ts). */
  passwordHash: string;
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

/** Marks the account confirmed (a second confirmation keeps the first time). False when there is no such account. */
export async function markAccountConfirmed(db: Queryable, accountId: number, now: Date): Promise<boolean> {
  const rows = await db.query(`UPDATE accounts SET confirmed_at = COALESCE(confirmed_at, $2) WHERE id = $1 RETURNING id`, [accountId, now]);
  return rows.length === 1;
}
