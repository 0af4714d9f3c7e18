/// <reference types="mocha" />
import { MESSAGES } from '../../../../contract/index.ts';
import { createApiClient } from '../../../core/api-client.ts';
import { endSession, startSession } from '../../../core/session.ts';
import {
  assert, checkA11y, click, getByLabel, getByRole, getByText, json, press, queryAllByRole, stubApi, type, waitFor,
  type StubbedCall, TEST_NOTICE_MS,
} from '../../../testing/browser.ts';
import { mountStep, type MountedStep } from '../../../testing/step-harness.ts';
import { readWizard, saveWizard } from '../../persistence.ts';
import type { WizardState } from '../../model/wizard-model.ts';
import { initialPurchase } from '../../model/purchase-model.ts';
import { forgetPurchaseTokens, rememberPurchaseToken } from '../../model/purchase-token.ts';
import { quoteFixture } from '../quote/quote.fixture.ts';
import { wizardWithSavedQuote } from '../quote/saved-quote.ts';
import { StepThankYou, type StepThankYouProps } from './StepThankYou.tsx';
import { THANK_YOU_TEXTS as T } from './thank-you.texts.ts';

let mounted: MountedStep | undefined;
let root: ShadowRoot;
let stub: ReturnType<typeof stubApi> | undefined;
let navigations: string[] = [];

const BOUND = { quoteNumber: 'Q-AZ-000123', policyNumber: 'P-AZ-000123', binderNumber: 'B-AZ-000123', emailAddress: 'ada@example.com', amountChargedCents: 19_864 };

function boundState(): WizardState {
  return { ...wizardWithSavedQuote(quoteFixture()), step: 7, purchase: { ...initialPurchase(), bound: BOUND, lienholdersDone: true } };
}

async function mount(initial: WizardState, respond: (call: StubbedCall) => Response = () => json(200, { message: MESSAGES.signUpSuccess })) {
  stub = stubApi(respond);
  mounted = await mountStep(StepThankYou, initial, {
    props: { siteUrl: 'http://site.test', navigate: (url: string) => void navigations.push(url), toastMs: TEST_NOTICE_MS } as Partial<StepThankYouProps> as StepThankYouProps,
    api: createApiClient('http://api.test'),
    ready: (shadow) => shadow.querySelector('.ppm-thanks'),
  });
  root = mounted.root;
}

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  stub?.restore();
  stub = undefined;
  endSession();
  forgetPurchaseTokens();
  navigations = [];
});

const text = () => (root.textContent ?? '').replace(/\s+/g, ' ');
const checked = (name: string) => root.querySelector(`[data-check="${name}"]`)!.classList.contains('ppm-thanks__check--met');
const signUps = () => stub!.calls.filter((call) => call.url === 'http://api.test/api/user/signup');

describe('Step 7, thank-you', () => {
  it('after payment: the binder number, the e-mail and the text on their way, not issued until both arrive; passes axe', async () => {
    await mount(boundState());
    assert.ok(text().includes('B-AZ-000123'), 'binder number');
    const paid = [...root.querySelectorAll('dt')].find((term) => term.textContent === T.paidToday);
    assert.equal(paid?.nextElementSibling?.textContent, '$198.64', 'the amount the payment record says was charged');
    assert.ok(text().includes(T.documentsEmail('ada@example.com')));
    assert.ok(text().includes(T.odometerText));
    assert.ok(text().includes(T.notIssued));
    assert.ok(getByRole(root, 'button', T.createAccount), 'a visitor can create an account');
    await checkA11y(root.host as HTMLElement);
  });

  it('survives a reload: everything shown is in the saved wizard state, and no card data is', async () => {
    saveWizard(boundState());
    const saved = readWizard()!;
    await mount(saved);
    assert.ok(text().includes('B-AZ-000123'));
    const raw = sessionStorage.getItem('ppm-quote-wizard') ?? '';
    assert.equal(/tok_|4242|cardNumber|nameOnCard/.test(raw), false, 'no card data saved');
  });

  it("an anonymous quote: the quote number and 'Continue to Homepage'", async () => {
    await mount({ ...wizardWithSavedQuote(quoteFixture()), step: 7 });
    assert.ok(text().includes('Q-AZ-000123'));
    assert.equal(text().includes(T.binderNumber), false);
    await checkA11y(root.host as HTMLElement);
    await click(getByRole(root, 'button', T.continueHome));
    assert.deepEqual(navigations, ['http://site.test/']);
  });

  it('a signed-in person gets no account form but the way to their account; signed out again, the form', async () => {
    startSession({ user: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' }, policies: [] });
    await mount(boundState());
    assert.equal(queryAllByRole(root, 'button', T.createAccount).length, 0);
    assert.equal(queryAllByRole(root, 'textbox').length, 0, 'no password fields');
    const link = getByRole<HTMLAnchorElement>(root, 'link', T.signedInLink);
    assert.equal(link.getAttribute('href'), 'http://site.test/account');
    assert.ok(getByText(root, T.signedInLead));
    await checkA11y(root.host as HTMLElement);
    // any 401 on the page signs out: the step draws the sign-up form at once
    endSession();
    await waitFor(() => queryAllByRole(root, 'button', T.createAccount).length === 1, 'the account form');
    assert.equal(queryAllByRole(root, 'link', T.signedInLink).length, 0);
  });

  it('the checklist follows the password as it is typed', async () => {
    await mount(boundState());
    const all = ['length', 'number', 'upper', 'lower', 'special', 'match'];
    assert.deepEqual(all.filter(checked), []);
    await type(getByLabel(root, T.password), 'abc');
    await waitFor(() => checked('lower'), 'lower');
    assert.deepEqual(all.filter(checked), ['lower']);
    await type(getByLabel(root, T.password), 'DEF12');
    await waitFor(() => checked('number') && checked('upper'), 'number and upper');
    assert.equal(checked('length'), false, '8 characters');
    await type(getByLabel(root, T.password), '.xy');
    await waitFor(() => checked('special') && checked('length'), 'special and length');
    assert.equal(checked('match'), false);
    await type(getByLabel(root, T.verifyPassword), 'abcDEF12.xy');
    await waitFor(() => checked('match'), 'match');
    assert.deepEqual(all.filter(checked), all);
    await checkA11y(root.host as HTMLElement);
  });

  it('sign-up: the request, the success toast for its time, then home', async () => {
    await mount(boundState());
    await click(getByRole(root, 'button', T.createAccount));
    await waitFor(() => getByLabel(root, T.password).getAttribute('aria-invalid') === 'true', 'password required');
    assert.equal(signUps().length, 0);
    await type(getByLabel(root, T.password), 'Correct-Horse-9');
    await type(getByLabel(root, T.verifyPassword), 'Correct-Horse-8');
    await click(getByRole(root, 'button', T.createAccount));
    await waitFor(() => (root.getElementById('ppm-account-verifyPassword-error')?.textContent ?? '').includes(MESSAGES.passwordMatch), 'mismatch');
    await click(getByLabel(root, T.verifyPassword));
    await press('Backspace');
    await type(getByLabel(root, T.verifyPassword), '9');
    await click(getByRole(root, 'button', T.createAccount));
    await waitFor(() => signUps().length === 1, 'the sign-up');
    assert.deepEqual(signUps()[0]!.body, {
      emailAddress: 'ada@example.com', returnUrl: 'http://site.test/account/', password: 'Correct-Horse-9',
      policyAddress: { streetName: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85004' },
    });
    await waitFor(() => mounted!.widget.snackbars.value.some((s) => s.text === MESSAGES.signUpSuccess && s.duration === TEST_NOTICE_MS), 'the success toast');
    assert.deepEqual(navigations, [], 'the toast shows before the wizard leaves');
    await waitFor(() => navigations.length === 1, 'home');
    assert.deepEqual(navigations, ['http://site.test/']);
  });

  it('sign-up sends the bind\'s purchase token, so the buyer\'s password takes effect at once (issue 22)', async () => {
    rememberPurchaseToken(BOUND.quoteNumber, 'a'.repeat(64));
    await mount(boundState());
    await type(getByLabel(root, T.password), 'Correct-Horse-9');
    await type(getByLabel(root, T.verifyPassword), 'Correct-Horse-9');
    await click(getByRole(root, 'button', T.createAccount));
    await waitFor(() => signUps().length === 1, 'the sign-up');
    assert.equal(signUps()[0]!.headers['purchase-token'], 'a'.repeat(64));
    await waitFor(() => navigations.length === 1, 'home');
  });

  it('on our own site the return address is a path, whatever host name the page was reached by', async () => {
    stub = stubApi(() => json(200, { message: MESSAGES.signUpSuccess }));
    mounted = await mountStep(StepThankYou, boundState(), {
      props: { navigate: (url: string) => void navigations.push(url), toastMs: TEST_NOTICE_MS } as Partial<StepThankYouProps> as StepThankYouProps,
      api: createApiClient('http://api.test'),
      ready: (shadow) => shadow.querySelector('.ppm-thanks'),
    });
    root = mounted.root;
    await type(getByLabel(root, T.password), 'Correct-Horse-9');
    await type(getByLabel(root, T.verifyPassword), 'Correct-Horse-9');
    await click(getByRole(root, 'button', T.createAccount));
    await waitFor(() => signUps().length === 1, 'the sign-up');
    assert.equal((signUps()[0]!.body as { returnUrl: string }).returnUrl, '/account/');
    assert.equal(signUps()[0]!.headers['purchase-token'], undefined, 'no token remembered, none sent');
    await waitFor(() => navigations.length === 1, 'home');
    assert.deepEqual(navigations, ['/']);
  });

  it('a refused return address shows the rule\'s message, not the call-us text', async () => {
    await mount(boundState(), () => json(400, { error_messages: [MESSAGES.returnUrl], fields: [{ path: 'returnUrl', message: MESSAGES.returnUrl }] }));
    await type(getByLabel(root, T.password), 'Correct-Horse-9');
    await type(getByLabel(root, T.verifyPassword), 'Correct-Horse-9');
    await click(getByRole(root, 'button', T.createAccount));
    await waitFor(() => queryAllByRole(root, 'alert').some((a) => a.textContent === MESSAGES.returnUrl), 'the rule\'s message');
    assert.ok(!text().includes(MESSAGES.callUs));
    assert.deepEqual(navigations, []);
  });

  it('sign-up failure shows the call-us message', async () => {
    await mount(boundState(), () => json(500, { error_messages: [] }));
    await type(getByLabel(root, T.password), 'Correct-Horse-9');
    await type(getByLabel(root, T.verifyPassword), 'Correct-Horse-9');
    await click(getByRole(root, 'button', T.createAccount));
    await waitFor(() => queryAllByRole(root, 'alert').some((a) => a.textContent === MESSAGES.callUs), 'the call-us message');
    assert.deepEqual(navigations, []);
  });
});
