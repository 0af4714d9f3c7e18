/// <reference types="mocha" />
import { createElement } from 'react';
import { BRAND, MESSAGES, addMonths, formatIsoDate, localToday } from '../../../../contract/index.ts';
import { endSession, session } from '../../../core/session.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, getByText, json, nameOf, press, queryAllByRole, stubApi,
  waitFor, type StubbedCall, TEST_NOTICE_MS,
} from '../../../testing/browser.ts';
import { renderWidget, type RenderedWidget } from '../../../testing/render.ts';
import { bare, sessionAnswer, signInAda } from '../../../testing/session-fixture.ts';
import { QuoteWizard, type QuoteWizardProps } from '../../QuoteWizard.tsx';
import { clearWizard, readWizard, resumeWizard, saveWizard } from '../../persistence.ts';
import '../../quote-wizard.ts';
import { initialWizardState, type WizardState } from '../../model/wizard-model.ts';
import { quoteFixture, quoteRequestFixture } from './quote.fixture.ts';
import { CALL_TO_COMPLETE_TEXTS } from '../call-to-complete.texts.ts';
import { QUOTE_TEXTS as TEXTS } from './quote.texts.ts';
import { wizardWithSavedQuote } from './saved-quote.ts';

let rendered: RenderedWidget | undefined;
let stub: ReturnType<typeof stubApi> | undefined;
let navigations: string[] = [];

const today = localToday();
const TODAY_ISO = formatIsoDate(today);
const PAST = '2020-01-02';

/** The API as step 5 meets it; each test answers the calls it is about. */
function api(respond: (call: StubbedCall) => Response | Promise<Response>) {
  stub = stubApi(respond);
  return stub;
}

const callsTo = (path: string) => stub!.calls.filter((call) => call.url === `http://api.test${path}`);

async function mount(props: QuoteWizardProps = {}, ready: (root: ShadowRoot) => unknown = (root) => root.querySelector('form')): Promise<ShadowRoot> {
  rendered = await renderWidget(
    createElement(QuoteWizard, {
      // these tests are of our own site's wizard (storage, step 6); off-origin behaviour has its own tests
      offOrigin: false,
      apiBase: 'http://api.test',
      siteUrl: 'http://site.test',
      scrollDelayMs: 0,
      homeNoticeMs: TEST_NOTICE_MS,
      navigate: (url: string) => navigations.push(url),
      ...props,
    }),
    ready,
    { tag: 'ppm-quote-wizard', apiBase: 'http://api.test', what: 'the wizard' },
  );
  return rendered.root;
}

function unmount() {
  rendered?.unmount();
  rendered = undefined;
}

const heading = (root: ShadowRoot) => root.querySelector('.ppm-wizard__heading')?.textContent?.replace(/^Step \d of \d: /, '');
/** A <section> by its accessible name (the test helpers' roles do not map section to region). */
function region(root: ShadowRoot | Element, name: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('section')].filter((section) => nameOf(section) === name);
  if (found.length !== 1) throw new Error(`expected one region named ${name}, found ${found.length}`);
  return found[0]!;
}
const snackbarTexts = () => rendered!.widget.snackbars.value.map((s) => s.text);
const loaderText = () => rendered!.widget.loader.value;

/** A wizard saved with a quote, as a reload finds it. */
function seedQuote(options: Parameters<typeof quoteFixture>[0] = {}, change: Partial<WizardState> = {}) {
  const response = quoteFixture(options);
  saveWizard({ ...wizardWithSavedQuote(response), ...change });
}

async function openQuote(options: Parameters<typeof quoteFixture>[0] = {}, change: Partial<WizardState> = {}) {
  seedQuote(options, change);
  const root = await mount();
  await waitFor(() => heading(root) === 'Your Quote', 'step 5');
  return root;
}

before(() => {
  // The test page arrived by 'navigate': take that first-load decision now, so mounted wizards restore.
  resumeWizard();
});

beforeEach(() => {
  clearWizard();
  navigations = [];
  endSession();
  history.replaceState(null, '', location.pathname);
});

afterEach(() => {
  unmount();
  stub?.restore();
  stub = undefined;
  endSession();
  clearWizard();
  history.replaceState(null, '', location.pathname);
});

describe('step 5, Your Quote', () => {
  it('shows drivers, policy coverage, each vehicle with what each coverage adds, premiums and totals; passes axe', async () => {
    api(() => json(404, { error_messages: ['not stubbed'] }));
    const root = await openQuote();
    const text = root.textContent!.replace(/\s+/g, ' ');
    // the indicator: five steps, step 5 current
    assert.equal(root.querySelector('[aria-current="step"]')?.textContent, '5Your Quote');
    // quote number and effective date
    const facts = [...root.querySelectorAll('.ppm-quote__facts dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    assert.deepEqual(facts, ['Quote number=Q-AZ-000123', 'Policy effective date=03/01/2031']);
    // drivers, insured first, birth dates MM/DD/YYYY
    const drivers = region(root, TEXTS.drivers);
    assert.deepEqual(
      [...drivers.querySelectorAll('li')].map((li) => li.textContent),
      ['Ada LovelaceDate of birth 01/15/1980', 'Charles BabbageDate of birth 12/26/1979'],
    );
    // policy coverage: shared limits once, in step 4's format (issue 11: one format on both steps)
    const policy = region(root, TEXTS.policyCoverage);
    assert.deepEqual(
      [...policy.querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`),
      ['Bodily Injury=$100,000/$300,000', 'Property Damage=$100,000', 'Uninsured Motorist Bodily Injury=$100,000/$300,000'],
    );
    // vehicle 1: Pay-Per-Mile, per-coverage breakdown with monthly and per-mile shares
    const first = region(root, 'Vehicle 1 of 2: 2019 Porsche 911 Coupe');
    const rows = [...first.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
    assert.deepEqual(rows[0], ['Bodily Injury', '$100,000/$300,000', '$21.50', '$0.021']);
    assert.deepEqual(rows[3], ['Comprehensive', '$500', '$12.40', '$0.011']);
    assert.deepEqual(rows[5], ['Rental', 'Coverage Declined', '$0.00', '$0.000']);
    const premium = first.textContent!.replace(/\s+/g, ' ');
    for (const part of ['Payment planPay-Per-Mile', 'Base Charge per month$61.35', 'Per Mile Charge$0.058 per mile', 'Estimated monthly miles417', 'Estimated monthly cost$85.54']) {
      assert.ok(premium.includes(part), part);
    }
    // vehicle 2: Unlimited, with its Unlimited figures (step 4's Unlimited tab), never its Pay-Per-Mile ones
    const second = region(root, 'Vehicle 2 of 2: 2018 Porsche Cayman Coupe');
    assert.deepEqual([...second.querySelectorAll('thead th')].map((th) => th.textContent), ['Coverage', 'Limit', 'Adds for 6 months']);
    const unlimitedRows = [...second.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
    assert.deepEqual(unlimitedRows[0], ['Bodily Injury', '$100,000/$300,000', '$129.00']);
    assert.deepEqual(unlimitedRows[4], ['Collision', '$1,000', '$318.60']);
    const unlimited = second.textContent!.replace(/\s+/g, ' ');
    assert.ok(unlimited.includes('Payment planUnlimited'), unlimited);
    assert.ok(unlimited.includes('Base Charge per month$98.15'), 'a sixth of $588.90, not the Pay-Per-Mile $55.20');
    assert.ok(!unlimited.includes('$55.20'), unlimited);
    assert.ok(!unlimited.includes(TEXTS.perMileCharge));
    assert.ok(unlimited.includes('Unlimited premium for the 6-month term$588.90'));
    // totals: the figures of contract billingSummary, fees included
    const totals = region(root, TEXTS.totals).textContent!;
    assert.ok(totals.includes('$198.64') && totals.includes('Down Payment (Due Today)$198.64'), totals);
    assert.ok(totals.includes('Single payment for 6 months') && totals.includes('$1,137.09'), totals);
    assert.ok(totals.includes('Monthly mileage monitoring fee: $5.00 a month for each Pay-Per-Mile vehicle'), totals);
    assert.ok(!totals.includes('(x '), 'one Pay-Per-Mile vehicle: charged once');
    // the buttons of a visitor who is not signed in
    assert.deepEqual(
      queryAllByRole(root.querySelector('.ppm-quote__actions')!, 'button').map((b) => b.textContent),
      [TEXTS.back, TEXTS.callToComplete, TEXTS.purchase],
    );
    await checkA11y(rendered!.host);
  });

  it('Back goes to step 4, which shows the choices stored with the quote', async () => {
    api(() => json(404, { error_messages: ['not stubbed'] }));
    const root = await openQuote();
    await click(getByRole(root, 'button', TEXTS.back));
    await waitFor(() => heading(root) === 'Your Coverage', 'step 4');
    // its chunk may still be on its way: the steps are fetched from the first interaction (issue 25)
    await waitFor(() => [...root.querySelectorAll('label')].some((label) => label.textContent?.trim() === 'Bodily Injury'), 'step 4 drawn');
    const chosen = quoteRequestFixture().coverageSelection;
    assert.equal(getByLabel<HTMLSelectElement>(root, 'Bodily Injury').value, chosen.shared.bodilyInjury);
    assert.equal(getByLabel<HTMLSelectElement>(root, 'Comprehensive').value, chosen.vehicles[0]!.comprehensiveDeductible);
    assert.equal(getByLabel<HTMLSelectElement>(root, 'Collision').value, chosen.vehicles[0]!.collisionDeductible);
  });

  it('Save My Quote shows only for a signed-in person; it saves the quote number for their e-mail and goes home', async () => {
    const saved = sessionAnswer([bare('P-AZ-000001'), bare('Q-AZ-000123', 'QUOTE')]);
    api((call) => (call.url.endsWith('/api/user/update') ? json(200, saved) : json(404, { error_messages: ['not stubbed'] })));
    const root = await openQuote();
    assert.equal(queryAllByRole(root, 'button', TEXTS.save).length, 0, 'hidden when signed out');
    signInAda();
    const save = await waitFor(() => getByRole(root, 'button', TEXTS.save), 'Save My Quote');
    await checkA11y(rendered!.host);
    await click(save);
    await waitFor(() => snackbarTexts().includes(MESSAGES.quoteSaved), 'Quote Saved Successfully');
    assert.deepEqual(callsTo('/api/user/update').map((c) => c.body), [{ policyNumbers: ['Q-AZ-000123'], emailAddress: 'ada@example.com' }]);
    assert.equal(callsTo('/api/user/update')[0]!.method, 'POST');
    // the answer is the account as it now is: the saved quote is in the session at once
    assert.deepEqual(session.value.policies.map((p) => p.policyNumber), ['P-AZ-000001', 'Q-AZ-000123']);
    await waitFor(() => navigations.length === 1, 'home');
    assert.deepEqual(navigations, ['http://site.test/']);
    assert.equal(readWizard(), null, 'the form is cleared on leaving');
  });

  it('a failed save says to call and stays on the quote (never a saved message)', async () => {
    api(() => json(500, { error_messages: ['Internal error'] }));
    signInAda();
    const root = await openQuote();
    await click(getByRole(root, 'button', TEXTS.save));
    await waitFor(() => snackbarTexts().includes(MESSAGES.callUs), 'the call-us message');
    assert.ok(!snackbarTexts().includes(TEXTS.saved));
    assert.equal(heading(root), 'Your Quote');
    assert.deepEqual(navigations, []);
    assert.equal(session.value.status, 'success', 'still signed in');
  });

  it('a save answered 401 signs the page out: the button goes, the person is told to sign in', async () => {
    api(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    signInAda();
    const root = await openQuote();
    await click(getByRole(root, 'button', TEXTS.save));
    await waitFor(() => snackbarTexts().includes(MESSAGES.signInRequired), 'the sign-in message');
    await waitFor(() => queryAllByRole(root, 'button', TEXTS.save).length === 0, 'Save My Quote hidden');
    assert.equal(session.value.status, 'empty');
    assert.ok(!snackbarTexts().includes(TEXTS.saved));
    assert.deepEqual(navigations, []);
  });

  it('Call to Complete opens the call-us dialog with the phone and the quote number; Escape closes it', async () => {
    api(() => json(404, { error_messages: ['not stubbed'] }));
    const root = await openQuote();
    const opener = getByRole(root, 'button', TEXTS.callToComplete);
    await click(opener);
    const dialog = await waitFor(() => getByRole(root, 'dialog'), 'the dialog');
    assert.equal(dialog.querySelector('h2')?.textContent, CALL_TO_COMPLETE_TEXTS.title);
    const phone = dialog.querySelector<HTMLAnchorElement>(`a[href="${BRAND.phoneHref}"]`);
    assert.equal(phone?.textContent, BRAND.phone);
    assert.ok(dialog.textContent!.includes('give your quote number, Q-AZ-000123.'));
    await checkA11y(rendered!.host);
    await press('Escape');
    await waitFor(() => !(dialog as HTMLDialogElement).open, 'closed');
    assert.equal(focused(), opener, 'focus back on the button');
  });

  it('Purchase Now goes to step 6, the payment of this quote (steps/payment/); Back returns', async () => {
    api((call) => (call.url.endsWith('/api/payments/config') ? json(200, { mode: 'test', publishableKey: 'pk_test_ppmTestModeNoRealCharges' }) : json(404, { error_messages: ['not stubbed'] })));
    const root = await openQuote();
    await click(getByRole(root, 'button', TEXTS.purchase));
    await waitFor(() => heading(root) === 'Payment', 'step 6');
    const items = queryAllByRole(root, 'listitem').map((li) => li.textContent?.replace(/^\d/, ''));
    assert.deepEqual(items.slice(-2), ['Your Quote', 'Payment']);
    assert.equal(root.querySelector('[aria-current="step"]')?.textContent, '6Payment');
    const panel = await waitFor(() => root.querySelector('[part="payment"]')?.textContent, 'the payment step');
    assert.ok(panel.includes('Submit Payment') && panel.includes('Q-AZ-000123'), panel);
    assert.equal(callsTo('/api/policy/quote').length, 0, 'a current quote is not priced again');
    await checkA11y(rendered!.host);
    await click(getByRole(root, 'button', TEXTS.back));
    await waitFor(() => heading(root) === 'Your Quote', 'back on step 5');
  });

  it("a passed effective date: 'Sorry!', then priced again from today, then on to step 6", async () => {
    let answer: (response: Response) => void = () => {};
    api((call) => (call.url.endsWith('/api/policy/quote') ? new Promise<Response>((resolve) => (answer = resolve)) : json(404, {})));
    const root = await openQuote({ effectiveDate: PAST });
    const quoteEvents: CustomEvent[] = [];
    rendered!.host.addEventListener('ppm-quote', (event) => quoteEvents.push(event as CustomEvent));
    await click(getByRole(root, 'button', TEXTS.purchase));
    const dialog = await waitFor(() => getByRole(root, 'dialog'), "the 'Sorry!' modal");
    assert.equal(dialog.querySelector('h2')?.textContent, TEXTS.sorry);
    assert.ok(getByText(dialog, TEXTS.datePassed));
    assert.equal(callsTo('/api/policy/quote').length, 0, 'nothing is asked before the person confirms');
    await checkA11y(rendered!.host);
    await click(getByRole(dialog, 'button', TEXTS.ok));
    await waitFor(() => loaderText() === TEXTS.finalizing, 'the finalize loader');
    const [call] = callsTo('/api/policy/quote');
    const body = call!.body as Record<string, unknown>;
    assert.equal(body.effectiveDate, TODAY_ISO);
    assert.equal(body.expirationDate, formatIsoDate(addMonths(today, 6)));
    assert.equal(body.ratedState, 'AZ', 'the rest of the stored request is sent as it was');
    answer(json(200, quoteFixture({ effectiveDate: TODAY_ISO, policyNumber: 'Q-AZ-000124' })));
    await waitFor(() => heading(root) === 'Payment', 'step 6');
    assert.equal(loaderText(), null);
    const saved = await waitFor(() => (readWizard()?.step === 6 ? readWizard() : null), 'saved');
    assert.equal((saved.quoteResponse as { policies: { effectiveDate: string }[] }).policies[0]!.effectiveDate, TODAY_ISO);
    assert.equal((saved.quoteRequest as { effectiveDate: string }).effectiveDate, TODAY_ISO);
    await waitFor(() => root.querySelector('[part="payment"]')?.textContent?.includes('Q-AZ-000124'), 'step 6 with the new quote number');
    // the host hears of the new price once, without personal data (the quote the wizard opened with is not news)
    await waitFor(() => quoteEvents.length === 1, 'ppm-quote');
    const detail = quoteEvents[0]!.detail as Record<string, unknown>;
    assert.deepEqual(Object.keys(detail).sort(), ['action', 'estimatedMonthlyPayment', 'policyNumber', 'ratedState', 'vehicles']);
    assert.deepEqual([detail.action, detail.policyNumber, detail.ratedState, detail.vehicles], ['priced', 'Q-AZ-000124', 'AZ', 2]);
    assert.equal(typeof detail.estimatedMonthlyPayment, 'number');
    assert.ok(quoteEvents[0]!.bubbles && quoteEvents[0]!.composed);
  });

  it("closing 'Sorry!' with Escape keeps the quote as it is and asks nothing", async () => {
    api(() => json(404, {}));
    const root = await openQuote({ effectiveDate: PAST });
    await click(getByRole(root, 'button', TEXTS.purchase));
    const dialog = await waitFor(() => getByRole(root, 'dialog'), "the 'Sorry!' modal");
    await press('Escape');
    await waitFor(() => !(dialog as HTMLDialogElement).open, 'closed');
    assert.equal(heading(root), 'Your Quote');
    assert.equal(stub!.calls.length, 0);
  });

  it('a failed re-quote asks for a new effective date on step 4', async () => {
    api((call) => (call.url.endsWith('/api/policy/quote') ? json(400, { error_messages: ['Please enter a valid date.'] }) : json(404, {})));
    const root = await openQuote({ effectiveDate: PAST });
    await click(getByRole(root, 'button', TEXTS.purchase));
    await click(await waitFor(() => getByRole(getByRole(root, 'dialog'), 'button', TEXTS.ok), 'OK'));
    await waitFor(() => snackbarTexts().includes(TEXTS.requoteFailed), 'the message');
    await waitFor(() => heading(root) === 'Your Coverage', 'step 4');
    assert.equal(loaderText(), null);
  });

  it('without a stored request there is nothing to price again: the message, then home', async () => {
    api(() => json(404, {}));
    const root = await openQuote({ effectiveDate: PAST, withoutRequest: true }, { quoteRequest: null });
    await click(getByRole(root, 'button', TEXTS.purchase));
    await click(await waitFor(() => getByRole(getByRole(root, 'dialog'), 'button', TEXTS.ok), 'OK'));
    await waitFor(() => snackbarTexts().includes(TEXTS.noStoredRequest), 'the message');
    await waitFor(() => navigations.length === 1, 'home');
    assert.deepEqual(navigations, ['http://site.test/']);
    assert.equal(stub!.calls.length, 0);
  });

  it('Save My Quote with a passed date prices again from today first, then saves the new quote', async () => {
    api((call) => {
      if (call.url.endsWith('/api/policy/quote')) return json(200, quoteFixture({ effectiveDate: TODAY_ISO, policyNumber: 'Q-AZ-000200' }));
      if (call.url.endsWith('/api/user/update')) return json(200, sessionAnswer());
      return json(404, {});
    });
    signInAda();
    const root = await openQuote({ effectiveDate: PAST });
    await click(getByRole(root, 'button', TEXTS.save));
    await click(await waitFor(() => getByRole(getByRole(root, 'dialog'), 'button', TEXTS.ok), 'OK'));
    await waitFor(() => callsTo('/api/user/update').length === 1, 'the save');
    assert.deepEqual(callsTo('/api/user/update')[0]!.body, { policyNumbers: ['Q-AZ-000200'], emailAddress: 'ada@example.com' });
    await waitFor(() => navigations.length === 1, 'home');
  });
});

describe('the wizard opening a saved quote', () => {
  const LOOKUP = '?email=Ada%40Example.com&dob=1980-01-15&zipcode=85004';

  it('?email&dob&zipcode: removed from the address bar at once, looked up, opened on step 5', async () => {
    let answer: (response: Response) => void = () => {};
    api((call) => (call.url.endsWith('/api/policy/lookup_quote') ? new Promise<Response>((resolve) => (answer = resolve)) : json(404, {})));
    history.replaceState(null, '', `${location.pathname}?state=AZ&${LOOKUP.slice(1)}`);
    const root = await mount({}, (r) => r.querySelector('.ppm-wizard__loading'));
    assert.equal(location.search, '?state=AZ', 'the e-mail and birth date are gone before the first paint');
    await waitFor(() => loaderText() === 'Loading...' && callsTo('/api/policy/lookup_quote').length === 1, 'the lookup under the loader');
    assert.deepEqual(callsTo('/api/policy/lookup_quote').map((c) => c.body), [{ emailAddress: 'ada@example.com', dob: '1980-01-15', zip: '85004' }]);
    answer(json(200, quoteFixture()));
    await waitFor(() => heading(root) === 'Your Quote', 'step 5');
    assert.equal(loaderText(), null);
    assert.ok(root.textContent!.includes('Q-AZ-000123'));
    const saved = await waitFor(() => readWizard(), 'saved');
    assert.equal(saved.step, 5);
    assert.equal(saved.info.firstName, 'Ada', 'the forms are rebuilt from the quote');
    assert.deepEqual(saved.quoteRequest, quoteFixture().policies[0]!.quoteRequest);
    assert.deepEqual({ shared: saved.coverage!.shared, vehicles: saved.coverage!.vehicles }, quoteRequestFixture().coverageSelection, "step 4's choices as stored");
  });

  it("&quote= (the account's lookup quotes) asks for that quote, and leaves the address bar with the rest", async () => {
    api((call) => (call.url.endsWith('/api/policy/lookup_quote') ? json(200, quoteFixture()) : json(404, {})));
    history.replaceState(null, '', `${location.pathname}${LOOKUP}&quote=Q-AZ-000123&utm_source=account`);
    const root = await mount({}, (r) => r.querySelector('.ppm-wizard__loading') || r.querySelector('form'));
    assert.equal(location.search, '?utm_source=account', 'e-mail, birth date, ZIP and quote are gone before the first paint');
    await waitFor(() => heading(root) === 'Your Quote', 'step 5');
    assert.deepEqual(callsTo('/api/policy/lookup_quote').map((c) => c.body), [
      { emailAddress: 'ada@example.com', dob: '1980-01-15', zip: '85004', quoteNumber: 'Q-AZ-000123' },
    ]);
  });

  it('a quote not found: the snackbar, then home; nothing is kept', async () => {
    api(() => json(404, { error_messages: [MESSAGES.quoteNotFound] }));
    history.replaceState(null, '', `${location.pathname}${LOOKUP}`);
    await mount({}, (r) => r.querySelector('.ppm-wizard__loading'));
    assert.equal(location.search, '');
    await waitFor(() => snackbarTexts().includes(MESSAGES.quoteLinkNotFound), 'the snackbar');
    assert.equal(navigations.length, 0, 'the notice shows before the wizard leaves');
    await waitFor(() => navigations.length === 1, 'home');
    assert.deepEqual(navigations, ['http://site.test/']);
    assert.equal(readWizard(), null);
  });

  it('a lookup with a part missing is not sent: not found, then home', async () => {
    api(() => json(200, quoteFixture()));
    history.replaceState(null, '', `${location.pathname}?email=ada%40example.com&zipcode=85004`);
    await mount({}, (r) => r.querySelector('.ppm-wizard__loading'));
    await waitFor(() => snackbarTexts().includes(MESSAGES.quoteLinkNotFound), 'the snackbar');
    await waitFor(() => navigations.length === 1, 'home');
    assert.equal(stub!.calls.length, 0);
  });

  it('?retrieve=<token> (the quote e-mail link): the token leaves the address bar, is redeemed, the quote opens', async () => {
    api((call) => (call.url.endsWith('/api/policy/redeem_quote_link') ? json(200, quoteFixture()) : json(404, {})));
    history.replaceState(null, '', `${location.pathname}?retrieve=tok_0123456789abcdef`);
    const root = await mount({}, (r) => r.querySelector('.ppm-wizard__loading') || r.querySelector('form'));
    assert.equal(location.search, '');
    await waitFor(() => heading(root) === 'Your Quote', 'step 5');
    assert.deepEqual(callsTo('/api/policy/redeem_quote_link').map((c) => c.body), [{ token: 'tok_0123456789abcdef' }]);
    assert.equal(callsTo('/api/policy/lookup_quote').length, 0);
  });

  it('a used or expired link: the same snackbar, then home', async () => {
    api(() => json(404, { error_messages: [MESSAGES.quoteLinkNotFound] }));
    history.replaceState(null, '', `${location.pathname}?retrieve=used`);
    await mount({}, (r) => r.querySelector('.ppm-wizard__loading'));
    await waitFor(() => snackbarTexts().includes(MESSAGES.quoteLinkNotFound), 'the snackbar');
    await waitFor(() => navigations.length === 1, 'home');
  });

  it('a saved wizard holding a quote opens on step 5; one without stays where it was', async () => {
    api(() => json(404, {}));
    seedQuote({}, { step: 2 });
    let root = await mount();
    await waitFor(() => heading(root) === 'Your Quote', 'step 5');
    unmount();
    saveWizard({ ...initialWizardState(), step: 2 });
    root = await mount();
    await waitFor(() => heading(root) === 'Your Vehicle', 'step 2');
  });

  it("the saved quote's wizard: step 5, the request the quote was priced from", () => {
    const state = wizardWithSavedQuote(quoteFixture());
    assert.equal(state.step, 5);
    assert.deepEqual(state.quoteRequest, quoteRequestFixture());
  });
});
