/**
 * Quote wizard part 1 end to end (issue 3): a visitor on a dealer's page (another origin) picks Texas in
 * ppm-quote-start, lands in the wizard on our site attributed to that dealer, and goes through Your Info,
 * Your Vehicle (two cars, real VIN checks) and Your Drivers (married, so a spouse page follows) to step 4.
 * A reload half-way loses nothing. The stored form carries the dealer and its agency code.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { agencyCodeFor, dealerByCode } from '../../contract/index.ts';
import { axeViolations, serverAndBrowser } from './support.ts';
import { choose, continueTo, continueToDriverPage, select, stepHeading, storedWizard, VINS } from './wizard-steps.ts';

const DEALER = 'AZ01';
const VIN_911 = VINS.carrera2019;
const VIN_CAYENNE = VINS.cayenne2020;

interface StoredWizard {
  step: number;
  info: Record<string, string>;
  vehicles: { vin: string; isVINValid: boolean | null; model: string }[];
  drivers: { role: string; firstName: string; maritalStatus: string }[];
  attribution: { dealer: string; agencyCode?: string };
}

describe('quote wizard, steps 1 to 3, from a dealer page', () => {
  const run = serverAndBrowser();

  test('dealer page -> Texas -> info, two vehicles, a married driver and spouse -> step 4', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${run.server.demoUrl}/dealer.html`);

    // The dealer's page: quote-start with the dealer attribute, on another origin.
    const start = page.locator('ppm-quote-start');
    await start.getByRole('combobox').selectOption({ label: 'Texas' });
    await start.getByRole('button', { name: 'Start a tailored quote' }).click();
    await page.waitForURL(`${run.server.url}/receive-a-quote?**`);
    const landed = new URL(page.url());
    assert.equal(landed.searchParams.get('state'), 'TX');
    assert.equal(landed.searchParams.get('dealer'), DEALER);

    // Step 1, Your Info: hear-about and dealer come preset from the dealer's page.
    await stepHeading(page, 'Your Info').waitFor();
    assert.equal(await page.getByLabel('How did you hear about us?').inputValue(), 'Dealer');
    assert.equal(await page.getByLabel('Which dealer?').inputValue(), DEALER);
    assert.deepEqual(await axeViolations(page), []);
    await page.getByLabel('First Name', { exact: true }).fill('Grace');
    await page.getByLabel('Last Name', { exact: true }).fill('Hopper');
    await page.getByLabel('Street Address', { exact: true }).fill('1500 Marilla St');
    await page.getByLabel('ZIP Code', { exact: true }).fill('75201');
    await page.getByLabel('ZIP Code', { exact: true }).blur();
    // City and state fill from the ZIP.
    await page.waitForFunction(() => (document.querySelector('input[name="city"]') as HTMLInputElement | null)?.value === 'Dallas');
    await choose(page, 'Is your vehicle garaged at your mailing address?', 'Yes');
    await page.getByLabel('Date of Birth', { exact: true }).fill('03/27/1980');
    await page.getByLabel('Mobile Phone Number', { exact: true }).fill('2145550134');
    await page.getByLabel('Mobile Phone Number', { exact: true }).blur();
    // The mobile number is copied into the preferred number on blur.
    assert.equal(await page.getByLabel('Preferred Contact Number', { exact: true }).inputValue(), '214-555-0134');
    await select(page, 'Phone Type', 'Mobile');
    await choose(page, 'Are you a member of the Porsche Club of America?', 'No');
    await continueTo(page, 'Your Vehicle');

    // Step 2, Your Vehicle: the first car, checked against the real VIN decoder.
    await page.getByLabel('Vehicle Identification Number (VIN)').fill(VIN_911.toLowerCase());
    await page.getByText('Vehicle found').waitFor();
    assert.equal(await page.getByLabel('Model', { exact: true }).inputValue(), '911');
    await choose(page, 'Does this vehicle have existing damage?', 'No');
    await choose(page, 'Is this vehicle owned, leased or financed?', 'Owned');
    await choose(page, 'Primary use', 'Personal');
    await page.getByLabel('Annual Miles', { exact: true }).fill('6000');
    await page.getByLabel('Insured Value', { exact: true }).fill('125000');

    // A reload resumes at the same step with everything typed.
    await page.reload();
    await stepHeading(page, 'Your Vehicle').waitFor();
    assert.equal(await page.getByLabel('Vehicle Identification Number (VIN)').inputValue(), VIN_911);
    assert.equal(await page.getByLabel('Annual Miles', { exact: true }).inputValue(), '6000');

    // The second car.
    await page.getByRole('button', { name: 'Add Another Vehicle' }).click();
    await page.getByText('Additional Vehicle').first().waitFor();
    await page.getByLabel('Vehicle Identification Number (VIN)').fill(VIN_CAYENNE);
    await page.getByText('Vehicle found').waitFor();
    assert.equal(await page.getByLabel('Model', { exact: true }).inputValue(), 'Cayenne');
    await choose(page, 'Does this vehicle have existing damage?', 'No');
    await choose(page, 'Is this vehicle owned, leased or financed?', 'Financed');
    await choose(page, 'Primary use', 'Personal');
    await page.getByLabel('Annual Miles', { exact: true }).fill('9000');
    await page.getByLabel('Insured Value', { exact: true }).fill('88000');
    await continueTo(page, 'Your Drivers');

    // Step 3: the primary driver, whose name and birth date come locked from step 1.
    assert.equal(await page.getByLabel('First Name', { exact: true }).inputValue(), 'Grace');
    await page.getByLabel('Email Address', { exact: true }).fill('grace.hopper@example.com');
    await choose(page, 'Gender', 'Female');
    await choose(page, 'Marital Status', 'Married');
    await page.getByRole('combobox', { name: "Driver's License State" }).fill('Texas');
    await page.getByRole('option', { name: 'Texas', exact: true }).click();
    await select(page, "Driver's License Status", 'Active');
    await page.getByLabel("Driver's License Number", { exact: true }).fill('1234-5678');
    await select(page, 'Highest Level of Education', 'College graduate');
    await select(page, 'Occupation Industry', 'Retired');
    await choose(page, 'Accidents or convictions in the last 3 years', '0');
    await select(page, 'Do you own or rent your home?', 'Own');
    await choose(page, 'Do you currently have auto insurance?', 'No, I have never been insured');
    await continueToDriverPage(page, 'Your Spouse');

    // The spouse page that Married created.
    await page.getByLabel('First Name', { exact: true }).fill('Vincent');
    await page.getByLabel('Last Name', { exact: true }).fill('Hopper');
    await page.getByLabel('Date of Birth', { exact: true }).fill('06/11/1978');
    await choose(page, 'Gender', 'Male');
    await choose(page, 'Exclude your spouse from this policy?', 'No');
    await page.getByRole('combobox', { name: "Driver's License State" }).fill('Texas');
    await page.getByRole('option', { name: 'Texas', exact: true }).click();
    await select(page, "Driver's License Status", 'Active');
    await page.getByLabel("Driver's License Number", { exact: true }).fill('87654321');
    await select(page, 'Highest Level of Education', 'Graduate school');
    await select(page, 'Occupation Industry', 'Retired');
    await choose(page, 'Accidents or convictions in the last 3 years', '0');
    await choose(page, 'Add another driver?', 'No');
    await continueTo(page, 'Your Coverage');

    assert.deepEqual(await axeViolations(page), []);
    // Step 4 reached; the stored form has both cars checked, both drivers, and the dealer's attribution.
    const form = await storedWizard<StoredWizard>(page);
    assert.equal(form.step, 4);
    assert.deepEqual(form.vehicles.map((v) => [v.vin, v.isVINValid, v.model]), [
      [VIN_911, true, '911'],
      [VIN_CAYENNE, true, 'Cayenne'],
    ]);
    assert.deepEqual(form.drivers.map((d) => [d.role, d.firstName, d.maritalStatus]), [
      ['primary', 'Grace', 'Married'],
      ['spouse', 'Vincent', 'Married'],
    ]);
    assert.equal(form.info.hearAbout, 'Dealer');
    assert.equal(form.info.dealer, DEALER);
    assert.equal(form.attribution.dealer, DEALER);
    const agencyCode = dealerByCode(DEALER)!.agencyCode;
    assert.equal(agencyCodeFor(form.info.hearAbout!, form.info.dealer!), agencyCode);
    assert.equal(form.attribution.agencyCode, agencyCode);
    await page.close();
  });
});
