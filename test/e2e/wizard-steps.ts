/**
 * The wizard driven the way a person drives it, by labels and roles: one function per step, so that the
 * end-to-end tests of each issue walk the same path and differ only in the state and the answers.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { porscheVin } from '../../api/vin/build-vin.ts';
import { PLACES, type WritingState } from '../../api/quotes/testing.ts';
import { stateName } from '../../contract/index.ts';

/** A real place and a licence number in its format per writing state: the API tests' fixtures, named. */
export const STATE_FIXTURES = Object.fromEntries(
  (Object.keys(PLACES) as WritingState[]).map((code) => [code, { ...PLACES[code], name: stateName(code)! }]),
) as Record<WritingState, (typeof PLACES)[WritingState] & { name: string }>;
export type { WritingState };

const RESIDENCY = new Set(['AZ', 'OH', 'PA', 'TN', 'WI']);
const OCCUPATION = new Set(['AZ', 'CA', 'CO', 'FL', 'OH', 'PA', 'TN', 'TX', 'WI']);

export const VINS = {
  carrera2019: porscheVin({ type: '991', year: 2019, body: 'A', serial: '10001' }),
  cayenne2020: porscheVin({ type: '9YA', year: 2020, body: 'A', wmi: 'WP1', serial: '20002' }),
  boxster2016: porscheVin({ type: '981', year: 2016, body: 'C', serial: '30003' }),
};

export async function choose(page: Page, question: string, answer: string): Promise<void> {
  await page.getByRole('group', { name: question }).getByLabel(answer, { exact: true }).check();
}

export async function select(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
}

/** The wizard's step heading, named "Step N of M: <step>" for screen readers. */
export function stepHeading(page: Page, step: string) {
  return page.getByRole('heading', { name: new RegExp(`^Step \\d of \\d: ${step}$`) });
}

/** Continue, then wait for the next step's heading. */
export async function continueTo(page: Page, step: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await stepHeading(page, step).waitFor({ timeout: 30_000 });
}

/** Continue within the drivers step, then wait for the next driver page (its fieldset, named by its legend). */
export async function continueToDriverPage(page: Page, legend: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('group', { name: new RegExp(`^${legend}\\b`) }).waitFor({ timeout: 15_000 });
}

export interface Person {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
}

/**
 * Waits until `input` holds `value`. Playwright's locators reach into shadow roots, so this works for the
 * wizard on our site (light DOM) and embedded on a dealer's page (inside ppm-quote-wizard's shadow root).
 */
export async function inputHolds(input: Locator, value: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await input.inputValue().catch(() => null);
    if (current === value) return;
    if (Date.now() > deadline) throw new Error(`the input holds ${JSON.stringify(current)}, not ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const GRACE: Person = { firstName: 'Grace', lastName: 'Hopper', dateOfBirth: '03/27/1980', email: 'grace.hopper@example.com' };

/** Step 1 for a visitor garaged in `state`; hear-about is answered unless a dealer hand-over preset it. */
export async function fillYourInfo(page: Page, state: WritingState, person: Person, options: { presetByDealer?: boolean } = {}): Promise<void> {
  const place = STATE_FIXTURES[state];
  await page.getByLabel('First Name', { exact: true }).fill(person.firstName);
  await page.getByLabel('Last Name', { exact: true }).fill(person.lastName);
  await page.getByLabel('Street Address', { exact: true }).fill('100 Main St');
  await page.getByLabel('ZIP Code', { exact: true }).fill(place.zip);
  await page.getByLabel('ZIP Code', { exact: true }).blur();
  // City and state fill from the ZIP.
  await inputHolds(page.locator('input[name="city"]'), place.city);
  await choose(page, 'Is your vehicle garaged at your mailing address?', 'Yes');
  if (RESIDENCY.has(state)) await select(page, 'How long have you lived at this address?', '12+');
  if (state === 'OH') await page.getByLabel('How many people live in your household?', { exact: true }).fill('2');
  await page.getByLabel('Date of Birth', { exact: true }).fill(person.dateOfBirth);
  await page.getByLabel('Mobile Phone Number', { exact: true }).fill('2145550134');
  await page.getByLabel('Mobile Phone Number', { exact: true }).blur();
  assert.equal(await page.getByLabel('Preferred Contact Number', { exact: true }).inputValue(), '214-555-0134');
  await select(page, 'Phone Type', 'Mobile');
  if (!options.presetByDealer) await select(page, 'How did you hear about us?', 'Word of mouth');
  await choose(page, 'Are you a member of the Porsche Club of America?', 'No');
}

export interface CarAnswers {
  vin: string;
  model: string;
  ownership: 'Owned' | 'Leased' | 'Financed';
  miles: string;
  value: string;
}

/** One vehicle page of step 2, checked against the real VIN decoder. */
export async function fillVehicle(page: Page, state: WritingState, car: CarAnswers): Promise<void> {
  await page.getByLabel('Vehicle Identification Number (VIN)').fill(car.vin.toLowerCase());
  await page.getByText('Vehicle found').waitFor();
  assert.equal(await page.getByLabel('Model', { exact: true }).inputValue(), car.model);
  await choose(page, 'Does this vehicle have existing damage?', 'No');
  await choose(page, 'Is this vehicle owned, leased or financed?', car.ownership);
  if (RESIDENCY.has(state)) await select(page, 'How long have you owned this vehicle?', '3-4 years');
  await choose(page, 'Primary use', 'Personal');
  await page.getByLabel('Annual Miles', { exact: true }).fill(car.miles);
  await page.getByLabel('Insured Value', { exact: true }).fill(car.value);
}

export async function pickState(page: Page, label: string, stateName: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).fill(stateName);
  await page.getByRole('option', { name: stateName, exact: true }).click();
}

/** The first driver's page of step 3: a single, clean, never-insured-before driver keeps the path short. */
export async function fillPrimaryDriver(page: Page, state: WritingState, person: Person, options: { married?: boolean } = {}): Promise<void> {
  const place = STATE_FIXTURES[state];
  assert.equal(await page.getByLabel('First Name', { exact: true }).inputValue(), person.firstName);
  await page.getByLabel('Email Address', { exact: true }).fill(person.email);
  await choose(page, 'Gender', 'Female');
  await choose(page, 'Marital Status', options.married ? 'Married' : 'Single');
  await pickState(page, "Driver's License State", place.name);
  await select(page, "Driver's License Status", 'Active');
  await page.getByLabel("Driver's License Number", { exact: true }).fill(place.licence);
  await select(page, 'Highest Level of Education', 'College graduate');
  if (OCCUPATION.has(state)) await select(page, 'Occupation Industry', 'Retired');
  await choose(page, 'Accidents or convictions in the last 3 years', '0');
  await select(page, 'Do you own or rent your home?', 'Own');
  await choose(page, 'Do you currently have auto insurance?', 'No, I have never been insured');
  if (!options.married) await choose(page, 'Add another driver?', 'No');
}

const DECLINE = 'I decline this coverage';

/**
 * Step 4 for one vehicle page: every coverage still unchosen gets its first real option (the cheapest
 * limits a person would pick to see a price), leaving what the state's defaults already chose.
 */
export async function chooseCoverages(page: Page): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: /Your Coverage$/ }) });
  // A choice can reveal another question (GA's uninsured PD deductible follows uninsured BI): go round
  // until no visible question is left unanswered.
  for (let pass = 0; pass < 5; pass++) {
    let chose = false;
    for (const control of await form.locator('select:visible').all()) {
      if ((await control.inputValue()) !== '' || (await control.isDisabled())) continue;
      const options = await control.locator('option').evaluateAll((list) =>
        list.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent?.trim() ?? '' })),
      );
      const first = options.find((o) => o.value !== '' && o.label !== DECLINE);
      if (first) {
        await control.selectOption(first.value);
        chose = true;
      }
    }
    if (!chose) return;
  }
}

/** Calculate and wait for the priced answer of the real quote endpoint. */
export async function calculate(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/policy/quote') && r.request().method() === 'POST', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  const response = await answered;
  assert.equal(response.status(), 200, await response.text());
}

/**
 * Step 4 through to step 5, vehicle by vehicle (doc 3 section 4): Calculate on a vehicle before the last
 * moves to the next one; on the last it asks for the price; Continue then goes on to the quote.
 */
export async function coverageToQuote(page: Page, vehicles: number): Promise<void> {
  for (let index = 0; index < vehicles; index++) {
    if (vehicles > 1) await page.getByText(`Vehicle ${index + 1} of ${vehicles}`, { exact: true }).first().waitFor();
    await chooseCoverages(page);
    if (index < vehicles - 1) await page.getByRole('button', { name: 'Calculate', exact: true }).click();
    else await calculate(page);
  }
  for (let tries = 0; tries <= vehicles; tries++) {
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    try {
      await stepHeading(page, 'Your Quote').waitFor({ timeout: 10_000 });
      return;
    } catch {
      // still on a vehicle of step 4: Continue moves through them first
    }
  }
  await stepHeading(page, 'Your Quote').waitFor({ timeout: 1 });
}

/**
 * Steps 1 to 5 on our own site's /receive-a-quote: one car (owned, leased or financed) and one driver,
 * priced by the real API, ending on step 5 (issue 7's purchase tests start here).
 */
export async function toQuoteStep(
  page: Page,
  baseUrl: string,
  state: WritingState,
  options: { person?: Person; ownership?: CarAnswers['ownership'] } = {},
): Promise<void> {
  const person = options.person ?? GRACE;
  await page.goto(`${baseUrl}/receive-a-quote?state=${state}`);
  await stepHeading(page, 'Your Info').waitFor();
  await fillYourInfo(page, state, person);
  await continueTo(page, 'Your Vehicle');
  await fillVehicle(page, state, { vin: VINS.carrera2019, model: '911', ownership: options.ownership ?? 'Owned', miles: '6000', value: '125000' });
  await continueTo(page, 'Your Drivers');
  await fillPrimaryDriver(page, state, person);
  await continueTo(page, 'Your Coverage');
  await coverageToQuote(page, 1);
}

/** Step 5's Purchase Now, arriving on step 6 with its card form ready. */
export async function purchaseNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Purchase Now', exact: true }).click();
  await stepHeading(page, 'Payment').waitFor({ timeout: 30_000 });
  await page.getByLabel('Card Number', { exact: true }).waitFor();
}

/** Step 6's test-mode card form: name, number, a future expiry and a CVC. */
export async function fillTestCard(page: Page, cardNumber: string, name = 'Grace Hopper'): Promise<void> {
  await page.getByLabel('Name on Card', { exact: true }).fill(name);
  await page.getByLabel('Card Number', { exact: true }).pressSequentially(cardNumber.replace(/\s/g, ''));
  await page.getByLabel('Expiry Date (MM/YY)', { exact: true }).pressSequentially('1234');
  await page.getByLabel('CVC', { exact: true }).pressSequentially('123');
}

/** The wizard's form as it keeps it in sessionStorage (persistence.ts), whichever envelope holds it. */
export async function storedWizard<T = { info: Record<string, string> }>(page: Page): Promise<T> {
  const raw = await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i)!;
      if (key.startsWith('ppm-quote-wizard')) return sessionStorage.getItem(key);
    }
    return null;
  });
  assert.ok(raw, 'the wizard keeps its form in sessionStorage');
  const parsed = JSON.parse(raw) as { state?: T } & T;
  return parsed.state ?? parsed;
}
