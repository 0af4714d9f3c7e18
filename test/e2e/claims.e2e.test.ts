/**
 * A claimant files a claim end to end (issue 10, item 8) against the real server: /account/claims, the five
 * steps through labels and roles, two photos of the damage (real JPEG and PNG bytes), doc 1's success text
 * with the claim reference, and in the outbox the claims team's e-mail with both photos attached and the
 * claimant's acknowledgement with the reference. axe finds nothing on the page at 390 and 1280 px. And the
 * partner's page (embed-demo/partner-claims.html, another origin, the one script tag) files a claim too.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { BRAND, CLAIM_REFERENCE } from '../../contract/index.ts';
import { parseEml, type ParsedMail } from '../../api/mail/eml.ts';
import { CLAIM_FORM_TEXTS as T } from '../../widgets/claim-form/claim-form.texts.ts';
import { axeViolations, outboxMails, serverAndBrowser } from './support.ts';

const optional = (label: string) => `${label} ${T.optional}`;

/** The outbox e-mail to `to` (whose text matches `about`, when given), once it is there. */
async function mailTo(dataDir: string, to: string, timeoutMs = 20_000, about?: RegExp): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  const matches = (mail: ParsedMail) =>
    mail.headers.get('to') === to && (!about || mail.parts.some((part) => part.contentType.startsWith('text/plain') && about.test(part.body)));
  for (;;) {
    const found = (await outboxMails(dataDir, 0, 0)).map((file) => parseEml(readFileSync(file, 'utf8'))).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('claims', () => {
  const run = serverAndBrowser({ CLAIMS_EMAIL: 'claims-e2e@apex-ppm.example' });

  test('a claimant files a claim with two photos and gets a reference; the claims team and the claimant are e-mailed', async () => {
    const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${run.server.url}/account/claims#fnol`);
    const form = page.locator('#fnol');
    await form.getByRole('heading', { name: new RegExp(`Step 1 of 5.*${T.steps[0]}`) }).waitFor();
    // the island has hydrated (Astro drops `ssr`): typing before that would be into the server's copy
    await form.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
    assert.deepEqual(await axeViolations(page), [], 'axe at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await axeViolations(page), [], 'axe at 1280 px');
    assert.ok(await page.getByText('up to $125 a day, for at most 30 days').isVisible());

    await form.getByLabel(T.firstName, { exact: true }).fill('Ada');
    await form.getByLabel(T.lastName, { exact: true }).fill('Lovelace');
    await form.getByLabel(optional(T.telephoneNumber)).pressSequentially('6025550134');
    await form.getByLabel(T.email, { exact: true }).fill('ada.claim@example.com');
    await form.getByLabel(T.insuranceProvider).selectOption(BRAND.insurer);
    await form.getByRole('radio', { name: T.relationInsured }).check();
    await form.getByRole('button', { name: T.next }).click();

    await form.getByRole('heading', { name: new RegExp(`Step 2 of 5.*${T.steps[1]}`) }).waitFor();
    await form.getByLabel(T.incidentLocation).fill('Camelback Rd & 24th St, Phoenix');
    const yesterday = new Date(Date.now() - 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await form.getByLabel(T.incidentDate, { exact: true }).pressSequentially(`${pad(yesterday.getMonth() + 1)}${pad(yesterday.getDate())}${yesterday.getFullYear()}`);
    await form.getByLabel(T.incidentDescription).fill('Rear-ended at a red light.');
    await form.getByRole('group', { name: optional(T.ownerVehicleInvolved) }).getByRole('radio', { name: T.yes }).check();
    await form.getByLabel(optional(T.ownerVehicleLocation)).selectOption('dealer');
    await form.getByLabel(optional("The dealer's phone number")).pressSequentially('4805550199');
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8a3b12' } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#2f5d3a' } }).png().toBuffer();
    await form.getByLabel(T.photos).setInputFiles([
      { name: 'rear.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'bumper.png', mimeType: 'image/png', buffer: png },
    ]);
    await form.getByRole('list', { name: T.photosList }).getByRole('listitem').nth(1).waitFor();
    // WCAG 1.4.10: the step with the photo picker never makes a phone's page scroll sideways (the file input's
    // own width once widened the page's column to 405 px at 390)
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `no sideways scroll at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: T.next }).click();
    await form.getByRole('heading', { name: new RegExp(`Step 3 of 5.*${T.steps[2]}`) }).waitFor();
    await form.getByRole('button', { name: T.next }).click();
    await form.getByRole('heading', { name: new RegExp(`Step 4 of 5.*${T.steps[3]}`) }).waitFor();
    await form.getByRole('button', { name: T.next }).click();
    await form.getByRole('heading', { name: new RegExp(`Step 5 of 5.*${T.steps[4]}`) }).waitFor();
    await form.getByRole('group', { name: optional(T.policeResponse) }).getByRole('radio', { name: T.yes }).check();
    await form.getByLabel(optional(T.policeAgency)).fill('Phoenix Police Department');
    await form.getByRole('button', { name: T.submit }).click();

    await form.getByText(T.success).waitFor();
    const referenceLine = (await form.getByText(/Your claim reference is/).textContent()) ?? '';
    const reference = /CLM-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(referenceLine)?.[0] ?? '';
    assert.match(reference, CLAIM_REFERENCE);

    const team = await mailTo(run.server.dataDir, 'claims-e2e@apex-ppm.example');
    assert.match(team.headers.get('subject') ?? '', new RegExp(reference));
    const teamText = team.parts.find((part) => part.contentType.startsWith('text/plain'))?.body ?? '';
    for (const line of ['First Name: Ada', "The dealer's phone number: 480-555-0199", 'Police agency: Phoenix Police Department', '2 photos of the damage attached.']) {
      assert.ok(teamText.includes(line), `the claims team's e-mail has "${line}"`);
    }
    assert.equal(team.parts.filter((part) => part.contentType.startsWith('image/')).length, 2, 'two photos attached');
    const ack = await mailTo(run.server.dataDir, 'ada.claim@example.com');
    const ackText = ack.parts.find((part) => part.contentType.startsWith('text/plain'))?.body ?? '';
    assert.ok(ackText.includes(reference), 'the acknowledgement names the reference');
    assert.match(ackText, /within one business day/);
    await page.close();
  });

  test("on a partner's page (another origin, one script tag) the embedded form files a claim with only what doc 1 requires", async () => {
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${run.server.demoUrl}/partner-claims.html`);
    const form = page.locator('ppm-claim-form');
    await form.getByRole('heading', { name: new RegExp(`Step 1 of 5.*${T.steps[0]}`) }).waitFor();
    await form.getByLabel(T.firstName, { exact: true }).fill('Grace');
    await form.getByLabel(T.lastName, { exact: true }).fill('Hopper');
    await form.getByLabel(T.email, { exact: true }).fill('grace.partner@example.com');
    await form.getByLabel(T.insuranceProvider).selectOption(BRAND.insurer);
    await form.getByRole('radio', { name: T.relationInsured }).check();
    await form.getByRole('button', { name: T.next }).click();
    await form.getByLabel(T.incidentLocation).fill('Scottsdale Rd, Scottsdale');
    const yesterday = new Date(Date.now() - 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await form.getByLabel(T.incidentDate, { exact: true }).pressSequentially(`${pad(yesterday.getMonth() + 1)}${pad(yesterday.getDate())}${yesterday.getFullYear()}`);
    await form.getByLabel(T.incidentDescription).fill('A stone cracked the windscreen.');
    for (const step of [2, 3, 4]) {
      await form.getByRole('button', { name: T.next }).click();
      await form.getByRole('heading', { name: new RegExp(`Step ${step + 1} of 5.*${T.steps[step]}`) }).waitFor();
    }
    await form.getByRole('button', { name: T.submit }).click();
    await form.getByText(T.success).waitFor();
    const team = await mailTo(run.server.dataDir, 'claims-e2e@apex-ppm.example', 20_000, /Grace|Hopper/);
    assert.match(team.parts.find((part) => part.contentType.startsWith('text/plain'))?.body ?? '', /First Name: Grace/);
    await mailTo(run.server.dataDir, 'grace.partner@example.com');
    await page.close();
  });
});
