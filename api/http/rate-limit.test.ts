import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sha256Hex } from '../hash.ts';
import { dbTargets, suiteDb } from '../testing/harness.ts';
import { hit, peek, type RateLimit } from './rate-limit.ts';

const SECOND = 1000;
/** A window edge: 2026-03-10T15:00:00Z is a whole number of minutes, so a 60-second window starts there. */
const EDGE = new Date('2026-03-10T15:00:00.000Z').getTime();
const at = (ms: number) => new Date(EDGE + ms);

let rules = 0;
/** A rule of its own per test: buckets never meet. */
const rule = (limit: number, windowSeconds: number): RateLimit => ({ name: `test-${++rules}`, limit, windowSeconds });

for (const target of dbTargets()) {
  describe(`sliding-window rate limits on ${target}`, () => {
    const testDb = suiteDb(target);

    test('2x the limit can no longer pass across a window edge', async () => {
      // The case: 10 tries per 15 minutes. A fixed window let 10 through in its last 45 seconds
      // and 10 more in the next window's first 45: 20 tries in 90 seconds.
      const limit = rule(10, 15 * 60);
      const edge = 15 * 60 * SECOND * 4; // a multiple of the window after EDGE: a window edge
      const tries = Array.from({ length: 20 }, (_, i) => edge - 45 * SECOND + i * 4500);
      const passed: number[] = [];
      for (const ms of tries) if ((await hit(testDb.db, limit, 'issue', at(ms))).allowed) passed.push(ms);
      assert.equal(passed.length, 10, `passed at ${passed.map((ms) => (ms - edge) / SECOND).join(', ')} s from the edge`);
      assert.ok(passed.every((ms) => ms < edge), 'the tries after the edge are all refused');

      // The same with bursts: the limit in the last second before the edge, the limit again in the first
      // second after it. The fixed window passed all of them.
      const bursts = rule(10, 60);
      let before = 0;
      let afterEdge = 0;
      for (let i = 0; i < 10; i++) if ((await hit(testDb.db, bursts, 'burst', at(-SECOND + i * 50))).allowed) before += 1;
      for (let i = 0; i < 10; i++) if ((await hit(testDb.db, bursts, 'burst', at(i * 50))).allowed) afterEdge += 1;
      assert.deepEqual([before, afterEdge], [10, 0]);
    });

    test("a client sending at the limit's pace through three windows gets about the limit per window", async () => {
      // One try every 5 s (12 a minute) against 10 a minute: what passes in each window-long span stays
      // near 10 (the counter assumes the previous window's hits were spread evenly, so a span may hold one
      // or two more, never 2x), and the refused tries, not counted, do not starve the client.
      const limit = rule(10, 60);
      const passed: number[] = [];
      for (let ms = 0; ms < 3 * 60 * SECOND; ms += 5 * SECOND) {
        if ((await hit(testDb.db, limit, 'pacer', at(100 * 60 * SECOND + ms))).allowed) passed.push(ms);
      }
      for (let start = 0; start <= 2 * 60 * SECOND; start += SECOND) {
        const inside = passed.filter((ms) => ms >= start && ms < start + 60 * SECOND).length;
        assert.ok(inside <= 12, `${inside} passed in the minute from ${start / SECOND} s: ${passed.map((ms) => ms / SECOND).join(', ')}`);
      }
      assert.ok(passed.length >= 15, `a patient client is not starved: ${passed.length} passed in three minutes`);
    });

    test('a client that waits for Retry-After gets through, and one more window frees the bucket', async () => {
      const limit = rule(5, 60);
      for (let i = 0; i < 5; i++) assert.equal((await hit(testDb.db, limit, 'waiter', at(50 * SECOND + i))).allowed, true);
      const refused = await hit(testDb.db, limit, 'waiter', at(55 * SECOND));
      assert.equal(refused.allowed, false);
      // The refused one is not counted: 5 hits in this window, which the next window must shrink to 4:
      // 5 * (1 - f) <= 4 at f = 1/5, 12 s in, so 5 + 12 = 17 s from now.
      assert.equal(refused.retryAfter, 17);
      assert.equal((await peek(testDb.db, limit, 'waiter', at(55 * SECOND + 16 * SECOND))).allowed, false);
      assert.equal((await hit(testDb.db, limit, 'waiter', at(55 * SECOND + 17 * SECOND))).allowed, true);
      // Two windows later the old rows count for nothing.
      const fresh = await peek(testDb.db, limit, 'waiter', at(180 * SECOND));
      assert.equal(fresh.allowed, true);
      assert.equal(fresh.hits, 0);
    });

    test('peek does not count; it refuses exactly when one more hit would be refused', async () => {
      const limit = rule(3, 60);
      for (let i = 0; i < 2; i++) await hit(testDb.db, limit, 'peeker', at(10 * SECOND));
      for (let i = 0; i < 5; i++) assert.equal((await peek(testDb.db, limit, 'peeker', at(11 * SECOND))).allowed, true);
      assert.equal((await hit(testDb.db, limit, 'peeker', at(12 * SECOND))).allowed, true, 'the third');
      const full = await peek(testDb.db, limit, 'peeker', at(13 * SECOND));
      assert.equal(full.allowed, false);
      assert.equal(full.hits, 3);
      // 3 hits: the next window must shrink them to 2, at a third of it: 47 s left of this one + 20 s.
      assert.equal(full.retryAfter, 67);
      assert.equal((await hit(testDb.db, limit, 'peeker', at(13 * SECOND))).allowed, false, 'a hit agrees');
    });

    test('hits racing each other (two connections on PostgreSQL) never pass more than the limit', async () => {
      const limit = rule(5, 60);
      const other = target === 'postgres' ? await testDb.reopen() : testDb.db;
      try {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => hit(i % 2 ? other : testDb.db, limit, 'racer', at(30 * SECOND))),
        );
        assert.equal(answers.filter((answer) => answer.allowed).length, 5);
      } finally {
        if (other !== testDb.db) await other.close();
      }
    });

    test('clients and rules have buckets of their own, and the table holds no client key', async () => {
      const limit = rule(1, 60);
      assert.equal((await hit(testDb.db, limit, '203.0.113.7', at(0))).allowed, true);
      assert.equal((await hit(testDb.db, limit, '203.0.113.7', at(1))).allowed, false);
      assert.equal((await hit(testDb.db, limit, '203.0.113.8', at(2))).allowed, true);
      assert.equal((await hit(testDb.db, rule(1, 60), '203.0.113.7', at(3))).allowed, true);
      const dump = JSON.stringify(await testDb.db.query('SELECT * FROM rate_limits'));
      assert.ok(!dump.includes('203.0.113'), dump);
    });

    test('rows live two windows, then the next hit sweeps them', async () => {
      const limit = rule(100, 60);
      await hit(testDb.db, limit, 'sweep', at(0));
      const [row] = await testDb.db.query<{ window_start: Date; expires_at: Date }>(
        `SELECT window_start, expires_at FROM rate_limits WHERE bucket = $1`,
        [sha256Hex(`${limit.name}\nsweep`)],
      );
      assert.equal(new Date(row!.window_start).getTime(), at(0).getTime());
      assert.equal(new Date(row!.expires_at).getTime(), at(120 * SECOND).getTime());
      await hit(testDb.db, rule(100, 60), 'other', at(10 * 60 * SECOND));
      const left = await testDb.db.query(`SELECT 1 FROM rate_limits WHERE expires_at < $1`, [at(10 * 60 * SECOND)]);
      assert.equal(left.length, 0);
    });
  });
}
