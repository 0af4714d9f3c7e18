/**
 * The account confirmation page end to end: a sign-up through the real API, the confirmation e-mail read
 * from the outbox, its link opened in Chromium. The page takes the token off the address bar at once,
 * confirms once, and a second visit of the same link says it is used, with the phone number.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BRAND, MESSAGES } from '../../contract/index.ts';
import { parseEml } from '../../api/mail/eml.ts';
import { axeViolations, outboxMails, serverAndBrowser } from './support.ts';

describe('account confirmation', () => {
  const run = serverAndBrowser();

  test('the e-mailed link confirms the account once, off the address bar at once; a second visit shows the phone', async () => {
    const signUp = await fetch(`${run.server.url}/api/user/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: run.server.url },
      body: JSON.stringify({ emailAddress: 'Grace.Hopper@example.com', returnUrl: '/account/', password: 'Cobol-1959!x' }),
    });
    assert.equal(signUp.status, 200);
    assert.deepEqual(await signUp.json(), { message: MESSAGES.signUpSuccess });

    const [file] = await outboxMails(run.server.dataDir, 1);
    assert.ok(file, 'the confirmation e-mail is in the outbox');
    const mail = parseEml(readFileSync(file, 'utf8'));
    const text = mail.parts.find((part) => part.contentType === 'text/plain')!.body;
    const link = new RegExp(`${run.server.url}/account/confirm\\?token=[0-9a-f]{64}`).exec(text)?.[0];
    assert.ok(link, text);

    const page = await run.browser.newPage();
    const errors: string[] = [];
    // The used link's 404 answer is logged by Chromium as a failed resource: expected, and not an error of the page.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('status of 404')) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const confirmed = page.waitForResponse((res) => res.url() === `${run.server.url}/api/user/confirm_account`);
    await page.goto(link);
    await page.getByRole('status').filter({ hasText: MESSAGES.accountConfirmed }).waitFor();
    assert.equal((await confirmed).status(), 200);
    assert.equal(page.url(), `${run.server.url}/account/confirm`, 'the token is gone from the address bar');
    // issue 22: a sign-up's password is never stored before the mailbox is proved; the confirmed mailbox's
    // owner goes on to choose it, with a fresh single-use link to the create-password page
    assert.match((await page.getByRole('link', { name: 'Continue to My Account' }).getAttribute('href')) ?? '', /^\/account\/create-password\?token=[0-9a-f]{64}$/);
    assert.deepEqual(await axeViolations(page), []);

    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: MESSAGES.accountConfirmationLinkInvalid }).waitFor();
    assert.equal(await page.getByRole('link', { name: BRAND.phone }).last().getAttribute('href'), BRAND.phoneHref);
    assert.equal(page.url(), `${run.server.url}/account/confirm`);
    assert.deepEqual(await axeViolations(page), []);

    await page.goto(`${run.server.url}/account/confirm`);
    await page.getByRole('alert').filter({ hasText: MESSAGES.passwordNoToken }).waitFor();
    assert.deepEqual(errors, [], 'no script error and no CSP refusal');
    await page.close();
  });
});
