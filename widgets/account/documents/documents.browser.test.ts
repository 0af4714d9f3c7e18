/// <reference types="mocha" />
import { DOCUMENT_DESCRIPTIONS, type DocumentListResponse } from '../../../contract/api/documents.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { assert, checkA11y, getByRole, json, queryAllByRole, stubApi, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { qrImageUrl } from './documents-logic.ts';
import { DocumentsPage } from './DocumentsPage.tsx';
import { DOCUMENTS_TEXTS as T } from './documents.texts.ts';

const TOKEN = 'd0cT0ken_abcdefghijklmnopqrstuvwxyz0123456789';
const HOME = location.pathname;

/** GET /api/documents's answer, as the API gives it (contract DocumentListResponse). */
function listOf(...documents: [description: string, dateCreated: string, fileUrl: string][]): DocumentListResponse {
  return { data: { documents: documents.map(([fileDescription, dateCreated, fileUrl]) => ({ fileDescription, dateCreated, fileUrl })) } };
}

const CARD_OLD: [string, string, string] = [DOCUMENT_DESCRIPTIONS.card, '2025-03-01', `/api/documents/files/card-1?id=${TOKEN}`];
const CARD_NEW: [string, string, string] = [DOCUMENT_DESCRIPTIONS.card, '2025-03-20', `/api/documents/files/card-2?id=${TOKEN}`];
const DECLARATION: [string, string, string] = [DOCUMENT_DESCRIPTIONS.declaration, '2025-03-20', `/api/documents/files/dec-2?id=${TOKEN}`];
const DECLARATION_OLD: [string, string, string] = [DOCUMENT_DESCRIPTIONS.declaration, '2025-03-01', `/api/documents/files/dec-1?id=${TOKEN}`];
const SIGNED: [string, string, string] = [DOCUMENT_DESCRIPTIONS['signed-application'], '2025-03-21', `/api/documents/files/signed?id=${TOKEN}`];
const ESIGN: [string, string, string] = [DOCUMENT_DESCRIPTIONS.esignature, '2025-03-01', '/account/sign?token=esignTokenAbcdefghij'];
const ODOMETER: [string, string, string] = [DOCUMENT_DESCRIPTIONS.odometer, '2025-03-01', '/odometer?token=odoTokenAbcdefghijk'];

let stub: ReturnType<typeof stubApi> | undefined;

/** The page as Astro renders it: its h1 and the island, opened at /account/documents/{token}. */
function mount(path = `/account/documents/${TOKEN}`): HTMLElement {
  history.replaceState(null, '', path);
  return mountIsland('Policy Documents', DocumentsPage, {});
}

const absolute = (path: string) => new URL(path, location.href).href;

afterEach(() => {
  stub?.restore();
  stub = undefined;
  unmountIslands();
  history.replaceState(null, '', HOME);
});

describe('the documents page', () => {
  it("loading: 'Loading...' while GET /api/documents?id={token} runs", async () => {
    let answer: (response: Response) => void = () => undefined;
    stub = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const page = mount();
    const loading = await waitFor(() => queryAllByRole(page, 'status')[0], 'the loader');
    assert.equal(loading.textContent, T.loading);
    await waitFor(() => stub!.calls.length === 1, 'the call');
    assert.equal(stub.calls[0]!.method, 'GET');
    assert.equal(stub.calls[0]!.url, `/api/documents?id=${TOKEN}`);
    await checkA11y(page);
    answer(json(200, listOf(CARD_NEW, DECLARATION)));
    await waitFor(() => queryAllByRole(page, 'link', /^ID Card/).length === 1, 'the tiles');
    assert.equal(queryAllByRole(page, 'status').length, 0, 'the loader is gone');
  });

  it('onboarding: the e-sign link, the odometer link with its QR code, then the PDFs already there', async () => {
    stub = stubApi(() => json(200, listOf(CARD_NEW, ESIGN, ODOMETER)));
    const page = mount();
    await waitFor(() => queryAllByRole(page, 'heading', T.onboardingTitle)[0], 'onboarding');
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.esignLink).href, absolute(ESIGN[2]));
    const odometer = getByRole<HTMLAnchorElement>(page, 'link', T.odometerLink);
    assert.equal(odometer.href, absolute(ODOMETER[2]));
    assert.equal(odometer.target, '', 'the same tab: these are pages, not PDFs');
    const qr = page.querySelector<HTMLImageElement>(`img[alt="${T.qrAlt}"]`);
    assert.ok(qr, 'the QR code, named for what it opens');
    // (compared as a boolean: a failing diff of two QR images would only print two walls of SVG)
    assert.ok(qr.getAttribute('src') === qrImageUrl(absolute(ODOMETER[2])), "a code of the odometer page's absolute address");
    await waitFor(() => qr.complete && qr.naturalWidth > 0, 'the QR image drawn');
    assert.ok(page.textContent!.includes(T.qrCaption));
    const card = getByRole<HTMLAnchorElement>(page, 'link', /^ID Card/);
    assert.equal(card.href, absolute(CARD_NEW[2]));
    assert.equal(queryAllByRole(page, 'link', /^Declaration Page/).length, 0, 'only what is there');
    await checkA11y(page);
  });

  it('one step left: signed, photos still wanted (and the other way round): the heading and the intro count what is left', async () => {
    let answer = () => json(200, listOf(CARD_NEW, SIGNED, ODOMETER));
    stub = stubApi(() => answer());
    let page = mount();
    await waitFor(() => queryAllByRole(page, 'heading', T.oneStepTitle)[0], 'one step left');
    assert.equal(queryAllByRole(page, 'heading', T.onboardingTitle).length, 0, "no 'Two steps' once one is done");
    assert.ok(page.textContent!.includes(T.odometerOnlyIntro));
    assert.equal(queryAllByRole(page, 'link', T.esignLink).length, 0);
    assert.ok(getByRole(page, 'link', T.odometerLink));
    await checkA11y(page);
    unmountIslands();

    answer = () => json(200, listOf(CARD_NEW, ESIGN));
    page = mount();
    await waitFor(() => queryAllByRole(page, 'heading', T.oneStepTitle)[0], 'the signature left');
    assert.ok(page.textContent!.includes(T.esignOnlyIntro));
    assert.ok(getByRole(page, 'link', T.esignLink));
    assert.equal(queryAllByRole(page, 'link', T.odometerLink).length, 0);
  });

  it('documents: ID Card, Declaration Page and Signed Application tiles, the newest of each, opening in a new tab', async () => {
    stub = stubApi(() => json(200, listOf(CARD_OLD, DECLARATION, CARD_NEW, DECLARATION_OLD, SIGNED)));
    const page = mount();
    await waitFor(() => queryAllByRole(page, 'heading', T.documentsTitle)[0], 'documents mode');
    const names = queryAllByRole(page, 'link').map((link) => link.querySelector('.account-tile__name')?.textContent);
    assert.deepEqual(names, [T.card, T.declaration, T.signedApplication]);
    const card = getByRole<HTMLAnchorElement>(page, 'link', /^ID Card/);
    assert.equal(card.href, absolute(CARD_NEW[2]), 'the newest card');
    assert.equal(card.textContent, `${T.card}${T.created('03/20/2025')}${T.newTab}`);
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', /^Declaration Page/).href, absolute(DECLARATION[2]));
    for (const link of queryAllByRole(page, 'link') as HTMLAnchorElement[]) {
      assert.equal(link.target, '_blank');
      assert.equal(link.rel, 'noopener');
    }
    assert.equal(queryAllByRole(page, 'heading', T.onboardingTitle).length, 0);
    await checkA11y(page);
  });

  it('cancelled: says since when, lists the Notice of Cancellation, and no ID card', async () => {
    const NOTICE: [string, string, string] = [DOCUMENT_DESCRIPTIONS['cancellation-notice'], '2025-04-10', `/api/documents/files/notice?id=${TOKEN}`];
    // the API leaves the ID card out of a cancelled policy's list and says since when it is cancelled
    stub = stubApi(() => json(200, { data: { ...listOf(DECLARATION, NOTICE).data, cancelledOn: '2025-04-20' } }));
    const page = mount();
    await waitFor(() => queryAllByRole(page, 'heading', T.documentsTitle)[0], 'documents mode');
    assert.equal(getByRole(page, 'status').textContent, T.cancelled('04/20/2025'));
    const names = queryAllByRole(page, 'link').map((link) => link.querySelector('.account-tile__name')?.textContent);
    assert.deepEqual(names, [T.declaration, T.cancellationNotice]);
    await checkA11y(page);
  });

  it("expired: 'link has expired' and the way back to My Policy, for a 404, an empty list and a bare page", async () => {
    let answer = () => json(404, { error_messages: [MESSAGES.token] });
    stub = stubApi(() => answer());
    let page = mount();
    await waitFor(() => page.textContent!.includes(MESSAGES.documentsLinkExpired), 'the expired message');
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.myPolicyLink).getAttribute('href'), '/account/my-policy');
    await checkA11y(page);
    unmountIslands();

    answer = () => json(200, listOf());
    page = mount();
    await waitFor(() => page.textContent!.includes(MESSAGES.documentsLinkExpired), 'an empty list');
    unmountIslands();

    page = mount('/account/documents/');
    await waitFor(() => page.textContent!.includes(MESSAGES.documentsLinkExpired), 'no token');
    assert.equal(stub.calls.length, 2, 'no call without a token');
  });

  it("unable to locate: a 500 and no answer at all show doc 1's 'unable to locate' text", async () => {
    let answer: () => Response | Promise<Response> = () => json(500, { error_messages: ['Something went wrong on our side.'] });
    stub = stubApi(() => answer());
    let page = mount();
    await waitFor(() => page.textContent!.includes(MESSAGES.documentsUnavailable), 'the 500 message');
    assert.ok(getByRole(page, 'link', T.myPolicyLink));
    assert.ok(!page.textContent!.includes(MESSAGES.documentsLinkExpired));
    await checkA11y(page);
    unmountIslands();

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    page = mount();
    await waitFor(() => page.textContent!.includes(MESSAGES.documentsUnavailable), 'the network failure');
  });
});
