/**
 * Passwords (issue 9): forgot (POST /api/user/reset_password), create from an e-mailed link (POST
 * change_password_with_token, with a reset link or the purchase e-mail's account-setup link), change while
 * signed in (POST change_password); and the accounts that bound policies make.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BRAND, localToday, MESSAGES, PURCHASE_TOKEN_HEADER, type SessionResponse } from '../../contract/index.ts';
import { PASSWORD_HASH_PREFIX } from '../auth/passwords.ts';
import { GOOD_PASSWORD, logIn, mailsTo, makeAccount, newClient, textOf, tokenIn, withSession } from '../auth/testing.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy } from '../policies/testing.ts';
import { dbTargets, postJson, PUBLIC_ORIGIN, suiteApp, testApp, uniqueEmail } from '../testing/harness.ts';
import { hashToken, TOKEN_PURPOSES } from '../tokens/tokens.ts';

const NOW = new Date('2026-07-01T12:00:00.000Z');
const NEW_PASSWORD = 'Boxster-718-Spyder';
const CREATE_PAGE = `${PUBLIC_ORIGIN}/account/create-password`;

for (const target of dbTargets()) {
  describe(`passwords on ${target}`, () => {
    let now = NOW;
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => now, config: { trustProxy: 1 }, payments: createTestModeGateway(db) }));

    const post = (path: string, body: unknown, headers: Record<string, string> = newClient()) => t.app.request(...postJson(path, body, headers));
    const askReset = (email: string, returnUrl = '/account/create-password') => post('/api/user/reset_password', { emailAddress: email, returnUrl });
    const createPassword = (token: string, newPassword = NEW_PASSWORD) =>
      post('/api/user/change_password_with_token', { newPassword, passwordChangeToken: token });
    const retrieve = (sessionId: string) => t.app.request('http://localhost:4321/api/user/retrieve_session', { headers: withSession(sessionId) });
    const errorOf = async (res: Response) => ((await res.json()) as { error_messages: string[] }).error_messages;
    /** The tokens of every reset e-mail to the address (in no particular order: the clock stands still). */
    const resetTokens = async (email: string) =>
      (await mailsTo(t, email)).filter((m) => m.headers.get('subject') === `Reset your ${BRAND.productName} password`).map((m) => tokenIn(m, CREATE_PAGE)!);
    const resetToken = async (email: string) => {
      const [token, ...more] = await resetTokens(email);
      assert.ok(token && more.length === 0, 'one reset e-mail');
      return token;
    };
    const row = async (email: string) =>
      (
        await testDb.db.query<{ id: number; password_hash: string | null; confirmed: boolean; first_name: string | null; last_name: string | null; changed: Date | null }>(
          `SELECT id::int AS id, password_hash, confirmed_at IS NOT NULL AS confirmed, first_name, last_name, password_changed_at AS changed
           FROM accounts WHERE email_lower = lower($1)`,
          [email],
        )
      )[0];

    describe('forgot password', () => {
      test('one answer whether or not the address has an account; the account gets a 10-minute single-use link', async () => {
        const email = uniqueEmail('Forgot');
        await makeAccount(testDb.db, email, now);
        const known = await askReset(email.toUpperCase());
        const unknown = await askReset(uniqueEmail('nobody'));
        for (const res of [known, unknown]) {
          assert.equal(res.status, 200);
          assert.equal(res.headers.get('cache-control'), 'no-store');
          assert.deepEqual(await res.json(), { msg: MESSAGES.resetSent });
        }
        assert.equal(MESSAGES.resetSent, 'Sent a link to reset your password');
        const mails = await mailsTo(t, email);
        assert.equal(mails.length, 1);
        assert.equal(mails[0]!.headers.get('subject'), `Reset your ${BRAND.productName} password`);
        const token = tokenIn(mails[0]!, CREATE_PAGE);
        assert.ok(token, textOf(mails[0]!));
        assert.ok(textOf(mails[0]!).split(/\r?\n/).includes(`${CREATE_PAGE}?token=${token}`));
        const stored = await testDb.db.query<{ purpose: string; expires_at: Date }>('SELECT purpose, expires_at FROM tokens WHERE token_hash = $1', [hashToken(token)]);
        assert.deepEqual(stored.map((r) => [r.purpose, new Date(r.expires_at).getTime() - now.getTime()]), [['password-reset', 10 * 60_000]]);
      });

      test('returnUrl must be on our own site', async () => {
        const res = await askReset(uniqueEmail(), 'https://evil.example/account/create-password');
        assert.equal(res.status, 400);
        assert.deepEqual(await errorOf(res), [MESSAGES.returnUrl]);
      });

      test('the link sets the password once, confirms the account, ends every session and e-mails a notice', async () => {
        const email = uniqueEmail('reset');
        await makeAccount(testDb.db, email, now);
        const a = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
        const b = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
        // (as if the address had never been confirmed: the reset link will confirm it)
        await testDb.db.query(`UPDATE accounts SET confirmed_at = NULL WHERE email_lower = lower($1)`, [email]);

        await askReset(email);
        const token = await resetToken(email);
        const res = await createPassword(token);
        assert.equal(res.status, 200);
        assert.deepEqual(await res.json(), { msg: MESSAGES.passwordUpdated });
        assert.equal(MESSAGES.passwordUpdated, 'Successfully updated the Password!');

        const account = (await row(email))!;
        assert.ok(account.password_hash!.startsWith(PASSWORD_HASH_PREFIX));
        assert.equal(account.confirmed, true, 'the link proved the mailbox');
        assert.equal(new Date(account.changed!).getTime(), now.getTime());
        assert.equal((await retrieve(a)).status, 401);
        assert.equal((await retrieve(b)).status, 401);
        assert.equal((await logIn(t, email, GOOD_PASSWORD)).res.status, 401, 'the old password is gone');
        assert.equal((await logIn(t, email, NEW_PASSWORD)).res.status, 200);

        const notice = (await mailsTo(t, email)).find((mail) => mail.headers.get('subject') === `Your ${BRAND.productName} password was changed`);
        assert.ok(notice, 'a notice');
        assert.match(textOf(notice), /was changed on July 1, 2026 at 12:00 UTC/);
        assert.match(textOf(notice), /Every device or browser that was signed in to your account has been signed out/);
        assert.ok(textOf(notice).includes(`${PUBLIC_ORIGIN}/account/forgot-password`));
        assert.ok(!textOf(notice).includes(NEW_PASSWORD));

        const again = await createPassword(token, 'Another-Pass-99');
        assert.equal(again.status, 400);
        assert.deepEqual(await errorOf(again), [MESSAGES.passwordLinkInvalid]);
      });

      test('an expired, unknown or malformed link is refused, and a password change voids older links', async () => {
        const email = uniqueEmail('late');
        await makeAccount(testDb.db, email, now);
        await askReset(email);
        const first = await resetToken(email);
        await askReset(email);
        const second = (await resetTokens(email)).find((token) => token !== first)!;
        assert.ok(second);
        const askedAt = now;
        now = new Date(askedAt.getTime() + TOKEN_PURPOSES['password-reset'].ttlMs + 1000);
        try {
          assert.deepEqual(await errorOf(await createPassword(first)), [MESSAGES.passwordLinkInvalid]);
        } finally {
          now = askedAt;
        }
        assert.deepEqual(await errorOf(await createPassword('0'.repeat(64))), [MESSAGES.passwordLinkInvalid]);
        assert.deepEqual(await errorOf(await createPassword('not a token')), [MESSAGES.token]);

        assert.equal((await createPassword(second)).status, 200);
        assert.deepEqual(await errorOf(await createPassword(first)), [MESSAGES.passwordLinkInvalid], 'the older link died with the change');
      });

      test("a password with the person's name or the e-mail's name is refused, and the link stays usable", async () => {
        const email = `jdoe.${Date.now()}@example.com`;
        await makeAccount(testDb.db, email, now, { firstName: 'Joanna', lastName: 'van Dyke' });
        await askReset(email);
        const token = await resetToken(email);
        for (const password of ['MyJOANNA-2024!', 'Dyke-rocks-99!', `Pw-${email.split('@')[0]!.toUpperCase()}-1`]) {
          const res = await createPassword(token, password);
          assert.equal(res.status, 400, password);
          assert.deepEqual(await errorOf(res), [MESSAGES.passwordPersonal]);
        }
        const weak = await createPassword(token, 'short1!A');
        assert.deepEqual(await errorOf(weak), [MESSAGES.passwordLength]);
        assert.equal((await createPassword(token, 'Van-Morrison-77')).status, 400, '"van" is a part of the last name');
        assert.equal((await createPassword(token, NEW_PASSWORD)).status, 200, 'the link was not spent by the refusals');
      });
    });

    describe('change password, signed in', () => {
      const change = (sessionId: string, oldPassword: string, newPassword = NEW_PASSWORD, headers = newClient()) =>
        post('/api/user/change_password', { oldPassword, newPassword }, withSession(sessionId, headers));

      test('the right current password: the new one is set, the other sessions end, this one stays, a notice goes out', async () => {
        const email = uniqueEmail('change');
        await makeAccount(testDb.db, email, now);
        const mine = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
        const other = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
        const res = await change(mine, GOOD_PASSWORD);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        assert.deepEqual(await res.json(), { msg: MESSAGES.passwordUpdated });
        assert.equal((await retrieve(mine)).status, 200);
        assert.equal((await retrieve(other)).status, 401);
        assert.equal((await logIn(t, email, NEW_PASSWORD)).res.status, 200);
        assert.equal((await logIn(t, email, GOOD_PASSWORD)).res.status, 401);
        const notice = (await mailsTo(t, email)).find((mail) => mail.headers.get('subject') === `Your ${BRAND.productName} password was changed`);
        assert.match(textOf(notice!), /Every other device or browser that was signed in to your account has been signed out/);
      });

      test('a wrong current password is a 400 (a 401 would sign the person out of every widget), counted as a failed sign-in', async () => {
        const limited = testApp(testDb.db, {
          clock: () => now,
          config: { trustProxy: 1 },
          rateLimits: { loginFailuresAccount: { name: 'change-failures-test', limit: 3, windowSeconds: 3600 } },
        });
        try {
          const email = uniqueEmail('wrongcurrent');
          await makeAccount(testDb.db, email, now);
          const sessionId = (await logIn(limited, email, GOOD_PASSWORD)).sessionId!;
          const changeOn = (oldPassword: string) =>
            limited.app.request(...postJson('/api/user/change_password', { oldPassword, newPassword: NEW_PASSWORD }, withSession(sessionId, newClient())));
          for (let i = 0; i < 3; i++) {
            const res = await changeOn('Not-my-password-1');
            assert.equal(res.status, 400);
            assert.deepEqual(await res.json(), {
              error_messages: [MESSAGES.currentPasswordWrong],
              fields: [{ path: 'oldPassword', message: MESSAGES.currentPasswordWrong }],
            });
          }
          const refused = await changeOn(GOOD_PASSWORD);
          assert.equal(refused.status, 429, 'the fourth try: the account has used up its failures, the right password too');
          assert.ok(Number(refused.headers.get('retry-after')) >= 1);
          assert.equal((await logIn(limited, email, GOOD_PASSWORD)).res.status, 429, 'and they were sign-in failures');
          assert.equal((await limited.app.request('http://localhost:4321/api/user/retrieve_session', { headers: withSession(sessionId) })).status, 200, 'still signed in');
        } finally {
          limited.cleanup();
        }
      });

      test('a personal or weak new password is a 400 with its message; without a session a 401', async () => {
        const email = uniqueEmail('personal');
        await makeAccount(testDb.db, email, now, { firstName: 'Ferdinand', lastName: 'Piech' });
        const sessionId = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
        const personal = await change(sessionId, GOOD_PASSWORD, 'FERDINAND-1931!x');
        assert.equal(personal.status, 400);
        assert.deepEqual(await errorOf(personal), [MESSAGES.passwordPersonal]);
        assert.deepEqual(await errorOf(await change(sessionId, GOOD_PASSWORD, 'nodigits!Aaaaaa')), [MESSAGES.passwordRule]);
        const none = await post('/api/user/change_password', { oldPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
        assert.equal(none.status, 401);
        assert.deepEqual(await errorOf(none), [MESSAGES.signInRequired]);
        assert.equal((await logIn(t, email, GOOD_PASSWORD)).res.status, 200, 'nothing changed');
      });
    });

    describe('accounts from bound policies', () => {
      const today = localToday(NOW);

      test('a purchase makes the account (insured\'s names, no password) and its e-mail links to create the password', async () => {
        const email = uniqueEmail('buyer');
        const policy = await bindPolicy(t, testDb.db, today, { email });
        const account = (await row(email))!;
        assert.deepEqual([account.first_name, account.last_name, account.password_hash, account.confirmed], ['Ann', 'Driver', null, false]);

        const purchase = (await mailsTo(t, email)).find((mail) => textOf(mail).includes(policy.policyNumber))!;
        const token = tokenIn(purchase, CREATE_PAGE);
        assert.ok(token, textOf(purchase));
        assert.match(textOf(purchase), /create your password/);
        const stored = await testDb.db.query<{ purpose: string; expires_at: Date }>('SELECT purpose, expires_at FROM tokens WHERE token_hash = $1', [hashToken(token)]);
        assert.deepEqual(stored.map((r) => [r.purpose, new Date(r.expires_at).getTime() - now.getTime()]), [['account-setup', 7 * 86_400_000]]);

        assert.deepEqual(await errorOf(await createPassword(token, 'Ann-Driver-2026!')), [MESSAGES.passwordPersonal], 'the insured\'s name');
        assert.equal((await createPassword(token)).status, 200);
        assert.equal((await row(email))!.confirmed, true);
        const signedIn = await logIn(t, email, NEW_PASSWORD);
        assert.equal(signedIn.res.status, 200);
        const answer = (await signedIn.res.json()) as SessionResponse;
        assert.deepEqual(answer.user, { firstName: 'Ann', lastName: 'Driver', emailAddress: email.toLowerCase() });
        assert.deepEqual(answer.policies.map((p) => p.policyNumber), [policy.policyNumber]);
        assert.deepEqual(await errorOf(await createPassword(token)), [MESSAGES.passwordLinkInvalid], 'the link works once');

        // A second purchase with the address: the same account; with a password now, the e-mail says sign in.
        const second = await bindPolicy(t, testDb.db, today, { email: email.toUpperCase() });
        const count = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE email_lower = lower($1)', [email]);
        assert.equal(count[0]!.n, 1);
        const secondMail = (await mailsTo(t, email)).find((mail) => textOf(mail).includes(second.policyNumber))!;
        assert.equal(tokenIn(secondMail, CREATE_PAGE), null);
        assert.ok(textOf(secondMail).includes(`${PUBLIC_ORIGIN}/account/log-in`));
      });

      test('an account that exists keeps its password and gets its missing names from the insured', async () => {
        const email = uniqueEmail('existing');
        await makeAccount(testDb.db, email, now, { firstName: null, lastName: 'Own-Name' });
        await bindPolicy(t, testDb.db, today, { email });
        const account = (await row(email))!;
        assert.deepEqual([account.first_name, account.last_name], ['Ann', 'Own-Name']);
        assert.ok(account.password_hash);
        assert.equal((await logIn(t, email, GOOD_PASSWORD)).res.status, 200);
      });

      test('signing up on the thank-you page with the purchase token sets the password at once; without it, it is never stored', async () => {
        const email = uniqueEmail('thankyou');
        const policy = await bindPolicy(t, testDb.db, today, { email });
        const body = { emailAddress: email, returnUrl: '/account/', password: 'Thank-You-Page-1' };
        const stranger = await post('/api/user/signup', { ...body, password: 'Not-The-Buyer-2' });
        assert.equal(stranger.status, 200);
        assert.deepEqual(await errorOf((await logIn(t, email, 'Not-The-Buyer-2')).res), [MESSAGES.loginFailed]);
        const signUp = await post('/api/user/signup', body, { ...newClient(), [PURCHASE_TOKEN_HEADER]: policy.purchaseToken });
        assert.equal(signUp.status, 200);
        const confirmation = (await mailsTo(t, email)).find((mail) => mail.headers.get('subject') === `Confirm your ${BRAND.productName} account`);
        assert.ok(confirmation, 'the confirmation the success text promises');
        const signedIn = await logIn(t, email, 'Thank-You-Page-1');
        assert.equal(signedIn.res.status, 200);
        assert.deepEqual(((await signedIn.res.json()) as SessionResponse).policies.map((p) => p.policyNumber), [policy.policyNumber]);
        const token = tokenIn(confirmation, `${PUBLIC_ORIGIN}/account/confirm`)!;
        assert.deepEqual(await (await post('/api/user/confirm_account', { token })).json(), { message: MESSAGES.accountConfirmed, returnUrl: '/account/' });
      });
    });
  });
}
