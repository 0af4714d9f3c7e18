/// <reference types="mocha" />
import type { SessionResponse } from '../../../contract/api/auth.ts';
import type { Policy, VehicleInfo } from '../../../contract/api/policy.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { endSession, session, startSession } from '../../core/session.ts';
import { assert, checkA11y, click, focused, getByRole, json, queryAllByRole, stubApi, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { MULTIPLE_POLICIES_PATH, RequestCardPage } from './RequestCardPage.tsx';
import { REQUEST_CARD_TEXTS as T } from './request-card.texts.ts';

const HOME = location.pathname;

function vehicle(vin: string, year: number, model: string): VehicleInfo {
  return { vin, year, make: 'Porsche', model, bodyStyle: 'Coupe', premiumInfo: { baseRate: 61.5, perMileRate: 0.084 }, coverageInfo: [] };
}

function policy(policyNumber: string, vehicles: VehicleInfo[], policyStatus = 'ISSUED'): Policy {
  return {
    policyNumber,
    policyStatus,
    policyOwners: [{ relation: 'INSURED', firstName: 'Ada', lastName: 'Lovelace' }],
    addressInfo: [],
    driverInfo: [],
    vehicleInfo: vehicles,
  };
}

const CARRERA = vehicle('WP0AB2A99KS123456', 2019, '911 Carrera');
const CAYMAN = vehicle('WP0CA2A81FS654321', 2015, 'Cayman GTS');
const USER = { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' };
const ONE: SessionResponse = { user: USER, policies: [policy('PPM-AZ-000123', [CARRERA, CAYMAN]), policy('Q-000777', [CARRERA], 'QUOTE')] };

let stub: ReturnType<typeof stubApi> | undefined;

function mount(path = '/account/request-a-card'): HTMLElement {
  history.replaceState(null, '', path);
  return mountIsland('Request an Insurance Card', RequestCardPage, {});
}

const form = (page: HTMLElement) => waitFor(() => queryAllByRole(page, 'button', T.submit)[0] && page, 'the form');
const label = (v: VehicleInfo) => T.vehicle(v.year, v.make, v.model, v.vin);
const summaryLinks = (page: HTMLElement) =>
  [...page.querySelectorAll<HTMLAnchorElement>('.ppm-error-summary a')].map((a) => [a.textContent, a.getAttribute('href')]);
const groupError = (page: HTMLElement, legend: string) =>
  [...page.querySelectorAll('fieldset')].find((f) => f.querySelector('legend')?.textContent === legend)?.querySelector('.ppm-error-message')?.textContent;

afterEach(() => {
  stub?.restore();
  stub = undefined;
  unmountIslands();
  history.replaceState(null, '', HOME);
  endSession();
});

describe('the card request page', () => {
  it("the selected policy's own vehicles as checkboxes, Electronic and Mail as radios, 'Request Card'; axe", async () => {
    startSession(ONE);
    const page = await form(mount());
    assert.ok(page.textContent!.includes('PPM-AZ-000123'));
    const boxes = queryAllByRole(page, 'checkbox') as HTMLInputElement[];
    assert.deepEqual(boxes.map((b) => [b.value, b.checked]), [[CARRERA.vin, false], [CAYMAN.vin, false]]);
    assert.ok(getByRole(page, 'checkbox', label(CARRERA)));
    assert.ok(getByRole(page, 'checkbox', label(CAYMAN)));
    assert.deepEqual(queryAllByRole(page, 'radio').map((r) => (r as HTMLInputElement).value), ['electronic', 'mail']);
    assert.ok(getByRole(page, 'radio', 'Electronic'));
    assert.ok(getByRole(page, 'radio', 'Mail'));
    await checkA11y(page);
  });

  it("nothing chosen: doc 1's two messages, in the summary and at each group, the first box focused; nothing sent", async () => {
    startSession(ONE);
    stub = stubApi(() => json(200, { msg: MESSAGES.cardEmailed, delivery: 'electronic' }));
    const page = await form(mount());
    await click(getByRole(page, 'button', T.submit));
    const first = getByRole(page, 'checkbox', label(CARRERA));
    const electronic = getByRole(page, 'radio', 'Electronic');
    assert.deepEqual(summaryLinks(page), [
      ['At least one Car must be selected.', `#${first.id}`],
      ['At least one Delivery method must be selected.', `#${electronic.id}`],
    ]);
    assert.equal(groupError(page, T.vehicles), 'Error: At least one Car must be selected.');
    assert.equal(groupError(page, T.delivery), 'Error: At least one Delivery method must be selected.');
    const group = page.querySelector<HTMLElement>('fieldset')!;
    const description = group.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    assert.ok(description.includes('Error: At least one Car must be selected.'), 'the group names its error');
    assert.equal(focused(), first);
    assert.equal(stub.calls.length, 0);
    await checkA11y(page);
    // each goes as soon as it is put right
    await click(getByRole(page, 'checkbox', label(CAYMAN)));
    assert.equal(groupError(page, T.vehicles), undefined);
    assert.equal(groupError(page, T.delivery), 'Error: At least one Delivery method must be selected.');
  });

  it("electronic: POST request_card with the policy, the VINs ticked and the delivery; the answer's text as a success notice", async () => {
    startSession(ONE);
    stub = stubApi(() => json(200, { msg: MESSAGES.cardEmailed, delivery: 'electronic' }));
    const page = await form(mount());
    await click(getByRole(page, 'checkbox', label(CAYMAN)));
    await click(getByRole(page, 'radio', 'Electronic'));
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => page.querySelector('.ppm-notice--success')?.textContent === MESSAGES.cardEmailed, 'the notice');
    assert.equal(stub.calls[0]!.url, '/api/user/request_card');
    assert.equal(stub.calls[0]!.method, 'POST');
    assert.deepEqual(stub.calls[0]!.body, { policyNumber: 'PPM-AZ-000123', vins: [CAYMAN.vin], delivery: 'electronic' });
    assert.equal(page.querySelector('.ppm-error-summary:not([hidden])'), null);
    await checkA11y(page);
  });

  it('mail, both vehicles: the stored request confirmed in the answer\'s words', async () => {
    startSession(ONE);
    stub = stubApi(() => json(200, { msg: MESSAGES.cardMailed, delivery: 'mail' }));
    const page = await form(mount('/account/request-card'));
    await click(getByRole(page, 'checkbox', label(CARRERA)));
    await click(getByRole(page, 'checkbox', label(CAYMAN)));
    await click(getByRole(page, 'radio', 'Mail'));
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => page.querySelector('.ppm-notice--success')?.textContent === MESSAGES.cardMailed, 'the notice');
    assert.deepEqual(stub.calls[0]!.body, { policyNumber: 'PPM-AZ-000123', vins: [CARRERA.vin, CAYMAN.vin], delivery: 'mail' });
  });

  it("failures: the server's text for a 4xx, the call-us text without an answer; the choices stay", async () => {
    startSession({ user: USER, policies: [policy('PPM-AZ-000123', [CARRERA])] });
    let answer: () => Response | Promise<Response> = () => json(409, { error_messages: [MESSAGES.cardNotReady] });
    stub = stubApi(() => answer());
    const page = await form(mount());
    const only = getByRole<HTMLInputElement>(page, 'checkbox', label(CARRERA));
    assert.equal(only.checked, true, 'the one vehicle is ticked already');
    await click(getByRole(page, 'radio', 'Electronic'));
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => page.querySelector('.ppm-notice--danger')?.textContent === MESSAGES.cardNotReady, 'the server text');
    await checkA11y(page);
    answer = () => json(500, {});
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => stub!.calls.length === 2 && page.querySelector('.ppm-notice--danger')?.textContent === MESSAGES.callUs, 'the call-us text');
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => stub!.calls.length === 3 && page.querySelector('.ppm-notice--danger')?.textContent === MESSAGES.callUs, 'no answer');
    assert.equal(only.checked, true);
    assert.equal(getByRole<HTMLInputElement>(page, 'radio', 'Electronic').checked, true);
  });

  it('several policies and none selected: the way to the chooser; none at all: the way to the account', async () => {
    startSession({ user: USER, policies: [policy('PPM-AZ-000123', [CARRERA]), policy('PPM-TX-000456', [CAYMAN])] });
    assert.equal(session.value.selectedPolicyNumber, null);
    let page = mount();
    const link = await waitFor(() => queryAllByRole(page, 'link', T.choosePolicyLink)[0], 'the chooser link');
    assert.equal(link.getAttribute('href'), MULTIPLE_POLICIES_PATH);
    assert.equal(queryAllByRole(page, 'checkbox').length, 0);
    await checkA11y(page);
    unmountIslands();
    endSession();

    startSession({ user: USER, policies: [policy('Q-000777', [CARRERA], 'QUOTE')] });
    page = mount();
    await waitFor(() => queryAllByRole(page, 'link', T.accountLink)[0], 'the account link');
    assert.ok(page.textContent!.includes(T.noPolicy));
  });

  it('signed out: the log-in page with the way back; a 401 on the request too', async () => {
    stub = stubApi(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    let page = mount('/account/request-card');
    const link = await waitFor(() => queryAllByRole(page, 'link', T.logIn)[0], 'the sign-in link');
    assert.equal(link.getAttribute('href'), '/account/log-in?returnUrl=%2Faccount%2Frequest-card');
    unmountIslands();

    startSession(ONE);
    page = await form(mount());
    await click(getByRole(page, 'checkbox', label(CARRERA)));
    await click(getByRole(page, 'radio', 'Mail'));
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => queryAllByRole(page, 'link', T.logIn)[0], 'the sign-in link after the 401');
  });
});
