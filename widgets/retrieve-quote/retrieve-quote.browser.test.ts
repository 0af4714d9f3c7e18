/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MESSAGES, addYears, formatUsDate, localToday } from '../../contract/index.ts';
import { endSession } from '../core/session.ts';
import { signInAda } from '../testing/session-fixture.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, json, press, queryAllByRole, stubApi, type, waitFor,
} from '../testing/browser.ts';
import '../quote-start/quote-start.ts';
import './retrieve-quote.ts';
import { QuoteStart } from '../quote-start/QuoteStart.tsx';
import { RetrieveQuote, type RetrieveQuoteProps } from './RetrieveQuote.tsx';
import { RETRIEVE_QUOTE_TEXTS as T } from './retrieve-quote.texts.ts';

const WIZARD = 'https://brand.test/receive-a-quote';
/** POST /api/policy/handover's answer: the quote was found, and a token opens it in the wizard once. */
const HANDOVER = { token: 'a'.repeat(64), quoteNumber: 'Q-1001' };
const NOT_FOUND = { error_messages: ['We were unable to locate your quote using that information.'] };

let react: Root | undefined;
let holder: HTMLElement | undefined;
let host: HTMLElement | undefined;
let stub: ReturnType<typeof stubApi> | undefined;
let went: string[] = [];
let events: CustomEvent[] = [];
// The test page must never navigate away: an element's navigation is cancelled here; the component's
// tests record it through their injected navigate instead.
let cancel = true;
function record(event: Event) {
  events.push(event as CustomEvent);
  if (cancel && (event.type === 'ppm-quote' || event.type === 'ppm-quote-start')) event.preventDefault();
}

beforeEach(() => {
  cancel = true;
  went = [];
  events = [];
  for (const name of ['ppm-quote', 'ppm-error', 'ppm-quote-start']) document.addEventListener(name, record);
});

afterEach(() => {
  for (const name of ['ppm-quote', 'ppm-error', 'ppm-quote-start']) document.removeEventListener(name, record);
  stub?.restore();
  stub = undefined;
  react?.unmount();
  react = undefined;
  holder?.remove();
  host?.remove();
  endSession();
});

/** The component in a shadow root, as a host page has it, with navigation recorded instead of followed. */
async function mount(props: Partial<RetrieveQuoteProps> = {}): Promise<ShadowRoot> {
  cancel = false;
  holder = document.createElement('div');
  document.body.append(holder);
  const shadow = holder.attachShadow({ mode: 'open' });
  react = createRoot(shadow as unknown as HTMLElement);
  react.render(createElement(RetrieveQuote, { apiBase: 'http://api.test', quoteUrl: WIZARD, navigate: (url: string) => went.push(url), ...props }));
  return waitFor(() => shadow.querySelector('button') && shadow, 'rendered');
}

/** Opens the modal with 'Retrieve my quote' and answers the open dialog. */
async function openModal(root: ShadowRoot): Promise<HTMLDialogElement> {
  await click(getByRole(root, 'button', T.open));
  return waitFor(() => queryAllByRole(root, 'dialog', T.title)[0] as HTMLDialogElement | undefined, 'the retrieve dialog');
}

async function fill(root: ShadowRoot, values: { email?: string; dob?: string; zip?: string }) {
  if (values.email) await type(getByLabel(root, T.email), values.email);
  if (values.dob) await type(getByLabel(root, T.dateOfBirth), values.dob);
  if (values.zip) await type(getByLabel(root, T.zipcode), values.zip);
}

function errorOf(root: ShadowRoot, label: string): string | undefined {
  const input = getByLabel(root, label);
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => root.getElementById(id)).find((e) => e?.classList.contains('ppm-error-message'))?.textContent ?? undefined;
}

function alerts(root: ShadowRoot): string[] {
  return queryAllByRole(root, 'alert').map((e) => e.querySelector('.ppm-snackbar__text')?.textContent ?? '');
}

describe('<ppm-retrieve-quote>', () => {
  it('the element: a button opening the modal with the three labelled fields, Back and See my quote; styles adopted; axe', async () => {
    host = document.createElement('ppm-retrieve-quote');
    host.setAttribute('quote-url', WIZARD);
    document.body.append(host);
    const root = await waitFor(() => host!.shadowRoot?.querySelector('button') && host!.shadowRoot, 'rendered');
    assert.equal(queryAllByRole(root, 'dialog').length, 0, 'closed at first');
    const dialog = await openModal(root);
    assert.ok(dialog.matches(':modal'), 'a modal dialog');
    for (const label of [T.email, T.dateOfBirth, T.zipcode]) assert.ok(getByLabel(root, label));
    assert.equal(getByLabel(root, T.zipcode).getAttribute('inputmode'), 'numeric');
    assert.ok(getByRole(root, 'button', T.back));
    assert.ok(getByRole(root, 'button', T.submit));
    assert.ok(root.adoptedStyleSheets.length >= 1, 'styles adopted');
    assert.equal(root.querySelector('style'), null, 'no <style> element');
    await checkA11y(host);
  });

  it('with a field missing: the snackbar "unable to load quote", the field errors, and no request', async () => {
    stub = stubApi(() => json(200, HANDOVER));
    const root = await mount();
    await openModal(root);
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => alerts(root).includes(T.missingFields), 'the snackbar');
    assert.equal(errorOf(root, T.email), `Error: ${MESSAGES.email}`);
    assert.equal(errorOf(root, T.dateOfBirth), `Error: ${MESSAGES.required}`);
    assert.equal(errorOf(root, T.zipcode), `Error: ${MESSAGES.required}`);
    assert.equal(focused(), getByLabel(root, T.email), 'first invalid field focused');
    // issue 23: the core's error summary, as the other forms have it
    const summary = await waitFor(() => queryAllByRole(root, 'heading', 'There is a problem')[0]?.closest('.ppm-error-summary'), 'the error summary');
    assert.deepEqual(
      [...summary.querySelectorAll('a')].map((link) => link.textContent),
      [`${T.email}: ${MESSAGES.email}`, `${T.dateOfBirth}: ${MESSAGES.required}`, `${T.zipcode}: ${MESSAGES.required}`],
    );
    // two of three is still not enough
    await fill(root, { email: 'ada@example.com', zip: '85004' });
    await click(getByRole(queryAllByRole(root, 'alert')[0]!, 'button', T.close));
    await waitFor(() => alerts(root).length === 0, 'the first snackbar gone');
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => alerts(root).includes(T.missingFields), 'the snackbar again');
    assert.equal(errorOf(root, T.dateOfBirth), `Error: ${MESSAGES.required}`);
    assert.equal(stub.calls.length, 0, 'no lookup');
    await checkA11y(holder!);
  });

  it('a found quote: one POST handover with the ISO date, ppm-quote, then the wizard with only the hand-over token', async () => {
    stub = stubApi(() => json(200, HANDOVER));
    const root = await mount({ quoteUrl: `${WIZARD}?utm_source=mail` });
    await openModal(root);
    await fill(root, { email: 'ada+car@example.com', dob: '02291980', zip: '85004' });
    assert.equal(getByLabel<HTMLInputElement>(root, T.dateOfBirth).value, '02/29/1980', 'masked MM/DD/YYYY');
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => went.length === 1, 'navigation');
    assert.equal(stub.calls.length, 1);
    const call = stub.calls[0]!;
    assert.equal(call.url, 'http://api.test/api/policy/handover');
    assert.equal(call.method, 'POST');
    assert.equal(call.credentials, 'omit', 'issue 22 item 3: no cookie goes to the API on another origin');
    assert.deepEqual(call.body, { emailAddress: 'ada+car@example.com', dob: '1980-02-29', zip: '85004' });
    const url = new URL(went[0]!);
    assert.equal(`${url.origin}${url.pathname}`, WIZARD);
    assert.deepEqual([...url.searchParams], [['utm_source', 'mail'], ['handover', HANDOVER.token]]);
    assert.ok(!went[0]!.includes('ada') && !went[0]!.includes('1980'), 'no e-mail or birth date in the URL');
    // the host hears about it, without the e-mail and birth date
    const quote = events.find((e) => e.type === 'ppm-quote')!;
    assert.deepEqual(quote.detail, { action: 'retrieved', policyNumber: 'Q-1001' });
    assert.ok(quote.bubbles && quote.composed && quote.cancelable);
  });

  it('a host that cancels ppm-quote keeps the visitor on the page', async () => {
    stub = stubApi(() => json(200, HANDOVER));
    const root = await mount();
    const cancel = (event: Event) => event.preventDefault();
    root.addEventListener('ppm-quote', cancel);
    try {
      await openModal(root);
      await fill(root, { email: 'ada@example.com', dob: '03271980', zip: '85004' });
      await click(getByRole(root, 'button', T.submit));
      await waitFor(() => events.some((e) => e.type === 'ppm-quote'), 'ppm-quote');
      assert.deepEqual(went, []);
    } finally {
      root.removeEventListener('ppm-quote', cancel);
    }
  });

  it("no quote (404): the 'Sorry!' modal alone, in place of the retrieve window; New Quote to the wizard; closing it gives the form back as typed", async () => {
    stub = stubApi(() => json(404, NOT_FOUND));
    const root = await mount({ quoteUrl: `${WIZARD}?dealer=AZ01` });
    const retrieve = await openModal(root);
    await fill(root, { email: 'ada@example.com', dob: '03271980', zip: '85004' });
    await click(getByRole(root, 'button', T.submit));
    const sorry = await waitFor(() => queryAllByRole(root, 'dialog', T.sorryTitle)[0], "the 'Sorry!' modal");
    assert.equal(sorry.querySelector('p')?.textContent, T.sorryText);
    assert.equal(root.getElementById(sorry.getAttribute('aria-describedby') ?? '')?.textContent, T.sorryText, 'its sentence is read with its title');
    // issue 23: the snackbar repeated the modal's sentence inside it, over a retrieve window still in view
    assert.deepEqual(alerts(root), [], 'no snackbar repeating the sentence');
    assert.ok(sorry.checkVisibility(), "'Sorry!' is shown");
    assert.ok(!getByLabel(root, T.email).checkVisibility({ visibilityProperty: true }), 'the retrieve window is not in view behind it');
    assert.ok(!retrieve.checkVisibility({ visibilityProperty: true }), 'nor its frame');
    assert.deepEqual(events.find((e) => e.type === 'ppm-error')?.detail, { widget: 'ppm-retrieve-quote', status: 404, message: T.notFound });
    await checkA11y(holder!);
    // Escape closes the top modal only; the form is as it was
    await press('Escape');
    await waitFor(() => queryAllByRole(root, 'dialog', T.sorryTitle).length === 0, 'Sorry closed');
    assert.equal(queryAllByRole(root, 'dialog', T.title).length, 1, 'the retrieve modal stays open');
    assert.ok(getByLabel(root, T.email).checkVisibility({ visibilityProperty: true }), 'and in view again');
    assert.equal(getByLabel<HTMLInputElement>(root, T.email).value, 'ada@example.com');
    assert.equal(getByLabel<HTMLInputElement>(root, T.dateOfBirth).value, '03/27/1980');
    assert.equal(getByLabel<HTMLInputElement>(root, T.zipcode).value, '85004');
    assert.equal(focused(), getByRole(root, 'button', T.submit), 'focus back where it was');
    // and New Quote goes to the wizard
    await click(getByRole(root, 'button', T.submit));
    await click(await waitFor(() => queryAllByRole(root, 'button', T.newQuote)[0], 'New Quote'));
    // the page's own query goes along (doc 1 "My Policy page": "New Quote ... with the existing query")
    assert.deepEqual(went, [`${WIZARD}?dealer=AZ01&${location.search.slice(1)}`]);
  });

  it("429 shows the server's message, no answer at all our fallback; neither opens 'Sorry!' nor loses the form", async () => {
    const tooMany = 'Too many attempts. Please wait a minute and try again.';
    let answer: () => Response | Promise<Response> = () => json(429, { error_messages: [tooMany] });
    stub = stubApi(() => answer());
    const root = await mount();
    await openModal(root);
    await fill(root, { email: 'ada@example.com', dob: '03271980', zip: '85004' });
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => alerts(root).includes(tooMany), 'the server message');
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => alerts(root).includes(T.failure), 'the fallback');
    assert.equal(queryAllByRole(root, 'dialog', T.sorryTitle).length, 0);
    assert.equal(getByLabel<HTMLInputElement>(root, T.email).value, 'ada@example.com');
    assert.deepEqual(went, []);
  });

  it('Back and Escape close the modal and focus returns to the button; reopened, the values are still there', async () => {
    const root = await mount();
    await openModal(root);
    await fill(root, { email: 'ada@example.com' });
    await press('Escape');
    await waitFor(() => queryAllByRole(root, 'dialog').length === 0, 'closed by Escape');
    assert.equal(focused(), getByRole(root, 'button', T.open));
    await openModal(root);
    assert.equal(getByLabel<HTMLInputElement>(root, T.email).value, 'ada@example.com');
    await click(getByRole(root, 'button', T.back));
    await waitFor(() => queryAllByRole(root, 'dialog').length === 0, 'closed by Back');
  });

  it("opened on arrival (the open attribute), Escape gives focus to 'Retrieve my quote', not to the page's body", async () => {
    (document.activeElement as HTMLElement | null)?.blur(); // a visitor who just arrived has focused nothing
    host = document.createElement('ppm-retrieve-quote');
    host.setAttribute('quote-url', WIZARD);
    host.setAttribute('open', ''); // `<ppm-retrieve-quote open>`: present, with no value
    document.body.append(host);
    const root = await waitFor(() => host!.shadowRoot?.querySelector('button') && host!.shadowRoot, 'rendered');
    await waitFor(() => queryAllByRole(root, 'dialog', T.title).length === 1, 'open on arrival');
    await press('Escape');
    await waitFor(() => queryAllByRole(root, 'dialog').length === 0, 'closed by Escape');
    // the dialog's close event, which gives focus back, comes a task after it closed
    await waitFor(() => focused() === getByRole(root, 'button', T.open), "focus on 'Retrieve my quote'");
  });

  it('an open attribute with no value, written in the page or added later, opens the window', async () => {
    const holder = document.createElement('div');
    holder.innerHTML = `<ppm-retrieve-quote quote-url="${WIZARD}" open></ppm-retrieve-quote>`;
    document.body.append(holder);
    try {
      const written = holder.querySelector('ppm-retrieve-quote')!;
      const root = await waitFor(() => written.shadowRoot?.querySelector('button') && written.shadowRoot, 'rendered');
      await waitFor(() => queryAllByRole(root, 'dialog', T.title).length === 1, 'open as written');
    } finally {
      holder.remove();
    }
    host = document.createElement('ppm-retrieve-quote');
    host.setAttribute('quote-url', WIZARD);
    document.body.append(host);
    const root = await waitFor(() => host!.shadowRoot?.querySelector('button') && host!.shadowRoot, 'rendered');
    assert.equal(queryAllByRole(root, 'dialog').length, 0, 'closed without the attribute');
    host.setAttribute('open', '');
    await waitFor(() => queryAllByRole(root, 'dialog', T.title).length === 1, 'open once the attribute is added');
  });

  it('the date picker ends 18 years ago to the day and opens on that month', async () => {
    const root = await mount();
    await openModal(root);
    const latest = addYears(localToday(), -18);
    // the calendar's code loads on the first press of its button
    await click(getByRole(root, 'button', T.calendar));
    const calendar = await waitFor(() => root.querySelector<HTMLElement>('.flatpickr-calendar.open'), 'the calendar');
    const hidden = root.querySelector('.ppm-date input[aria-hidden="true"]') as HTMLInputElement & {
      _flatpickr?: { config: { maxDate?: Date; minDate?: Date } };
    };
    const max = hidden._flatpickr?.config.maxDate;
    assert.ok(max, 'a maxDate');
    assert.equal(formatUsDate({ year: max.getFullYear(), month: max.getMonth() + 1, day: max.getDate() }), formatUsDate(latest));
    assert.equal(calendar.querySelector<HTMLInputElement>('.cur-year')?.value, String(latest.year));
    const days = [...calendar.querySelectorAll<HTMLElement>('.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)')];
    const last = days.find((d) => d.textContent === String(latest.day))!;
    assert.ok(!last.classList.contains('flatpickr-disabled'), '18 years ago today can be picked');
    const after = days.find((d) => d.textContent === String(latest.day + 1));
    if (after) assert.ok(after.classList.contains('flatpickr-disabled'), 'the day after cannot');
    await click(last);
    await waitFor(() => getByLabel<HTMLInputElement>(root, T.dateOfBirth).value === formatUsDate(latest), 'the picked date');
  });

  it('on our own site a signed-in person goes to /account/lookup-quotes instead, from the button and from the inline form', async () => {
    stub = stubApi(() => json(200, HANDOVER));
    signInAda();
    let root = await mount({ quoteUrl: '/receive-a-quote' });
    await click(getByRole(root, 'button', T.open));
    await waitFor(() => went.length === 1, 'navigation');
    assert.deepEqual(went, [`${location.origin}/account/lookup-quotes`]);
    assert.equal(queryAllByRole(root, 'dialog').length, 0, 'no modal');
    react!.unmount();
    holder!.remove();
    root = await mount({ mode: 'inline', quoteUrl: '/receive-a-quote' });
    await click(getByRole(root, 'button', T.submitInline));
    await waitFor(() => went.length === 2, 'second navigation');
    assert.equal(went[1], `${location.origin}/account/lookup-quotes`);
    assert.equal(stub.calls.length, 0);
  });

  it('signed in, but embedded for another origin (quote-url on the brand site): the form as for anyone', async () => {
    stub = stubApi(() => json(200, HANDOVER));
    signInAda();
    const root = await mount();
    await openModal(root);
    assert.deepEqual(went, []);
    await fill(root, { email: 'ada@example.com', dob: '03271980', zip: '85004' });
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => went.length === 1, 'the wizard');
    assert.equal(stub.calls[0]!.url, 'http://api.test/api/policy/handover');
  });

  it('signed out again (a 401 anywhere on the page), the button opens the form', async () => {
    signInAda();
    const root = await mount({ quoteUrl: '/receive-a-quote' });
    endSession();
    await openModal(root);
    assert.deepEqual(went, []);
  });

  it("inline: a labelled form with 'Retrieve' and no Back; submit is disabled while errors show", async () => {
    const root = await mount({ mode: 'inline' });
    assert.ok(getByRole(root, 'form', T.formLabel));
    assert.equal(queryAllByRole(root, 'button', T.back).length, 0);
    const submit = getByRole<HTMLButtonElement>(root, 'button', T.submitInline);
    await click(submit);
    await waitFor(() => alerts(root).includes(T.missingFields), 'the snackbar');
    assert.ok(submit.disabled, 'disabled while errors show');
    await fill(root, { email: 'ada@example.com', dob: '03271980', zip: '85004' });
    await waitFor(() => !submit.disabled, 'enabled once every error is fixed');
    await checkA11y(holder!);
  });

  it("an unknown mode shows the modal and tells the developer which attribute to fix", async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    try {
      const root = await mount({ mode: 'popup' });
      assert.ok(getByRole(root, 'button', T.open));
      assert.ok(warnings.some((w) => w.includes('mode="popup"') && w.includes('"modal" or "inline"')), warnings.join('\n'));
    } finally {
      console.warn = original;
    }
  });
});

describe("<ppm-quote-start>'s 'Retrieve my quote'", () => {
  it('opens the retrieve modal inside the widget; a found quote goes to its quote-url', async () => {
    stub = stubApi(() => json(200, HANDOVER));
    host = document.createElement('ppm-quote-start');
    host.setAttribute('quote-url', WIZARD);
    host.setAttribute('api-base', 'http://api.test');
    document.body.append(host);
    const root = await waitFor(() => host!.shadowRoot?.querySelector('form') && host!.shadowRoot, 'rendered');
    assert.ok(getByRole(root, 'button', 'Start a tailored quote'));
    const dialog = await openModal(root);
    assert.ok(dialog.matches(':modal'));
    await checkA11y(host);
    await fill(root, { email: 'ada@example.com', dob: '03271980', zip: '85004' });
    await click(getByRole(root, 'button', T.submit));
    await waitFor(() => events.some((e) => e.type === 'ppm-quote'), 'ppm-quote from inside quote-start');
    assert.equal(stub.calls[0]!.url, 'http://api.test/api/policy/handover');
    await press('Escape');
    await waitFor(() => queryAllByRole(root, 'dialog').length === 0, 'Escape closes it');
  });

  it("New Quote keeps the dealer's attribution; retrieveOpen opens the modal at once (/search-for-my-quote)", async () => {
    stub = stubApi(() => json(404, NOT_FOUND));
    holder = document.createElement('div');
    document.body.append(holder);
    const shadow = holder.attachShadow({ mode: 'open' });
    react = createRoot(shadow as unknown as HTMLElement);
    react.render(createElement(QuoteStart, { quoteUrl: WIZARD, dealer: 'AZ01', retrieveOpen: true, navigate: (url: string) => went.push(url) }));
    await waitFor(() => queryAllByRole(shadow, 'dialog', T.title).length === 1, 'open on arrival');
    await fill(shadow, { email: 'ada@example.com', dob: '03271980', zip: '85004' });
    await click(getByRole(shadow, 'button', T.submit));
    await click(await waitFor(() => queryAllByRole(shadow, 'button', T.newQuote)[0], 'New Quote'));
    assert.deepEqual(went, [`${WIZARD}?dealer=AZ01`]);
  });

  it("retrieveOpen (/search-for-my-quote): Escape gives focus to the widget's 'Retrieve my quote', not to the page's body", async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    holder = document.createElement('div');
    document.body.append(holder);
    const shadow = holder.attachShadow({ mode: 'open' });
    react = createRoot(shadow as unknown as HTMLElement);
    react.render(createElement(QuoteStart, { quoteUrl: WIZARD, retrieveOpen: true, navigate: (url: string) => went.push(url) }));
    await waitFor(() => queryAllByRole(shadow, 'dialog', T.title).length === 1, 'open on arrival');
    await press('Escape');
    await waitFor(() => queryAllByRole(shadow, 'dialog').length === 0, 'closed by Escape');
    await waitFor(() => focused() === getByRole(shadow, 'button', T.open), "focus on 'Retrieve my quote'");
  });

  it('on our own site a signed-in person goes to /account/lookup-quotes; embedded elsewhere the form opens', async () => {
    signInAda();
    holder = document.createElement('div');
    document.body.append(holder);
    const shadow = holder.attachShadow({ mode: 'open' });
    react = createRoot(shadow as unknown as HTMLElement);
    react.render(createElement(QuoteStart, { quoteUrl: '/receive-a-quote', navigate: (url: string) => went.push(url) }));
    await click(await waitFor(() => queryAllByRole(shadow, 'button', T.open)[0], 'the button'));
    await waitFor(() => went.length === 1, 'navigation');
    assert.deepEqual(went, [`${location.origin}/account/lookup-quotes`]);
    assert.equal(queryAllByRole(shadow, 'dialog').length, 0);
    react.unmount();
    react = createRoot(shadow as unknown as HTMLElement);
    react.render(createElement(QuoteStart, { quoteUrl: WIZARD, navigate: (url: string) => went.push(url) }));
    await click(await waitFor(() => queryAllByRole(shadow, 'button', T.open)[0], 'the button'));
    await waitFor(() => queryAllByRole(shadow, 'dialog', T.title).length === 1, 'the retrieve form on another origin');
    assert.equal(went.length, 1);
  });
});
