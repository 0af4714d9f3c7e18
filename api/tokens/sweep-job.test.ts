/** The daily token sweep (issue 22 item 11): expired and spent tokens leave the table once a day, under the job's lease. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { takeLease } from '../jobs/lease.ts';
import { dbTargets, suiteDb } from '../testing/harness.ts';
import { hashToken, issueToken, redeemToken } from './tokens.ts';
import { runTokenSweepJob, TOKEN_SWEEP_JOB } from './sweep-job.ts';

const NOW = new Date('2026-03-10T15:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

for (const target of dbTargets()) {
  describe(`the token sweep job on ${target}`, () => {
    const testDb = suiteDb(target);
    const exists = async (token: string) => (await testDb.db.query('SELECT 1 FROM tokens WHERE token_hash = $1', [hashToken(token)])).length === 1;

    test('removes expired and spent tokens once a day under the lease, keeps live ones', async () => {
      let now = NOW;
      const deps = { db: testDb.db, clock: () => now };
      const expired = await issueToken(testDb.db, 'magic-link', at(-DAY));
      const spent = await issueToken(testDb.db, 'password-reset', at(-60_000));
      assert.ok(await redeemToken(testDb.db, 'password-reset', spent, at(-30_000)));
      const live = await issueToken(testDb.db, 'documents', NOW);

      // another replica holds today's lease: this one does nothing
      assert.equal(await takeLease(testDb.db, { name: TOKEN_SWEEP_JOB, holder: 'other', now, leaseMs: 60_000, day: null }), true);
      assert.equal(await runTokenSweepJob(deps, 'me'), null);
      assert.equal(await exists(expired), true);

      now = at(2 * 60_000);
      const first = await runTokenSweepJob(deps, 'me');
      assert.ok(first !== null && first.removed >= 2, JSON.stringify(first));
      assert.equal(await exists(expired), false, 'the expired link is gone');
      assert.equal(await exists(spent), false, 'the spent link is gone');
      assert.equal(await exists(live), true, 'the live link stays');

      const later = await issueToken(testDb.db, 'magic-link', at(-DAY));
      now = at(60 * 60_000);
      assert.equal(await runTokenSweepJob(deps, 'other'), null, 'once a day, whichever replica asks');
      assert.equal(await exists(later), true);
      now = at(DAY);
      assert.ok((await runTokenSweepJob(deps, 'other'))!.removed >= 1, 'the next day sweeps again');
      assert.equal(await exists(later), false);
    });
  });
}
