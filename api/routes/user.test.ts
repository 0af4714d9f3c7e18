import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND, MESSAGES } from '../../contract/index.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { parseEml, type ParsedMail } from '../mail/eml.ts';
import { OUTBOX_FILE } from '../mail/mailer.ts';
import { PASSWORD_HASH_PREFIX, verifyPassword } from '../auth/passwords.ts';
import { TOKEN_PURPOSES } from '../tokens/tokens.ts';
import { dbTargets, postJson, PUBLIC_ORIGIN, suiteApp, testApp, uniqueEmail } from '../testing/harness.ts';

const PASSWORD = 'Porsche911!x';
const ADDRESS = { streetName: '12 Main Street', city: 'Austin', state: 'TX', zip: '78701' };
const signUpBody = (emailAddress: string, overrides: Record<string, unknown> = {}) => ({
  emailAddress,
  returnUrl: '/account/',
  password: PASSWORD,
  policyAddress: ADDRESS,
  ...overrides,
});

/** Each test signs up from its own client address, so one test's limit never touches another. */
let client = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++client}` });

const LINK = new RegExp(`${PUBLIC_ORIGIN}/account/confirm\\?token=([0-9a-f]{64})`);

for (const target of dbTargets()) {
  describe(`POST /api/user/signup and /api/user/confirm_account on ${target}`, () => {
    let now = new Date('2026-07-01T12:00:00.000Z');
    const { testDb, t } = suiteApp(target, { clock: () => now, config: { trustProxy: 1 } });

    const accounts = (email: string) =>
      testDb.db.query<{ id: number; email_lower: string; password_hash: string; policy_address: unknown; confirmed: boolean }>(
        `SELECT id::int AS id, email_lower, password_hash, policy_address, confirmed_at IS NOT NULL AS confirmed
         FROM accounts WHERE email_lower = lower($1) ORDER BY id`,
        [email],
      );

    /** The e-mails in the outbox to `email`, oldest first. */
    const mailsTo = async (email: string): Promise<ParsedMail[]> => {
      await t.mail.settled();
      const names = existsSync(t.outboxDir) ? readdirSync(t.outboxDir).filter((name) => OUTBOX_FILE.test(name)).sort() : [];
      return names
        .map((name) => parseEml(readFileSync(join(t.outboxDir, name), 'utf8')))
        .filter((mail) => mail.headers.get('to')?.toLowerCase() === email.toLowerCase());
    };
    const textOf = (mail: ParsedMail) => mail.parts.find((part) => part.contentType === 'text/plain')!.body;
    const htmlOf = (mail: ParsedMail) => mail.parts.find((part) => part.contentType === 'text/html')!.body;

    const signUp = (body: unknown, headers = from()) => t.app.request(...postJson('/api/user/signup', body, headers));
    const confirm = (token: string) => t.app.request(...postJson('/api/user/confirm_account', { token }));

    test('a sign-up without the purchase token stores no password at all (issue 22), and answers the spec\'s success text', async () => {
      const email = uniqueEmail('Signup');
      const res = await signUp(signUpBody(email));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await res.json(), { message: MESSAGES.signUpSuccess });
      assert.equal(
        MESSAGES.signUpSuccess,
        'Thank you for creating your account. You will receive an email shortly containing a link to confirm your registration...',
      );
      const [account, ...more] = await accounts(email);
      assert.equal(more.length, 0);
      assert.equal(account!.email_lower, email.toLowerCase());
      assert.equal(account!.password_hash, null, 'the mailbox\'s owner chooses the password after opening the link');
      assert.deepEqual(account!.policy_address, ADDRESS);
      assert.equal(account!.confirmed, false);
      const dump = JSON.stringify(await testDb.db.query('SELECT * FROM accounts')) + JSON.stringify(await testDb.db.query('SELECT * FROM tokens'));
      assert.ok(!dump.includes(PASSWORD), 'the password is stored nowhere');
      assert.ok(!t.logs.join('\n').includes(email.toLowerCase()) && !t.logs.join('\n').includes(PASSWORD), 'nor logged');
    });

    test('the confirmation e-mail\'s link is single use: it confirms the account once, then is a 404 with one message', async () => {
      const email = uniqueEmail('confirm');
      assert.equal((await signUp(signUpBody(email))).status, 200);
      const mails = await mailsTo(email);
      assert.equal(mails.length, 1);
      const mail = mails[0]!;
      assert.equal(mail.headers.get('subject'), `Confirm your ${BRAND.productName} account`);
      const token = LINK.exec(textOf(mail))?.[1];
      assert.ok(token, textOf(mail));
      assert.ok(htmlOf(mail).includes(`${PUBLIC_ORIGIN}/account/confirm?token=${token}`));
      assert.ok(!textOf(mail).includes(PASSWORD));
      assert.equal((await accounts(email))[0]!.confirmed, false);

      const first = await confirm(token);
      assert.equal(first.status, 200);
      const answer = (await first.json()) as { message: string; returnUrl: string };
      assert.equal(answer.message, MESSAGES.accountConfirmed);
      assert.match(answer.returnUrl, /^\/account\/create-password\?token=[0-9a-f]{64}$/, 'next: choose the password');
      assert.equal((await accounts(email))[0]!.confirmed, true);

      const again = await confirm(token);
      assert.equal(again.status, 404);
      assert.deepEqual(await again.json(), { error_messages: [MESSAGES.accountConfirmationLinkInvalid] });
      assert.match(MESSAGES.accountConfirmationLinkInvalid, /800-400-4128/);
      const stored = await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_queue WHERE message::text LIKE $1`, [`%${token}%`]);
      assert.equal(stored[0]!.n, 0, 'the delivered e-mail, link and all, is erased from the queue');
    });

    test('an unknown or expired confirmation link is the same 404; a malformed one a 400', async () => {
      const email = uniqueEmail('expired');
      assert.equal((await signUp(signUpBody(email))).status, 200);
      const token = LINK.exec(textOf((await mailsTo(email))[0]!))![1]!;
      const unknown = await confirm('0'.repeat(64));
      assert.equal(unknown.status, 404);
      assert.deepEqual(await unknown.json(), { error_messages: [MESSAGES.accountConfirmationLinkInvalid] });

      const signedUpAt = now;
      now = new Date(signedUpAt.getTime() + TOKEN_PURPOSES['account-confirmation'].ttlMs + 1000);
      try {
        const expired = await confirm(token);
        assert.equal(expired.status, 404);
        assert.deepEqual(await expired.json(), { error_messages: [MESSAGES.accountConfirmationLinkInvalid] });
        assert.equal((await accounts(email))[0]!.confirmed, false);
      } finally {
        now = signedUpAt;
      }
      const malformed = await confirm('not a token!');
      assert.equal(malformed.status, 400);
      assert.deepEqual(((await malformed.json()) as { error_messages: string[] }).error_messages, [MESSAGES.token]);
    });

    test('a second sign-up of the address, in any letter case, gets the same answer and an "already have an account" e-mail', async () => {
      const email = uniqueEmail('Twice');
      const first = await signUp(signUpBody(email));
      const firstBody = await first.json();
      const [original] = await accounts(email);
      for (const again of [email.toUpperCase(), ` ${email.toLowerCase()} `]) {
        const res = await signUp(signUpBody(again, { password: 'Another-pass9' }));
        assert.equal(res.status, first.status);
        assert.deepEqual(await res.json(), firstBody);
        assert.equal(res.headers.get('cache-control'), first.headers.get('cache-control'));
      }
      const rows = await accounts(email);
      assert.equal(rows.length, 1, 'still one account');
      assert.equal(rows[0]!.password_hash, null, 'no password was stored');

      // All three were sent in the same (fixed) millisecond: the outbox's order among them is not theirs.
      const mails = await mailsTo(email);
      const confirmations = mails.filter((mail) => mail.headers.get('subject')!.startsWith('Confirm your'));
      const already = mails.filter((mail) => mail !== confirmations[0]);
      assert.equal(confirmations.length, 1);
      assert.equal(already.length, 2);
      for (const mail of already) {
        assert.equal(mail.headers.get('subject'), `You already have an account with ${BRAND.productName}`);
        const text = textOf(mail);
        assert.match(text, /You already have an account with us/);
        assert.ok(text.includes(`${PUBLIC_ORIGIN}/account/log-in`), 'a way to sign in');
        assert.match(text, new RegExp(`${PUBLIC_ORIGIN}/account/create-password\\?token=[0-9a-f]{64}`), 'and a link to choose a password');
        assert.match(text, /The link works once and for 7 days\./);
        assert.ok(text.includes(BRAND.phone), 'and the phone');
        assert.doesNotMatch(text, /\/account\/confirm/, 'no confirmation link');
      }
      const tokens = await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tokens WHERE purpose = 'account-confirmation' AND subject_id = $1`, [original!.id]);
      assert.equal(tokens[0]!.n, 1, 'no second link was issued');
    });

    test('two sign-ups of one address at the same moment make one account, and both get the same answer', async () => {
      const email = uniqueEmail('race');
      const answers = await Promise.all([signUp(signUpBody(email)), signUp(signUpBody(email.toUpperCase()))]);
      assert.deepEqual(answers.map((res) => res.status), [200, 200]);
      assert.equal((await accounts(email)).length, 1);
      const subjects = (await mailsTo(email)).map((mail) => mail.headers.get('subject')!.split(' ')[0]).sort();
      assert.deepEqual(subjects, ['Confirm', 'You']);
    });

    test('a password that breaks the rule is a 400 with the rule\'s message, and nothing is stored or sent', async () => {
      const cases: [unknown, string][] = [
        ['short1!A', MESSAGES.passwordLength],
        ['alllowercase1!', MESSAGES.passwordRule],
        ['NoSpecialChar12', MESSAGES.passwordRule],
        ['', MESSAGES.required],
        [`${'Aa1!'.repeat(33)}`, MESSAGES.passwordTooLong],
      ];
      for (const [password, message] of cases) {
        const email = uniqueEmail('weak');
        const res = await signUp(signUpBody(email, { password }));
        assert.equal(res.status, 400, String(password));
        assert.deepEqual(((await res.json()) as { error_messages: string[] }).error_messages, [message]);
        assert.equal((await accounts(email)).length, 0);
        assert.equal((await mailsTo(email)).length, 0);
      }
      const badEmail = await signUp(signUpBody('not-an-address'));
      assert.equal(badEmail.status, 400);
      assert.deepEqual(((await badEmail.json()) as { error_messages: string[] }).error_messages, [MESSAGES.email]);
    });

    test('returnUrl must be on our own site; the confirmation sends the person back there', async () => {
      for (const returnUrl of ['https://evil.example/account/', 'http://localhost:4322/account/', '//evil.example/', 'javascript:alert(1)', `${PUBLIC_ORIGIN}//evil.example/`]) {
        const email = uniqueEmail('away');
        const res = await signUp(signUpBody(email, { returnUrl }));
        assert.equal(res.status, 400, returnUrl);
        assert.deepEqual(((await res.json()) as { error_messages: string[] }).error_messages, [MESSAGES.returnUrl]);
        assert.equal((await accounts(email)).length, 0);
      }
      const email = uniqueEmail('home');
      assert.equal((await signUp(signUpBody(email, { returnUrl: `${PUBLIC_ORIGIN}/account/?welcome=1` }))).status, 200);
      const token = LINK.exec(textOf((await mailsTo(email))[0]!))![1]!;
      // kept for an account with a password (the purchase token's sign-up, api/routes/user-passwords.test.ts)
      const stored = await testDb.db.query<{ payload: unknown }>(`SELECT payload FROM tokens WHERE purpose = 'account-confirmation' AND subject_id = $1`, [(await accounts(email))[0]!.id]);
      assert.deepEqual(stored[0]!.payload, { returnUrl: '/account/?welcome=1' });
      // no password yet: the create-password page first (after it, the log-in page, doc 1 section 2)
      const answer = (await (await confirm(token)).json()) as { returnUrl: string };
      assert.match(answer.returnUrl, /^\/account\/create-password\?token=/);
    });

    test('sign-ups are limited per client: past the limit a 429 with Retry-After, and nothing stored', async () => {
      const limited = testApp(testDb.db, { clock: () => now, config: { trustProxy: 1 }, rateLimits: { signUp: { name: 'signup-test', limit: 2, windowSeconds: 600 } } });
      try {
        const client = from();
        for (let i = 0; i < 2; i++) {
          const res = await limited.app.request(...postJson('/api/user/signup', signUpBody(uniqueEmail('limit')), client));
          assert.equal(res.status, 200);
        }
        const email = uniqueEmail('limit');
        const refused = await limited.app.request(...postJson('/api/user/signup', signUpBody(email), client));
        assert.equal(refused.status, 429);
        assert.ok(Number(refused.headers.get('retry-after')) >= 1);
        assert.deepEqual(await refused.json(), { error_messages: [HTTP_MESSAGES.tooMany] });
        assert.equal((await accounts(email)).length, 0);
        const other = await limited.app.request(...postJson('/api/user/signup', signUpBody(uniqueEmail('limit')), from()));
        assert.equal(other.status, 200, 'another client is not held back');
      } finally {
        await limited.mail.settled();
        limited.cleanup();
      }
    });

    test('e-mails to one address are limited per hour: past it the answer is the same and nothing is sent', async () => {
      const email = uniqueEmail('flood');
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await (await signUp(signUpBody(i % 2 ? email.toUpperCase() : email))).json());
      assert.ok(answers.every((answer) => JSON.stringify(answer) === JSON.stringify({ message: MESSAGES.signUpSuccess })));
      assert.equal((await mailsTo(email)).length, 5);
      assert.ok(t.logs.some((line) => line.includes("account mail not sent: the recipient's hourly limit is reached")));
    });
  });
}
