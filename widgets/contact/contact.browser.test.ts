/// <reference types="mocha" />
import { createElement } from 'react';
import { MESSAGES } from '../../contract/index.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, getByText, json, press, queryAllByRole, stubApi, type, waitFor,
} from '../testing/browser.ts';
import { renderWidget, type RenderedWidget } from '../testing/render.ts';
import { CONTACT_WIDGET, ContactForm } from './ContactForm.tsx';
import { CONTACT_TEXTS, SUCCESS_MS } from './contact.texts.ts';

const AGREEMENT = 'I have read and agree to the privacy policy.';
let rendered: RenderedWidget | undefined;
let stub: ReturnType<typeof stubApi> | undefined;
let spacer: HTMLElement | undefined;
let wentHome = 0;

async function mount(successMs = 200): Promise<ShadowRoot> {
  wentHome = 0;
  rendered = await renderWidget(
    createElement(ContactForm, { successMs, onDone: () => (wentHome += 1) }),
    (root) => root.querySelector('form'),
    { tag: CONTACT_WIDGET, apiBase: 'http://api.test' },
  );
  return rendered.root;
}

const errorOf = (root: ShadowRoot, control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => root.getElementById(id))
    .find((element) => element?.classList.contains('ppm-error-message'))?.textContent ?? null;

async function fillValid(root: ShadowRoot, { agree = true } = {}) {
  await type(getByLabel(root, 'Subject (optional)'), 'Garage cover');
  await type(getByLabel<HTMLTextAreaElement>(root, 'Message'), 'Is a stored car charged the base rate only?');
  if (agree) await click(getByLabel(root, AGREEMENT));
  await type(getByLabel(root, 'First Name'), 'Ada');
  await type(getByLabel(root, 'Middle Initial (optional)'), 'K');
  await type(getByLabel(root, 'Last Name'), "O'Neil");
  await type(getByLabel(root, 'Email'), 'ada@example.com');
  await type(getByLabel(root, 'Phone (optional)'), '6025550134');
}

const EXPECTED = {
  customSubject: 'Garage cover',
  emailBody: 'Is a stored car charged the base rate only?',
  userEmailAddress: 'ada@example.com',
  userFirstName: 'Ada',
  userLastName: "O'Neil",
  userMiddleName: 'K',
  userPhoneNumber: '602-555-0134',
};

afterEach(() => {
  stub?.restore();
  stub = undefined;
  rendered?.unmount();
  rendered = undefined;
  spacer?.remove();
  spacer = undefined;
});

describe('contact form (Contact Us)', () => {
  it("shows doc 1's fields by label, the fallback subject as the subject's hint, the privacy link and Send, and passes axe", async () => {
    const root = await mount();
    for (const label of ['Subject (optional)', 'Message', AGREEMENT, 'First Name', 'Middle Initial (optional)', 'Last Name', 'Suffix (optional)', 'Email', 'Phone (optional)']) {
      assert.ok(getByLabel(root, label), label);
    }
    assert.equal(getByLabel(root, AGREEMENT).type, 'checkbox');
    assert.equal(getByLabel(root, 'Message').localName, 'textarea');
    // (the test helper names a link inside a label by the whole label, so it is found by its own text)
    const link = queryAllByRole(root, 'link').find((element) => element.textContent === 'privacy policy');
    assert.equal(link?.getAttribute('href'), '/legal/privacy-policy');
    const hint = root.getElementById(getByLabel(root, 'Subject (optional)').getAttribute('aria-describedby')!)!;
    assert.equal(hint.textContent, "Leave it empty and we will use 'Auto Insurance - Contact Form'.");
    assert.ok(getByRole(root, 'button', 'Send'));
    await checkA11y(rendered!.host);
  });

  it("an empty Send shows every rule's message, lists them in a summary, and focuses the first invalid field", async () => {
    stub = stubApi(() => json(201, { msg: 'Message received.' }));
    const root = await mount();
    await click(getByRole(root, 'button', 'Send'));
    const body = getByLabel(root, 'Message');
    await waitFor(() => body.getAttribute('aria-invalid') === 'true', 'the message in error');
    assert.equal(focused(), body, 'the first invalid field (the subject may stay empty) has focus');
    assert.equal(errorOf(root, getByLabel(root, 'Subject (optional)')), null, 'an empty subject is no error');
    assert.equal(errorOf(root, body), `Error: ${MESSAGES.required}`);
    assert.equal(errorOf(root, getByLabel(root, AGREEMENT)), `Error: ${MESSAGES.privacyAgreement}`);
    assert.equal(errorOf(root, getByLabel(root, 'First Name')), `Error: ${MESSAGES.required}`);
    assert.equal(errorOf(root, getByLabel(root, 'Last Name')), `Error: ${MESSAGES.required}`);
    assert.equal(errorOf(root, getByLabel(root, 'Email')), `Error: ${MESSAGES.email}`);
    assert.equal(errorOf(root, getByLabel(root, 'Middle Initial (optional)')), null);
    assert.equal(errorOf(root, getByLabel(root, 'Phone (optional)')), null, 'the phone is optional');
    const summary = await waitFor(() => getByRole(root, 'heading', 'There is a problem'), 'the error summary');
    const entries = queryAllByRole(summary.parentElement!, 'link').map((link) => link.textContent);
    assert.deepEqual(entries, [
      `Message: ${MESSAGES.required}`,
      `${AGREEMENT} ${MESSAGES.privacyAgreement}`,
      `First Name: ${MESSAGES.required}`,
      `Last Name: ${MESSAGES.required}`,
      `Email: ${MESSAGES.email}`,
    ]);
    assert.equal(stub.calls.length, 0, 'nothing sent');
    await checkA11y(rendered!.host);
  });

  it('checks each field when the person leaves it, with the contract messages', async () => {
    const root = await mount();
    const cases: [string, string, string][] = [
      ['First Name', 'Zo3', MESSAGES.nameLetters],
      ['Last Name', 'x'.repeat(64), MESSAGES.maxLength(63)],
      ['Middle Initial (optional)', 'y'.repeat(64), MESSAGES.maxLength(63)],
      ['Email', 'ada@example', MESSAGES.email],
      ['Phone (optional)', '1235550134', MESSAGES.phone],
    ];
    for (const [label, text, message] of cases) {
      const control = getByLabel(root, label);
      await type(control, text);
      assert.equal(control.getAttribute('aria-invalid'), null, `${label}: no error while typing`);
      await press('Tab');
      await waitFor(() => errorOf(root, control) === `Error: ${message}`, `${label}: ${message}`);
    }
    assert.equal((getByLabel(root, 'Phone (optional)') as HTMLInputElement).value, '123-555-0134', 'the phone is masked 000-000-0000');
    const agreement = getByLabel(root, AGREEMENT);
    await click(agreement);
    await click(agreement);
    await press('Tab');
    await waitFor(() => errorOf(root, agreement) === `Error: ${MESSAGES.privacyAgreement}`, 'the unticked agreement on blur');
  });

  it('when the agreement is the first problem, it is scrolled into view and focused', async () => {
    const root = await mount();
    spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.append(spacer);
    await fillValid(root, { agree: false });
    // Send from the phone field with Enter, the page scrolled so that the agreement is out of sight
    const phone = getByLabel(root, 'Phone (optional)');
    phone.scrollIntoView({ block: 'start' });
    const agreement = getByLabel(root, AGREEMENT);
    assert.ok(agreement.getBoundingClientRect().bottom < 0, 'the agreement is above the viewport before Send');
    phone.focus();
    await press('Enter');
    await waitFor(() => focused() === agreement, 'focus on the agreement');
    assert.equal(errorOf(root, agreement), `Error: ${MESSAGES.privacyAgreement}`);
    // the whole agreement, its error above the box included: a bare focus() would stop at the box's own edge
    const message = root.getElementById(agreement.getAttribute('aria-describedby')!)!;
    await waitFor(() => {
      const [top, bottom] = [message.getBoundingClientRect().top, agreement.getBoundingClientRect().bottom];
      return top >= 0 && bottom <= innerHeight;
    }, 'the agreement and its error in view');
  });

  it('sends once however often Send is pressed, with the loader, an Idempotency-Key and the fallback subject; then the success text, then home', async () => {
    let answer: (response: Response) => void = () => {};
    stub = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const root = await mount(300);
    await fillValid(root);
    const subject = getByLabel(root, 'Subject (optional)');
    subject.select();
    await press('Backspace');
    await click(getByRole(root, 'button', 'Send'));
    await waitFor(() => stub!.calls.length === 1, 'the request');
    const loader = await waitFor(() => getByText(root, 'Sending your message...'), 'the loader');
    assert.equal(loader.closest('[role="status"]')?.className, 'ppm-overlay');
    await click(getByRole(root, 'button', 'Send'));
    await press('Enter');
    assert.equal(stub.calls.length, 1, 'a second press while it runs sends nothing');
    // two presses inside one frame, before the loader is drawn over the button: still one request
    root.querySelector('form')!.requestSubmit();
    root.querySelector('form')!.requestSubmit();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    assert.equal(stub.calls.length, 1, 'a double press sends nothing twice');
    const call = stub.calls[0]!;
    assert.equal(call.url, 'http://api.test/api/contact/submit');
    assert.equal(call.method, 'POST');
    assert.ok(/^[0-9a-f-]{36}$/.test(call.headers['idempotency-key'] ?? ''), 'a UUID as Idempotency-Key');
    assert.deepEqual(call.body, { ...EXPECTED, customSubject: 'Auto Insurance - Contact Form' });

    answer(json(201, { msg: 'Message received.' }));
    const notice = await waitFor(() => getByText(root, CONTACT_TEXTS.success), 'the success text');
    assert.equal(CONTACT_TEXTS.success, 'Thank you for contacting Apex Pay-Per-Mile. A customer care concierge will be in touch as soon as possible');
    assert.ok(notice.classList.contains('ppm-notice--success'));
    assert.equal(root.querySelector('.ppm-overlay'), null, 'the loader is gone');
    assert.equal(getByLabel(root, 'First Name').value, '', 'the form is cleared');
    assert.equal(SUCCESS_MS, 10_000);
    assert.equal(wentHome, 0, 'the success text stays for its time first');
    await waitFor(() => wentHome === 1, 'home after the success text');
    await checkA11y(rendered!.host);
  });

  it("a failure shows the server's message, or doc 1's fallback, and keeps every field; a retry of the same message reuses its key", async () => {
    const answers = [
      () => json(429, { error_messages: ['Too many requests. Please wait a moment and try again.'] }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(201, { msg: 'Message received.' }),
    ];
    stub = stubApi(() => answers[stub!.calls.length - 1]!());
    const root = await mount();
    const errors: CustomEvent[] = [];
    rendered!.host.addEventListener('ppm-error', (event) => errors.push(event as CustomEvent));
    await fillValid(root);
    await click(getByRole(root, 'button', 'Send'));
    const server = await waitFor(() => getByText(root, 'Too many requests. Please wait a moment and try again.'), "the server's message");
    assert.ok(server.classList.contains('ppm-notice--danger'));
    assert.deepEqual(errors.map((event) => [event.detail.widget, event.detail.status]), [[CONTACT_WIDGET, 429]]);
    assert.equal(getByLabel(root, 'Subject (optional)').value, 'Garage cover');
    assert.equal(getByLabel<HTMLTextAreaElement>(root, 'Message').value, 'Is a stored car charged the base rate only?');
    assert.equal(getByLabel(root, AGREEMENT).checked, true);
    assert.equal(getByLabel(root, 'Phone (optional)').value, '602-555-0134');

    await click(getByRole(root, 'button', 'Send'));
    await waitFor(() => getByText(root, 'Something went wrong. Please try again later.'), 'the fallback text');
    assert.equal(getByLabel(root, 'Email').value, 'ada@example.com');
    await checkA11y(rendered!.host);

    await click(getByRole(root, 'button', 'Send'));
    await waitFor(() => getByText(root, CONTACT_TEXTS.success), 'sent at last');
    const keys = stub.calls.map((call) => call.headers['idempotency-key']);
    assert.equal(new Set(keys).size, 1, 'one message, one key across its retries');
    assert.deepEqual(stub.calls.map((call) => call.body), [EXPECTED, EXPECTED, EXPECTED]);
  });
});
