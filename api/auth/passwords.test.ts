import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword, needsRehash, PASSWORD_HASH_PREFIX, verifyPassword, verifyPasswordOrDummy } from './passwords.ts';

test('a password is hashed with argon2id, 19 MiB, 2 passes, 1 lane, with a fresh salt each time', async () => {
  const first = await hashPassword('Porsche911!');
  const second = await hashPassword('Porsche911!');
  assert.ok(first.startsWith('$argon2id$v=19$m=19456,t=2,p=1$'), first);
  assert.equal(PASSWORD_HASH_PREFIX, '$argon2id$v=19$m=19456,t=2,p=1$');
  assert.ok(!first.includes('Porsche911!'));
  assert.notEqual(first, second, 'each hash has its own salt');
  assert.equal(needsRehash(first), false);
});

test('verify accepts the password and refuses any other, a malformed hash included', async () => {
  const stored = await hashPassword('Porsche911!');
  assert.equal(await verifyPassword(stored, 'Porsche911!'), true);
  assert.equal(await verifyPassword(stored, 'porsche911!'), false);
  assert.equal(await verifyPassword(stored, 'Porsche911! '), false);
  assert.equal(await verifyPassword(stored, ''), false);
  assert.equal(await verifyPassword('not a hash', 'Porsche911!'), false);
});

test('a password with characters beyond ASCII hashes and verifies as typed', async () => {
  const stored = await hashPassword('Zoë-Müller 9!');
  assert.equal(await verifyPassword(stored, 'Zoë-Müller 9!'), true);
  assert.equal(await verifyPassword(stored, 'Zoe-Muller 9!'), false);
});

test('without an account the verify still runs against a dummy hash and says no', async () => {
  const stored = await hashPassword('Porsche911!');
  assert.equal(await verifyPasswordOrDummy(stored, 'Porsche911!'), true);
  assert.equal(await verifyPasswordOrDummy(stored, 'Wrong-pass1'), false);
  assert.equal(await verifyPasswordOrDummy(null, 'Porsche911!'), false);

  // Same work either way. A skipped verify would answer in well under a millisecond. A busy machine only
  // ever makes a run slower, so the fastest of seven interleaved runs of each is the work itself.
  const runs = { withAccount: [] as number[], without: [] as number[] };
  for (let i = 0; i < 7; i++) {
    for (const [key, hash] of [['withAccount', stored], ['without', null]] as const) {
      const started = performance.now();
      await verifyPasswordOrDummy(hash, 'Porsche911!');
      runs[key].push(performance.now() - started);
    }
  }
  const [withAccount, without] = [Math.min(...runs.withAccount), Math.min(...runs.without)];
  assert.ok(without > withAccount / 3 && without < withAccount * 3, `account ${withAccount} ms, none ${without} ms`);
});

test('a hash made with weaker parameters asks to be renewed', () => {
  assert.equal(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c29tZXNhbHRzb21lc2FsdA$u1c3LgvRkCmOa1jBHqBEdnP7y9bZJvYgHi9lJKOXmqU'), true);
  assert.equal(needsRehash('garbage'), true);
});
