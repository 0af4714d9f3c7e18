/**
 * Issue 22, items 1 and 10: no account takeover before the buyer sets a password, and sign-up from our own
 * other host names. Through the real routes: a bound policy (its account has no password), a stranger's
 * sign-up with the buyer's address, the buyer's e-mailed link, the thank-you page's purchase token.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND, localToday, MESSAGES, PURCHASE_TOKEN_HEADER } from '../../contract/index.ts';
import { parseEml, type ParsedMail } from '../mail/eml.ts';
import { OUTBOX_FILE } from '../mail/mailer.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy } from '../policies/testing.ts';
import { dbTargets, postJson, PUBLIC_ORIGIN, suiteApp, testApp, uniqueEmail } from '../testing/harness.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const STRANGER = 'Stranger-pass9!';
const BUYER = 'Buyers-own-pass7!';

let client = 0;
const from = () => ({ 'X-Forwarded-For': `203.0.113.${++client}` });

for (const target of dbTargets()) {
  describe(`sign-up cannot take over an account on ${target}`, () => {
    const now = NOW;
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => now, payments: createTestModeGateway(db), config: { trustProxy: 1 } }));

    const post = (path: string, body: unknown, headers: Record<string, string> = {}) => t.app.request(...postJson(path, body, { ...from(), ...headers }));
    const signUp = (emailAddress: string, password: string, headers: Record<string, string> = {}, returnUrl = '/account/') =>
      post('/api/user/signup', { emailAddress, returnUrl, password }, headers);
    const logIn = (accountIdentifier: string, password: string) => post('/api/user/login_with_password', { accountIdentifier, password });

    /** The e-mails to `email` in the outbox, or only those not among `seen` (file names: many share one millisecond). */
    const seen = new Set<string>();
    const mailsTo = async (email: string, onlyNew = false): Promise<ParsedMail[]> => {
      await t.mail.settled();
      const names = existsSync(t.outboxDir) ? readdirSync(t.outboxDir).filter((name) => OUTBOX_FILE.test(name)).sort() : [];
      const fresh = names.filter((name) => !onlyNew || !seen.has(name));
      for (const name of names) seen.add(name);
      return fresh
        .map((name) => parseEml(readFileSync(join(t.outboxDir, name), 'utf8')))
        .filter((mail) => mail.headers.get('to')?.toLowerCase() === email.toLowerCase());
    };
    const textOf = (mail: ParsedMail) => mail.parts.find((part) => part.contentType === 'text/plain')!.body;
    const subjectOf = (mail: ParsedMail) => mail.headers.get('subject')!;
    const passwordHash = async (email: string) =>
      (await testDb.db.query<{ password_hash: string | null }>(`SELECT password_hash FROM accounts WHERE email_lower = lower($1)`, [email]))[0]?.password_hash;

    test('a stranger signs up with the buyer\'s address: the password is never stored, the buyer\'s link lets only the buyer choose one', async () => {
      const bought = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      await mailsTo(bought.email, true);
      const res = await signUp(bought.email, STRANGER);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { message: MESSAGES.signUpSuccess });
      assert.equal(await passwordHash(bought.email), null, 'the stranger\'s password is stored nowhere');

      const mails = await mailsTo(bought.email, true);
      assert.deepEqual(mails.map(subjectOf), [`You already have an account with ${BRAND.productName}`]);
      const link = new RegExp(`${PUBLIC_ORIGIN}/account/create-password\\?token=([0-9a-f]{64})`).exec(textOf(mails[0]!));
      assert.ok(link, textOf(mails[0]!));
      assert.equal((await logIn(bought.email, STRANGER)).status, 401, 'before the buyer opens the link');

      const set = await post('/api/user/change_password_with_token', { newPassword: BUYER, passwordChangeToken: link[1]! });
      assert.equal(set.status, 200, await set.clone().text());
      assert.equal((await logIn(bought.email, STRANGER)).status, 401, 'the stranger\'s password never signs in');
      assert.equal((await logIn(bought.email, BUYER)).status, 200, 'the buyer\'s own does');
    });

    test('a stranger signs up with an address that has no account yet: its owner confirms, then chooses the password', async () => {
      const email = uniqueEmail('victim');
      assert.equal((await signUp(email, STRANGER)).status, 200);
      assert.equal(await passwordHash(email), null);
      const [mail] = await mailsTo(email);
      const token = new RegExp(`${PUBLIC_ORIGIN}/account/confirm\\?token=([0-9a-f]{64})`).exec(textOf(mail!))![1]!;
      const confirmed = await post('/api/user/confirm_account', { token });
      assert.equal(confirmed.status, 200);
      const { returnUrl } = (await confirmed.json()) as { returnUrl: string };
      const setup = /^\/account\/create-password\?token=([0-9a-f]{64})$/.exec(returnUrl);
      assert.ok(setup, returnUrl);
      assert.equal((await logIn(email, STRANGER)).status, 401);
      assert.equal((await post('/api/user/change_password_with_token', { newPassword: BUYER, passwordChangeToken: setup[1]! })).status, 200);
      assert.equal((await logIn(email, BUYER)).status, 200);
      assert.equal((await logIn(email, STRANGER)).status, 401);
    });

    test('a sign-up for an address with a password answers as for a new one and sends only the "already have an account" mail', async () => {
      const fresh = uniqueEmail('fresh');
      const newAnswer = await signUp(fresh, STRANGER);
      const bought = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      assert.equal((await signUp(bought.email, BUYER, { [PURCHASE_TOKEN_HEADER]: bought.purchaseToken })).status, 200);
      const hash = await passwordHash(bought.email);
      await mailsTo(bought.email, true);
      const again = await signUp(bought.email, STRANGER);
      assert.equal(again.status, newAnswer.status);
      assert.deepEqual(await again.json(), await newAnswer.json());
      assert.equal(again.headers.get('cache-control'), newAnswer.headers.get('cache-control'));
      assert.equal(await passwordHash(bought.email), hash, 'the password did not change');
      const mails = await mailsTo(bought.email, true);
      assert.deepEqual(mails.map(subjectOf), [`You already have an account with ${BRAND.productName}`]);
      assert.match(textOf(mails[0]!), /\/account\/create-password\?token=[0-9a-f]{64}/);
      assert.equal((await logIn(bought.email, STRANGER)).status, 401);
    });

    test('the thank-you page\'s password with the purchase token takes effect at once; without or with a wrong token it does not', async () => {
      const noToken = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      assert.equal((await signUp(noToken.email, BUYER)).status, 200);
      assert.equal((await logIn(noToken.email, BUYER)).status, 401);

      const wrong = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      const other = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      for (const token of ['0'.repeat(64), other.purchaseToken]) {
        assert.equal((await signUp(wrong.email, BUYER, { [PURCHASE_TOKEN_HEADER]: token })).status, 200);
        assert.equal((await logIn(wrong.email, BUYER)).status, 401, token);
        assert.equal(await passwordHash(wrong.email), null);
      }

      const buyer = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      const res = await signUp(buyer.email, BUYER, { [PURCHASE_TOKEN_HEADER]: buyer.purchaseToken });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { message: MESSAGES.signUpSuccess });
      const signedIn = await logIn(buyer.email, BUYER);
      assert.equal(signedIn.status, 200, await signedIn.clone().text());
      // the token sets the first password only: a second one through it changes nothing
      assert.equal((await signUp(buyer.email, STRANGER, { [PURCHASE_TOKEN_HEADER]: buyer.purchaseToken })).status, 200);
      assert.equal((await logIn(buyer.email, STRANGER)).status, 401);
      assert.equal((await logIn(buyer.email, BUYER)).status, 200);
    });

    test('a return address on one of our own origins is accepted; a foreign one is refused with the rule\'s message', async () => {
      const brand = 'https://apex-ppm.example';
      const www = testApp(testDb.db, { clock: () => now, config: { trustProxy: 1, publicOrigin: brand } });
      const cases: [string, string, number][] = [
        [PUBLIC_ORIGIN, 'http://127.0.0.1:4321/account/', 200],
        [brand, 'https://www.apex-ppm.example/account/', 200],
        [brand, 'https://apex-ppm.example/account/', 200],
        [brand, 'https://evil.example/account/', 400],
        [brand, 'https://www.evil.example/account/', 400],
        [brand, 'http://www.apex-ppm.example/account/', 400],
        [PUBLIC_ORIGIN, 'http://localhost:4322/account/', 400],
      ];
      for (const [origin, returnUrl, status] of cases) {
        const app = origin === PUBLIC_ORIGIN ? t.app : www.app;
        const res = await app.request(...postJson('/api/user/signup', { emailAddress: uniqueEmail('own'), returnUrl, password: BUYER }, { ...from(), Origin: origin }));
        assert.equal(res.status, status, `${returnUrl} against ${origin}: ${await res.clone().text()}`);
        if (status === 400) assert.deepEqual(((await res.json()) as { error_messages: string[] }).error_messages, [MESSAGES.returnUrl]);
      }
    });
  });
}
