/**
 * Sign-in sessions, in the database (migration 009; DESIGN.md: the API keeps no state in memory, so any
 * replica serves any request). OWASP ASVS 5.0 level 2, chapter 7:
 *
 * - the id is 256 bits from the CSPRNG (api/tokens/tokens.ts's newToken); only its SHA-256 is stored;
 * - a NEW id at every sign-in (no session fixation: an id planted before sign-in is never promoted);
 * - destroyed on the server at logout, not only forgotten by the browser;
 * - an idle timeout (IDLE_MS without a request) and an absolute one (ABSOLUTE_MS after sign-in);
 * - a password change ends every other session of the account.
 *
 * Each function takes a Queryable, so a use case (sign-in, password change) runs it in its own transaction.
 */
import type { Queryable } from '../db/db.ts';
import { hashToken, newToken } from '../tokens/tokens.ts';

const MINUTE = 60_000;

/** ASVS 7.3.1 / NIST 800-63B AAL1-2 reauthentication: 30 minutes idle. */
export const IDLE_MS = 30 * MINUTE;
/** ASVS 7.3.2: at most 12 hours after sign-in, whatever the activity. */
export const ABSOLUTE_MS = 12 * 60 * MINUTE;
/** last_seen_at is written at most this often: a page's burst of calls costs one write, not one each. */
const TOUCH_EVERY_MS = MINUTE;

export interface Session {
  /** SHA-256 of the cookie's id: names the session without being able to open it. */
  idHash: string;
  accountId: number;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Starts a session for the account and returns its id in clear (the cookie's value): the only time it exists.
 * The same statement drops the sessions past either timeout (a browser closed without logging out never
 * comes back to end its own), so the table stays the size of the live sessions, as rate_limits does.
 */
export async function createSession(db: Queryable, accountId: number, now: Date): Promise<string> {
  const id = newToken();
  await db.query(
    `WITH dead AS (DELETE FROM sessions WHERE expires_at <= $3 OR last_seen_at <= $5)
     INSERT INTO sessions (id_hash, account_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)`,
    [hashToken(id), accountId, now, new Date(now.getTime() + ABSOLUTE_MS), new Date(now.getTime() - IDLE_MS)],
  );
  return id;
}

/**
 * The live session of a cookie's id, or null (unknown, idle too long, past its absolute end). A live
 * session's last_seen_at moves to `now` (at most once a minute), which keeps it alive; a dead one is deleted.
 */
export async function readSession(db: Queryable, id: string, now: Date): Promise<Session | null> {
  const idHash = hashToken(id);
  const rows = await db.query<{ account_id: number; created_at: Date; last_seen_at: Date; expires_at: Date }>(
    `SELECT account_id::int AS account_id, created_at, last_seen_at, expires_at FROM sessions WHERE id_hash = $1`,
    [idHash],
  );
  const row = rows[0];
  if (!row) return null;
  const lastSeen = new Date(row.last_seen_at).getTime();
  const expiresAt = new Date(row.expires_at);
  if (now.getTime() >= expiresAt.getTime() || now.getTime() - lastSeen >= IDLE_MS) {
    await db.query(`DELETE FROM sessions WHERE id_hash = $1`, [idHash]);
    return null;
  }
  if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
    await db.query(`UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1`, [idHash, now]);
  }
  return { idHash, accountId: row.account_id, createdAt: new Date(row.created_at), expiresAt };
}

/** Ends one session (logout). Unknown ids are fine: logging out twice is not an error. */
export async function destroySession(db: Queryable, id: string): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE id_hash = $1`, [hashToken(id)]);
}

/** Ends every session of the account but `keepIdHash` (the one that changed the password), or all of them. */
export async function destroyAccountSessions(db: Queryable, accountId: number, keepIdHash: string | null = null): Promise<number> {
  const rows = await db.query(
    `DELETE FROM sessions WHERE account_id = $1 AND ($2::text IS NULL OR id_hash <> $2) RETURNING id_hash`,
    [accountId, keepIdHash],
  );
  return rows.length;
}
