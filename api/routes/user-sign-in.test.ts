/**
 * Sign-in and sessions (issue 9): POST /api/user/login_with_password, login_with_magic_link,
 * login_with_token, GET retrieve_session, POST clear_session. The security properties (limits, timing,
 * fixation, cookie attributes, origins, timeouts) have their own file, user-security.test.ts.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hash } from '@node-rs/argon2';
import { BRAND, MESSAGES } from '../../contract/index.ts';
import { PASSWORD_HASH_PREFIX, verifyPassword } from '../auth/passwords.ts';
import {
  GOOD_PASSWORD, htmlOf, logIn, mailsTo, makeAccount, newClient, sessionCookieSet, textOf, tokenIn, withSession,
} from '../auth/testing.ts';
import { hashToken, TOKEN_PURPOSES } from '../tokens/tokens.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { dbTargets, postJson, PUBLIC_ORIGIN, suiteApp, testApp, uniqueEmail } from '../testing/harness.ts';

for (const target of dbTargets()) {
  describe(`sign-in and sessions on ${target}`, () => {
    let now = new Date('2026-07-01T12:00:00.000Z');
    const { testDb, t } = suiteApp(target, { clock: () => now, config: { trustProxy: 1 } });

    const post = (path: string, body: unknown, headers: Record<string, string> = newClient()) => t.app.request(...postJson(path, body, headers));
    const retrieve = (sessionId: string | null) =>
      t.app.request('http://localhost:4321/api/user/retrieve_session', { headers: sessionId ? withSession(sessionId) : {} });
    const account = async (email: string) =>
      (
        await testDb.db.query<{ id: number; password_hash: string | null; confirmed: boolean }>(
          `SELECT id::int AS id, password_hash, confirmed_at IS NOT NULL AS confirmed FROM accounts WHERE email_lower = lower($1)`,
          [email],
        )
      )[0];

    test('the right password starts a session: its cookie, and user and policies, never cached', async () => {
      const email = uniqueEmail('Login');
      await makeAccount(testDb.db, email, now, { firstName: 'Ann', lastName: 'Example' });
      const { res, sessionId } = await logIn(t, email.toUpperCase(), GOOD_PASSWORD);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await res.json(), { user: { firstName: 'Ann', lastName: 'Example', emailAddress: email.toLowerCase() }, policies: [] });
      assert.match(sessionId!, /^[0-9a-f]{64}$/);
      const stored = await testDb.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions WHERE account_id = $1', [(await account(email))!.id]);
      assert.deepEqual(stored.map((row) => row.id_hash), [hashToken(sessionId!)], 'only the hash of the id is stored');

      const again = await retrieve(sessionId);
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await again.json(), { user: { firstName: 'Ann', lastName: 'Example', emailAddress: email.toLowerCase() }, policies: [] });
    });

    test('every sign-in is a new session; the earlier one of another browser stays', async () => {
      const email = uniqueEmail('twice');
      await makeAccount(testDb.db, email, now);
      const first = await logIn(t, email, GOOD_PASSWORD);
      const second = await logIn(t, email, GOOD_PASSWORD);
      assert.ok(first.sessionId && second.sessionId && first.sessionId !== second.sessionId);
      assert.equal((await retrieve(first.sessionId)).status, 200);
      assert.equal((await retrieve(second.sessionId)).status, 200);
    });

    test('an unknown address, a wrong password and an account without a password get one and the same 401', async () => {
      const email = uniqueEmail('known');
      await makeAccount(testDb.db, email, now);
      const noPassword = uniqueEmail('bought');
      await makeAccount(testDb.db, noPassword, now, { password: null });
      const answers = [
        await logIn(t, uniqueEmail('nobody'), GOOD_PASSWORD),
        await logIn(t, email, `${GOOD_PASSWORD}x`),
        await logIn(t, noPassword, GOOD_PASSWORD),
        await logIn(t, noPassword, ''.padEnd(12, 'x')),
      ];
      const shapes = await Promise.all(
        answers.map(async ({ res, sessionId }) => ({
          status: res.status,
          body: await res.text(),
          cacheControl: res.headers.get('cache-control'),
          setCookie: res.headers.getSetCookie().length,
          sessionId,
        })),
      );
      for (const shape of shapes) {
        assert.deepEqual(shape, { status: 401, body: JSON.stringify({ error_messages: [MESSAGES.loginFailed] }), cacheControl: 'no-store', setCookie: 0, sessionId: null });
      }
    });

    test('the right password of an account not confirmed yet: 401 asking to confirm; a wrong one: the usual 401', async () => {
      const email = uniqueEmail('unconfirmed');
      await makeAccount(testDb.db, email, now, { confirmed: false });
      const right = await logIn(t, email, GOOD_PASSWORD);
      assert.equal(right.res.status, 401);
      assert.deepEqual(await right.res.json(), { error_messages: [MESSAGES.loginUnconfirmed] });
      assert.equal(right.sessionId, null);
      const wrong = await logIn(t, email, 'Wrong-password-1');
      assert.deepEqual(await wrong.res.json(), { error_messages: [MESSAGES.loginFailed] });
    });

    test('a hash made with older parameters is renewed at the next good sign-in', async () => {
      const email = uniqueEmail('rehash');
      const id = await makeAccount(testDb.db, email, now);
      const weak = await hash(GOOD_PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 3, parallelism: 1 });
      await testDb.db.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [id, weak]);
      assert.equal((await logIn(t, email, GOOD_PASSWORD)).res.status, 200);
      const renewed = (await account(email))!.password_hash!;
      assert.ok(renewed.startsWith(PASSWORD_HASH_PREFIX), renewed);
      assert.equal(await verifyPassword(renewed, GOOD_PASSWORD), true);
    });

    test('a malformed sign-in is a 400 with the rule\'s message and counts as no attempt', async () => {
      const res = await post('/api/user/login_with_password', { accountIdentifier: 'not-an-address', password: GOOD_PASSWORD });
      assert.equal(res.status, 400);
      assert.deepEqual(((await res.json()) as { error_messages: string[] }).error_messages, [MESSAGES.email]);
      const extra = await post('/api/user/login_with_password', { accountIdentifier: uniqueEmail(), password: 'x', admin: true });
      assert.equal(extra.status, 400);
    });

    test('retrieve_session without a session, or with an unknown or ended one, is a 401 that clears the cookie', async () => {
      const none = await retrieve(null);
      assert.equal(none.status, 401);
      assert.deepEqual(await none.json(), { error_messages: [MESSAGES.signInRequired] });
      const unknown = await retrieve('ab'.repeat(32));
      assert.equal(unknown.status, 401);
      assert.match(sessionCookieSet(unknown)!.header, /Max-Age=0/);
      const malformed = await t.app.request('http://localhost:4321/api/user/retrieve_session', { headers: { Cookie: '__Host-ppm_session=<script>' } });
      assert.equal(malformed.status, 401);
      const badQuery = await t.app.request('http://localhost:4321/api/user/retrieve_session?accountIdentifier=nope', { headers: {} });
      assert.equal(badQuery.status, 401, 'the session guard answers first');
    });

    test('clear_session ends the session on the server and clears the cookie; without a session it is the same 200', async () => {
      const email = uniqueEmail('logout');
      await makeAccount(testDb.db, email, now);
      const { sessionId } = await logIn(t, email, GOOD_PASSWORD);
      const out = await post('/api/user/clear_session', {}, withSession(sessionId!));
      assert.equal(out.status, 200);
      assert.deepEqual(await out.json(), { msg: MESSAGES.signedOut });
      assert.equal(out.headers.get('cache-control'), 'no-store');
      assert.equal(sessionCookieSet(out)!.header, '__Host-ppm_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax');
      assert.equal((await retrieve(sessionId)).status, 401, 'the id is worth nothing now, even if a copy of the cookie survives');
      const rows = await testDb.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', [hashToken(sessionId!)]);
      assert.equal(rows.length, 0);

      const again = await post('/api/user/clear_session', {});
      assert.equal(again.status, 200);
      assert.deepEqual(await again.json(), { msg: MESSAGES.signedOut });
      assert.equal((await post('/api/user/clear_session', { everywhere: true })).status, 400, 'the empty object only');
    });

    describe('the magic link', () => {
      const ask = (email: string, returnUrl = '/account/', headers = newClient()) =>
        post('/api/user/login_with_magic_link', { accountIdentifier: email, returnUrl }, headers);
      const spend = (token: string, headers: Record<string, string> = newClient()) => post('/api/user/login_with_token', { token }, headers);

      test('e-mails a single-use link to the page asked for; spending it signs in with a new session', async () => {
        const email = uniqueEmail('Magic');
        await makeAccount(testDb.db, email, now, { firstName: 'Mia', lastName: 'Gic' });
        const res = await ask(email.toUpperCase(), `${PUBLIC_ORIGIN}/account/?tab=policies`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        assert.deepEqual(await res.json(), { msg: MESSAGES.magicLinkSent });
        assert.equal(res.headers.getSetCookie().length, 0);

        const mails = await mailsTo(t, email);
        assert.equal(mails.length, 1);
        const mail = mails[0]!;
        assert.equal(mail.headers.get('subject'), `Your link to sign in to ${BRAND.productName}`);
        const token = tokenIn(mail, `${PUBLIC_ORIGIN}/account/`);
        assert.ok(token, textOf(mail));
        assert.ok(textOf(mail).split(/\r?\n/).includes(`${PUBLIC_ORIGIN}/account/?tab=policies&token=${token}`), textOf(mail));
        assert.ok(htmlOf(mail).includes(`${PUBLIC_ORIGIN}/account/?tab=policies&#38;token=${token}`));
        assert.match(textOf(mail), /works once, within 10 minutes/);
        const stored = await testDb.db.query<{ purpose: string; expires_at: Date; payload: unknown }>(
          'SELECT purpose, expires_at, payload FROM tokens WHERE token_hash = $1',
          [hashToken(token)],
        );
        assert.deepEqual(stored.map((row) => [row.purpose, new Date(row.expires_at).getTime() - now.getTime(), row.payload]), [
          ['magic-link', TOKEN_PURPOSES['magic-link'].ttlMs, null],
        ]);
        assert.equal(TOKEN_PURPOSES['magic-link'].ttlMs, 10 * 60_000);

        const first = await spend(token);
        assert.equal(first.status, 200);
        assert.equal(first.headers.get('cache-control'), 'no-store');
        assert.deepEqual(await first.json(), { user: { firstName: 'Mia', lastName: 'Gic', emailAddress: email.toLowerCase() }, policies: [] });
        const sessionId = sessionCookieSet(first)!.id;
        assert.equal((await retrieve(sessionId)).status, 200);

        const second = await spend(token);
        assert.equal(second.status, 401);
        assert.deepEqual(await second.json(), { error_messages: [MESSAGES.magicLinkInvalid] });
        assert.equal(second.headers.getSetCookie().length, 0);
      });

      test('the same answer and no e-mail for an address without an account', async () => {
        const email = uniqueEmail('ghost');
        const res = await ask(email);
        assert.equal(res.status, 200);
        assert.deepEqual(await res.json(), { msg: MESSAGES.magicLinkSent });
        assert.equal((await mailsTo(t, email)).length, 0);
      });

      test('an expired or unknown link is the same 401; a malformed one a 400', async () => {
        const email = uniqueEmail('late');
        await makeAccount(testDb.db, email, now);
        await ask(email);
        const token = tokenIn((await mailsTo(t, email))[0]!, `${PUBLIC_ORIGIN}/account/`)!;
        const askedAt = now;
        now = new Date(askedAt.getTime() + 10 * 60_000 + 1000);
        try {
          const late = await spend(token);
          assert.equal(late.status, 401);
          assert.deepEqual(await late.json(), { error_messages: [MESSAGES.magicLinkInvalid] });
        } finally {
          now = askedAt;
        }
        assert.deepEqual(await (await spend('0'.repeat(64))).json(), { error_messages: [MESSAGES.magicLinkInvalid] });
        assert.equal((await spend('not a token')).status, 400);
      });

      test('returnUrl must be on our own site', async () => {
        const email = uniqueEmail('away');
        await makeAccount(testDb.db, email, now);
        // (our origin with a path that reads as another host: joined to an origin or navigated to, it is evil.example's)
        const hostLike = [`${PUBLIC_ORIGIN}//evil.example/x`, `${PUBLIC_ORIGIN}/\\evil.example/x`];
        for (const returnUrl of ['https://evil.example/account/', '//evil.example/x', 'javascript:alert(1)', 'http://localhost:4322/account/', ...hostLike]) {
          const res = await ask(email, returnUrl);
          assert.equal(res.status, 400, returnUrl);
          assert.deepEqual(((await res.json()) as { error_messages: string[] }).error_messages, [MESSAGES.returnUrl]);
        }
        assert.equal((await mailsTo(t, email)).length, 0);
      });

      test('the link confirms the account; a password set before the account was confirmed is dropped', async () => {
        // Someone signs up with another person's address and a password of their choosing; the owner never
        // confirms, but one day signs in with a link. The stranger's password must not then open the account.
        const email = uniqueEmail('prehijack');
        await makeAccount(testDb.db, email, now, { confirmed: false, password: 'Stranger-Pass-1' });
        await ask(email);
        const token = tokenIn((await mailsTo(t, email))[0]!, `${PUBLIC_ORIGIN}/account/`)!;
        assert.equal((await spend(token)).status, 200);
        const row = (await account(email))!;
        assert.equal(row.confirmed, true);
        assert.equal(row.password_hash, null);
        assert.deepEqual(await (await logIn(t, email, 'Stranger-Pass-1')).res.json(), { error_messages: [MESSAGES.loginFailed] });

        // A confirmed account keeps its password.
        const kept = uniqueEmail('kept');
        await makeAccount(testDb.db, kept, now);
        await ask(kept);
        assert.equal((await spend(tokenIn((await mailsTo(t, kept))[0]!, `${PUBLIC_ORIGIN}/account/`)!)).status, 200);
        assert.equal((await logIn(t, kept, GOOD_PASSWORD)).res.status, 200);
      });

      test('an account a bought policy made (no password) signs in with the link', async () => {
        const email = uniqueEmail('nopass');
        await makeAccount(testDb.db, email, now, { password: null, confirmed: false, firstName: 'Bo', lastName: 'Ught' });
        await ask(email);
        const res = await spend(tokenIn((await mailsTo(t, email))[0]!, `${PUBLIC_ORIGIN}/account/`)!);
        assert.equal(res.status, 200);
        assert.equal(((await res.json()) as { user: { firstName: string } }).user.firstName, 'Bo');
      });

      test('requests are limited per client (429) and e-mails per mailbox (the same answer, no e-mail)', async () => {
        const limited = testApp(testDb.db, {
          clock: () => now,
          config: { trustProxy: 1 },
          rateLimits: { magicLink: { name: 'magic-link-test', limit: 3, windowSeconds: 600 }, signInMail: { name: 'sign-in-mail-test', limit: 2, windowSeconds: 3600 } },
        });
        try {
          const email = uniqueEmail('flood');
          await makeAccount(testDb.db, email, now);
          const client = newClient();
          const ask = (address: string, headers = client) =>
            limited.app.request(...postJson('/api/user/login_with_magic_link', { accountIdentifier: address, returnUrl: '/account/' }, headers));
          for (let i = 0; i < 3; i++) assert.equal((await ask(i === 1 ? email.toUpperCase() : email)).status, 200);
          const refused = await ask(email);
          assert.equal(refused.status, 429);
          assert.ok(Number(refused.headers.get('retry-after')) >= 1);
          assert.deepEqual(await refused.json(), { error_messages: [HTTP_MESSAGES.tooMany] });
          assert.equal((await mailsTo(limited, email)).length, 2, 'two e-mails an hour to one mailbox');
          assert.ok(limited.logs.some((line) => line.includes("magic link not sent: the recipient's hourly limit is reached")));
          assert.ok(!limited.logs.join('\n').includes(email.toLowerCase()));
          assert.equal((await ask(uniqueEmail('other'), newClient())).status, 200, 'another client is not held back');
        } finally {
          await mailsTo(limited, 'nobody@example.com');
          limited.cleanup();
        }
      });
    });
  });
}
