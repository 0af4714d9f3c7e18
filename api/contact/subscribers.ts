import type { Queryable } from '../db/db.ts';
import type { SubscribeRequest } from '../../contract/index.ts';

/**
 * Stores an availability sign-up. Returns false when the address (in any letter case) is already on the
 * list: the unique index on lower(email) decides, so two sign-ups racing each other cannot both win.
 */
export async function addSubscriber(db: Queryable, request: SubscribeRequest, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO subscribers (email, first_name, last_name, state, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING id`,
    [
      request.userEmailAddress.trim(),
      request.userFirstName.trim(),
      request.userLastName.trim(),
      request.userState,
      now,
    ],
  );
  return rows.length === 1;
}
