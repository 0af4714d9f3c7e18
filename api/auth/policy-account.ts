/**
 * Accounts from bought policies (issue 9: "accounts come from sign-up on the thank-you page and from bound
 * policies"). At bind, inside the bind's own transaction, the policy's e-mail address gets an account if it
 * has none: no password, the named insured's first and last name, not confirmed (nobody has shown they read
 * the mailbox yet). The purchase e-mail then carries a single-use link to create its password (7 days,
 * 'account-setup'); creating it confirms the account (./password-reset.ts).
 *
 * An address that already has an account keeps it: its missing names are filled from the insured, and it
 * gets a fresh setup link only while it still has no password. The buyer may instead choose the password on
 * the thank-you page, proved by the purchase token (./signup.ts, accounts.ts setFirstPassword).
 */
import type { Queryable } from '../db/db.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { insertAccount } from './accounts.ts';

export interface PolicyHolder {
  /** The policy's e-mail address, trimmed and lower-cased. */
  emailLower: string;
  firstName: string;
  lastName: string;
}

/** What the purchase e-mail says about the account: the setup link, or where to sign in. */
export type PolicyAccountLink = { kind: 'create-password'; url: string } | { kind: 'sign-in'; url: string };

/** The account of the policy's address, and whether it still needs its setup link (it has no password). */
export interface PolicyAccount {
  accountId: number;
  needsPassword: boolean;
}

/**
 * The account made or kept for the holder; its setup link is the caller's to issue (an 'account-setup'
 * token for `accountId`, with the purchase's other links) and to give with policyAccountLink.
 */
export async function ensurePolicyAccount(tx: Queryable, holder: PolicyHolder, now: Date): Promise<PolicyAccount> {
  const firstName = holder.firstName.trim() || null;
  const lastName = holder.lastName.trim() || null;
  let accountId = await insertAccount(tx, { emailLower: holder.emailLower, passwordHash: null, policyAddress: null, firstName, lastName }, now);
  let needsPassword = true;
  if (accountId === null) {
    const rows = await tx.query<{ id: number; no_password: boolean }>(
      `UPDATE accounts SET first_name = COALESCE(NULLIF(first_name, ''), $2), last_name = COALESCE(NULLIF(last_name, ''), $3)
       WHERE email_lower = $1 RETURNING id::int AS id, password_hash IS NULL AS no_password`,
      [holder.emailLower, firstName, lastName],
    );
    accountId = rows[0]!.id;
    needsPassword = rows[0]!.no_password;
  }
  return { accountId, needsPassword };
}

/** The link the purchase e-mail gives: to create the password with the setup token, or (none needed) to sign in. */
export function policyAccountLink(publicOrigin: string, setupToken: string | null): PolicyAccountLink {
  return setupToken === null
    ? { kind: 'sign-in', url: pageUrl(publicOrigin, PAGES.logIn) }
    : { kind: 'create-password', url: pageUrl(publicOrigin, PAGES.createPassword, { token: setupToken }) };
}
