/// <reference types="mocha" />
import type { DocumentsLinkAnswer } from '../../../contract/api/documents.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { assert, checkA11y, click, focused, getByLabel, getByRole, json, press, queryAllByRole, stubApi, type, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { DocumentsRequest } from './DocumentsRequest.tsx';
import { MY_POLICY_TEXTS as T } from './my-policy.texts.ts';

/** POST /api/documents/link's answer, the same whether or not the address has a policy. */
const SAME_ANSWER: DocumentsLinkAnswer = { data: { documents: [] } };

let stub: ReturnType<typeof stubApi> | undefined;

/** The form's island, drawn: its button is there. */
async function mount(): Promise<HTMLElement> {
  const section = mountIsland('', DocumentsRequest, {});
  return waitFor(() => queryAllByRole(section, 'button', T.submit)[0] && section, 'the form');
}

function errorOf(input: HTMLElement): string | undefined {
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.classList.contains('ppm-error-message'))?.textContent ?? undefined;
}

const notice = (element: HTMLElement) => element.querySelector('.ppm-notice')?.textContent;

afterEach(() => {
  stub?.restore();
  stub = undefined;
  unmountIslands();
});

describe("My Policy's documents request", () => {
  it("the form: its title as the form's name, a labelled e-mail field and 'Submit'; axe", async () => {
    const form = await mount();
    assert.ok(getByRole(form, 'form', T.requestTitle));
    assert.equal(getByLabel(document, T.email).getAttribute('type'), 'email');
    assert.ok(getByRole(form, 'button', T.submit));
    await checkA11y(form);
  });

  it('a wrong address: the error under the label, the field focused, no request', async () => {
    stub = stubApi(() => json(200, SAME_ANSWER));
    const form = await mount();
    const email = getByLabel(document, T.email);
    await click(getByRole(form, 'button', T.submit));
    await waitFor(() => errorOf(email) === `Error: ${MESSAGES.email}`, 'the error');
    assert.equal(focused(), email);
    await type(email, 'ada@example');
    await click(getByRole(form, 'button', T.submit));
    await waitFor(() => errorOf(email) === `Error: ${MESSAGES.email}`, 'the error again');
    assert.equal(stub.calls.length, 0);
    await checkA11y(form);
    // the error goes as soon as the address is right, and comes back only when the field is left wrong
    await type(email, '.com');
    await waitFor(() => errorOf(email) === undefined, 'the error gone once the address is right');
    await press('Backspace');
    await press('Backspace');
    await press('Backspace');
    await press('Backspace');
    assert.equal(errorOf(email), undefined, 'not while typing');
    await press('Tab');
    await waitFor(() => errorOf(email) === `Error: ${MESSAGES.email}`, 'the error on leaving the field');
  });

  it("sent: POST /api/documents/link, the button shows 'Sending...' then 'Sent', and the answer claims no more than it knows", async () => {
    let answer: (response: Response) => void = () => undefined;
    stub = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const form = await mount();
    const email = getByLabel(document, T.email);
    await type(email, ' ada@example.com ');
    await click(getByRole(form, 'button', T.submit));
    const busy = await waitFor(() => queryAllByRole(form, 'button', T.submitting)[0], "'Sending...'");
    assert.equal(busy.getAttribute('aria-disabled'), 'true');
    // a second press while it runs sends nothing more
    await click(busy);
    assert.equal(stub.calls.length, 1);
    assert.equal(stub.calls[0]!.url, '/api/documents/link');
    assert.equal(stub.calls[0]!.method, 'POST');
    assert.deepEqual(stub.calls[0]!.body, { emailAddress: 'ada@example.com' });
    answer(json(200, SAME_ANSWER));
    const done = await waitFor(() => queryAllByRole(form, 'button', T.submitted)[0], "'Sent'");
    assert.equal(done.getAttribute('aria-disabled'), null);
    assert.equal(notice(form), T.sent);
    assert.ok(T.sent.startsWith('If a policy uses this address'), 'no claim that a policy exists');
    await checkA11y(form);
    // another address is another request
    await type(email, 'x');
    await waitFor(() => queryAllByRole(form, 'button', T.submit)[0], "'Submit' again");
  });

  it("a failure: the first of the server's messages, else doc 1's 'Cannot locate policy' text; the address stays", async () => {
    const tooMany = 'Too many requests. Please wait a minute and try again.';
    let answer: () => Response | Promise<Response> = () => json(429, { error_messages: [tooMany, 'second'] });
    stub = stubApi(() => answer());
    const form = await mount();
    const email = getByLabel<HTMLInputElement>(document, T.email);
    await type(email, 'ada@example.com');
    await click(getByRole(form, 'button', T.submit));
    await waitFor(() => notice(form) === tooMany, 'the server message');
    assert.ok(form.querySelector('.ppm-notice--danger'));
    await checkA11y(form);

    answer = () => json(500, {});
    await click(getByRole(form, 'button', T.submit));
    await waitFor(() => notice(form) === MESSAGES.policyDocsRequestFailed, 'the fallback for an answer without messages');

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await click(getByRole(form, 'button', T.submit));
    await waitFor(() => stub!.calls.length === 3 && notice(form) === MESSAGES.policyDocsRequestFailed, 'the fallback for no answer');
    assert.equal(email.value, 'ada@example.com');
    assert.ok(getByRole(form, 'button', T.submit));
  });
});
