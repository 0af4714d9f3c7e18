/**
 * The purchase end to end (issue 7) on our own site's /receive-a-quote, against the real server in test
 * mode (no Stripe keys): a priced quote, step 6 with Stripe's test cards turned into test tokens in the
 * browser, the bind, the lienholder sub-step for a financed car, step 7 with the binder number and account
 * creation, and what the bind queued in the outbox: the policy-documents e-mail and the odometer-photo text.
 * The dealer-demo hand-over is the hand-over's own e2e test.
 *
 * Issue 19 ("Every charge right"): the Mastercard test card and the kept card's consent (shown above Submit
 * Payment, the words the bind sends, following the frequency); a card that asks for 3-D Secure, with the test
 * mode's labelled authentication window completed and failed; and two tabs of one browser, where the quote
 * re-priced in one makes the other's bind answer 409 quote_changed (nothing charged) and its next Submit
 * Payment pay the new version at the new price.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { CARD_CONSENT, MESSAGES } from '../../contract/index.ts';
import { parseEml } from '../../api/mail/eml.ts';
import { parseTextFile } from '../../api/messages/texter.ts';
import { axeViolations, outboxMails, outboxTexts, serverAndBrowser } from './support.ts';
import { fillTestCard, GRACE, purchaseNow, STATE_FIXTURES, stepHeading, toQuoteStep, type Person } from './wizard-steps.ts';

const DECLINED = 'Your payment method has been declined. Please check to make sure your card information is correct, or try a different payment method.';

/** Each test buys as its own person, so its e-mails can be told apart in the shared outbox. */
const person = (name: string): Person => ({ ...GRACE, email: `grace.${name}@example.com` });

/** Every bind request the page sends, as sent. */
function bindRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/policy/bind') && request.method() === 'POST') seen.push(request);
  });
  return seen;
}

function thankYou(page: Page) {
  return page.getByRole('heading', { name: 'Thank You', exact: true });
}

/** The value beside a label in step 7's facts. */
async function fact(page: Page, label: string): Promise<string> {
  return (await page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

/** Step 6's 'Down Payment (Due Today)' figure, e.g. '$123.45'. */
function dueToday(page: Page): Promise<string> {
  return fact(page, 'Down Payment \\(Due Today\\)');
}

/** '$1,234.56' in cents. */
function cents(amount: string): number {
  return Math.round(Number(amount.replace(/[$,]/g, '')) * 100);
}

/** The text Submit Payment is described by (its aria-describedby): the kept card's consent. */
function consentOf(page: Page) {
  return page.getByRole('button', { name: 'Submit Payment', exact: true }).evaluate((button) => {
    const root = button.getRootNode() as Document | ShadowRoot;
    const id = button.getAttribute('aria-describedby') ?? '';
    const described = root.getElementById(id);
    return { text: described?.textContent?.trim() ?? null, bottom: described?.getBoundingClientRect().bottom ?? NaN, buttonTop: button.getBoundingClientRect().top };
  });
}

/** The purchase e-mails (their subject names the binder) among the outbox e-mails to `to`. */
async function purchaseMails(dataDir: string, to: string, count: number) {
  return (await mailsTo(dataDir, to, count)).filter((mail) => /binder/i.test(mail.subject));
}

/** The test mode's stand-in for the bank's 3-D Secure page. */
function testAuthentication(page: Page) {
  return page.getByRole('dialog', { name: 'Test authentication: no real bank' });
}

/** The text parts of the outbox e-mails to `to`, once there are at least `count` of them. */
async function mailsTo(dataDir: string, to: string, count: number, timeoutMs = 15_000): Promise<{ subject: string; text: string }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await outboxMails(dataDir, 0, 0))
      .map((file) => parseEml(readFileSync(file, 'utf8')))
      .filter((mail) => (mail.headers.get('to') ?? '').toLowerCase().includes(to.toLowerCase()))
      .map((mail) => ({
        subject: mail.headers.get('subject') ?? '',
        text: mail.parts.find((part) => part.contentType === 'text/plain')?.body ?? mail.parts[0]?.body ?? '',
      }));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('purchase on our own site, in test mode', () => {
  const run = serverAndBrowser();

  test('4242 4242 4242 4242 buys the policy: the thank-you page with a binder number; the e-mail and the text are queued', async () => {
    const buyer = person('visa');
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const binds = bindRequests(page);
    await toQuoteStep(page, run.server.url, 'TX', { person: buyer });
    await purchaseNow(page);
    await page.getByText('Test mode: no real charge is made.').waitFor();
    await page.getByText('Powered by').first().waitFor();
    assert.deepEqual(await axeViolations(page), []);

    const dueToday = await fact(page, 'Down Payment \\(Due Today\\)');
    assert.match(dueToday, /^\$[\d,]+\.\d{2}$/);
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    await thankYou(page).waitFor({ timeout: 30_000 });
    const binder = await fact(page, 'Binder number');
    assert.ok(binder.length > 0, 'a binder number is shown');
    await page.getByText(`An email with your policy documents is on its way to ${buyer.email}.`).waitFor();
    await page.getByText('Your policy is not issued until we receive your signed documents and a valid initial odometer photo.').waitFor();
    assert.deepEqual(await axeViolations(page), []);

    // the bind carried Stripe's test token, never the card
    assert.equal(binds.length, 1);
    const body = binds[0]!.postDataJSON() as { paymentToken: { token: string }; billingFrequency: string; payPlan: number };
    assert.deepEqual(body.paymentToken, { token: 'tok_visa' });
    assert.equal(body.billingFrequency, 'monthly');
    assert.equal(body.payPlan, 18);
    assert.doesNotMatch(binds[0]!.postData() ?? '', /4242/);
    assert.ok(binds[0]!.headers()['idempotency-key'], 'an Idempotency-Key');

    // a reload keeps the thank-you page (the wizard's state), without any card data in it
    await page.reload();
    await thankYou(page).waitFor();
    assert.equal(await fact(page, 'Binder number'), binder);
    const saved = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
    assert.doesNotMatch(saved, /4242|tok_|Grace Hopper","card/);

    // the outbox: the quote e-mail, then the policy documents e-mail; the odometer-photo text to the mobile
    const mails = await mailsTo(run.server.dataDir, buyer.email, 2);
    assert.ok(mails.length >= 2, `the quote e-mail and the documents e-mail, got ${mails.map((m) => m.subject).join(' | ')}`);
    const policyNumber = await fact(page, 'Policy number');
    const purchase = mails.filter((mail) => mail.subject.includes(binder));
    assert.equal(purchase.length, 1, 'one purchase e-mail, with the binder number');
    assert.ok(purchase[0]!.text.includes(`Binder number: ${binder}. Policy number: ${policyNumber}.`), purchase[0]!.text);
    // charged exactly what step 6 showed as due today
    assert.ok(purchase[0]!.text.includes(`Your payment of ${dueToday} (first monthly payment)`), purchase[0]!.text);
    const texts = (await outboxTexts(run.server.dataDir, 1)).map((file) => parseTextFile(readFileSync(file, 'utf8')));
    const odometer = texts.find((text) => text.to.replace(/\D/g, '').endsWith('2145550134'));
    assert.ok(odometer, 'a text to the mobile number');
    assert.match(odometer.body, /odometer/i);
    assert.match(odometer.body, /https?:\/\/\S+/);
    assert.doesNotMatch(odometer.body, /Grace|Hopper/, 'no name in the text');
    await page.close();
  });

  test("4000 0000 0000 0002 is declined with the spec's message; the next submit only shows 'Call to complete your quote'", async () => {
    const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
    const binds = bindRequests(page);
    await toQuoteStep(page, run.server.url, 'TX', { person: person('declined') });
    await purchaseNow(page);
    await fillTestCard(page, '4000 0000 0000 0002');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/policy/bind'));
    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    assert.equal((await answered).status(), 402);
    await page.getByRole('alert').filter({ hasText: DECLINED }).waitFor();
    assert.equal((binds[0]!.postDataJSON() as { paymentToken: { token: string } }).paymentToken.token, 'tok_chargeDeclined');

    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Call to complete your quote' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /800-400-4128/);
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('button', { name: 'OK' }).click();
    assert.equal(binds.length, 1, 'no second bind');
    await stepHeading(page, 'Payment').waitFor();
    await page.close();
  });

  test('a double-clicked Submit Payment binds once', async () => {
    const buyer = person('double');
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const binds = bindRequests(page);
    await toQuoteStep(page, run.server.url, 'TX', { person: buyer });
    await purchaseNow(page);
    await fillTestCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Submit Payment', exact: true }).dblclick();
    await thankYou(page).waitFor({ timeout: 30_000 });
    assert.equal(binds.length, 1, 'one bind request');
    const quoteNumber = (binds[0]!.postDataJSON() as { quoteNumber: string }).quoteNumber;

    // the API: the quote is bound, so another payment attempt (a new key) is refused; nothing was charged twice
    const again = await fetch(`${run.server.url}/api/policy/bind`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: run.server.url, 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ ...(binds[0]!.postDataJSON() as object), quoteNumber }),
    });
    assert.equal(again.status, 409, 'already bound');
    // one bind, one purchase e-mail (the bind queues it in its own transaction): the quote e-mail and exactly one more
    const binder = await fact(page, 'Binder number');
    const mails = await mailsTo(run.server.dataDir, buyer.email, 2);
    assert.deepEqual(mails.filter((mail) => /binder/i.test(mail.subject)).map((mail) => mail.subject.includes(binder)), [true]);
    assert.equal(mails.length, 2);
    await page.close();
  });

  test('a financed car: the lienholder step (PFS\'s name prefilled and locked, its address typed), then step 7 and account creation', async () => {
    const buyer = person('financed');
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await toQuoteStep(page, run.server.url, 'TX', { person: buyer, ownership: 'Financed' });
    await purchaseNow(page);
    await page.getByRole('radio', { name: 'Every six months' }).check();
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();

    await page.getByRole('heading', { name: 'Lienholder Information' }).waitFor({ timeout: 30_000 });
    await page.getByText('Lienholder for your 2019 Porsche 911').waitFor();
    await page.getByLabel('Lienholder', { exact: true }).selectOption('PFS');
    assert.equal(await page.getByLabel('Lienholder Name', { exact: true }).inputValue(), 'Porsche Financial Services');
    assert.equal(await page.getByLabel('Lienholder Name', { exact: true }).isDisabled(), true);
    // only the name is prefilled: no address is held as a fact, so the buyer types it from the loan papers
    assert.equal(await page.getByLabel('Address', { exact: true }).inputValue(), '');
    await page.getByLabel('Address', { exact: true }).fill('4343 Commerce Ct');
    await page.getByLabel('City', { exact: true }).fill('Lisle');
    await page.getByLabel('State', { exact: true }).selectOption('IL');
    await page.getByLabel('ZIP Code', { exact: true }).fill('60532');
    await page.getByLabel('Phone Number', { exact: true }).fill('8885551234');
    assert.deepEqual(await axeViolations(page), []);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/policy/lienholder'));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    assert.equal((await sent).status(), 200);
    await thankYou(page).waitFor({ timeout: 30_000 });

    // account creation, with the live checklist
    await page.getByLabel('Password', { exact: true }).fill('Cobol-1959!x');
    await page.getByLabel('Verify Password', { exact: true }).fill('Cobol-1959!x');
    assert.equal(await page.locator('.ppm-thanks__check--met').count(), 6, 'every line of the checklist ticked');
    const signUp = page.waitForResponse((r) => r.url().endsWith('/api/user/signup'));
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    assert.equal((await signUp).status(), 200);
    await page.getByRole('status').filter({ hasText: MESSAGES.signUpSuccess }).waitFor();
    await page.waitForURL(`${run.server.url}/`, { timeout: 20_000 });
    const mails = await mailsTo(run.server.dataDir, buyer.email, 3);
    assert.ok(mails.some((mail) => /\/account\/confirm\?token=/.test(mail.text)), 'the confirmation e-mail with its link');
    await page.close();
  });

  test('Mastercard 5555 5555 5555 4444 buys the policy; the consent shown above Submit Payment is the one the bind sends, and follows the frequency', async () => {
    const buyer = person('mastercard');
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const binds = bindRequests(page);
    await toQuoteStep(page, run.server.url, 'TX', { person: buyer });
    await purchaseNow(page);

    // monthly first: its consent, visible, above the button that names it
    const consentText = page.getByText(CARD_CONSENT.monthly, { exact: true });
    await consentText.waitFor();
    const monthly = await consentOf(page);
    assert.equal(monthly.text, CARD_CONSENT.monthly);
    assert.ok(monthly.bottom <= monthly.buttonTop, `the consent (bottom ${monthly.bottom}) is above Submit Payment (top ${monthly.buttonTop})`);

    // every six months: the consent changes with it (no base rate billed monthly)
    await page.getByRole('radio', { name: 'Every six months' }).check();
    await page.getByText(CARD_CONSENT.biannually, { exact: true }).waitFor();
    const sixMonths = await consentOf(page);
    assert.equal(sixMonths.text, CARD_CONSENT.biannually);
    assert.notEqual(sixMonths.text, monthly.text);
    assert.ok(sixMonths.bottom <= sixMonths.buttonTop, 'still above Submit Payment');
    const due = await dueToday(page);

    await fillTestCard(page, '5555 5555 5555 4444');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/policy/bind'));
    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    assert.equal((await answered).status(), 200);
    await thankYou(page).waitFor({ timeout: 30_000 });
    const binder = await fact(page, 'Binder number');
    assert.ok(binder.length > 0, 'a binder number is shown');

    assert.equal(binds.length, 1);
    const body = binds[0]!.postDataJSON() as { paymentToken: { token: string }; billingFrequency: string; payPlan: number; cardConsent: string; amountDueCents: number; quoteVersion: number };
    assert.deepEqual(body.paymentToken, { token: 'tok_mastercard' });
    assert.equal(body.billingFrequency, 'biannually');
    assert.equal(body.payPlan, 21);
    assert.equal(body.cardConsent, sixMonths.text, 'the bind sends the very words shown');
    assert.equal(body.amountDueCents, cents(due));
    assert.equal(body.quoteVersion, 1);
    assert.doesNotMatch(binds[0]!.postData() ?? '', /5555|4444/, 'no card digits');

    const purchase = await purchaseMails(run.server.dataDir, buyer.email, 2);
    assert.equal(purchase.length, 1);
    assert.ok(purchase[0]!.text.includes(`Your payment of ${due} (single payment for 6 months)`), purchase[0]!.text);
    await page.close();
  });

  test('4000 0027 6000 3184 opens the test authentication window; Complete buys the policy at the price shown', async () => {
    const buyer = person('threeds');
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const binds = bindRequests(page);
    await toQuoteStep(page, run.server.url, 'TX', { person: buyer });
    await purchaseNow(page);
    const due = await dueToday(page);
    await fillTestCard(page, '4000 0027 6000 3184');
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/policy/bind'));
    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    assert.equal((await asked).status(), 202, 'the bank asks for authentication');

    const dialog = testAuthentication(page);
    await dialog.waitFor();
    await dialog.getByText('no bank is involved and no real charge is made', { exact: false }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    assert.equal((binds[0]!.postDataJSON() as { paymentToken: { token: string } }).paymentToken.token, 'tok_authenticationRequired');

    const completed = page.waitForResponse((r) => r.url().endsWith('/api/policy/complete_payment'));
    await dialog.getByRole('button', { name: 'Complete', exact: true }).click();
    assert.equal((await completed).status(), 200);
    await thankYou(page).waitFor({ timeout: 30_000 });
    assert.equal(await dialog.isVisible(), false, 'the window closed');
    const binder = await fact(page, 'Binder number');
    assert.equal(binds.length, 1, 'one bind: complete_payment finished it');

    const purchase = await purchaseMails(run.server.dataDir, buyer.email, 2);
    assert.equal(purchase.length, 1);
    assert.ok(purchase[0]!.subject.includes(binder));
    assert.ok(purchase[0]!.text.includes(`Your payment of ${due} (first monthly payment)`), purchase[0]!.text);
    await page.close();
  });

  test("4000 0000 0000 3220 with Fail: the spec's decline text; the next submit only shows 'Call to complete your quote'", async () => {
    const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
    const binds = bindRequests(page);
    await toQuoteStep(page, run.server.url, 'TX', { person: person('threedsfail') });
    await purchaseNow(page);
    await fillTestCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    const dialog = testAuthentication(page);
    await dialog.waitFor({ timeout: 30_000 });
    assert.equal((binds[0]!.postDataJSON() as { paymentToken: { token: string } }).paymentToken.token, 'tok_threeDSecure2Required');

    const completed = page.waitForResponse((r) => r.url().endsWith('/api/policy/complete_payment'));
    await dialog.getByRole('button', { name: 'Fail', exact: true }).click();
    assert.equal((await completed).status(), 402);
    await page.getByRole('alert').filter({ hasText: DECLINED }).waitFor();
    assert.equal(await dialog.isVisible(), false, 'the window closed');
    assert.equal(await thankYou(page).count(), 0);

    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    const call = page.getByRole('dialog', { name: 'Call to complete your quote' });
    await call.waitFor();
    assert.match(await call.innerText(), /800-400-4128/);
    await call.getByRole('button', { name: 'OK' }).click();
    assert.equal(binds.length, 1, 'no second bind');
    await stepHeading(page, 'Payment').waitFor();
    await page.close();
  });

  test('two tabs: a quote re-priced in tab B makes tab A\'s Submit Payment charge nothing and show the new price; the next Submit Payment pays it', async () => {
    const buyer = person('twotabs');
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tabA = await context.newPage();
    const binds = bindRequests(tabA);
    await toQuoteStep(tabA, run.server.url, 'TX', { person: buyer });
    await purchaseNow(tabA);
    const dueBefore = await dueToday(tabA);
    await fillTestCard(tabA, '4242 4242 4242 4242');

    // tab B, same browser, its own sessionStorage: the saved quote by e-mail, birth date and ZIP (doc 2 section 2)
    const tabB = await context.newPage();
    const [month, day, year] = buyer.dateOfBirth.split('/');
    const query = new URLSearchParams({ email: buyer.email, dob: `${year}-${month}-${day}`, zipcode: STATE_FIXTURES.TX.zip });
    await tabB.goto(`${run.server.url}/receive-a-quote?${query}`);
    await stepHeading(tabB, 'Your Quote').waitFor({ timeout: 30_000 });
    await tabB.getByRole('button', { name: 'Back', exact: true }).click();
    await stepHeading(tabB, 'Your Coverage').waitFor();
    // another collision deductible: the quote is priced again under its number, as its version 2
    const collision = tabB.getByLabel('Collision', { exact: true });
    const chosen = await collision.inputValue();
    const other = (await collision.locator('option').evaluateAll((list) => list.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent?.trim() ?? '' }))))
      .filter((o) => o.value !== '' && o.value !== chosen && o.label !== 'I decline this coverage')
      .at(-1);
    assert.ok(other, `another collision deductible than ${chosen}`);
    await collision.selectOption(other.value);
    const repriced = tabB.waitForResponse((r) => r.url().endsWith('/api/policy/quote') && r.request().method() === 'POST', { timeout: 30_000 });
    await tabB.getByRole('button', { name: 'Calculate', exact: true }).click();
    const answer = await repriced;
    assert.equal(answer.status(), 200);
    const quoteNumber = await fact(tabA, 'Quote number');
    const version = ((await answer.json()) as { policies: { policyNumber: string; quoteVersion?: number }[] }).policies[0]!;
    assert.equal(version.policyNumber, quoteNumber, 'the same quote, priced again');
    assert.equal(version.quoteVersion, 2);
    await tabB.getByRole('button', { name: 'Continue', exact: true }).click();
    await stepHeading(tabB, 'Your Quote').waitFor({ timeout: 30_000 });
    await purchaseNow(tabB);
    const dueInB = await dueToday(tabB);
    assert.notEqual(dueInB, dueBefore, 'the new collision deductible changes what is due today');
    await tabB.close();

    // tab A still shows version 1: its Submit Payment is refused before any charge
    const refused = tabA.waitForResponse((r) => r.url().endsWith('/api/policy/bind'));
    await tabA.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    const first = await refused;
    assert.equal(first.status(), 409);
    assert.equal(((await first.json()) as { error_type: string }).error_type, 'quote_changed');
    const notice = tabA.getByRole('alert').filter({ hasText: MESSAGES.quoteChanged });
    await notice.waitFor();
    assert.match(await notice.innerText(), /Please check your new price/);
    assert.equal(await dueToday(tabA), dueInB, 'tab A shows the price tab B made');
    assert.equal(await thankYou(tabA).count(), 0);
    const sentFirst = binds[0]!.postDataJSON() as { quoteVersion: number; amountDueCents: number };
    assert.deepEqual([sentFirst.quoteVersion, sentFirst.amountDueCents], [1, cents(dueBefore)]);
    // nothing charged: no policy, so no purchase e-mail (the quote e-mail alone)
    assert.deepEqual(await purchaseMails(run.server.dataDir, buyer.email, 1), []);

    // the next Submit Payment pays version 2, at its price
    const paid = tabA.waitForResponse((r) => r.url().endsWith('/api/policy/bind'));
    await tabA.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    assert.equal((await paid).status(), 200);
    await thankYou(tabA).waitFor({ timeout: 30_000 });
    assert.equal(binds.length, 2);
    const sentSecond = binds[1]!.postDataJSON() as { quoteVersion: number; amountDueCents: number };
    assert.deepEqual([sentSecond.quoteVersion, sentSecond.amountDueCents], [2, cents(dueInB)]);
    assert.notEqual(binds[1]!.headers()['idempotency-key'], binds[0]!.headers()['idempotency-key'], 'a new attempt, a new key');
    const binder = await fact(tabA, 'Binder number');
    const purchase = await purchaseMails(run.server.dataDir, buyer.email, 2);
    assert.equal(purchase.length, 1);
    assert.ok(purchase[0]!.subject.includes(binder));
    assert.ok(purchase[0]!.text.includes(`Your payment of ${dueInB} (first monthly payment)`), purchase[0]!.text);
    await context.close();
  });
});
