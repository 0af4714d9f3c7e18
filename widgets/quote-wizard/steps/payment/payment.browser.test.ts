/// <reference types="mocha" />
import { createElement } from 'react';
import { CARD_CONSENT, ELECTRONIC_DELIVERY_CONSENT, MESSAGES, billingSummary, formatCents, formatIsoDate, localToday, type QuotePolicy } from '../../../../contract/index.ts';
import { createApiClient } from '../../../core/api-client.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, json, nameOf, queryAllByRole, stubApi, type, waitFor, type StubbedCall,
} from '../../../testing/browser.ts';
import { mountStep, type MountedStep } from '../../../testing/step-harness.ts';
import type { StepController } from '../../step.ts';
import type { WizardState } from '../../model/wizard-model.ts';
import { quoteFixture } from '../quote/quote.fixture.ts';
import { wizardWithSavedQuote } from '../quote/saved-quote.ts';
import { PAYMENT_TEXTS as T } from './payment.texts.ts';
import { LIENHOLDER_TEXTS } from '../lienholders/lienholders.texts.ts';
import { initialPurchase } from '../../model/purchase-model.ts';
import { forgetPurchaseTokens } from '../../model/purchase-token.ts';
import { StepPayment, type StepPaymentProps } from './StepPayment.tsx';
import { StepLienholders } from '../lienholders/StepLienholders.tsx';
import { stepToShow } from '../../steps.ts';
import type { CardState } from './stripe-card.ts';
import { TEST_AUTHENTICATION_TEXTS as AUTH } from '../../../core/test-authentication.tsx';

let mounted: MountedStep | undefined;
let root: ShadowRoot;
let current: WizardState;
let controller: StepController;
let stub: ReturnType<typeof stubApi> | undefined;

const TEST_KEY = 'pk_test_ppmTestModeNoRealCharges';
const DECLINED = 'Your payment method has been declined. Please check to make sure your card information is correct, or try a different payment method.';
const PURCHASE_TOKEN = 'pt_test_0123456789abcdef';
const BOUND = {
  policies: [{ policyNumber: 'P-AZ-000123', binderNumber: 'B-AZ-000123', emailAddress: 'ada@example.com', policyOwners: [] }],
  amountChargedCents: 19864,
  billingFrequency: 'monthly',
  purchaseToken: PURCHASE_TOKEN,
};
/** The bind's 202 in test mode: the bank asks for 3-D Secure. */
const NEEDS_AUTHENTICATION = { authentication: { mode: 'test', clientSecret: null }, purchaseToken: PURCHASE_TOKEN };

type Respond = (call: StubbedCall) => Response | Promise<Response>;

/** The API as step 6 meets it: test mode, and `bind` answering the bind calls. */
function api(bind: Respond = () => json(200, BOUND), config: unknown = { mode: 'test', publishableKey: TEST_KEY }) {
  stub = stubApi((call) => (call.url.endsWith('/api/payments/config') ? json(200, config) : bind(call)));
  return stub;
}
const binds = () => stub!.calls.filter((call) => call.url === 'http://api.test/api/policy/bind');
const callsTo = (path: string) => stub!.calls.filter((call) => call.url === `http://api.test${path}`);

/** Step 6 as the wizard draws it: the payment, then the lienholders the steps table shows after a bind that needs them. */
function PurchaseSteps(props: StepPaymentProps) {
  return stepToShow(props.state, { offOrigin: false })?.id === 'lienholders' ? createElement(StepLienholders, props) : createElement(StepPayment, props);
}

/** Step 6 with the fixture's quote (two vehicles in AZ, the second FINANCED unless `owned`). */
async function mount(options: { owned?: boolean; state?: Partial<WizardState>; props?: Partial<StepPaymentProps>; purchase?: boolean } = {}): Promise<void> {
  const response = quoteFixture();
  if (options.owned) response.policies[0]!.vehicleInfo[1]!.financing = 'OWNED';
  const initial: WizardState = { ...wizardWithSavedQuote(response), step: 6, ...options.state };
  // `purchase`: step 6 as the wizard shows it, the lienholder sub-step following the payment
  mounted = await mountStep(options.purchase ? PurchaseSteps : StepPayment, initial, {
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
  forgetPurchaseTokens();
});

function errorOf(control: Element): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => root.getElementById(id)?.textContent ?? '').join('');
}
const policyOf = (): QuotePolicy => quoteFixture().policies[0]!;
const summaryText = () => root.querySelector('.ppm-payment__summary')!.textContent ?? '';
const submitButton = () => getByRole(root, 'button', T.submit);
const dueTodayShown = () => root.querySelector('.ppm-payment__pair--total dd')!.textContent ?? '';
const consentShown = () => root.querySelector('.ppm-payment__consent')?.textContent ?? '';
const openDialog = () => root.querySelector<HTMLDialogElement>('dialog[open]');

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
    ['5555 5555 5555 4444', 'tok_mastercard'],
    ['4000 0027 6000 3184', 'tok_authenticationRequired'],
    ['4111 1111 1111 1111', 'tok_chargeDeclined'],
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
        quoteNumber: 'Q-AZ-000123', quoteVersion: 1, amountDueCents: billingSummary(policyOf(), 'monthly').dueTodayCents,
        stripeKey: { key: TEST_KEY }, paymentToken: { token }, billingFrequency: 'monthly', payPlan: 18, cardConsent: CARD_CONSENT.monthly,
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
    assert.deepEqual(current.purchase!.bound, {
      quoteNumber: 'Q-AZ-000123', policyNumber: 'P-AZ-000123', binderNumber: 'B-AZ-000123', emailAddress: 'ada@example.com', amountChargedCents: 19864,
    });
    assert.equal(JSON.stringify(current).includes(PURCHASE_TOKEN), false, 'the purchase token is never in the saved state');
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

  it('the host page hears ppm-purchase once, from the payment where the bind answered, with no personal data (issue 23)', async () => {
    api();
    await mount({ owned: true });
    const purchases: CustomEvent[] = [];
    root.host.addEventListener('ppm-purchase', (event) => purchases.push(event as CustomEvent));
    await fillCard('4242424242424242');
    await click(submitButton());
    await waitFor(() => purchases.length === 1, 'ppm-purchase');
    assert.deepEqual(purchases[0]!.detail, {
      policyNumber: 'P-AZ-000123', binderNumber: 'B-AZ-000123', quoteNumber: 'Q-AZ-000123', billingFrequency: 'monthly', amount: 198.64,
    });
    await waitFor(() => current.step === 7, 'step 7');
    assert.equal(purchases.length, 1, 'once');
  });

  it('a card form that cannot load is announced: an alert with the reason and the phone (issue 23)', async () => {
    stub = stubApi((call) => (call.url.endsWith('/api/payments/config') ? json(503, { error_messages: ['down'] }) : json(404, {})));
    await mount();
    const alert = await waitFor(() => queryAllByRole(root, 'alert')[0], 'the alert');
    assert.equal(alert.textContent, T.cardUnavailable);
    await checkA11y(root.host as HTMLElement);
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

  it('the bind names the version and the due-today figure shown, and the consent shown above the button, which follows the frequency', async () => {
    api();
    const response = quoteFixture();
    response.policies[0]!.quoteVersion = 4;
    await mount({ state: wizardWithSavedQuote(response) });
    assert.equal(consentShown(), CARD_CONSENT.monthly, 'the monthly consent');
    const consent = root.querySelector('.ppm-payment__consent')!;
    assert.ok(consent.compareDocumentPosition(submitButton()) & Node.DOCUMENT_POSITION_FOLLOWING, 'just above Submit Payment');
    assert.equal(submitButton().getAttribute('aria-describedby'), consent.id, 'the button is described by it');
    await click(getByRole(root, 'radio', T.biannually));
    await waitFor(() => consentShown() === CARD_CONSENT.biannually, 'the six-month consent');
    await click(getByRole(root, 'radio', T.monthly));
    await waitFor(() => consentShown() === CARD_CONSENT.monthly, 'the monthly consent again');

    await fillCard('4242424242424242');
    const shownDue = dueTodayShown();
    const shownConsent = consentShown();
    await click(submitButton());
    await waitFor(() => binds().length === 1, 'one bind');
    const body = binds()[0]!.body as { quoteVersion: number; amountDueCents: number; cardConsent: string };
    assert.equal(body.quoteVersion, 4, "the quote answer's version");
    assert.equal(formatCents(body.amountDueCents), shownDue, 'the amount due is the figure shown');
    assert.equal(body.amountDueCents, billingSummary(response.policies[0]!, 'monthly').dueTodayCents);
    assert.equal(body.cardConsent, shownConsent, 'the consent sent is the one shown');
  });

  it('the consent to electronic delivery: labelled with its words, unticked, beside the card consent; not sent until ticked, then sent word for word', async () => {
    api();
    await mount();
    const box = getByRole<HTMLInputElement>(root, 'checkbox', ELECTRONIC_DELIVERY_CONSENT);
    assert.equal(getByLabel(root, ELECTRONIC_DELIVERY_CONSENT), box, 'its label is the consent, word for word');
    assert.equal(box.checked, false, 'never ticked for the buyer');
    const consent = root.querySelector('.ppm-payment__consent')!;
    assert.ok(box.compareDocumentPosition(consent) & Node.DOCUMENT_POSITION_FOLLOWING, 'beside the card consent, which stays just above Submit Payment');
    await checkA11y(root.host as HTMLElement);

    await fillCard('4242424242424242');
    await click(box);
    assert.equal(box.checked, true);
    await click(box);
    assert.equal(box.checked, false, 'and can be unticked again');
    await click(submitButton());
    await waitFor(() => current.purchase?.bound, 'bound');
    assert.equal('electronicDeliveryConsent' in (binds()[0]!.body as object), false, 'not given: not sent');

    // another purchase on a fresh page, this time ticked
    mounted!.unmount();
    mounted = undefined;
    stub!.restore();
    forgetPurchaseTokens();
    api();
    await mount();
    await fillCard('4242424242424242');
    await click(getByRole(root, 'checkbox', ELECTRONIC_DELIVERY_CONSENT));
    await click(submitButton());
    await waitFor(() => binds().length === 1, 'one bind');
    assert.equal((binds()[0]!.body as { electronicDeliveryConsent?: string }).electronicDeliveryConsent, ELECTRONIC_DELIVERY_CONSENT, 'the words shown');
  });

  it('409 quote_changed: the new price shows, nothing is bound, the card stays typed; the next submit pays the new version with a new key', async () => {
    const changed: QuotePolicy = { ...policyOf(), quoteVersion: 2, downPaymentMonthly: 211.5 };
    let first = true;
    api(() => {
      if (!first) return json(200, BOUND);
      first = false;
      return json(409, { error_messages: [MESSAGES.quoteChanged], error_type: 'quote_changed', current: changed });
    });
    await mount();
    const before = dueTodayShown();
    await fillCard('4242424242424242');
    await click(submitButton());
    const alert = await waitFor(() => queryAllByRole(root, 'alert').find((a) => a.textContent!.includes(MESSAGES.quoteChanged)), "the server's message");
    assert.ok(alert);
    const newDue = formatCents(billingSummary(changed, 'monthly').dueTodayCents);
    assert.ok(newDue !== before, 'the fixture really changes the figure');
    await waitFor(() => dueTodayShown() === newDue, 'the new figure shown');
    assert.equal(current.purchase?.bound ?? null, null, 'nothing bound');
    assert.equal(current.purchase?.paymentFailed ?? false, false, 'not a refused payment');
    assert.equal(getByLabel<HTMLInputElement>(root, T.cardNumber).value.replace(/\D/g, ''), '4242424242424242', 'the card number kept');
    assert.equal(getByLabel<HTMLInputElement>(root, T.nameOnCard).value, 'Ada Lovelace', 'the name kept');

    await click(submitButton());
    await waitFor(() => binds().length === 2, 'the second bind');
    const one = binds()[0]!;
    const two = binds()[1]!;
    const body = two.body as { quoteVersion: number; amountDueCents: number };
    assert.equal(body.quoteVersion, 2, 'the version in force');
    assert.equal(formatCents(body.amountDueCents), newDue, 'the new amount');
    assert.ok(two.headers['idempotency-key'] && two.headers['idempotency-key'] !== one.headers['idempotency-key'], 'a new Idempotency-Key');
    await waitFor(() => current.purchase?.bound, 'bound');
    await waitFor(() => queryAllByRole(root, 'alert').length === 0 || current.step !== 6, 'the notice goes with the payment');
  });

  it("a passed effective date: doc 3's 'Sorry!' first, the quote priced from today, the new figures confirmed before any charge", async () => {
    const today = formatIsoDate(localToday());
    const repriced: QuotePolicy = { ...policyOf(), quoteVersion: 3, effectiveDate: today, downPaymentMonthly: 207.31 };
    api((call) => (call.url.endsWith('/api/policy/quote') ? json(200, { policies: [repriced] }) : json(200, BOUND)));
    const past = quoteFixture();
    past.policies[0]!.effectiveDate = '2020-01-06';
    mounted = undefined;
    await mount({ state: { quoteResponse: wizardWithSavedQuote(past).quoteResponse } });
    await fillCard('4242424242424242');
    await click(submitButton());
    const sorry = await waitFor(() => openDialog(), "the 'Sorry!' window");
    assert.equal(sorry.querySelector('h2, [id$="title"]')?.textContent?.trim() ?? T.sorry, T.sorry);
    assert.ok(sorry.textContent!.includes(MESSAGES.effectiveDatePassed), 'doc 3 section 8 word for word');
    assert.equal(binds().length, 0, 'nothing is charged before the buyer confirms');
    await click(getByRole(sorry, 'button', T.ok));
    await waitFor(() => callsTo('/api/policy/quote').length === 1, 'the quote priced again');
    const sent = callsTo('/api/policy/quote')[0]!.body as { coverage?: { policyEffectiveDate?: string }; effectiveDate?: string };
    assert.ok(JSON.stringify(sent).includes(today.slice(5, 7)), 'from today');
    const newDue = formatCents(billingSummary(repriced, 'monthly').dueTodayCents);
    await waitFor(() => dueTodayShown() === newDue, 'the new figure shown on step 6');
    await waitFor(() => queryAllByRole(root, 'alert').some((a) => a.textContent!.includes(MESSAGES.quoteChanged)), 'asked to confirm the new price');
    assert.equal(binds().length, 0, 'still nothing charged');
    assert.equal(current.step, 6, 'still on the payment step');
    await click(submitButton());
    await waitFor(() => binds().length === 1, 'the bind, once confirmed');
    const body = binds()[0]!.body as { quoteVersion: number; amountDueCents: number };
    assert.equal(body.quoteVersion, 3);
    assert.equal(formatCents(body.amountDueCents), newDue);
  });

  it('4000 0027 6000 3184 in test mode: the plainly labelled test authentication window; Complete binds and the lienholders follow with the purchase token', async () => {
    api((call) => {
      if (call.url.endsWith('/api/policy/bind')) return json(202, NEEDS_AUTHENTICATION);
      if (call.url.endsWith('/api/payments/test_authentication')) return json(200, { ok: true });
      if (call.url.endsWith('/api/policy/complete_payment')) return json(200, BOUND);
      if (call.url.endsWith('/api/policy/lienholder')) return json(200, { ok: true });
      return json(404, { error_messages: ['not stubbed'] });
    });
    await mount({ purchase: true });
    await fillCard('4000 0027 6000 3184');
    await click(submitButton());
    const dialog = await waitFor(openDialog, 'the test authentication window');
    assert.equal(dialog.querySelector('h2')!.textContent, AUTH.title);
    assert.ok(/no real bank/i.test(AUTH.title) && dialog.textContent!.includes('no real charge'), 'says it is a test, with no real charge');
    assert.equal(mounted!.widget.loader.value, null, 'the payment loader does not cover it');
    await checkA11y(root.host as HTMLElement);
    await click(getByRole(dialog, 'button', AUTH.complete));
    await waitFor(() => current.purchase?.bound, 'bound');
    const auth = callsTo('/api/payments/test_authentication');
    assert.equal(auth.length, 1);
    assert.deepEqual(auth[0]!.body, { quoteNumber: 'Q-AZ-000123', result: 'complete' });
    assert.equal(auth[0]!.headers['purchase-token'], PURCHASE_TOKEN);
    const complete = callsTo('/api/policy/complete_payment');
    assert.equal(complete.length, 1);
    assert.deepEqual(complete[0]!.body, { quoteNumber: 'Q-AZ-000123' });
    assert.equal(complete[0]!.headers['purchase-token'], PURCHASE_TOKEN);
    assert.equal(current.purchase!.bound!.amountChargedCents, 19864);
    assert.equal(JSON.stringify(current).includes(PURCHASE_TOKEN), false, 'the token is not in the saved state');
    assert.equal(JSON.stringify({ ...sessionStorage }).includes(PURCHASE_TOKEN), false, 'nor in sessionStorage');

    // the lienholder sub-step follows; its call carries the token the bind answered
    const option = await waitFor(() => root.querySelector<HTMLSelectElement>('select'), 'the lienholder sub-step');
    option.value = 'PFS';
    option.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => getByLabel<HTMLInputElement>(root, LIENHOLDER_TEXTS.name).value !== '', 'prefilled');
    // the company's name only: its address is typed (issue 20)
    await type(getByLabel(root, LIENHOLDER_TEXTS.address), '200 W Washington St');
    await type(getByLabel(root, LIENHOLDER_TEXTS.city), 'Phoenix');
    const state = getByLabel<HTMLSelectElement>(root, LIENHOLDER_TEXTS.state);
    state.value = 'AZ';
    state.dispatchEvent(new Event('change', { bubbles: true }));
    await type(getByLabel(root, LIENHOLDER_TEXTS.zip), '85003');
    await type(getByLabel(root, LIENHOLDER_TEXTS.phoneNumber), '6025550188');
    await click(getByRole(root, 'button', LIENHOLDER_TEXTS.submit));
    await waitFor(() => callsTo('/api/policy/lienholder').length === 1, 'the lienholder call');
    assert.equal(callsTo('/api/policy/lienholder')[0]!.headers['purchase-token'], PURCHASE_TOKEN);
  });

  it('a failed test authentication: the decline text; the next submit shows only the call modal', async () => {
    api((call) => {
      if (call.url.endsWith('/api/policy/bind')) return json(202, NEEDS_AUTHENTICATION);
      if (call.url.endsWith('/api/payments/test_authentication')) return json(200, { ok: true });
      if (call.url.endsWith('/api/policy/complete_payment')) return json(402, { error_messages: [DECLINED], error_type: 'card_error' });
      return json(404, { error_messages: ['not stubbed'] });
    });
    await mount();
    await fillCard('4000 0000 0000 3220');
    await click(submitButton());
    const dialog = await waitFor(openDialog, 'the test authentication window');
    await click(getByRole(dialog, 'button', AUTH.fail));
    await waitFor(() => queryAllByRole(root, 'alert').find((a) => a.textContent!.includes(DECLINED)), 'the decline');
    assert.deepEqual(callsTo('/api/payments/test_authentication')[0]!.body, { quoteNumber: 'Q-AZ-000123', result: 'fail' });
    assert.equal(current.purchase?.paymentFailed, true);
    assert.equal(current.purchase?.bound ?? null, null);
    assert.equal(openDialog(), null, 'the test window is gone');

    await click(submitButton());
    const call = await waitFor(openDialog, 'the call modal');
    assert.equal(call.querySelector('h2')!.textContent, 'Call to complete your quote');
    assert.equal(binds().length, 1, 'no second bind');
  });

  it('Stripe mode: Elements are mounted in the page, their token is sent, and an incomplete card says so', async () => {
    api(() => json(200, BOUND), { mode: 'stripe', publishableKey: 'pk_test_fromTheServer' });
    let report!: (state: CardState) => void;
    const mountedOn: string[] = [];
    const fakeStripe: StepPaymentProps['mountCard'] = async (key, containers, onChange) => {
      mountedOn.push(key, ...Object.values(containers).map((element) => element.id));
      report = onChange;
      return {
        tokenize: async (name) => ({ token: `tok_from_stripe_for_${name.length}` }), authenticate: async () => ({ ok: true }),
        confirmSetup: async () => ({ error: 'not on this step' }), focus: () => undefined, clear: () => undefined, destroy: () => undefined,
      };
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
            busy: (work) => work(), act: async (action) => void (await action()), back: () => undefined, mountCard: fakeStripe,
          }),
          createElement(Overlay)));
    }
    react.render(createElement(Harness));
    try {
      await waitFor(() => mountedOn.length === 4, 'Elements mounted');
      // issue 23: no <label for> names a div (Stripe's frame sits in one); each frame's div is a group named by its visible text
      for (const label of host.querySelectorAll('label[for]')) {
        const target = host.querySelector(`#${label.getAttribute('for')}`);
        assert.ok(target && ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName), `label "${label.textContent}" names a ${target?.tagName}`);
      }
      for (const [id, name] of [['ppm-payment-cardNumber', T.cardNumber], ['ppm-payment-cardExpiry', T.cardExpiry], ['ppm-payment-cardCvc', T.cardCvc]] as const) {
        const frame = host.querySelector(`#${id}`)!;
        assert.equal(frame.getAttribute('role'), 'group');
        assert.equal(nameOf(frame), name, `${id} is named ${name}`);
      }
      await checkA11y(host);
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
