import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { check, token as tokenRule } from '../../contract/index.ts';
import { dbTargets, suiteDb } from '../testing/harness.ts';
import { hashToken, issueToken, newToken, readToken, redeemToken, revokeTokens, sweepTokens, TOKEN_PURPOSES } from './tokens.ts';

const NOW = new Date('2026-03-10T15:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('token values', () => {
  test('256 bits in hex, accepted by the contract token rule, stored as their SHA-256', () => {
    const value = newToken();
    assert.match(value, /^[0-9a-f]{64}$/);
    assert.ok(check(value, tokenRule).ok);
    assert.notEqual(newToken(), value);
    assert.equal(hashToken(value), createHash('sha256').update(value).digest('hex'));
  });
});

for (const target of dbTargets()) {
  describe(`tokens on ${target}`, () => {
    const testDb = suiteDb(target);

    test('only the hash is stored, with the purpose and an expiry from the purpose', async () => {
      const value = await issueToken(testDb.db, 'handover', NOW, { payload: { step: 6 } });
      const rows = await testDb.db.query<{ token_hash: string; purpose: string; expires_at: Date }>(
        'SELECT token_hash, purpose, expires_at FROM tokens WHERE token_hash = $1',
        [hashToken(value)],
      );
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.purpose, 'handover');
      assert.equal(rows[0]!.expires_at.getTime(), NOW.getTime() + TOKEN_PURPOSES.handover.ttlMs);
      const anywhere = await testDb.db.query('SELECT 1 FROM tokens WHERE token_hash = $1 OR payload::text LIKE $2', [value, `%${value}%`]);
      assert.equal(anywhere.length, 0, 'the clear token is nowhere in the table');
    });

    test('a single-use token opens once, and its payload is erased when spent', async () => {
      const value = await issueToken(testDb.db, 'handover', NOW, { subjectId: 42, payload: { answers: 'private' } });
      assert.deepEqual(await redeemToken(testDb.db, 'handover', value, later(1000)), { subjectId: 42, payload: { answers: 'private' } });
      assert.equal(await redeemToken(testDb.db, 'handover', value, later(2000)), null);
      const rows = await testDb.db.query<{ payload: unknown; used_at: Date }>('SELECT payload, used_at FROM tokens WHERE token_hash = $1', [hashToken(value)]);
      assert.equal(rows[0]!.payload, null);
      assert.equal(rows[0]!.used_at.getTime(), later(1000).getTime());
    });

    test('bound to its purpose: a quote link is not a hand-over', async () => {
      const value = await issueToken(testDb.db, 'quote-link', NOW, { subjectId: 7 });
      assert.equal(await redeemToken(testDb.db, 'handover', value, NOW), null);
      assert.equal(await readToken(testDb.db, 'account-confirmation', value, NOW), null);
      assert.deepEqual(await redeemToken(testDb.db, 'quote-link', value, NOW), { subjectId: 7, payload: null });
    });

    test('expired is the same miss as unknown, and an expired token is not spent', async () => {
      const value = await issueToken(testDb.db, 'handover', NOW);
      const past = later(TOKEN_PURPOSES.handover.ttlMs);
      assert.equal(await redeemToken(testDb.db, 'handover', value, past), null);
      assert.equal(await redeemToken(testDb.db, 'handover', newToken(), NOW), null);
      assert.deepEqual(await redeemToken(testDb.db, 'handover', value, later(TOKEN_PURPOSES.handover.ttlMs - 1)), { subjectId: null, payload: null });
    });

    test('two spends at the same moment: exactly one wins', async () => {
      const value = await issueToken(testDb.db, 'quote-link', NOW, { subjectId: 9 });
      const other = target === 'postgres' ? await testDb.reopen() : testDb.db;
      try {
        const results = await Promise.all([
          redeemToken(testDb.db, 'quote-link', value, NOW),
          redeemToken(other, 'quote-link', value, NOW),
          redeemToken(testDb.db, 'quote-link', value, NOW),
        ]);
        assert.equal(results.filter((result) => result !== null).length, 1);
      } finally {
        if (other !== testDb.db) await other.close();
      }
    });

    test('readToken opens until expiry without spending; revoke ends every live token of a subject', async () => {
      const value = await issueToken(testDb.db, 'account-confirmation', NOW, { subjectId: 5 });
      assert.deepEqual(await readToken(testDb.db, 'account-confirmation', value, NOW), { subjectId: 5, payload: null });
      assert.deepEqual(await readToken(testDb.db, 'account-confirmation', value, later(1)), { subjectId: 5, payload: null });
      await revokeTokens(testDb.db, 'account-confirmation', 5, later(2));
      assert.equal(await readToken(testDb.db, 'account-confirmation', value, later(3)), null);
    });

    test("the account's links: sign-in and reset live 10 minutes, setup 7 days, each spent once and only as itself", async () => {
      assert.deepEqual(
        (['magic-link', 'password-reset', 'account-setup'] as const).map((purpose) => [purpose, TOKEN_PURPOSES[purpose].ttlMs, TOKEN_PURPOSES[purpose].singleUse]),
        [['magic-link', 10 * 60_000, true], ['password-reset', 10 * 60_000, true], ['account-setup', 7 * 86_400_000, true]],
      );
      const magic = await issueToken(testDb.db, 'magic-link', NOW, { subjectId: 3, payload: { returnPath: '/account/' } });
      assert.equal(await redeemToken(testDb.db, 'password-reset', magic, NOW), null, 'a sign-in link is no reset link');
      assert.equal(await redeemToken(testDb.db, 'magic-link', magic, later(10 * 60_000)), null, 'gone at 10 minutes');
      assert.deepEqual(await redeemToken(testDb.db, 'magic-link', magic, later(10 * 60_000 - 1)), { subjectId: 3, payload: { returnPath: '/account/' } });
      assert.equal(await redeemToken(testDb.db, 'magic-link', magic, later(1)), null, 'once');
    });

    test('the sweep removes spent and expired tokens and keeps live ones', async () => {
      const live = await issueToken(testDb.db, 'quote-link', later(60 * 86_400_000));
      const swept = await sweepTokens(testDb.db, later(30 * 86_400_000));
      assert.ok(swept >= 1);
      assert.deepEqual(await readToken(testDb.db, 'quote-link', live, later(60 * 86_400_000)), { subjectId: null, payload: null });
    });
  });
}
