/**
 * Issue 22 item 7: the limit of failed sign-ins held under concurrency. It looked before the password check
 * and counted after it, so 300 parallel wrong passwords on one account all passed the look and made 135
 * checks before the 429s. Now each try takes its place atomically before the check (api/auth/login-limits.ts):
 * 1,000 concurrent wrong passwords, each from its own address, make exactly as many password checks as the
 * account's limit (RATE_LIMITS.loginFailuresAccount, 100 an hour): 100 answers 401 (each one verify) and the
 * 900 others 429 without one; the account's counter says 100.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { RATE_LIMITS } from '../app.ts';
import { sha256Hex } from '../hash.ts';
import { dbTargets, suiteApp, uniqueEmail } from '../testing/harness.ts';
import { GOOD_PASSWORD, logIn, makeAccount } from './testing.ts';

const TRIES = 1000;

for (const target of dbTargets()) {
  describe(`failed sign-ins under concurrency on ${target}`, () => {
    const now = new Date('2026-07-01T12:10:00.000Z');
    const { testDb, t } = suiteApp(target, { clock: () => now, config: { trustProxy: 1 } });

    test(`${TRIES} concurrent wrong passwords on one account make exactly ${RATE_LIMITS.loginFailuresAccount.limit} password checks`, async () => {
      const limit = RATE_LIMITS.loginFailuresAccount.limit;
      assert.equal(limit, 100);
      const email = uniqueEmail('storm');
      await makeAccount(testDb.db, email, now);
      const answers = await Promise.all(
        Array.from({ length: TRIES }, (_, i) =>
          logIn(t, email, `Wrong-guess-${i}`, { 'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }).then(async ({ res }) => {
            const body = (await res.json()) as { error_messages: string[] };
            return { status: res.status, tooMany: body.error_messages[0] === HTTP_MESSAGES.tooMany };
          }),
        ),
      );
      const checked = answers.filter((answer) => answer.status === 401).length;
      const refused = answers.filter((answer) => answer.status === 429 && answer.tooMany).length;
      assert.deepEqual({ checked, refused }, { checked: limit, refused: TRIES - limit });

      // The account's counter agrees: exactly the limit, nothing counted past it.
      const rows = await testDb.db.query<{ hits: number }>('SELECT COALESCE(SUM(hits), 0)::int AS hits FROM rate_limits WHERE bucket = $1', [
        sha256Hex(`${RATE_LIMITS.loginFailuresAccount.name}\n${email}`),
      ]);
      assert.equal(Number(rows[0]!.hits), limit);

      // The right password now: still the 429 (the account's failures are used up).
      assert.equal((await logIn(t, email, GOOD_PASSWORD)).res.status, 429);
    });

    test('concurrent right passwords give their places back: none is counted as a failure', async () => {
      const email = uniqueEmail('crowd');
      await makeAccount(testDb.db, email, now);
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => logIn(t, email, GOOD_PASSWORD, { 'X-Forwarded-For': `10.200.0.${i + 1}` }).then(({ res }) => res.status)),
      );
      assert.deepEqual(new Set(statuses), new Set([200]));
      const rows = await testDb.db.query<{ hits: number }>('SELECT COALESCE(SUM(hits), 0)::int AS hits FROM rate_limits WHERE bucket = $1', [
        sha256Hex(`${RATE_LIMITS.loginFailuresAccount.name}\n${email}`),
      ]);
      assert.equal(Number(rows[0]!.hits), 0);
    });
  });
}
