/// <reference types="mocha" />
import { FINANCING_COMPANIES, MESSAGES } from '../../../../contract/index.ts';
import { createApiClient } from '../../../core/api-client.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, json, queryAllByRole, stubApi, type, waitFor, type StubbedCall,
} from '../../../testing/browser.ts';
import { mountStep, type MountedStep } from '../../../testing/step-harness.ts';
import type { WizardState } from '../../model/wizard-model.ts';
import { initialPurchase } from '../../model/purchase-model.ts';
import { forgetPurchaseTokens, rememberPurchaseToken } from '../../model/purchase-token.ts';
import { quoteFixture } from '../quote/quote.fixture.ts';
import { wizardWithSavedQuote } from '../quote/saved-quote.ts';
import { LIENHOLDER_TEXTS as T } from './lienholders.texts.ts';
import { StepLienholders } from './StepLienholders.tsx';

let mounted: MountedStep | undefined;
let root: ShadowRoot;
let current: WizardState;
let stub: ReturnType<typeof stubApi> | undefined;

const BOUND = { quoteNumber: 'Q-AZ-000123', policyNumber: 'P-AZ-000123', binderNumber: 'B-AZ-000123', emailAddress: 'ada@example.com' };

/** Step 6 after the bind: the fixture's Cayman is FINANCED; `leased` makes the 911 LEASED too. */
async function mount(options: { leased?: boolean; respond?: (call: StubbedCall) => Response } = {}): Promise<void> {
  stub = stubApi(options.respond ?? (() => json(200, { ok: true })));
  const response = quoteFixture();
  if (options.leased) response.policies[0]!.vehicleInfo[0]!.financing = 'LEASED';
  const initial: WizardState = { ...wizardWithSavedQuote(response), step: 6, purchase: { ...initialPurchase(), bound: BOUND } };
  mounted = await mountStep(StepLienholders, initial, {
    api: createApiClient('http://api.test'),
    ready: (shadow) => shadow.querySelector('.ppm-purchase'),
    onState: (state) => (current = state),
  });
  root = mounted.root;
}

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  stub?.restore();
  stub = undefined;
  forgetPurchaseTokens();
});

const lienholderCalls = () => stub!.calls.filter((call) => call.url === 'http://api.test/api/policy/lienholder');
function errorOf(control: Element): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => root.getElementById(id)?.textContent ?? '').join('');
}
async function pick(label: string, value: string): Promise<void> {
  const select = getByLabel<HTMLSelectElement>(root, label);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await waitFor(() => getByLabel<HTMLSelectElement>(root, label).value === value, `${label} = ${value}`);
}
const legend = () => root.querySelector('.ppm-purchase__legend')!.textContent ?? '';

async function fillAddress() {
  await type(getByLabel(root, T.address), '200 W Washington St');
  await type(getByLabel(root, T.city), 'Phoenix');
  await pick(T.state, 'AZ');
  await type(getByLabel(root, T.zip), '85003');
  await type(getByLabel(root, T.phoneNumber), '6025550188');
}

async function fillOther() {
  await pick(T.option, 'other');
  await type(getByLabel(root, T.name), 'First Desert Credit Union');
  await fillAddress();
}

describe('The lienholder sub-step', () => {
  it('names the financed vehicle, validates every field of doc 3 section 5, and passes axe', async () => {
    await mount();
    assert.ok(legend().includes('2018 Porsche Cayman'), legend());
    assert.equal(queryAllByRole(root, 'button', T.back).length, 0, 'no Back to a payment already made');
    await click(getByRole(root, 'button', T.submit));
    const option = getByLabel(root, T.option);
    await waitFor(() => option.getAttribute('aria-invalid') === 'true', 'option required');
    assert.equal(focused(), option);
    for (const label of [T.name, T.address, T.city, T.state, T.zip, T.phoneNumber]) {
      assert.ok(errorOf(getByLabel(root, label)).startsWith('Error: '), `${label} says what is wrong`);
    }
    await type(getByLabel(root, T.zip), '850');
    await type(getByLabel(root, T.phoneNumber), '602555');
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => errorOf(getByLabel(root, T.zip)) === `Error: ${MESSAGES.zip}`, 'ZIP of 5 digits');
    assert.equal(errorOf(getByLabel(root, T.phoneNumber)), `Error: ${MESSAGES.phone}`);
    assert.equal(lienholderCalls().length, 0);
    await checkA11y(root.host as HTMLElement);
  });

  it('PFS fills in the company’s name only: no address we do not hold as a fact is prefilled, the buyer types it (issue 20)', async () => {
    await mount();
    await pick(T.option, 'PFS');
    const company = FINANCING_COMPANIES.PFS;
    await waitFor(() => getByLabel<HTMLInputElement>(root, T.name).value === company.name, 'the name prefilled');
    assert.equal(getByLabel<HTMLInputElement>(root, T.name).disabled, true, 'the name is the option’s own');
    for (const label of [T.address, T.city, T.state, T.zip, T.phoneNumber]) {
      const control = getByLabel<HTMLInputElement>(root, label);
      assert.equal(control.value, '', `${label} is not prefilled`);
      assert.equal(control.disabled, false, `${label} is typed by the buyer`);
    }
    assert.ok(root.textContent!.includes(T.prefilledName), 'says the address is the buyer’s to type');
    assert.ok(!root.textContent!.includes('Sample'), 'no invented address anywhere');
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => getByLabel(root, T.address).getAttribute('aria-invalid') === 'true', 'the address is required');
    assert.equal(lienholderCalls().length, 0);
    await checkA11y(root.host as HTMLElement);
    await fillAddress();
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => current.step === 7, 'step 7');
    assert.deepEqual(lienholderCalls().map((call) => call.body), [{
      quoteNumber: 'Q-AZ-000123', name: company.name, address: '200 W Washington St', city: 'Phoenix', state: 'AZ',
      zip: '85003', phoneNumber: '602-555-0188', carNumber: 2,
    }]);
    assert.equal(current.purchase!.lienholdersDone, true);
  });

  it("sends the bind's purchase token, held in memory, as the Purchase-Token header", async () => {
    rememberPurchaseToken('Q-AZ-000123', 'pt_from_the_bind');
    await mount();
    await pick(T.option, 'PFS');
    await fillAddress();
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => current.step === 7, 'step 7');
    assert.equal(lienholderCalls()[0]!.headers['purchase-token'], 'pt_from_the_bind');
    assert.equal(JSON.stringify(current).includes('pt_from_the_bind'), false, 'not in the wizard state');
  });

  it("two vehicles: Continue and Back between them; 'I don't know' is skipped on send", async () => {
    await mount({ leased: true });
    assert.ok(legend().includes('2019 Porsche 911') && legend().includes('Vehicle 1 of 2'), legend());
    await pick(T.option, "I don't know");
    assert.equal(queryAllByRole(root, 'textbox').length, 0, 'nothing more is asked');
    await click(getByRole(root, 'button', T.continue));
    await waitFor(() => legend().includes('2018 Porsche Cayman'), 'the second vehicle');
    await click(getByRole(root, 'button', T.back));
    await waitFor(() => legend().includes('2019 Porsche 911'), 'back to the first');
    assert.equal(getByLabel<HTMLSelectElement>(root, T.option).value, "I don't know", 'the answer is kept');
    await click(getByRole(root, 'button', T.continue));
    await waitFor(() => legend().includes('2018 Porsche Cayman'), 'the second vehicle again');
    await fillOther();
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => current.step === 7, 'step 7');
    assert.equal(lienholderCalls().length, 1, 'one request: the skipped vehicle is not sent');
    assert.deepEqual(lienholderCalls()[0]!.body, {
      quoteNumber: 'Q-AZ-000123', name: 'First Desert Credit Union', address: '200 W Washington St', city: 'Phoenix', state: 'AZ',
      zip: '85003', phoneNumber: '602-555-0188', carNumber: 2,
    });
  });

  it("a failed request shows 'Apologies'; OK continues to step 7", async () => {
    await mount({ leased: true, respond: (call) => ((call.body as { carNumber: number }).carNumber === 1 ? json(500, { error_messages: [] }) : json(200, { ok: true })) });
    await pick(T.option, 'PLL');
    await fillAddress();
    await click(getByRole(root, 'button', T.continue));
    await waitFor(() => legend().includes('2018 Porsche Cayman'), 'the second vehicle');
    await pick(T.option, 'PFS');
    await fillAddress();
    await click(getByRole(root, 'button', T.submit));
    const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>('dialog[open]'), 'the Apologies modal');
    assert.equal(dialog.querySelector('h2')!.textContent, 'Apologies');
    assert.ok(/concierge will call/.test(dialog.textContent ?? ''));
    assert.equal(lienholderCalls().length, 2, 'one request per vehicle');
    assert.equal(current.step, 6);
    await checkA11y(root.host as HTMLElement);
    await click(getByRole(dialog, 'button', T.ok));
    await waitFor(() => current.step === 7, 'step 7 after OK');
  });
});
