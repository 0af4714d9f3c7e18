/**
 * The policy's paperwork end to end (issue 8) against the real server: a policy bound through the API with
 * Stripe's tok_visa, the documents link read from the purchase e-mail in the outbox, the documents page in
 * onboarding mode, the application signed, a generated odometer photo sent with its reading and read by
 * OCR, the policy issued, the documents page in documents mode, and both PDFs read back for the policy
 * number, the names, each VIN and the limits.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { localToday, type BindResponse, type QuotePolicy } from '../../contract/index.ts';
import { pdfFlatText } from '../../api/documents/pdf/testing.ts';
import { parseEml } from '../../api/mail/eml.ts';
import { odometerImage } from '../../api/odometer/testing/odometer-images.ts';
import { bindRequestFor } from '../../api/policies/testing.ts';
import { quoteRequestFixture } from '../../api/quotes/testing.ts';
import { axeViolations, outboxMails, serverAndBrowser } from './support.ts';

/** The text of the outbox e-mails whose subject matches, once there is one. */
async function mailWithSubject(dataDir: string, subject: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outboxMails(dataDir, 0, 0))
      .map((file) => parseEml(readFileSync(file, 'utf8')))
      .find((mail) => subject.test(mail.headers.get('subject') ?? ''));
    if (found) return found.parts.find((part) => part.contentType === 'text/plain')?.body ?? '';
    if (Date.now() > deadline) throw new Error(`no e-mail with the subject ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A TX policy quoted and bought through the API with Stripe's tok_visa, as step 6 would. */
async function buyPolicy(base: string, email: string): Promise<{ quote: QuotePolicy; policyNumber: string }> {
  const origin = { 'Content-Type': 'application/json', Origin: base };
  const quoted = await fetch(`${base}/api/policy/quote`, {
    method: 'POST', headers: origin, body: JSON.stringify(quoteRequestFixture({ state: 'TX', today: localToday(), email })),
  });
  assert.equal(quoted.status, 200);
  const quote = ((await quoted.json()) as { policies: QuotePolicy[] }).policies[0]!;
  const bound = await fetch(`${base}/api/policy/bind`, {
    method: 'POST',
    headers: { ...origin, 'Idempotency-Key': `e2e-${quote.policyNumber}` },
    body: JSON.stringify(bindRequestFor(quote)),
  });
  assert.equal(bound.status, 200);
  return { quote, policyNumber: ((await bound.json()) as BindResponse).policies[0]!.policyNumber };
}

/** The documents link of `policyNumber`'s purchase e-mail. */
async function documentsLinkOf(dataDir: string, policyNumber: string): Promise<string> {
  const purchaseMail = await mailWithSubject(dataDir, new RegExp(`policy ${policyNumber}: binder`));
  const link = /https?:\/\/\S+\/account\/documents\/[0-9a-f]{64}/.exec(purchaseMail)?.[0];
  assert.ok(link, 'the purchase e-mail carries the documents link');
  return link;
}

const OPS_PASSWORD = 'an-operations-password-for-e2e';

describe('documents, e-signature, odometer photo and issuance', () => {
  const run = serverAndBrowser({ OPS_PASSWORD });

  test('a bought policy is signed, photographed, issued, and its PDFs say what was bought', async () => {
    const { server } = run;
    const { quote, policyNumber } = await buyPolicy(server.url, `paperwork.${process.pid}@example.com`);

    const documentsLink = await documentsLinkOf(server.dataDir, policyNumber);

    const page = await run.browser.newPage();
    try {
      // Onboarding mode: both links, and the odometer link as a QR code for a phone.
      await page.goto(documentsLink);
      await page.getByRole('heading', { name: 'Two steps before your policy is issued' }).waitFor();
      await page.getByRole('img', { name: 'QR code: opens the odometer photo page on your phone' }).waitFor();
      assert.deepEqual(await axeViolations(page), []);
      assert.ok(!page.url().includes('@'), 'no personal data in the address');

      // The e-signature.
      await page.getByRole('link', { name: 'Sign your application' }).click();
      await page.getByRole('link', { name: /Read your application/ }).waitFor();
      await page.getByRole('checkbox').check();
      await page.getByLabel('Full name', { exact: true }).fill('Ann Driver');
      await page.getByRole('button', { name: 'Sign', exact: true }).click();
      await page.getByRole('heading', { name: 'Your application is signed' }).waitFor();
      assert.deepEqual(await axeViolations(page), []);

      // The odometer photo, on a phone-sized page.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(documentsLink);
      // signed: the page counts the one step left
      await page.getByRole('heading', { name: 'One step before your policy is issued' }).waitFor();
      await page.getByRole('link', { name: 'Send odometer photos' }).click();
      await page.getByLabel('Photo of the odometer').waitFor();
      const photo = await odometerImage({ reading: '023817', style: 'drum', dark: true, format: 'jpeg', seed: 11 });
      await page.getByLabel('Photo of the odometer').setInputFiles({ name: 'odometer.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo) });
      await page.getByLabel('Reading', { exact: true }).fill('023817');
      await page.getByRole('button', { name: 'Send photo' }).click();
      await page.getByText(/verified/i).first().waitFor({ timeout: 30_000 });
      assert.deepEqual(await axeViolations(page), []);

      // Issued: the e-mail, and the documents page in documents mode.
      const issuedMail = await mailWithSubject(server.dataDir, new RegExp(`${policyNumber} is issued`));
      assert.match(issuedMail, /\/account\/documents\//);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(documentsLink);
      const card = page.getByRole('link', { name: /ID Card/ });
      await card.waitFor();
      assert.equal(await page.getByRole('heading', { name: /steps? before your policy is issued/ }).count(), 0, 'nothing left to do');
      await page.getByRole('link', { name: /Signed Application/ }).waitFor();
      assert.equal(await card.getAttribute('target'), '_blank');

      const pdf = async (name: RegExp) => {
        const href = await page.getByRole('link', { name }).getAttribute('href');
        const res = await fetch(new URL(href!, server.url));
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('cache-control'), 'private, no-store');
        return pdfFlatText(new Uint8Array(await res.arrayBuffer()));
      };
      const cardText = await pdf(/ID Card/);
      const declarations = await pdf(/Declaration Page/);
      for (const text of [cardText, declarations]) {
        assert.match(text, new RegExp(policyNumber));
        assert.match(text, /Ann/);
        assert.match(text, /Driver/);
        for (const vehicle of quote.vehicleInfo) assert.match(text, new RegExp(vehicle.vin));
      }
      assert.doesNotMatch(cardText, /binder/i, 'the issued card');
      for (const vehicle of quote.vehicleInfo) {
        for (const coverage of vehicle.coverageInfo) assert.ok(declarations.includes(coverage.displayLimit), `${coverage.coverageDescription} ${coverage.displayLimit}`);
      }
    } finally {
      await page.close();
    }
  });

  test('a photo whose reading differs: what it reads is suggested; kept as typed, it waits on the operations page and a person approves it', async () => {
    const { server } = run;
    const { policyNumber } = await buyPolicy(server.url, `review.${process.pid}@example.com`);
    const token = (await documentsLinkOf(server.dataDir, policyNumber)).split('/').pop()!;
    const photo = await odometerImage({ reading: '045210', style: 'segments', dark: false, format: 'png', seed: 5 });
    const send = (afterSuggestion?: number) => {
      const form = new FormData();
      form.set('token', token);
      form.set('carNumber', '1');
      form.set('reading', '045120');
      if (afterSuggestion !== undefined) form.set('afterSuggestion', String(afterSuggestion));
      form.set('photo', new File([photo as Uint8Array<ArrayBuffer>], 'odometer.png'));
      return fetch(`${server.url}/api/odometer/photo`, { method: 'POST', body: form, headers: { Origin: server.url } });
    };
    const first = await send();
    assert.equal(first.status, 200);
    const suggested = (await first.json()) as { status: string; suggestion: { attempt: number; reading: string } };
    assert.equal(suggested.status, 'suggested');
    assert.equal(suggested.suggestion.reading, '045210');
    // the person looks again and keeps the reading they typed: a person decides
    const sent = await send(suggested.suggestion.attempt);
    assert.equal(sent.status, 201);
    assert.equal(((await sent.json()) as { status: string }).status, 'needs_review');

    const context = await run.browser.newContext({ httpCredentials: { username: 'ops', password: OPS_PASSWORD } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/ops/odometer`);
      const held = page.getByRole('article', { name: new RegExp(policyNumber) });
      await held.getByRole('img', { name: /Odometer photo/ }).waitFor();
      await held.getByText('045210', { exact: false }).first().waitFor();
      assert.deepEqual(await axeViolations(page), []);
      await held.getByLabel('Reading on the photo').fill('045210');
      await held.getByRole('button', { name: 'Approve' }).click();
      await held.getByRole('status').filter({ hasText: 'Done: approved.' }).waitFor();
      const accepted = await mailWithSubject(server.dataDir, new RegExp(`Policy ${policyNumber}: your odometer reading is accepted`));
      assert.match(accepted, /45,210 miles/);
    } finally {
      await context.close();
    }
  });
});
