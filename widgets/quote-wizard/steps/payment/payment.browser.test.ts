/// <reference types="mocha" />
import { MESSAGES, billingSummary, formatCents, type QuotePolicy } from '../../../../contract/index.ts';
import { createApiClient } from '../../../core/api-client.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, json, queryAllByRole, stubApi, type, waitFor, type StubbedCall,
} from '../../../testing/browser.ts';
import { mountStep, type MountedStep } from '../../../testing/step-harness.ts';
import type { StepController } from '../../step.ts';
import type { WizardState } from '../../wizard-model.ts';
import { quoteFixture } from '../quote/quote.fixture.ts';
import { wizardWithSavedQuote } from '../quote/saved-quote.ts';
import { PAYMENT_TEXTS as T } from './payment.texts.ts';
import { initialPurchase } from './purchase-model.ts';
import { StepPayment, type StepPaymentProps } from './StepPayment.tsx';
import type { CardState } from './stripe-card.ts';

let mounted: MountedStep | undefined;
let root: ShadowRoot;
let current: WizardState;
let controller: StepController;
let stub: ReturnType<typeof stubApi> | undefined;

const TEST_KEY = 'pk_test_ppmTestModeNoRealCharges';
const DECLINED = 'Your payment method has been declined. Please check to make sure your card information is correct, or try a different payment method.';
const BOUND = { policies: [{ policyNumber: 'P-AZ-000123', binderNumber: 'B-AZ-000123', emailAddress: 'ada@example.com', policyOwners: [] }] };

type Respond = (call: StubbedCall) => Response | Promise<Response>;

/** The API as step 6 meets it: test mode, and `bind` answering the bind calls. */
function api(bind: Respond = () => json(200, BOUND), config: unknown = { mode: 'test', publishableKey: TEST_KEY }) {
  stub = stubApi((call) => (call.url.endsWith('/api/payments/config') ? json(200, config) : bind(call)));
  return stub;
}
const binds = () => stub!.calls.filter((call) => call.url === 'http://api.test/api/policy/bind');

/** Step 6 with the fixture's quote (two vehicles in AZ, the second FINANCED unless `owned`). */
async function mount(options: { owned?: boolean; state?: Partial<WizardState>; props?: Partial<StepPaymentProps> } = {}): Promise<void> {
  const response = quoteFixture();
  if (options.owned) response.policies[0]!.vehicleInfo[1]!.financing = 'OWNED';
  const initial: WizardState = { ...wizardWithSavedQuote(response), step: 6, ...options.state };
  mounted = await mountStep(StepPayment, initial, {
    props: (options.props ?? {}) as StepPaymentProps,
    api: createApiClient('http://api.test'),
    ready: (shadow) => shadow.querySelector('.ppm-payment') && !shadow.querySelector('.ppm-payment__status'),
    onState: (state) => (current = state),
    onRegister: (registered) => (controller = registered),
  });
  root = mounted.root;
}

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  stub?.restore();
  stub = undefined;
});

function errorOf(control: Element): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => root.getElementById(id)?.textContent ?? '').join('');
}
const policyOf = (): QuotePolicy => quoteFixture().policies[0]!;
const summaryText = () => root.querySelector('.ppm-payment__summary')!.textContent ?? '';
const submitButton = () => getByRole(root, 'button', T.submit);

async function fillCard(number: string, expiry = '12/34', cvc = '123', name = 'Ada Lovelace') {
  await type(getByLabel(root, T.nameOnCard), name);
  await type(getByLabel(root, T.cardNumber), number.replace(/\s/g, ''));
  await type(getByLabel(root, T.cardExpiry), expiry.replace('/', ''));
  await type(getByLabel(root, T.cardCvc), cvc);
}

describe('Step 6, Your Payment', () => {
  it('defaults to monthly; the frequency choice changes the summary to its figures; passes axe', async () => {
    api();
    await mount();
    const monthly = getByRole<HTMLInputElement>(root, 'radio', T.monthly);
    assert.equal(monthly.checked, true, 'monthly by default (doc 3 section 4)');
    assert.equal(monthly.value, 'monthly');
    const single = billingSummary(policyOf(), 'biannually');
    const perMonth = billingSummary(policyOf(), 'monthly');
    assert.ok(summaryText().includes(formatCents(perMonth.dueTodayCents)), 'monthly: downPaymentMonthly due today');
    assert.equal(summaryText().includes(formatCents(single.dueTodayCents)), false);

    const biannually = getByRole<HTMLInputElement>(root, 'radio', T.biannually);
    assert.equal(biannually.value, 'biannually');
    await click(biannually);
    await waitFor(() => summaryText().includes(formatCents(single.dueTodayCents)), 'the single payment due today');
    assert.equal(summaryText().includes(formatCents(perMonth.perPaymentCents)), perMonth.perPaymentCents === single.dueTodayCents, 'no monthly figure left');
    assert.equal(current.purchase?.billingFrequency, 'biannually', 'kept in the wizard state');
    assert.ok(getByRole(root, 'note'), 'the test-mode notice');
    assert.ok(root.textContent!.includes(T.testModeTitle));
    assert.ok(root.textContent!.includes('Powered by'), 'the powered-by badge');
    await checkA11y(root.host as HTMLElement);
  });

  it('each required field says so, word for word, and the first invalid field gets focus', async () => {
    api();
    await mount();
    await click(submitButton());
    const name = getByLabel(root, T.nameOnCard);
    await waitFor(() => name.getAttribute('aria-invalid') === 'true', 'name on card invalid');
    assert.equal(focused(), name);
    assert.equal(errorOf(name), `Error: ${MESSAGES.required}`);
    assert.equal(errorOf(getByLabel(root, T.cardNumber)), 'Error: Card Number is Required');
    assert.equal(errorOf(getByLabel(root, T.cardExpiry)), 'Error: Expiry date is Required');
    assert.equal(errorOf(getByLabel(root, T.cardCvc)), 'Error: CVC is Required');
    assert.equal(binds().length, 0, 'nothing is sent');
    // an incomplete number is still 'required'; a complete one that fails Luhn is invalid
    await type(getByLabel(root, T.cardNumber), '4242');
    await click(submitButton());
    await waitFor(() => errorOf(getByLabel(root, T.cardNumber)) === 'Error: Card Number is Required', 'incomplete number');
    await checkA11y(root.host as HTMLElement);
  });

  const cards = [
    ['4242 4242 4242 4242', 'tok_visa'],
    ['4000 0000 0000 0002', 'tok_chargeDeclined'],
    ['4000 0000 0000 9995', 'tok_chargeDeclinedInsufficientFunds'],
    ['4000 0000 0000 0069', 'tok_chargeDeclinedExpiredCard'],
    ['5555 5555 5555 4444', 'tok_chargeDeclined'],
  ] as const;
  for (const [number, token] of cards) {
    it(`test mode: ${number} is sent as ${token}, never as a card number`, async () => {
      api();
      await mount();
      await fillCard(number);
      await click(submitButton());
      await waitFor(() => binds().length === 1, 'one bind');
      const call = binds()[0]!;
      assert.deepEqual(call.body, {
        quoteNumber: 'Q-AZ-000123', stripeKey: { key: TEST_KEY }, paymentToken: { token }, billingFrequency: 'monthly', payPlan: 18,
      });
      assert.ok(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(call.headers['idempotency-key'] ?? ''), 'a v4 UUID as the Idempotency-Key');
      const sent = JSON.stringify(stub!.calls);
      assert.equal(sent.includes(number.replace(/\s/g, '').slice(-8)), false, 'no card digits in any call');
      assert.equal(sent.includes('Ada Lovelace'), false, 'nor the name on the card');
    });
  }

  it('a six-month payment sends biannually with pay plan 21', async () => {
    api();
    await mount();
    await click(getByRole(root, 'radio', T.biannually));
    await fillCard('4242424242424242');
    await click(submitButton());
    await waitFor(() => binds().length === 1, 'one bind');
    const body = binds()[0]!.body as { billingFrequency: string; payPlan: number };
    assert.equal(body.billingFrequency, 'biannually');
    assert.equal(body.payPlan, 21);
  });

  it('bound with a financed vehicle: the lienholder sub-step follows on step 6; all owned: step 7', async () => {
    api();
    await mount();
    await fillCard('4242424242424242');
    await click(submitButton());
    await waitFor(() => current.purchase?.bound, 'bound');
    assert.deepEqual(current.purchase!.bound, { quoteNumber: 'Q-AZ-000123', policyNumber: 'P-AZ-000123', binderNumber: 'B-AZ-000123', emailAddress: 'ada@example.com' });
    assert.equal(current.step, 6);
    assert.equal(current.purchase!.lienholdersDone, false);
    assert.equal(JSON.stringify(current).includes('4242'), false, 'no card data in the wizard state');
    mounted!.unmount();
    mounted = undefined;
    stub!.restore();

    api();
    await mount({ owned: true });
    await fillCard('4242424242424242');
    await click(submitButton());
    await waitFor(() => current.step === 7, 'step 7');
    assert.equal(current.purchase!.lienholdersDone, true);
  });

  it("a decline shows the server's message; the next submit shows only the call modal", async () => {
    api(() => json(402, { error_messages: [DECLINED], error_type: 'card_error' }));
    await mount();
    await fillCard('4000000000000002');
    await click(submitButton());
    const alert = await waitFor(() => queryAllByRole(root, 'alert').find((a) => a.textContent!.includes(DECLINED)), 'the decline');
    assert.ok(alert);
    assert.equal(current.purchase?.paymentFailed, true);
    assert.equal(mounted!.widget.loader.value, null, 'the payment loader is gone');

    await click(submitButton());
    const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>('dialog[open]'), 'the call modal');
    assert.equal(dialog.querySelector('h2')!.textContent, 'Call to complete your quote');
    assert.ok(dialog.textContent!.includes('800-400-4128') && dialog.textContent!.includes('Q-AZ-000123'));
    assert.equal(binds().length, 1, 'no second bind');
    await checkA11y(root.host as HTMLElement);
  });

  it('a double click binds once, under the payment loader that says not to reload or go back', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api(async () => {
      await held;
      return json(200, BOUND);
    });
    await mount();
    await fillCard('4242424242424242');
    const button = submitButton();
    button.click();
    button.click();
    await controller.onContinue(); // Enter in a field, through the shell's form
    await waitFor(() => binds().length === 1, 'the bind');
    assert.equal(mounted!.widget.loader.value, T.paying);
    assert.ok(/reload/.test(T.paying) && /back/.test(T.paying), 'the loader says not to reload or go back');
    release();
    await waitFor(() => current.purchase?.bound, 'bound');
    assert.equal(binds().length, 1, 'one bind for three submits');
  });

  it('no answer: the retry is the same request with the same Idempotency-Key; a changed card is a new key', async () => {
    let answer: 'drop' | 'ok' = 'drop';
    api(() => (answer === 'drop' ? Promise.reject(new TypeError('Failed to fetch')) : json(200, BOUND)));
    await mount();
    await fillCard('4242424242424242');
    await click(submitButton());
    await waitFor(() => queryAllByRole(root, 'alert').some((a) => a.textContent!.includes(MESSAGES.callUs)), 'the call-us text');
    assert.equal(current.purchase?.paymentFailed ?? false, false, 'not known to have failed: a retry is allowed');
    await click(submitButton());
    await waitFor(() => binds().length === 2, 'the retry');
    assert.equal(binds()[1]!.headers['idempotency-key'], binds()[0]!.headers['idempotency-key']);
    assert.deepEqual(binds()[1]!.body, binds()[0]!.body);

    await click(getByRole(root, 'radio', T.biannually));
    answer = 'ok';
    await click(submitButton());
    await waitFor(() => binds().length === 3, 'a new attempt');
    assert.ok(binds()[2]!.headers['idempotency-key'] !== binds()[0]!.headers['idempotency-key'], 'a new key for another payment');
    await waitFor(() => current.purchase?.bound, 'bound');
  });

  it('Stripe mode: Elements are mounted in the page, their token is sent, and an incomplete card says so', async () => {
    api(() => json(200, BOUND), { mode: 'stripe', publishableKey: 'pk_test_fromTheServer' });
    let report!: (state: CardState) => void;
    const mountedOn: string[] = [];
    const fakeStripe: StepPaymentProps['mountCard'] = async (key, containers, onChange) => {
      mountedOn.push(key, ...Object.values(containers).map((element) => element.id));
      report = onChange;
      return { tokenize: async (name) => ({ token: `tok_from_stripe_for_${name.length}` }), focus: () => undefined, destroy: () => undefined };
    };
    // a light-DOM host, as on our own site: Stripe.js refuses a shadow root
    const host = document.createElement('div');
    document.body.append(host);
    const { createRoot } = await import('react-dom/client');
    const { createElement } = await import('react');
    const { Overlay } = await import('../../../core/overlay.tsx');
    const { WidgetScope } = await import('../../../core/widget.tsx');
    const react = createRoot(host);
    const initial: WizardState = { ...wizardWithSavedQuote(quoteFixture()), step: 6, purchase: { ...initialPurchase() } };
    let state = initial;
    function Harness() {
      return createElement(WidgetScope, { tag: 'ppm-quote-wizard', apiBase: 'http://api.test' },
        createElement('div', null,
          createElement(StepPayment, {
            state, update: (change) => (state = change(state)), register: () => undefined, api: createApiClient('http://api.test'),
            busy: (work) => work(), mountCard: fakeStripe,
          }),
          createElement(Overlay)));
    }
    react.render(createElement(Harness));
    try {
      await waitFor(() => mountedOn.length === 4, 'Elements mounted');
      assert.deepEqual(mountedOn, ['pk_test_fromTheServer', 'ppm-payment-cardNumber', 'ppm-payment-cardExpiry', 'ppm-payment-cardCvc']);
      assert.equal(host.querySelector('#ppm-payment-cardNumber')!.getRootNode(), document, 'in the light DOM');
      assert.equal(host.textContent!.includes(T.testModeTitle), false, 'no test-mode notice with Stripe');
      (host.querySelector('#ppm-payment-nameOnCard') as HTMLInputElement).focus();
      await type(host.querySelector('#ppm-payment-nameOnCard') as HTMLInputElement, 'Ada Lovelace');
      await click([...host.querySelectorAll('button')].find((b) => b.textContent === T.submit)!);
      await waitFor(() => host.textContent!.includes('Card Number is Required'), 'the card number message');
      assert.ok(host.textContent!.includes('Expiry date is Required') && host.textContent!.includes('CVC is Required'));
      report({ complete: { cardNumber: true, cardExpiry: true, cardCvc: true }, errors: {} });
      await click([...host.querySelectorAll('button')].find((b) => b.textContent === T.submit)!);
      await waitFor(() => binds().length === 1, 'the bind');
      assert.deepEqual((binds()[0]!.body as { paymentToken: unknown }).paymentToken, { token: 'tok_from_stripe_for_12' });
      assert.deepEqual((binds()[0]!.body as { stripeKey: unknown }).stripeKey, { key: 'pk_test_fromTheServer' });
    } finally {
      react.unmount();
      host.remove();
    }
  });
});
