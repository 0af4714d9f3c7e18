/**
 * The account's security tests (issue 9 "Security tests", DESIGN.md's baseline): the 101st failed sign-in
 * per account and per client is a 429 with Retry-After (with the real configuration); known and unknown
 * addresses get the same status, body and similar timing on login, magic link and reset; session fixation
 * is impossible; reset and magic links work once; the cookie's attributes are exact; the state-changing
 * calls refuse non-JSON bodies and foreign origins; sessions end after their idle and absolute timeouts;
 * a password change ends the other sessions.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../../contract/index.ts';
import { afterAnswerSettled } from '../auth/after-answer.ts';
import { ABSOLUTE_MS, IDLE_MS } from '../auth/sessions.ts';
import { GOOD_PASSWORD, logIn, mailsTo, makeAccount, newClient, sessionCookieSet, tokenIn, withSession } from '../auth/testing.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { RATE_LIMITS } from '../app.ts';
import { dbTargets, postJson, PUBLIC_ORIGIN, suiteApp, testApp, uniqueEmail, type TestApp } from '../testing/harness.ts';

const MINUTE = 60_000;

/** The middle value: robust against the odd slow try on a busy machine. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * A database whose statements matching `pattern` take `delayMs` longer: work that only a known address
 * causes (issuing its link) is made slow on purpose, so that if it ever ran before the answer, the timing
 * test could not miss it in the noise.
 */
function slowedDb(db: Db, pattern: RegExp, delayMs: number): Db {
  const slowed = (q: Queryable): Queryable => ({
    async query(sql, params) {
      if (pattern.test(sql)) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  return { ...slowed(db), kind: db.kind, transaction: (work) => db.transaction((tx) => work(slowed(tx))), close: () => db.close() };
}

for (const target of dbTargets()) {
  describe(`account security on ${target}`, () => {
    let now = new Date('2026-07-01T12:00:00.000Z');
    // The real rate limits (RATE_LIMITS), the real session timeouts; an injected clock.
    const { testDb, t } = suiteApp(target, { clock: () => now, config: { trustProxy: 1 } });

    const post = (path: string, body: unknown, headers: Record<string, string> = newClient()) => t.app.request(...postJson(path, body, headers));
    const retrieve = (sessionId: string) => t.app.request('http://localhost:4321/api/user/retrieve_session', { headers: withSession(sessionId) });

    describe('failed sign-ins, with the real configuration (100 per account and per client within an hour)', () => {
      test('the 101st try for one account is a 429 with Retry-After, even with the right password, from any client', async () => {
        assert.equal(RATE_LIMITS.loginFailuresAccount.limit, 100);
        const email = uniqueEmail('target');
        await makeAccount(testDb.db, email, now);
        // 100 failures from 100 addresses (a botnet): no client limit helps, the account's does.
        for (let i = 0; i < 100; i++) {
          const { res } = await logIn(t, i % 2 ? email : email.toUpperCase(), `Guess-number-${i}`);
          assert.equal(res.status, 401, `try ${i + 1}`);
        }
        const refused = await logIn(t, email, GOOD_PASSWORD);
        assert.equal(refused.res.status, 429);
        assert.deepEqual(await refused.res.json(), { error_messages: [HTTP_MESSAGES.tooMany] });
        const retryAfter = Number(refused.res.headers.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 2 * 3600, String(retryAfter));
        assert.equal(refused.sessionId, null);

        // Others are not held back; and after waiting Retry-After the owner gets in.
        const other = uniqueEmail('other');
        await makeAccount(testDb.db, other, now);
        assert.equal((await logIn(t, other, GOOD_PASSWORD)).res.status, 200);
        const triedAt = now;
        now = new Date(triedAt.getTime() + retryAfter * 1000);
        try {
          assert.equal((await logIn(t, email, GOOD_PASSWORD)).res.status, 200);
        } finally {
          now = triedAt;
        }
      });

      test('the 101st failed try from one client address is a 429, whatever account it names', async () => {
        assert.equal(RATE_LIMITS.loginFailuresClient.limit, 100);
        const client = newClient();
        // One address trying one password on many accounts (password spraying).
        for (let i = 0; i < 100; i++) {
          assert.equal((await logIn(t, uniqueEmail(`spray${i}`), 'Summer-2026!', client)).res.status, 401, `try ${i + 1}`);
        }
        const email = uniqueEmail('mine');
        await makeAccount(testDb.db, email, now);
        const refused = await logIn(t, email, GOOD_PASSWORD, client);
        assert.equal(refused.res.status, 429);
        assert.ok(Number(refused.res.headers.get('retry-after')) >= 1);
        assert.equal((await logIn(t, email, GOOD_PASSWORD)).res.status, 200, 'from another address the account is fine');
      });

      test('an unknown address is limited the same way (a smaller limit here); successful sign-ins do not count', async () => {
        const limited = testApp(testDb.db, {
          clock: () => now,
          config: { trustProxy: 1 },
          rateLimits: {
            loginFailuresAccount: { name: 'unknown-test', limit: 3, windowSeconds: 3600 },
            loginFailuresClient: { name: 'success-test', limit: 2, windowSeconds: 3600 },
          },
        });
        try {
          // The 429 tells nobody which addresses have accounts.
          const nobody = uniqueEmail('nobody');
          for (let i = 0; i < 3; i++) assert.equal((await logIn(limited, nobody, `Guess-number-${i}`)).res.status, 401);
          assert.equal((await logIn(limited, nobody, 'Guess-number-x')).res.status, 429);

          const email = uniqueEmail('often');
          await makeAccount(testDb.db, email, now);
          const client = newClient();
          for (let i = 0; i < 5; i++) assert.equal((await logIn(limited, email, GOOD_PASSWORD, client)).res.status, 200);
          assert.equal((await logIn(limited, email, 'Wrong-password-1', client)).res.status, 401);
          assert.equal((await logIn(limited, email, 'Wrong-password-2', client)).res.status, 401);
          assert.equal((await logIn(limited, email, GOOD_PASSWORD, client)).res.status, 429);
        } finally {
          limited.cleanup();
        }
      });
    });

    describe('known and unknown addresses: the same status, body and timing', () => {
      // Tolerance: the medians of 50 tries each (known and unknown interleaved, after a warm-up) may differ
      // by up to 2x, or by up to 5 ms, whichever is more; the test fails only when one median is more than
      // twice the other AND more than 5 ms longer. A sign-in that skipped the password check for an unknown
      // address would answer in a third of the time or less (one argon2id verify is most of its work); a
      // link request that issued the known address's link before answering would take 30 ms longer here
      // (the link's INSERT is slowed by 30 ms on purpose).
      const TRIES = 50;
      const RATIO = 2;
      const MARGIN_MS = 5;

      let timed: TestApp;
      before(() => {
        const generous = { limit: 100_000, windowSeconds: 3600 };
        timed = testApp(slowedDb(testDb.db, /INSERT INTO tokens/, 30), {
          clock: () => now,
          config: { trustProxy: 1 },
          rateLimits: {
            loginFailuresAccount: { name: 'timing-account', ...generous },
            loginFailuresClient: { name: 'timing-client', ...generous },
            magicLink: { name: 'timing-magic', ...generous },
            passwordReset: { name: 'timing-reset', ...generous },
            signInMail: { name: 'timing-mail', ...generous },
          },
        });
      });
      after(async () => {
        await afterAnswerSettled(timed.mail);
        await timed.mail.settled();
        timed.cleanup();
      });

      /** Times `call` for a known and an unknown address, TRIES each; asserts one answer and similar medians. */
      async function compare(label: string, known: string, call: (email: string) => Response | Promise<Response>): Promise<void> {
        const once = async (email: string) => {
          const started = performance.now();
          const res = await call(email);
          const ms = performance.now() - started;
          const answer = { status: res.status, body: await res.text(), cacheControl: res.headers.get('cache-control'), cookies: res.headers.getSetCookie().length };
          // The work after the answer (a known address's e-mail) finishes outside the timed part.
          await afterAnswerSettled(timed.mail);
          await timed.mail.settled();
          return { ms, answer };
        };
        for (let i = 0; i < 5; i++) {
          await once(known);
          await once(uniqueEmail('warmup'));
        }
        const times = { known: [] as number[], unknown: [] as number[] };
        let first: unknown;
        for (let i = 0; i < TRIES; i++) {
          const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
          for (const which of order) {
            const { ms, answer } = await once(which === 'known' ? known : uniqueEmail('unknown'));
            first ??= answer;
            assert.deepEqual(answer, first, `${label}: the ${which} address got another answer`);
            times[which].push(ms);
          }
        }
        const [k, u] = [median(times.known), median(times.unknown)];
        const [fast, slow] = k < u ? [k, u] : [u, k];
        assert.ok(
          !(slow > RATIO * fast && slow - fast > MARGIN_MS),
          `${label}: median ${k.toFixed(1)} ms for a known address, ${u.toFixed(1)} ms for an unknown one (tolerance: ${RATIO}x or ${MARGIN_MS} ms)`,
        );
      }

      test('login: a wrong password for a known address, any password for an unknown one', async () => {
        const known = uniqueEmail('timing-login');
        await makeAccount(testDb.db, known, now);
        await compare('login', known, (email) =>
          timed.app.request(...postJson('/api/user/login_with_password', { accountIdentifier: email, password: 'Wrong-Password-1' }, newClient())),
        );
      });

      test('magic link', async () => {
        const known = uniqueEmail('timing-magic');
        await makeAccount(testDb.db, known, now);
        await compare('magic link', known, (email) =>
          timed.app.request(...postJson('/api/user/login_with_magic_link', { accountIdentifier: email, returnUrl: '/account/' }, newClient())),
        );
        assert.ok((await mailsTo(timed, known)).length > 0, 'the known address did get its links');
      });

      test('reset', async () => {
        const known = uniqueEmail('timing-reset');
        await makeAccount(testDb.db, known, now);
        await compare('reset', known, (email) =>
          timed.app.request(...postJson('/api/user/reset_password', { emailAddress: email, returnUrl: '/account/create-password' }, newClient())),
        );
        assert.ok((await mailsTo(timed, known)).length > 0, 'the known address did get its links');
      });
    });

    describe('session fixation', () => {
      test('the id changes at every sign-in, and the id the browser presented is destroyed', async () => {
        const email = uniqueEmail('fixation');
        await makeAccount(testDb.db, email, now);
        const first = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
        const second = await logIn(t, email, GOOD_PASSWORD, withSession(first, newClient()));
        assert.equal(second.res.status, 200);
        assert.ok(second.sessionId && second.sessionId !== first);
        assert.equal((await retrieve(first)).status, 401, 'the presented id is gone');
        assert.equal((await retrieve(second.sessionId)).status, 200);
      });

      test('a planted cookie is never accepted: not an invented id, not the planter\'s own session', async () => {
        const victim = uniqueEmail('victim');
        await makeAccount(testDb.db, victim, now);
        const invented = 'ab'.repeat(32);
        assert.equal((await retrieve(invented)).status, 401);
        const signedIn = await logIn(t, victim, GOOD_PASSWORD, withSession(invented, newClient()));
        assert.notEqual(signedIn.sessionId, invented);
        assert.equal((await retrieve(invented)).status, 401, 'the invented id opens nothing after the sign-in');

        // The attacker's own live session, planted in the victim's browser (a sibling subdomain cannot do it
        // to a __Host- cookie, but suppose): the victim's sign-in ends it and starts another.
        const attacker = uniqueEmail('attacker');
        await makeAccount(testDb.db, attacker, now);
        const planted = (await logIn(t, attacker, GOOD_PASSWORD)).sessionId!;
        const victimIn = await logIn(t, victim, GOOD_PASSWORD, withSession(planted, newClient()));
        assert.notEqual(victimIn.sessionId, planted);
        assert.equal((await retrieve(planted)).status, 401, 'the planted id does not become the victim\'s session');
        const mine = (await (await retrieve(victimIn.sessionId!)).json()) as { user: { emailAddress: string } };
        assert.equal(mine.user.emailAddress, victim.toLowerCase());
      });

      test('a sign-in by magic link starts a new session too', async () => {
        const email = uniqueEmail('fixlink');
        await makeAccount(testDb.db, email, now);
        const before = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
        await post('/api/user/login_with_magic_link', { accountIdentifier: email, returnUrl: '/account/' });
        const token = tokenIn((await mailsTo(t, email))[0]!, `${PUBLIC_ORIGIN}/account/`)!;
        const res = await post('/api/user/login_with_token', { token }, withSession(before, newClient()));
        const after = sessionCookieSet(res)!.id;
        assert.notEqual(after, before);
        assert.equal((await retrieve(before)).status, 401);
        assert.equal((await retrieve(after)).status, 200);
      });
    });

    test('a reset link and a magic link work once', async () => {
      const email = uniqueEmail('once');
      await makeAccount(testDb.db, email, now);
      await post('/api/user/login_with_magic_link', { accountIdentifier: email, returnUrl: '/account/' });
      await post('/api/user/reset_password', { emailAddress: email, returnUrl: '/account/create-password' });
      const mails = await mailsTo(t, email);
      const subject = (words: string) => mails.find((mail) => mail.headers.get('subject')!.includes(words))!;
      const magic = tokenIn(subject('link to sign in'), `${PUBLIC_ORIGIN}/account/`)!;
      const reset = tokenIn(subject('Reset your'), `${PUBLIC_ORIGIN}/account/create-password`)!;
      assert.ok(magic && reset && magic !== reset);
      assert.equal((await post('/api/user/login_with_token', { token: magic })).status, 200);
      assert.equal((await post('/api/user/login_with_token', { token: magic })).status, 401);
      const body = { newPassword: 'Cayenne-Turbo-9', passwordChangeToken: reset };
      assert.equal((await post('/api/user/change_password_with_token', body)).status, 200);
      const again = await post('/api/user/change_password_with_token', { ...body, newPassword: 'Macan-Electric-4' });
      assert.equal(again.status, 400);
      assert.deepEqual(await again.json(), { error_messages: [MESSAGES.passwordLinkInvalid] });
      assert.equal((await logIn(t, email, 'Cayenne-Turbo-9')).res.status, 200);
      // A magic link is not a reset link, nor the other way round.
      assert.equal((await post('/api/user/login_with_token', { token: reset })).status, 401);
    });

    test('the session cookie: __Host- prefix, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain, no lifetime; beside it the readable signed-in cookie, cleared with it', async () => {
      const email = uniqueEmail('cookie');
      await makeAccount(testDb.db, email, now);
      const { res, sessionId } = await logIn(t, email, GOOD_PASSWORD);
      const cookies = res.headers.getSetCookie();
      assert.equal(cookies.length, 2);
      assert.equal(cookies[0], `__Host-ppm_session=${sessionId}; Path=/; HttpOnly; Secure; SameSite=Lax`);
      assert.match(sessionId!, /^[0-9a-f]{64}$/, '256 bits from the CSPRNG');
      assert.doesNotMatch(cookies[0]!, /Domain|Expires|Max-Age/i);
      // '1' and nothing else: the session's id never reaches a script
      assert.equal(cookies[1], '__Host-ppm_signed_in=1; Path=/; Secure; SameSite=Lax');
      const out = await post('/api/user/clear_session', {}, withSession(sessionId!));
      assert.deepEqual(out.headers.getSetCookie(), [
        '__Host-ppm_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
        '__Host-ppm_signed_in=; Max-Age=0; Path=/; Secure; SameSite=Lax',
      ]);
    });

    test('every state-changing account call refuses a non-JSON body (415) and a foreign origin (403), and does nothing', async () => {
      const email = uniqueEmail('csrf');
      await makeAccount(testDb.db, email, now);
      const sessionId = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
      const calls: [string, Record<string, unknown>][] = [
        ['/api/user/login_with_password', { accountIdentifier: email, password: GOOD_PASSWORD }],
        ['/api/user/login_with_magic_link', { accountIdentifier: email, returnUrl: '/account/' }],
        ['/api/user/login_with_token', { token: 'ab'.repeat(32) }],
        ['/api/user/clear_session', {}],
        ['/api/user/reset_password', { emailAddress: email, returnUrl: '/account/create-password' }],
        ['/api/user/change_password_with_token', { newPassword: 'Panamera-4S-2026', passwordChangeToken: 'ab'.repeat(32) }],
        ['/api/user/change_password', { oldPassword: GOOD_PASSWORD, newPassword: 'Panamera-4S-2026' }],
        ['/api/user/signup', { emailAddress: uniqueEmail(), returnUrl: '/account/', password: 'Panamera-4S-2026' }],
      ];
      const url = (path: string) => `http://localhost:4321${path}`;
      for (const [path, body] of calls) {
        const cookie = withSession(sessionId);
        const json = JSON.stringify(body);
        const asText = await t.app.request(url(path), { method: 'POST', body: json, headers: { ...cookie, 'Content-Type': 'text/plain', Origin: PUBLIC_ORIGIN } });
        assert.equal(asText.status, 415, `${path} text/plain`);
        const form = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
        const asForm = await t.app.request(url(path), { method: 'POST', body: form, headers: { ...cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_ORIGIN } });
        assert.equal(asForm.status, 415, `${path} form`);
        const foreign = await t.app.request(url(path), { method: 'POST', body: json, headers: { ...cookie, 'Content-Type': 'application/json', Origin: 'https://evil.example' } });
        assert.equal(foreign.status, 403, `${path} foreign origin`);
        assert.deepEqual(await foreign.json(), { error_messages: [HTTP_MESSAGES.forbiddenOrigin] });
        const crossSite = await t.app.request(url(path), { method: 'POST', body: json, headers: { ...cookie, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' } });
        assert.equal(crossSite.status, 403, `${path} cross-site without Origin`);
        for (const res of [asText, asForm, foreign, crossSite]) assert.equal(res.headers.getSetCookie().length, 0, `${path}: no cookie set or cleared`);
      }
      assert.equal((await retrieve(sessionId)).status, 200, 'the session was not ended');
      assert.equal((await logIn(t, email, GOOD_PASSWORD)).res.status, 200, 'the password was not changed');
    });

    test('a session ends after 30 minutes without a request, and 12 hours after sign-in whatever happens', async () => {
      assert.deepEqual([IDLE_MS, ABSOLUTE_MS], [30 * MINUTE, 12 * 60 * MINUTE]);
      const email = uniqueEmail('timeouts');
      await makeAccount(testDb.db, email, now);
      const start = now;
      try {
        const idle = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
        now = new Date(start.getTime() + 29 * MINUTE);
        assert.equal((await retrieve(idle)).status, 200, '29 minutes idle');
        now = new Date(start.getTime() + 58 * MINUTE);
        assert.equal((await retrieve(idle)).status, 200, '29 minutes idle again: each request keeps it alive');
        now = new Date(start.getTime() + 88 * MINUTE);
        const ended = await retrieve(idle);
        assert.equal(ended.status, 401, '30 minutes idle');
        assert.match(sessionCookieSet(ended)!.header, /Max-Age=0/);
        now = new Date(start.getTime() + 89 * MINUTE);
        assert.equal((await retrieve(idle)).status, 401, 'and it stays ended');

        now = start;
        const busy = (await logIn(t, email, GOOD_PASSWORD)).sessionId!;
        for (let at = 20 * MINUTE; at < ABSOLUTE_MS; at += 20 * MINUTE) {
          now = new Date(start.getTime() + at);
          assert.equal((await retrieve(busy)).status, 200, `${at / MINUTE} minutes after sign-in`);
        }
        now = new Date(start.getTime() + ABSOLUTE_MS - 1000);
        assert.equal((await retrieve(busy)).status, 200);
        now = new Date(start.getTime() + ABSOLUTE_MS);
        assert.equal((await retrieve(busy)).status, 401, '12 hours after sign-in, however busy');
      } finally {
        now = start;
      }
    });

    test('a password change ends every other session of the account; a reset ends all of them', async () => {
      const email = uniqueEmail('ends');
      await makeAccount(testDb.db, email, now);
      const [a, b, c] = [
        (await logIn(t, email, GOOD_PASSWORD)).sessionId!,
        (await logIn(t, email, GOOD_PASSWORD)).sessionId!,
        (await logIn(t, email, GOOD_PASSWORD)).sessionId!,
      ];
      const otherAccount = uniqueEmail('bystander');
      await makeAccount(testDb.db, otherAccount, now);
      const bystander = (await logIn(t, otherAccount, GOOD_PASSWORD)).sessionId!;

      const changed = await post('/api/user/change_password', { oldPassword: GOOD_PASSWORD, newPassword: 'Taycan-Cross-Turismo-1' }, withSession(a, newClient()));
      assert.equal(changed.status, 200);
      assert.deepEqual([(await retrieve(a)).status, (await retrieve(b)).status, (await retrieve(c)).status], [200, 401, 401]);

      await post('/api/user/reset_password', { emailAddress: email, returnUrl: '/account/create-password' });
      const reset = (await mailsTo(t, email)).map((mail) => tokenIn(mail, `${PUBLIC_ORIGIN}/account/create-password`)).find(Boolean)!;
      assert.equal((await post('/api/user/change_password_with_token', { newPassword: 'Cayman-GT4-RS-1', passwordChangeToken: reset })).status, 200);
      assert.equal((await retrieve(a)).status, 401, 'the reset ends the session that changed the password too');
      assert.equal((await retrieve(bystander)).status, 200, 'another account is untouched');
    });
  });
}
