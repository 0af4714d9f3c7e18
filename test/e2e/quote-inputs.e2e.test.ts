/**
 * Issue 11, item 8: "a Texas quote with one car and one driver takes 44 inputs (aim 20)". A person with a
 * keyboard alone goes from the dealer page's quote start (another origin) to a priced step 5 through the
 * real server, at a phone's width and a desktop's; axe checks every step on the way, and the inputs are
 * counted by the rules in keyboard-inputs.ts (typing into a field, or choosing an answer, is one input and
 * an Enter there that sends the step is part of it; a press of a button is one; Tab is free; an answer
 * already given costs nothing).
 *
 * The walk answers every question in page order, as asked; a question the wizard answers by itself costs
 * nothing, so this test counts the wizard as it is. What it answers by itself, and the spec's line for each
 * (docs/architecture.md, "Choices made where the spec was unclear", issue 11 rows):
 *
 * - city and state from the ZIP; the preferred number and its type from the mobile number (doc 2 section 4:
 *   "a valid value is copied into the preferred number", also when Enter in the mobile field sends the step);
 * - the garaging answer Yes (the garaging address is the home address until the person says No);
 * - how they heard of us, and the dealer, from the dealer page (the hand-over's dealer attribute);
 * - club membership No (doc 2 section 9: Yes/No; members say Yes for the discount the tooltip tells of);
 * - the car's year, make, model and body style from the VIN check (doc 2 section 7);
 * - primary use Personal (doc 2 section 4: Business is refused, so outside PA Personal is the only answer
 *   that goes on);
 * - the driver's names and birth date from step 1 (doc 2 section 4); licence state from the home state;
 *   education College graduate (doc 3 section 3: "educationCode (default CollegeGraduated)"); add another
 *   driver No (doc 2 section 4: the answer that ends the step for an unmarried last driver, as "Selecting
 *   Married sets add-another to No");
 * - step 4's recommended package, priced on arrival; one press of Continue makes the quote and moves on.
 *
 * Every preset answer stays on screen as a checked radio or a chosen option, changed with one input.
 *
 * Existing damage, licence status and accidents or convictions are not preset: they are the applicant's
 * declarations of the risk, which an insurer relies on only when the person made them. They cost three
 * inputs, so the count stays above the issue's aim: LIMIT is what the wizard takes today, so it cannot grow
 * unnoticed.
 *
 * By this count the walk took 27 inputs before these presets (30 with each sending Enter counted apart, the
 * earlier round's figure) and takes 23 now (26 so counted).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeViolations, serverAndBrowser } from './support.ts';
import { KeyboardPerson } from './keyboard-inputs.ts';
import { GRACE, STATE_FIXTURES, VINS, inputHolds, stepHeading, storedWizard } from './wizard-steps.ts';

/** The issue's aim, and what the wizard takes with the declarations of the risk asked (see above). */
const AIM = 20;
const LIMIT = 23;
const DEALER = 'AZ01';

async function axeClean(page: Page, where: string): Promise<void> {
  assert.deepEqual(await axeViolations(page), [], `axe on ${where}`);
}

describe('a Texas quote by keyboard alone, its inputs counted (issue 11)', () => {
  const run = serverAndBrowser();

  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
    test(`dealer page to a priced step 5 at ${viewport.width} px: at most ${LIMIT} inputs (aim ${AIM}), axe clean on every step`, async () => {
      const page = await run.browser.newPage({ viewport });
      const person = new KeyboardPerson(page);
      const place = STATE_FIXTURES.TX;
      const label = (text: string) => page.getByLabel(text, { exact: true });
      const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
      const at = `${viewport.width} px`;
      // the pricing calls' answers, printed if the walk fails: a refused quote shows only as a snackbar
      const pricing: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/policy/')) pricing.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
      });
      try {
        // The dealer's page: quote-start on another origin.
        await page.goto(`${run.server.demoUrl}/dealer.html`);
        const start = page.locator('ppm-quote-start');
        await person.select(start.getByRole('combobox'), 'State', 'Texas');
        await person.press(start.getByRole('button', { name: 'Start a tailored quote' }), 'Start a tailored quote');
        await page.waitForURL(`${run.server.url}/receive-a-quote?**`);

        // Step 1, Your Info.
        await stepHeading(page, 'Your Info').waitFor();
        await axeClean(page, `step 1 at ${at}`);
        await person.type(label('First Name'), 'First Name', GRACE.firstName);
        await person.type(label('Last Name'), 'Last Name', GRACE.lastName);
        await person.type(label('Street Address'), 'Street Address', '100 Main St');
        await person.type(label('ZIP Code'), 'ZIP Code', place.zip);
        await inputHolds(page.locator('input[name="city"]'), place.city);
        await person.choose(page, 'Is your vehicle garaged at your mailing address?', 'Yes');
        await person.type(label('Date of Birth'), 'Date of Birth', GRACE.dateOfBirth);
        await person.type(label('Mobile Phone Number'), 'Mobile Phone Number', '2145550134');
        await person.select(label('How did you hear about us?'), 'How did you hear about us?', 'Dealer');
        assert.equal(await page.getByLabel('Which dealer?').inputValue(), DEALER);
        await person.choose(page, 'Are you a member of the Porsche Club of America?', 'No');
        await person.send(continueButton, 'Continue');
        await stepHeading(page, 'Your Vehicle').waitFor({ timeout: 30_000 });
        const info = (await storedWizard(page)).info;
        assert.deepEqual([info.city, info.state, info.preferredContactNumber, info.phoneType], [place.city, 'TX', '214-555-0134', 'Mobile']);

        // Step 2, Your Vehicle.
        await axeClean(page, `step 2 at ${at}`);
        await person.type(page.getByLabel('Vehicle Identification Number (VIN)'), 'VIN', VINS.carrera2019.toLowerCase());
        await page.getByText('Vehicle found').waitFor({ timeout: 15_000 });
        await person.prefilled(label('Model'), 'Model', '911');
        await person.choose(page, 'Does this vehicle have existing damage?', 'No');
        await person.choose(page, 'Is this vehicle owned, leased or financed?', 'Owned');
        await person.choose(page, 'Primary use', 'Personal');
        await person.type(label('Annual Miles'), 'Annual Miles', '6000');
        await person.type(label('Insured Value'), 'Insured Value', '125000');
        await person.send(continueButton, 'Continue');
        await stepHeading(page, 'Your Drivers').waitFor({ timeout: 30_000 });

        // Step 3, Your Drivers: one driver, the policyholder.
        await axeClean(page, `step 3 at ${at}`);
        await person.prefilled(label('First Name'), 'First Name', GRACE.firstName);
        await person.type(label('Email Address'), 'Email Address', GRACE.email);
        await person.choose(page, 'Gender', 'Female');
        await person.choose(page, 'Marital Status', 'Single');
        await person.select(label('Highest Level of Education'), 'Highest Level of Education', 'College graduate');
        await person.select(label('Do you own or rent your home?'), 'Do you own or rent your home?', 'Own');
        await person.select(label('Occupation Industry'), 'Occupation Industry', 'Retired');
        await person.prefilled(page.getByRole('combobox', { name: "Driver's License State" }), "Driver's License State", 'Texas');
        await person.select(label("Driver's License Status"), "Driver's License Status", 'Active');
        await person.type(label("Driver's License Number"), "Driver's License Number", place.licence);
        await person.choose(page, 'Accidents or convictions in the last 3 years', '0');
        await person.choose(page, 'Do you currently have auto insurance?', 'No, I have never been insured');
        await person.choose(page, 'Add another driver?', 'No');
        await person.send(continueButton, 'Continue');
        await stepHeading(page, 'Your Coverage').waitFor({ timeout: 30_000 });

        // Step 4, Your Coverage: the recommended package, priced on arrival; Continue makes the quote.
        await page.locator('.ppm-price[data-price="preview"]').waitFor({ timeout: 30_000 });
        await axeClean(page, `step 4 at ${at}`);
        await person.press(continueButton, 'Continue');
        await stepHeading(page, 'Your Quote').waitFor({ timeout: 30_000 });

        // Step 5, priced.
        await page.locator('dt', { hasText: /^Quote number$/ }).waitFor();
        await page.getByRole('button', { name: 'Purchase Now', exact: true }).waitFor();
        await axeClean(page, `step 5 at ${at}`);
      } catch (error) {
        await page.screenshot({ path: `/tmp/e2e-inputs-${viewport.width}.png`, fullPage: true }).catch(() => undefined);
        console.log(`inputs so far at ${at}:\n${person.inputs.map((line, i) => `  ${i + 1}. ${line}`).join('\n')}\npricing calls: ${pricing.join('; ')}`);
        throw error;
      }

      console.log(
        `A Texas quote, one car, one driver, dealer page to a priced step 5 by keyboard at ${at}: ${person.count} inputs (aim ${AIM}; ${person.sentByEnter} end with the Enter that sends their step), ${person.tabs} Tabs\n` +
          person.inputs.map((line, i) => `  ${i + 1}. ${line}`).join('\n') +
          `\n  already answered: ${person.given.join('; ')}`,
      );
      assert.ok(person.count <= LIMIT, `${person.count} inputs, limit ${LIMIT} (aim ${AIM})`);
      await page.close();
    });
  }
});
