/// <reference types="mocha" />
import { sendMouse } from '@web/test-runner-commands';
import type { EsignAnswer, EsignView } from '../../../contract/api/onboarding.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { assert, checkA11y, click, focused, getByLabel, getByRole, json, queryAllByRole, stubApi, type, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { SIGN_TOKEN_KEY, SignPage } from './SignPage.tsx';
import { SIGN_TEXTS as T } from './sign.texts.ts';

const TOKEN = 'signT0ken_abcdefghijklmnopqrstuvwxyz012345';
const HOME = location.pathname;
const CONSENT =
  'I agree to do business electronically: to receive my application, policy documents and notices electronically, and to sign with my typed name.';
/** GET /api/esign's answer for an application not yet signed. */
const OPEN: EsignView = {
  policyNumber: 'PPM-AZ-000123',
  subject: 'application',
  applicationUrl: `/api/esign/application?token=${TOKEN}`,
  consentText: CONSENT,
  status: 'open',
  documentsUrl: '/account/documents/docsT0ken_abcdefghijklmnop',
};
const SIGNED: EsignAnswer = { signed: true, documentsUrl: OPEN.documentsUrl };

let stub: ReturnType<typeof stubApi> | undefined;

/** The page as Astro renders it, opened at `path`. */
function mount(path = `/account/sign?token=${TOKEN}`): HTMLElement {
  history.replaceState(null, '', path);
  return mountIsland('Sign Your Application', SignPage, {});
}

const form = (page: HTMLElement) => waitFor(() => queryAllByRole(page, 'button', T.sign)[0] && page, 'the form');
const summaryLinks = (page: HTMLElement) => [...page.querySelectorAll<HTMLAnchorElement>('.ppm-error-summary a')];

function errorOf(input: HTMLElement): string | undefined {
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.classList.contains('ppm-error-message'))?.textContent ?? undefined;
}

/** Clicks a link that wraps onto two lines on its first line: the middle of its box may be no text at all. */
async function clickFirstLine(link: HTMLElement): Promise<void> {
  link.scrollIntoView({ block: 'center' });
  const line = link.getClientRects()[0]!;
  await sendMouse({ type: 'click', position: [Math.round(line.x + 10), Math.round(line.y + line.height / 2)] });
}

beforeEach(() => sessionStorage.clear());

afterEach(() => {
  stub?.restore();
  stub = undefined;
  unmountIslands();
  history.replaceState(null, '', HOME);
  sessionStorage.clear();
});

describe('the e-signature page', () => {
  it('takes the token off the address bar, loads the application and shows what is signed and how; axe', async () => {
    stub = stubApi(() => json(200, OPEN));
    const page = mount(`/account/sign?token=${TOKEN}&utm_source=mail`);
    assert.equal(location.search, '?utm_source=mail', 'the token is gone at once');
    assert.equal(sessionStorage.getItem(SIGN_TOKEN_KEY), TOKEN, 'kept for a reload of this tab');
    await form(page);
    assert.equal(stub.calls[0]!.url, `/api/esign?token=${TOKEN}`);
    assert.ok(page.textContent!.includes(OPEN.policyNumber));
    const application = getByRole<HTMLAnchorElement>(page, 'link', `${T.readApplication} ${T.newTab}`);
    assert.equal(application.href, new URL(OPEN.applicationUrl, location.href).href);
    assert.equal(application.target, '_blank');
    assert.equal(application.rel, 'noopener');
    const consent = getByRole<HTMLInputElement>(page, 'checkbox', CONSENT);
    assert.equal(consent.checked, false);
    assert.equal(getByLabel(document, T.fullName).getAttribute('autocomplete'), 'name');
    await checkA11y(page);
  });

  it('opened while the application is still being made (409): the loader stays, the page asks again, then shows the form', async () => {
    let asked = 0;
    stub = stubApi(() => (++asked === 1 ? json(409, { error_messages: [MESSAGES.esignNotReady] }) : json(200, OPEN)));
    const page = mount();
    await waitFor(() => asked === 1 && page.querySelector('[role="status"]'), 'the loader, after the first answer');
    assert.equal(page.textContent!.includes(MESSAGES.esignNotReady), false, 'not told it is not ready while it is being made');
    await form(page);
    assert.equal(stub.calls.length, 2, 'asked again once');
  });

  it('the consent unchecked: an error summary linked to the checkbox, the checkbox focused, nothing sent', async () => {
    stub = stubApi(() => json(200, OPEN));
    const page = await form(mount());
    const consent = getByRole<HTMLInputElement>(page, 'checkbox', CONSENT);
    const name = getByLabel(document, T.fullName);
    // nothing given: both problems, in the page's order
    await click(getByRole(page, 'button', T.sign));
    assert.deepEqual(summaryLinks(page).map((a) => a.textContent), [MESSAGES.esignConsentRequired, MESSAGES.esignFullName]);
    assert.equal(errorOf(name), `Error: ${MESSAGES.esignFullName}`);
    // the name given, the consent still not
    await type(name, 'Ada Lovelace');
    assert.equal(errorOf(name), undefined, 'the name error goes once the name is there');
    await click(getByRole(page, 'button', T.sign));
    assert.equal(errorOf(consent), `Error: ${MESSAGES.esignConsentRequired}`);
    assert.deepEqual(
      summaryLinks(page).map((a) => [a.textContent, a.getAttribute('href')]),
      [[MESSAGES.esignConsentRequired, `#${consent.id}`]],
    );
    assert.ok(getByRole(page, 'heading', T.summaryTitle));
    assert.equal(focused(), consent, 'the first invalid field');
    assert.equal(stub.calls.length, 1, 'only the GET');
    await checkA11y(page);
    // the summary's link goes to the field
    name.focus();
    await clickFirstLine(summaryLinks(page)[0]!);
    assert.equal(focused(), consent);
  });

  it("the server's name mismatch (422): in the summary and at the field, with what was typed kept", async () => {
    stub = stubApi((call) => (call.method === 'GET' ? json(200, OPEN) : json(422, { error_messages: [MESSAGES.esignNameMismatch] })));
    const page = await form(mount());
    const consent = getByRole<HTMLInputElement>(page, 'checkbox', CONSENT);
    const name = getByLabel<HTMLInputElement>(document, T.fullName);
    await click(consent);
    await type(name, 'Ada Byron');
    await click(getByRole(page, 'button', T.sign));
    await waitFor(() => summaryLinks(page).length === 1, 'the summary');
    assert.deepEqual(stub.calls[1]!.body, { token: TOKEN, consent: true, fullName: 'Ada Byron' });
    assert.equal(stub.calls[1]!.url, '/api/esign');
    assert.equal(summaryLinks(page)[0]!.textContent, MESSAGES.esignNameMismatch);
    assert.equal(summaryLinks(page)[0]!.getAttribute('href'), `#${name.id}`);
    assert.equal(errorOf(name), `Error: ${MESSAGES.esignNameMismatch}`);
    assert.equal(focused(), name);
    assert.equal(name.value, 'Ada Byron');
    assert.equal(consent.checked, true);
    assert.ok(getByRole(page, 'button', T.sign), 'the button is back');
    await checkA11y(page);
  });

  it('signed: the confirmation, focused, and the documents link; a reload of the tab finds the token again', async () => {
    stub = stubApi((call) => (call.method === 'GET' ? json(200, OPEN) : json(201, SIGNED)));
    let page = await form(mount());
    await click(getByRole(page, 'checkbox', CONSENT));
    await type(getByLabel(document, T.fullName), 'Ada Lovelace');
    await click(getByRole(page, 'button', T.sign));
    const heading = await waitFor(() => queryAllByRole(page, 'heading', T.signedTitle)[0], 'the confirmation');
    assert.equal(focused(), heading);
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.documentsLink).href, new URL(SIGNED.documentsUrl, location.href).href);
    await checkA11y(page);
    unmountIslands();

    // the same tab again, without the token in the address: the API says it is signed
    stub.restore();
    stub = stubApi(() => json(200, { ...OPEN, status: 'signed', signedAt: '2025-03-27T15:04:05.000Z' } satisfies EsignView));
    page = mount('/account/sign');
    await waitFor(() => queryAllByRole(page, 'heading', T.signedHeading)[0], 'the signed state');
    assert.equal(stub.calls[0]!.url, `/api/esign?token=${TOKEN}`);
    assert.ok(page.textContent!.includes(MESSAGES.esignAlreadySigned));
    assert.ok(/Signed on \d\d\/\d\d\/2025\./.test(page.textContent!), page.textContent!);
    assert.ok(getByRole(page, 'link', T.documentsLink));
    assert.equal(queryAllByRole(page, 'button', T.sign).length, 0);
  });

  it("a renewal's application: worded as the renewal it is, before and after signing (issue 23)", async () => {
    const RENEWAL: EsignView = { ...OPEN, subject: 'renewal' };
    stub = stubApi((call) => (call.method === 'GET' ? json(200, RENEWAL) : json(201, SIGNED)));
    let page = await form(mount());
    assert.ok(page.textContent!.includes(T.renewal.intro));
    assert.ok(!page.textContent!.includes(T.intro), "not the words of a policy's first application");
    assert.ok(getByRole(page, 'link', new RegExp(`^${T.renewal.readApplication.replace(/[()]/g, '\\$&')}`)));
    await click(getByRole(page, 'checkbox', CONSENT));
    await type(getByLabel(document, T.fullName), 'Ada Lovelace');
    await click(getByRole(page, 'button', T.sign));
    await waitFor(() => queryAllByRole(page, 'heading', T.renewal.signedTitle)[0], 'the renewal confirmation');
    assert.ok(page.textContent!.includes(T.renewal.signedText));
    await checkA11y(page);
    unmountIslands();

    stub.restore();
    stub = stubApi(() => json(200, { ...RENEWAL, status: 'signed', signedAt: '2025-03-27T15:04:05.000Z' } satisfies EsignView));
    page = mount('/account/sign');
    await waitFor(() => queryAllByRole(page, 'heading', T.renewal.signedHeading)[0], 'the signed renewal');
  });

  it('no token anywhere: says to use the link, and calls nothing; a used-up link shows the server message', async () => {
    stub = stubApi(() => json(404, { error_messages: [MESSAGES.token] }));
    let page = mount('/account/sign');
    await waitFor(() => page.textContent!.includes(T.noToken), 'the message');
    assert.equal(getByRole(page, 'link', T.myPolicyLink).getAttribute('href'), '/account/my-policy', 'where a new link comes from');
    assert.equal(stub.calls.length, 0);
    unmountIslands();
    page = mount();
    await waitFor(() => page.querySelector('.ppm-notice')?.textContent === MESSAGES.token, 'the 404 message');
    await checkA11y(page);
  });
});
