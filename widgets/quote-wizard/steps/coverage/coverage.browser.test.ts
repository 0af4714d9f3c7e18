/// <reference types="mocha" />
import { BRAND, MESSAGES, addDays, formatUsDate, localToday } from '../../../../contract/index.ts';
import { DECLINE } from '../../../../contract/coverage/coverage-model.ts';
import { continueBlockers, coverageDefaults, coverageFields } from '../../../../contract/coverage/index.ts';
import { setViewport } from '@web/test-runner-commands';
import { createApiClient } from '../../../core/api-client.ts';
import {
  assert, checkA11y, click, getByLabel, getByRole, json, press, queryAllByRole, stubApi, type, waitFor, type StubbedCall,
} from '../../../testing/browser.ts';
import { mountStep, type MountedStep } from '../../../testing/step-harness.ts';
import { buildQuoteRequest } from '../../quote/quote-request.ts';
import type { StepController } from '../../step.ts';
import { emptyDriver, emptyInfo, emptyVehicle, initialWizardState, type VehicleForm, type WizardState } from '../../model/wizard-model.ts';
import { StepCoverage } from './StepCoverage.tsx';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';

// The shell's stand-in (widgets/testing/step-harness.ts) keeps the state and the registered controller here.
let mounted: MountedStep;
let root: ShadowRoot;
let controller: StepController;
let current: WizardState;
let api: ReturnType<typeof stubApi> | null = null;

// the API's origin is this test server's, so the pictures (paths on the API's origin) really load
const API = location.origin;
const PICTURE = '/site/public/favicon.svg';

function vehicle(fields: Partial<VehicleForm> = {}): VehicleForm {
  return {
    ...emptyVehicle(), vin: 'WP0AB2A90KS114315', year: '2019', make: 'Porsche', model: '911 Carrera', style: 'Coupe', isVINValid: true,
    priorDamage: 'No', leaseOwnFinance: 'own', purpose: 'Pleasure', miles: '7,200', statedValue: '$85,000', ...fields,
  };
}

function wizard(state: string, vehicles: VehicleForm[] = [vehicle()], fields: Partial<WizardState> = {}): WizardState {
  return {
    ...initialWizardState(),
    step: 4,
    info: {
      ...emptyInfo(), firstName: 'Ada', lastName: 'Lovelace', streetAddressOne: '1 Main St', zipCode: '78701', city: 'Austin', state,
      isGarageSameAsMailing: '1', dateOfBirth: '12/10/1985', mobilePhoneNumber: '512-555-0134', preferredContactNumber: '512-555-0134',
      phoneType: 'Mobile', hearAbout: 'Search engine', isPCAMember: 'No',
    },
    vehicles,
    drivers: [{
      ...emptyDriver('primary'), firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '12/10/1985', emailAddress: 'ada@example.com',
      gender: 'Female', maritalStatus: 'Single', levelOfEducation: 'GraduateSchool', homeRentalStatus: 'Own', licenseState: state,
      licenseStatus: 'ACTIVE', licenseNum: '12345678', accidentsConvictions: '0', hasAutoInsurance: '0',
    }],
    vehicleImage: [{ view: 'extcam01', uri: `${PICTURE}?first` }, { view: 'extcam02', uri: `${PICTURE}?preferred` }],
    ...fields,
  };
}

/**
 * A quote response as the API answers it, for the vehicles of `state`, every vehicle Pay-Per-Mile, its
 * totals added up as the rating engine adds them (one vehicle in TX: $77.85 a month + $15.00 of fees;
 * single payment 6 x $77.85 + $30.00 + $5.00).
 */
function quoteAnswer(state: WizardState, unlimited: boolean) {
  const count = state.vehicles.length;
  const premium = state.vehicles.reduce((sum, _v, i) => sum + 7785 + 100 * i, 0);
  const card = state.info.state === 'TX' ? 500 : 495;
  const monthly = (premium + 500 + 500 * count + card) / 100;
  const single = (6 * premium + 3000 + card) / 100;
  return {
    policies: [{
      policyNumber: 'Q-2025-000123', effectiveDate: '2025-06-20', emailAddress: 'ada@example.com',
      findBilling: { downPayment: monthly, estimatedMonthlyPayment: monthly, allInstallmentOptions: [] },
      downPaymentMonthly: monthly, downPaymentSingle: single, downPayment: monthly, estimatedMonthlyPayment: monthly,
      estimatedTotalWritten: (6 * premium) / 100, ratedState: state.info.state, addressInfo: [], driverInfo: [], policyOwners: [],
      vehicleInfo: state.vehicles.map((v, i) => ({
        carNumber: i + 1, vin: v.vin, year: Number(v.year), make: v.make, model: v.model, bodyStyle: v.style, billingType: 'per_mile',
        unlimitedRate: unlimited ? 1234.5 : null,
        premiumInfo: { baseRate: 41.25 + i, perMileRate: 0.061, estMonthlyMiles: 600, estMonthlyNoFee: 77.85 + i },
        coverageInfo: [
          { coverageName: 'BI', coverageDescription: 'Bodily Injury', displayLimit: '100,000/300,000', monthlyBase: 18.2, perMile: 0.021, unlimitedPremium: 410 },
          { coverageName: 'COMP', coverageDescription: 'Comprehensive', displayLimit: '500', monthlyBase: 9.1, perMile: 0.011, unlimitedPremium: 205.5 },
        ],
      })),
    }],
  };
}

async function mount(initial: WizardState): Promise<void> {
  mounted = await mountStep(StepCoverage, initial, {
    props: { apiBase: API, siteUrl: 'https://brand.test', scrollDelayMs: 0, dateCheckDelayMs: 0 },
    api: createApiClient(API),
    ready: (shadow) => shadow.querySelector('.ppm-price'),
    onState: (state) => (current = state),
    onRegister: (registered) => (controller = registered),
  });
  root = mounted.root;
  await frame();
}

afterEach(() => {
  mounted.unmount();
  api?.restore();
  api = null;
});

const paint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const frame = async () => {
  await paint();
  await paint();
};

async function pick(label: string, optionLabel: string): Promise<void> {
  const select = getByLabel<HTMLSelectElement>(root, label);
  const option = [...select.options].find((o) => o.textContent === optionLabel || o.value === optionLabel);
  if (!option) throw new Error(`no option "${optionLabel}" in "${label}": ${[...select.options].map((o) => o.textContent).join(', ')}`);
  select.value = option.value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await frame();
}

/** Bodily injury and the deductibles of the vehicle on screen, then the first option of anything still empty. */
async function choosePackage(): Promise<void> {
  if (editable('Bodily Injury')) await pick('Bodily Injury', '100/300');
  await pick('Comprehensive', '$500 deductible');
  await pick('Collision', '$500 deductible');
  await fillTheRest();
}

async function fillTheRest(): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    const empty = [...root.querySelectorAll<HTMLSelectElement>('.ppm-coverage__fields select')].find((s) => s.value === '');
    if (!empty) return;
    const option = [...empty.options].find((o) => o.value !== '' && o.value !== DECLINE);
    if (!option) return;
    empty.value = option.value;
    empty.dispatchEvent(new Event('change', { bubbles: true }));
    await frame();
  }
}

function editable(label: string): boolean {
  const control = getByLabel<HTMLElement>(root, label);
  return control.localName === 'select';
}

function shown(label: string): string {
  const control = getByLabel<HTMLInputElement | HTMLSelectElement>(root, label);
  return control.localName === 'select' ? ((control as HTMLSelectElement).selectedOptions[0]?.textContent ?? '') : control.value;
}

async function retype(input: HTMLInputElement, text: string): Promise<void> {
  await click(input);
  await press('Control+a');
  await press('Backspace');
  await type(input, text);
}

const hasLabel = (text: string) => [...root.querySelectorAll('label')].some((l) => l.textContent?.trim() === text);
const heading = () => root.querySelector('.ppm-cover-vehicle__heading')?.textContent ?? '';
const priceText = () => (root.querySelector('.ppm-price') as HTMLElement).innerText;
/** The totals box: each figure's label and value, with its unit, as a person reads them. */
const totals = () =>
  [...root.querySelectorAll('.ppm-price__list--totals .ppm-price__row')]
    .map((row) => {
      const name = (row.querySelector('.ppm-price__label-row > span:first-child') ?? row.querySelector('.ppm-price__label'))!.textContent!.trim();
      const value = [...row.querySelector('.ppm-price__value')!.childNodes].map((n) => n.textContent!.trim()).filter(Boolean).join(' ');
      return `${name}=${value}`;
    })
    .join('|');

function answering(respond: (call: StubbedCall) => Response): void {
  api = stubApi(respond);
}

const quoteCalls = () => api!.calls.filter((c) => c.url.endsWith('/api/policy/quote'));
const priceCalls = () => api!.calls.filter((c) => c.url.endsWith('/api/policy/price'));
/** What the panel's figure is (coverage-logic.ts shownPrice): quote, preview, updating, outOfDate or none. */
const priceKind = () => root.querySelector<HTMLElement>('.ppm-price')?.dataset.price;

/** An answer of `state` whose monthly total is `monthly`, under `number` ('' for a preview: nothing stored). */
function priced(state: WizardState, monthly: number, number: string) {
  const answer = quoteAnswer(state, true);
  const policy = answer.policies[0]!;
  Object.assign(policy, { policyNumber: number, estimatedMonthlyPayment: monthly, downPaymentMonthly: monthly, downPayment: monthly });
  policy.findBilling = { ...policy.findBilling, downPayment: monthly, estimatedMonthlyPayment: monthly };
  return answer;
}

describe('Step 4, Your Coverage: the vehicle box', () => {
  it("shows 'Vehicle', the model line, the picture from the API's origin and the VIN, and passes axe", async () => {
    await mount(wizard('TX'));
    assert.equal(heading(), T.vehicle);
    const facts = (root.querySelector('.ppm-cover-vehicle__facts') as HTMLElement).innerText;
    assert.ok(facts.includes('2019 Porsche 911 Carrera Coupe'), facts);
    assert.ok(facts.includes('WP0AB2A90KS114315'), 'the VIN line shows');
    const img = await waitFor(() => root.querySelector('.ppm-cover-vehicle__picture img') as HTMLImageElement | null, 'the picture');
    assert.equal(img.getAttribute('src'), `${API}${PICTURE}?preferred`, 'the preferred view, on the API origin');
    await checkA11y(root.host as HTMLElement);
  });

  it("hides the VIN line for a placeholder VIN, counts 'Vehicle N of M', and fetches the second vehicle's picture when shown", async () => {
    answering((call) =>
      call.url.includes('/api/vehicle/image')
        ? json(200, { Vin: { picture: [{ view: 'extcam01', uri: `${PICTURE}?boxster` }] } })
        : json(404, { error_messages: ['no'] }),
    );
    await mount(wizard('TX', [vehicle({ vin: 'WP0AB2A9000000000' }), vehicle({ vin: 'WP0CA2A8XJS140123', model: 'Boxster', style: 'Roadster' })]));
    assert.equal(heading(), T.vehicleOf(1, 2));
    assert.equal(root.querySelector('.ppm-cover-vehicle__vin'), null, 'no VIN line for a placeholder');
    assert.equal(queryAllByRole(root, 'button', T.nextVehicle).length, 0, 'no chevrons before a quote');
    await choosePackage();
    await controller.onContinue(); // validates, then moves to vehicle 2 (doc 3 section 4)
    await frame();
    assert.equal(heading(), T.vehicleOf(2, 2));
    await waitFor(() => root.querySelector('.ppm-cover-vehicle__picture img')?.getAttribute('src') === `${API}${PICTURE}?boxster`, 'the fetched picture');
    assert.ok(api!.calls.some((c) => c.url.endsWith('/api/vehicle/image') && (c.body as { vin?: string } | null)?.vin === 'WP0CA2A8XJS140123'));
  });
});

describe('Step 4: shared and per-vehicle coverages', () => {
  it('shows the shared coverages and the date read-only on vehicle 2, with the deductibles copied from vehicle 1', async () => {
    await mount(wizard('TX', [vehicle(), vehicle({ vin: 'WP0CA2A8XJS140123', model: 'Boxster', style: 'Roadster' })]));
    await pick('Bodily Injury', '100/300');
    await pick('Comprehensive', '$1,000 deductible');
    await pick('Collision', '$500 deductible');
    await fillTheRest();
    await controller.onContinue();
    await frame();
    assert.equal(heading(), T.vehicleOf(2, 2));
    assert.equal(editable('Bodily Injury'), false, 'bodily injury is read-only on vehicle 2');
    assert.equal(shown('Bodily Injury'), '$100,000/$300,000');
    assert.equal(getByLabel<HTMLInputElement>(root, T.effectiveDate).readOnly, true, 'the date is read-only on vehicle 2');
    assert.equal(editable('Comprehensive'), true, 'deductibles are chosen per vehicle');
    assert.equal(shown('Comprehensive'), '$1,000 deductible', 'copied from vehicle 1');
    assert.equal(shown('Collision'), '$500 deductible');
    await checkA11y(root.host as HTMLElement);
    assert.equal(controller.onBack(), 'stay', 'Back goes to vehicle 1 first');
    await frame();
    assert.equal(heading(), T.vehicleOf(1, 2));
    assert.equal(controller.onBack(), 'previous');
  });

  it('holds the effective date to today..30 days', async () => {
    await mount(wizard('TX'));
    const today = localToday();
    const input = getByLabel<HTMLInputElement>(root, T.effectiveDate);
    assert.equal(input.value, formatUsDate(today), 'defaults to today');
    const late = formatUsDate(addDays(today, 31));
    await retype(input, late.replace(/\//g, ''));
    input.blur();
    await frame();
    const error = root.getElementById(`${input.id}-error`)?.textContent ?? '';
    assert.ok(error.includes(MESSAGES.effectiveDate(formatUsDate(today), formatUsDate(addDays(today, 30)))), error);
    assert.equal(current.coverage!.policyEffectiveDate, formatUsDate(today), 'an invalid date is not taken');
    await retype(input, formatUsDate(addDays(today, 30)).replace(/\//g, ''));
    input.blur();
    await waitFor(() => current.coverage!.policyEffectiveDate === formatUsDate(addDays(today, 30)), 'the new date taken');
  });

  it('cascades bodily injury into the read-only package, labels medical payments Personal Injury Protection in OR, hides rental when comprehensive is declined', async () => {
    await mount(wizard('OR'));
    assert.ok(hasLabel('Personal Injury Protection'), 'OR label');
    assert.ok(!hasLabel('Medical Payments'));
    await pick('Bodily Injury', '50/100');
    assert.equal(editable('Property Damage'), false, 'property damage follows bodily injury');
    assert.equal(shown('Property Damage'), '$50,000');
    assert.equal(shown('Personal Injury Protection'), '$25,000');
    await pick('Bodily Injury', '250/500');
    assert.equal(shown('Property Damage'), '$100,000');
    assert.ok(hasLabel('Rental Reimbursement'));
    await pick('Comprehensive', DECLINE);
    assert.ok(!hasLabel('Rental Reimbursement'), 'rental hidden when comprehensive is declined');
  });

  it('warns that comprehensive and collision go together when one is declined', async () => {
    await mount(wizard('TX'));
    await pick('Comprehensive', DECLINE);
    const dialog = getByRole(root, 'dialog', T.pairTitle);
    assert.ok((dialog as HTMLDialogElement).open);
    assert.ok(dialog.textContent!.includes(T.pairText));
    assert.equal(shown('Collision'), DECLINE, 'collision declined with it');
    await click(getByRole(dialog, 'button', T.ok));
    await frame();
    assert.equal((dialog as HTMLDialogElement).open, false);
  });
});

describe('Step 4: calculating the quote', () => {
  it('shows dashes before, calls the API with the built request on Calculate, then fills the panel (TX: Unlimited tabs)', async () => {
    const state = wizard('TX');
    answering((call) => (call.url.endsWith('/api/policy/quote') ? json(200, quoteAnswer(state, true)) : json(404, {})));
    await mount(state);
    assert.ok(priceText().includes('—'), 'dashes without a quote');
    assert.ok(priceText().includes(T.basedOn(600)), 'monthly miles from the annual 7,200');
    assert.equal(queryAllByRole(root, 'tab').length, 0);
    await choosePackage();
    await click(getByRole(root, 'button', T.calculate));
    await waitFor(() => quoteCalls().length === 1, 'the quote call');
    const sent = quoteCalls()[0]!.body as Record<string, unknown>;
    const expected = buildQuoteRequest({ ...current, quoteResponse: null }, { today: localToday(), returnUrl: 'https://brand.test/receive-a-quote' });
    assert.deepEqual(sent, JSON.parse(JSON.stringify(expected)));
    await waitFor(() => queryAllByRole(root, 'tab').length === 2, 'the plan tabs');
    assert.ok(priceText().includes('$41.25'), priceText());
    assert.ok(priceText().includes('$0.061'));
    assert.ok(priceText().includes('$92.85'), 'total policy premium, monthly: $77.85 + $15.00 of fees');
    assert.equal(totals(), 'Total Policy Premium=$92.85 per month|Down Payment (Due Today)=$92.85');
    assert.ok(priceText().includes(T.emailed('ada@example.com')));
    await click(getByRole(root, 'tab', T.unlimited));
    await frame();
    assert.equal(current.vehicles[0]!.isUnlimited, true, 'the tab is the billing choice');
    assert.ok(current.quoteResponse, 'switching plans keeps the quote');
    assert.ok(priceText().includes('$205.75'), 'Unlimited: base charge per month (1,234.50 / 6)');
    await click(root.querySelector('input[value="biannually"]')!);
    await frame();
    // the single payment as charged, fees included (the tooltip says so), never the premium alone ($467.10)
    assert.equal(totals(), 'Total Policy Premium=$502.10 for 6 months|Down Payment (Due Today)=$502.10');
    assert.ok(!priceText().includes('$467.10'), priceText());
    await checkA11y(root.host as HTMLElement);
  });

  it('lists the mileage monitoring fee once per Pay-Per-Mile vehicle in the fee tooltip (GA, two vehicles: $10.00)', async () => {
    const state = wizard('GA', [vehicle(), vehicle({ vin: 'WP0CA2A88JS765432', model: 'Cayman' })]);
    answering((call) => (call.url.endsWith('/api/policy/quote') ? json(200, quoteAnswer(state, true)) : json(404, {})));
    await mount(state);
    const tooltip = () => (root.querySelector('.ppm-price .ppm-tooltip__text') as HTMLElement | null)?.innerText ?? '';
    await click(getByRole(root, 'button', T.totalTooltipLabel));
    await waitFor(() => tooltip().includes('mileage monitoring'), 'the fee tooltip, before a quote');
    assert.ok(tooltip().includes(`Monthly mileage monitoring fee: $5.00 per month ${T.feeTimesVehicles(2, '$10.00')}`), tooltip());
    await click(getByRole(root, 'button', T.totalTooltipLabel));
    await choosePackage();
    await controller.onContinue(); // vehicle 1 done: on to vehicle 2
    await frame();
    assert.equal(heading(), T.vehicleOf(2, 2));
    await fillTheRest();
    await click(getByRole(root, 'button', T.calculate));
    await waitFor(() => current.quoteResponse, 'the quote');
    await waitFor(() => queryAllByRole(root, 'tab').length === 2, 'the plan tabs');
    await click(getByRole(root, 'button', T.totalTooltipLabel));
    await waitFor(() => tooltip().includes('mileage monitoring'), 'the fee tooltip, priced');
    assert.ok(tooltip().includes(T.feeTimesVehicles(2, '$10.00')), tooltip());
    assert.ok(tooltip().includes('Credit card fee: $4.95 per payment'), tooltip());
    // $77.85 + $78.85 + policy fee $5.00 + 2 x $5.00 + $4.95
    assert.equal(totals(), 'Total Policy Premium=$176.65 per month|Down Payment (Due Today)=$176.65');
  });

  it('shows no Unlimited tabs in FL', async () => {
    const state = wizard('FL');
    answering(() => json(200, quoteAnswer(state, false)));
    await mount(state);
    await pick('Bodily Injury', '10/20');
    await pick('Property Damage', '$10,000');
    await pick('Comprehensive', '$500 deductible');
    await pick('Collision', '$500 deductible');
    await fillTheRest();
    await click(getByRole(root, 'button', T.calculate));
    await waitFor(() => current.quoteResponse, 'the quote');
    await frame();
    assert.equal(queryAllByRole(root, 'tab').length, 0);
    assert.ok(priceText().includes('$41.25'));
  });

  it('clears the stored quote when a coverage changes; the panel shows the new choice\'s preview, not the e-mailed quote', async () => {
    const state = wizard('TX');
    answering((call) => json(200, call.url.endsWith('/api/policy/price') ? priced(state, 99.1, '') : quoteAnswer(state, true)));
    await mount(state);
    await choosePackage();
    await click(getByRole(root, 'button', T.calculate));
    await waitFor(() => current.quoteResponse, 'the quote');
    await waitFor(() => priceKind() === 'quote', 'the quote shown');
    await pick('Collision', '$1,000 deductible');
    assert.equal(current.quoteResponse, null);
    await waitFor(() => priceKind() === 'preview', 'the preview of the new choice');
    assert.ok(priceText().includes('$99.10'), priceText());
    assert.ok(!priceText().includes(T.emailed('ada@example.com')), 'a preview was not e-mailed');
    assert.ok(priceText().includes(T.previewNote));
    const last = priceCalls().at(-1)!.body as { limits: { name: string; limit: string }[] };
    assert.ok(JSON.stringify(last).includes('"COLL"'), 'the preview prices the request');
  });

  it('joins the first two error messages with a colon, and tells the host page what the person was shown', async () => {
    answering(() => json(400, { error_messages: ['Effective date', 'Please choose an effective date', 'third'] }));
    await mount(wizard('TX'));
    const errors: CustomEvent[] = [];
    mounted.host.addEventListener('ppm-error', (event) => errors.push(event as CustomEvent));
    await choosePackage();
    await click(getByRole(root, 'button', T.calculate));
    const alert = await waitFor(() => root.querySelector('.ppm-coverage__errors [role="alert"]'), 'the error');
    assert.ok(alert.textContent!.startsWith('Effective date: Please choose an effective date'), alert.textContent!);
    assert.equal(mounted!.widget.loader.value, null, 'the overlay is gone');
    assert.deepEqual(
      errors.map((event) => event.detail),
      [{ widget: 'ppm-quote-wizard', status: 400, message: 'Effective date: Please choose an effective date' }],
    );
  });

  it("says 'need a bit more information' with the call and Contact Us links otherwise", async () => {
    answering(() => json(400, { error_messages: ['One thing'] }));
    await mount(wizard('TX'));
    await choosePackage();
    await controller.onContinue(); // Continue without a quote calculates
    const alert = await waitFor(() => root.querySelector('.ppm-coverage__errors [role="alert"]'), 'the error');
    assert.ok(alert.textContent!.includes(T.needMoreInformation));
    const links = [...alert.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    assert.deepEqual(links, [[T.callCustomerCare, BRAND.phoneHref], [T.contactUs, 'https://brand.test/contact-us']]);
  });

  it('keeps no answer that arrives after a coverage changed: it priced choices no longer on screen', async () => {
    const state = wizard('TX');
    let answer: (response: Response) => void = () => {};
    api = stubApi((call) => (call.url.endsWith('/api/policy/quote') ? new Promise<Response>((resolve) => (answer = resolve)) : json(404, {})));
    await mount(state);
    await choosePackage();
    await click(getByRole(root, 'button', T.calculate));
    await waitFor(() => mounted!.widget.loader.value === T.calculating, 'the calculate loader');
    await pick('Collision', '$1,000 deductible');
    answer(json(200, quoteAnswer(state, true)));
    await waitFor(() => mounted!.widget.loader.value === null, 'the answer');
    await frame();
    assert.equal(current.quoteResponse, null, 'the stale answer is not stored');
    assert.equal(current.quoteRequest, null);
    assert.ok(priceText().includes('—'), 'dashes: the person prices the new choice');
  });

  it('a failed Continue with a quote says call us and stays on the step', async () => {
    const state = wizard('TX');
    answering(() => (quoteCalls().length === 1 ? json(200, quoteAnswer(state, true)) : json(500, { error_messages: ['down'] })));
    await mount(state);
    await choosePackage();
    await click(getByRole(root, 'button', T.calculate));
    await waitFor(() => current.quoteResponse, 'the quote');
    await click(getByRole(root, 'tab', T.unlimited));
    await frame();
    assert.equal(await controller.onContinue(), 'stay');
    assert.equal(quoteCalls().length, 2, 'priced again with the new billing');
    assert.deepEqual(mounted!.widget.snackbars.value.map((s) => [s.kind, s.text, s.duration]), [['danger', MESSAGES.callUs, null]]);
    assert.equal(mounted!.widget.loader.value, null);
    assert.ok(current.quoteResponse, 'the quote priced before stays');
  });

  it('the host page hears ppm-quote for each price the quote call makes, a new version of the same quote too (issue 23)', async () => {
    const state = wizard('TX');
    answering(() => json(200, quoteAnswer(state, true)));
    await mount(state);
    const priced: CustomEvent[] = [];
    root.host.addEventListener('ppm-quote', (event) => priced.push(event as CustomEvent));
    await choosePackage();
    await click(getByRole(root, 'button', T.calculate));
    await waitFor(() => priced.length === 1, 'ppm-quote');
    const policy = quoteAnswer(state, true).policies[0]!;
    assert.deepEqual(priced[0]!.detail, {
      action: 'priced', policyNumber: 'Q-2025-000123', ratedState: 'TX', vehicles: state.vehicles.length, estimatedMonthlyPayment: policy.estimatedMonthlyPayment,
    });
    assert.ok(priced[0]!.bubbles && priced[0]!.composed);
    await click(getByRole(root, 'tab', T.unlimited));
    await frame();
    assert.equal(await controller.onContinue(), 'next');
    // the API keeps the quote's number for a new version (issue 11): a new price all the same
    await waitFor(() => priced.length === 2, 'ppm-quote for the new version');
    assert.equal((priced[1]!.detail as { policyNumber: string }).policyNumber, 'Q-2025-000123');
  });

  it('moves on without a call when nothing changed, and re-requests with the new billing when a plan switched', async () => {
    const state = wizard('TX');
    answering(() => json(200, quoteAnswer(state, true)));
    await mount(state);
    await choosePackage();
    await click(getByRole(root, 'button', T.calculate));
    await waitFor(() => current.quoteResponse, 'the quote');
    assert.equal(await controller.onContinue(), 'next');
    assert.equal(quoteCalls().length, 1, 'no second call');
    await click(getByRole(root, 'tab', T.unlimited));
    await frame();
    assert.equal(await controller.onContinue(), 'next');
    assert.equal(quoteCalls().length, 2, 'forward navigation re-requested');
    const sent = quoteCalls()[1]!.body as { vehicles: { billingType: string }[] };
    assert.equal(sent.vehicles[0]!.billingType, 'capped');
  });

  it("says 'Trying to select coverage with zero vehicles' with no vehicle", async () => {
    mounted = await mountStep(StepCoverage, wizard('TX', []), {
      props: { apiBase: API, siteUrl: 'https://brand.test', scrollDelayMs: 0, dateCheckDelayMs: 0 },
      ready: (shadow) => shadow.querySelector('[role="alert"]'),
    });
    root = mounted.root;
    const alert = root.querySelector('[role="alert"]')!;
    assert.equal(alert.textContent, T.zeroVehicles);
  });
});

/**
 * Every state whose rules exist (doc 3: per-state sections for AZ, CA, CO, FL, OH, PA, TN, TX, WI and GA;
 * Oregon on the generic form): the step draws exactly what the state's rules say, a person can decline
 * comprehensive only on an owned car, and nothing is priced until the state's required choices are made.
 */
describe('Step 4 in every state with coverage rules', () => {
  const STATES = ['AZ', 'CA', 'CO', 'FL', 'GA', 'OH', 'OR', 'PA', 'TN', 'TX', 'WI'] as const;
  const covered = (car: VehicleForm) => ({ financing: car.leaseOwnFinance, statedValue: 85_000 });

  for (const state of STATES) {
    it(`${state}: draws the state's fields, offers decline on owned cars only, prices nothing while choices are missing`, async () => {
      answering(() => json(500, { error_messages: ['no call expected'] }));
      const owned = vehicle();
      // the spec's defaults, choices left open (step 4 opens with recommendedCoverage: see 'the live price')
      await mount(wizard(state, [owned], { coverage: coverageDefaults(state, [covered(owned)], localToday()) }));
      const expected = coverageFields(state, coverageDefaults(state, [covered(owned)]), [covered(owned)], 0);
      const shown = (root.querySelector('form') ?? root).textContent ?? '';
      for (const field of expected) assert.ok(shown.includes(field.label), `${state} shows "${field.label}"`);

      const comprehensive = expected.find((f) => f.name === 'comprehensiveDeductible');
      if (comprehensive && !comprehensive.readOnly && !comprehensive.displayValue) {
        const options = [...getByLabel<HTMLSelectElement>(root, comprehensive.label).options].map((o) => o.textContent);
        assert.ok(options.includes(DECLINE), `${state}: an owned car may decline comprehensive`);
      }

      // Continue without the required choices calculates nothing (doc 3 section 5).
      if (continueBlockers(state, current.coverage!, [covered(owned)]).length > 0) {
        assert.equal(await controller.onContinue(), 'stay');
        assert.equal(quoteCalls().length, 0, `${state}: no quote call with choices missing`);
        assert.equal(priceCalls().length, 0, `${state}: no preview of a form that cannot be priced`);
      }
      mounted.unmount();

      const leased = vehicle({ leaseOwnFinance: 'lease' });
      await mount(wizard(state, [leased]));
      if (comprehensive && !comprehensive.readOnly && !comprehensive.displayValue) {
        const options = [...getByLabel<HTMLSelectElement>(root, comprehensive.label).options].map((o) => o.textContent);
        assert.ok(!options.includes(DECLINE), `${state}: a leased car may not decline comprehensive`);
      }
    });
  }
});

/** Issue 11: priced on arrival, a live price on every change, one press of Continue, one quote number. */
describe('Step 4: the live price', () => {
  // How fast a new figure comes (the 150 ms) is not asserted: a timed assertion races on a shared
  // machine. The preview is sent on the change itself, with no debounce; these tests assert no press is needed.
  it('opens with the recommended package priced, without a press, marked as a preview', async () => {
    const state = wizard('TX');
    answering((call) => (call.url.endsWith('/api/policy/price') ? json(200, priced(state, 92.85, '')) : json(500, {})));
    await mount(state);
    assert.equal(shown('Bodily Injury'), '$100,000/$300,000');
    assert.equal(shown('Comprehensive'), '$1,000 deductible');
    assert.equal(shown('Collision'), '$1,000 deductible');
    await waitFor(() => priceKind() === 'preview', 'the preview');
    assert.equal(totals(), 'Total Policy Premium=$92.85 per month|Down Payment (Due Today)=$92.85');
    assert.ok(priceText().includes(T.previewNote), 'the panel says the figure is a preview');
    assert.equal(quoteCalls().length, 0, 'nothing stored or mailed on arrival');
    assert.equal(priceCalls().length, 1);
    const sent = priceCalls()[0]!.body as Record<string, unknown>;
    const expected = buildQuoteRequest(current, { today: localToday(), returnUrl: 'https://brand.test/receive-a-quote' });
    assert.deepEqual(sent, JSON.parse(JSON.stringify(expected)), 'the quote body, as the quote call sends it');
    // the live region gives the price, not an e-mail note
    const live = root.querySelector('.ppm-price__announce')!.textContent!;
    assert.equal(live, T.priceAnnouncement('$92.85', T.perMonth, true));
    await checkA11y(root.host as HTMLElement);
  });

  it('shows the price of every change without a press: a coverage, the effective date and the Unlimited tab', async () => {
    const state = wizard('TX');
    let monthly = 90;
    answering((call) => (call.url.endsWith('/api/policy/price') ? json(200, priced(state, (monthly += 1), '')) : json(500, {})));
    await mount(state);
    await waitFor(() => totals().includes('$91.00'), 'the first preview');
    const collision = getByLabel<HTMLSelectElement>(root, 'Collision');
    collision.value = '$500 deductible';
    collision.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => totals().includes('$92.00'), 'the price of the new collision deductible');
    assert.equal(priceKind(), 'preview');
    assert.ok(JSON.stringify(priceCalls().at(-1)!.body).includes('"limit":"500"'), 'priced with the new deductible');

    await waitFor(() => queryAllByRole(root, 'tab').length === 2, 'the plan tabs of the preview');
    getByRole<HTMLButtonElement>(root, 'tab', T.unlimited).click();
    await waitFor(() => totals().includes('$93.00'), 'the price of the Unlimited plan');
    assert.equal((priceCalls().at(-1)!.body as { vehicles: { billingType: string }[] }).vehicles[0]!.billingType, 'capped');

    const date = getByLabel<HTMLInputElement>(root, T.effectiveDate);
    const tomorrow = formatUsDate(addDays(localToday(), 1));
    await retype(date, tomorrow.replace(/\//g, ''));
    const calls = priceCalls().length;
    date.blur();
    await waitFor(() => totals().includes('$94.00'), 'the price from the new effective date');
    assert.equal(priceCalls().length, calls + 1);
    assert.equal(quoteCalls().length, 0, 'no quote stored or mailed by a change');
  });

  it('cancels the request in flight when a newer change comes; its late answer never shows', async () => {
    const state = wizard('TX');
    const answers: ((response: Response) => void)[] = [];
    api = stubApi((call) => (call.url.endsWith('/api/policy/price') ? new Promise<Response>((resolve) => answers.push(resolve)) : json(500, {})));
    const stubbed = window.fetch;
    const signals: (AbortSignal | null | undefined)[] = [];
    window.fetch = (input, init) => {
      signals.push(init?.signal);
      return stubbed(input, init);
    };
    try {
      await mount(state);
      await waitFor(() => answers.length === 1, 'the first preview asked');
      await pick('Collision', '$500 deductible');
      await waitFor(() => answers.length === 2, 'the second preview asked');
      assert.equal(signals[0]?.aborted, true, 'the older request is aborted');
      assert.equal(signals[1]?.aborted, false);
      answers[1]!(json(200, priced(state, 120, '')));
      await waitFor(() => totals().includes('$120.00'), 'the newer price');
      answers[0]!(json(200, priced(state, 77, '')));
      await frame();
      assert.ok(totals().includes('$120.00') && !totals().includes('$77.00'), totals());
      assert.equal(priceKind(), 'preview');
    } finally {
      window.fetch = stubbed;
    }
  });

  it('a failed preview keeps the last good figure, marked out of date', async () => {
    const state = wizard('TX');
    let fail = false;
    answering((call) =>
      call.url.endsWith('/api/policy/price') ? (fail ? json(429, { error_messages: ['Too many requests'] }) : json(200, priced(state, 92.85, ''))) : json(500, {}),
    );
    await mount(state);
    await waitFor(() => priceKind() === 'preview', 'the preview');
    fail = true;
    await pick('Collision', '$500 deductible');
    await waitFor(() => priceKind() === 'outOfDate', 'marked out of date');
    assert.ok(totals().includes('$92.85'), 'the last good figure, never a wrong one');
    assert.ok(priceText().includes(T.outOfDate), priceText());
    assert.equal(root.querySelector('.ppm-price__announce')!.textContent, T.outOfDate);
    const value = root.querySelector<HTMLElement>('.ppm-price__list--totals .ppm-price__value')!;
    assert.ok(getComputedStyle(value).textDecorationLine.includes('line-through'), 'struck through');
    fail = false;
    await pick('Collision', '$1,000 deductible');
    await waitFor(() => priceKind() === 'preview', 'current again once a preview succeeds');
  });

  it('a first preview that fails says so, in the panel, the price bar and the live region, not dashes alone; the next that succeeds shows its price', async () => {
    const state = wizard('TX');
    let fail = true;
    answering((call) =>
      call.url.endsWith('/api/policy/price') ? (fail ? json(503, { error_messages: ['Service unavailable'] }) : json(200, priced(state, 92.85, ''))) : json(500, {}),
    );
    await mount(state);
    await waitFor(() => priceKind() === 'unavailable', 'the failure marked');
    assert.ok(priceText().includes(T.previewFailed), priceText());
    assert.ok(!priceText().includes(T.calculateFirst), 'not the hint of a form with choices left to make');
    assert.equal(root.querySelector('.ppm-price__announce')!.textContent, T.previewFailed, 'announced');
    assert.ok(root.querySelector('.ppm-price-bar')!.textContent!.includes(T.unavailableShort), 'the phone bar says so too');
    await checkA11y(root.host as HTMLElement);
    fail = false;
    await pick('Collision', '$500 deductible');
    await waitFor(() => priceKind() === 'preview', 'priced once a preview succeeds');
    assert.ok(totals().includes('$92.85'), totals());
    assert.ok(!priceText().includes(T.previewFailed), 'the failure note goes');
  });

  it('one press of Continue makes the quote and moves on; the live region gives the price', async () => {
    const state = wizard('TX');
    answering((call) => json(200, call.url.endsWith('/api/policy/price') ? priced(state, 92.85, '') : quoteAnswer(state, true)));
    await mount(state);
    assert.equal(await controller.onContinue(), 'next', 'one press');
    assert.equal(quoteCalls().length, 1, 'the quote made once (stored and e-mailed)');
    assert.equal(current.quoteResponse !== null, true);
    await frame();
    const live = root.querySelector('.ppm-price__announce')!.textContent!;
    assert.equal(live, T.priceAnnouncement('$92.85', T.perMonth, false));
    assert.ok(!live.includes('emailed'), live);
  });

  it('pricing again after an Unlimited switch keeps the quote number, and the note shows it', async () => {
    const state = wizard('TX');
    let made = 0;
    answering((call) => {
      if (call.url.endsWith('/api/policy/price')) return json(200, priced(state, 92.85, ''));
      made += 1;
      // the API keeps a named open quote's number (a new version); a first quote gets a new one
      const named = (call.body as { quoteNumber?: string }).quoteNumber;
      return json(200, priced(state, 92.85, named ?? `Q-2025-00012${made}`));
    });
    await mount(state);
    await click(getByRole(root, 'button', T.calculate));
    await waitFor(() => current.quoteResponse, 'the quote');
    assert.equal((quoteCalls()[0]!.body as { quoteNumber?: string }).quoteNumber, undefined, 'a first quote names none');
    await waitFor(() => priceText().includes(T.quoteNumber('Q-2025-000121')), 'the note');
    await click(getByRole(root, 'tab', T.unlimited));
    await frame();
    assert.equal(await controller.onContinue(), 'next');
    assert.equal(quoteCalls().length, 2, 'priced again with the new billing');
    assert.equal((quoteCalls()[1]!.body as { quoteNumber?: string }).quoteNumber, 'Q-2025-000121', 'it names the quote it prices again');
    assert.equal((current.quoteResponse as { policies: { policyNumber: string }[] }).policies[0]!.policyNumber, 'Q-2025-000121');
    // a coverage change clears the stored quote; the number stays the shopper's for the next pricing
    await pick('Collision', '$500 deductible');
    assert.equal(current.quoteResponse, null);
    assert.equal(current.quoteNumber, 'Q-2025-000121');
  });

  it('shows limits in one format on step 4: $100,000/$300,000 and $500', async () => {
    const state = wizard('TX');
    answering(() => json(200, priced(state, 92.85, '')));
    await mount(state);
    await waitFor(() => priceKind() === 'preview', 'the preview');
    const shares = [...root.querySelectorAll('.ppm-price__share-limit')].map((e) => e.textContent);
    assert.deepEqual(shares, ['$100,000/$300,000', '$500']);
  });
});

describe('Step 4 on a phone (390 px)', () => {
  before(async () => {
    await setViewport({ width: 390, height: 700 });
  });
  after(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('keeps the monthly figure in a bar at the top, and a focused field never goes under it', async () => {
    const state = wizard('TX');
    answering(() => json(200, priced(state, 92.85, '')));
    await mount(state);
    await waitFor(() => priceKind() === 'preview', 'the preview');
    const bar = root.querySelector<HTMLElement>('.ppm-price-bar')!;
    assert.ok(bar.getBoundingClientRect().height > 0, 'the bar shows on a phone');
    assert.ok(bar.textContent!.includes('$92.85'), bar.textContent!);
    const panel = root.querySelector<HTMLElement>('.ppm-price')!;
    const collision = getByLabel<HTMLSelectElement>(root, 'Collision');
    assert.ok(panel.getBoundingClientRect().top > collision.getBoundingClientRect().bottom, 'the panel is below the form');

    // scroll so that the next field sits where the bar is, then move to it with the keyboard
    const fields = [...root.querySelectorAll<HTMLElement>('.ppm-coverage__fields select, .ppm-coverage__fields input')];
    for (const [i, field] of fields.entries()) {
      if (i === 0) continue;
      window.scrollBy(0, field.getBoundingClientRect().top - 8);
      await frame();
      fields[i - 1]!.focus({ preventScroll: true });
      await press('Tab');
      await frame();
      const focused = root.activeElement as HTMLElement;
      const barBox = bar.getBoundingClientRect();
      const box = focused.getBoundingClientRect();
      // at the top of the viewport once scrolled past its place (the test page's body margin is 8 px)
      assert.ok(barBox.top >= 0 && barBox.top <= 8, `the bar stays in view at the top (${barBox.top})`);
      assert.ok(box.top >= barBox.bottom, `${focused.id || focused.localName} (top ${box.top}) is not under the bar (bottom ${barBox.bottom})`);
    }

    // the bar follows the price
    await pick('Collision', '$500 deductible');
    await waitFor(() => bar.textContent!.includes('$92.85'), 'the figure in the bar');
    // its link takes the person to the panel, the heading clear of the bar
    await click(bar.querySelector('a')!);
    await frame();
    const panelHeading = root.querySelector<HTMLElement>('.ppm-price__heading')!;
    assert.equal(root.activeElement, panelHeading);
    assert.ok(panelHeading.getBoundingClientRect().top >= bar.getBoundingClientRect().bottom, 'the heading is not under the bar');
    await checkA11y(root.host as HTMLElement);
  });

  it('is not shown beside the panel on a wide screen', async () => {
    await setViewport({ width: 1200, height: 800 });
    try {
      const state = wizard('TX');
      answering(() => json(200, priced(state, 92.85, '')));
      await mount(state);
      assert.equal(root.querySelector<HTMLElement>('.ppm-price-bar')!.getBoundingClientRect().height, 0);
    } finally {
      await setViewport({ width: 390, height: 700 });
    }
  });
});

/** Issue 11, item 7: the cascades as doc 3 words them, on screen. */
describe('Step 4: the cascades', () => {
  it('a declined uninsured BI is cleared when bodily injury changes; the price meanwhile is marked out of date', async () => {
    const state = wizard('TX');
    answering(() => json(200, priced(state, 92.85, '')));
    await mount(state);
    await waitFor(() => priceKind() === 'preview', 'the preview');
    await pick('Uninsured Motorist Bodily Injury', DECLINE);
    await pick('Bodily Injury', '50/100');
    assert.equal(current.coverage!.shared.uninsuredBodilyInjury, '', 'cleared for a new choice');
    assert.equal(getByLabel<HTMLSelectElement>(root, 'Uninsured Motorist Bodily Injury').value, '');
    await waitFor(() => priceKind() === 'outOfDate', 'a form that cannot be priced keeps the figure, out of date');
    await pick('Uninsured Motorist Bodily Injury', '50/100');
    await waitFor(() => priceKind() === 'preview', 'priced again');
  });

  it('rental returns to the bodily-injury level when a declined comprehensive is undone, and when the car is financed since', async () => {
    await mount(wizard('TX'));
    assert.equal(shown('Bodily Injury'), '$100,000/$300,000');
    await pick('Comprehensive', DECLINE);
    await click(getByRole(getByRole(root, 'dialog', T.pairTitle), 'button', T.ok));
    assert.ok(!hasLabel('Rental Reimbursement'), 'no rental without comprehensive');
    await pick('Comprehensive', '$500 deductible');
    assert.equal(current.coverage!.vehicles[0]!.rentalReimbursement, '$100/$3,000');
    assert.equal(shown('Rental Reimbursement'), '$100/$3,000');
    mounted.unmount();

    // declined on an owned car, then the car is financed on step 2: step 4 opens with the decline gone
    const owned = wizard('TX');
    await mount(owned);
    await pick('Comprehensive', DECLINE);
    const withDecline = current.coverage!;
    mounted.unmount();
    await mount(wizard('TX', [vehicle({ leaseOwnFinance: 'finance' })], { coverage: withDecline }));
    await waitFor(() => current.coverage!.vehicles[0]!.rentalReimbursement === '$100/$3,000', 'rental at the level, in the form');
    assert.equal(current.coverage!.vehicles[0]!.comprehensiveDeductible, '');
    assert.equal(shown('Rental Reimbursement'), '$100/$3,000');
  });
});
