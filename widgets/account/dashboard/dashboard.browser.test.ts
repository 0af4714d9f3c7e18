/// <reference types="mocha" />
import { BRAND } from '../../../contract/brand.ts';
import { endSession, selectPolicy } from '../../core/session.ts';
import { assert, checkA11y, click, focused, getByRole, json, nameOf, press, queryAllByRole, stubApi, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import type { Navigate } from '../paths.ts';
import { DashboardPage } from './DashboardPage.tsx';
import { COVERAGE_DASHBOARD_DESCRIPTIONS, DASHBOARD_TEXTS as T } from './dashboard.texts.ts';
import { PICTURE, policy, quote, sessionAnswer, vehicle } from './dashboard.fixtures.ts';
import { signedInCookie } from '../../testing/session-fixture.ts';

const HOME = location.pathname;

let stub: ReturnType<typeof stubApi> | undefined;
let visits: { url: string; how: string | undefined }[] = [];

/** The page as Astro renders it (the island, which draws its own heading), opened at `path`; navigation is watched, not done. */
function mount(path = '/account'): HTMLElement {
  history.replaceState(null, '', path);
  const navigate: Navigate = (url, how) => visits.push({ url, how });
  return mountIsland('', DashboardPage, { navigate });
}

function answering(...answers: ((call: Parameters<Parameters<typeof stubApi>[0]>[0]) => Response | undefined)[]) {
  stub = stubApi((call) => {
    for (const answer of answers) {
      const response = answer(call);
      if (response) return response;
    }
    return json(404, { error_messages: ['not stubbed'] });
  });
}

const welcome = (page: HTMLElement) => waitFor(() => queryAllByRole(page, 'heading', T.welcome('Jane'))[0], 'the greeting');
const toggles = (page: HTMLElement) => queryAllByRole(page, 'button').filter((b) => b.classList.contains('dash-vehicle__toggle'));
/** The visible sections titled `name`. */
const region = (page: HTMLElement, name: string) => queryAllByRole(page, 'heading', name).map((heading) => heading.closest('.dash-section'));
/** The sections of the open blocks, by their heading. */
function section(page: HTMLElement, title: string, index = 0): HTMLElement {
  const heading = queryAllByRole(page, 'heading', title)[index];
  assert.ok(heading, `the section ${title}`);
  return heading.closest<HTMLElement>('.dash-section')!;
}
function factsOf(root: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...root.querySelectorAll('.dash-facts > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.innerText.replace(/\n/g, ' / ')]),
  );
}

// the stubbed API answers for a session, so its cookie is there as the server would have set it
beforeEach(() => signedInCookie(true));

afterEach(() => {
  signedInCookie(false);
  stub?.restore();
  stub = undefined;
  unmountIslands();
  endSession();
  visits = [];
  history.replaceState(null, '', HOME);
});

describe('the account dashboard', () => {
  it("waits for the session: 'Loading...', then 'Welcome back, {first name}' and one block per vehicle, the first open", async () => {
    let answer: (response: Response) => void = () => undefined;
    stub = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const page = mount();
    const loading = await waitFor(() => queryAllByRole(page, 'status')[0], 'the loader');
    assert.equal(loading.textContent, T.loading);
    await waitFor(() => stub!.calls.length === 1, 'the session check');
    assert.equal(stub.calls[0]!.url, '/api/user/retrieve_session');
    assert.equal(stub.calls[0]!.credentials, 'include');
    answer(json(200, { user: { firstName: 'Jane', lastName: 'Doe', emailAddress: 'jane@example.com' }, policies: [policy()] }));
    await welcome(page);
    assert.ok(page.textContent!.includes(T.policyLine('PPM-1001')));
    const [first, second] = toggles(page);
    assert.equal(toggles(page).length, 2);
    assert.equal(first!.textContent, '2022 Porsche 911 Carrera S');
    assert.equal(second!.textContent, '1989 Porsche 944 Turbo');
    assert.equal(first!.getAttribute('aria-expanded'), 'true');
    assert.equal(second!.getAttribute('aria-expanded'), 'false');
    assert.equal(queryAllByRole(page, 'heading', T.myVehicle).length, 1, 'only the open block shows its sections');
    for (const title of [T.myVehicle, T.myPolicy, T.myCoverage, T.myDrivers]) assert.equal(region(page, title).length, 1, title);
    assert.equal(nameOf(first!.closest('section')!), '2022 Porsche 911 Carrera S', "each block is a region named by its vehicle");
    await checkA11y(page);

    await click(second!);
    await waitFor(() => second!.getAttribute('aria-expanded') === 'true', 'the second block open');
    assert.equal(queryAllByRole(page, 'heading', T.myVehicle).length, 2);
    await click(first!);
    await waitFor(() => first!.getAttribute('aria-expanded') === 'false', 'the first block closed');
    assert.equal(queryAllByRole(page, 'heading', T.myVehicle).length, 1);
    assert.ok(document.getElementById(first!.getAttribute('aria-controls')!)!.hidden, 'the panel it controls is hidden');
    await checkA11y(page);
  });

  it('the picture: extcam02 preferred, the drawn default without one, and the default when a picture does not load', async () => {
    const broken = vehicle({ id: 'veh-3', model: 'Cayman', vehicleImageResponse: { Vin: { picture: [{ view: 'extcam02', uri: '/no-such-picture.svg' }] } } });
    answering(sessionAnswer([policy({ vehicleInfo: [vehicle(), vehicle({ id: 'veh-2', model: 'Boxster', vehicleImageResponse: { Vin: { picture: [{ view: 'extcam05', uri: PICTURE('extcam05') }] } } }), broken, vehicle({ id: 'veh-4', model: '356', vehicleImageResponse: null })] })]));
    const page = mount();
    await welcome(page);
    for (const toggle of toggles(page).slice(1)) await click(toggle);
    const pictures = [...page.querySelectorAll('.dash-picture')];
    assert.equal(pictures.length, 4);
    const first = pictures[0]!.querySelector('img')!;
    assert.equal(first.getAttribute('src'), new URL(PICTURE('extcam02'), location.href).href, 'extcam02 over the first');
    assert.equal(first.alt, '', 'the block heading names the vehicle');
    await waitFor(() => first.complete && first.naturalWidth > 0, 'the picture drawn');
    assert.equal(pictures[1]!.querySelector('img')!.getAttribute('src'), new URL(PICTURE('extcam05'), location.href).href, 'else the first');
    await waitFor(() => pictures[2]!.querySelector('svg.dash-picture__default'), 'the default after a failed picture');
    assert.ok(pictures[3]!.querySelector('svg.dash-picture__default'), 'the default without pictures');
    assert.equal(pictures[3]!.querySelector('img'), null);
    await checkA11y(page);
  });

  it('My vehicle, My policy and My drivers: facts, the INSURED owner, the renewal date, garaging then mailing, drivers in order', async () => {
    answering(sessionAnswer([policy()]));
    const page = mount();
    await welcome(page);
    assert.deepEqual(factsOf(section(page, T.myVehicle)), {
      [T.year]: '2022', [T.make]: 'Porsche', [T.model]: '911 Carrera S', [T.bodyStyle]: 'Coupe', [T.vin]: 'WP0AB2A99NS123456',
    });
    assert.deepEqual(factsOf(section(page, T.myPolicy)), {
      [T.policyNumber]: 'PPM-1001',
      [T.policyOwner]: 'Jane Doe',
      [T.renewalDate]: 'May 1st, 2027',
      [T.garagingAddress]: '200 Garage Ln / Phoenix, AZ 85001',
      [T.mailingAddress]: '1 Post Office Rd / Tempe, AZ 85281',
    });
    const drivers = section(page, T.myDrivers);
    assert.deepEqual([...drivers.querySelectorAll('.dash-drivers__name')].map((n) => n.textContent), ['Jane Doe', 'Sam Doe']);
    assert.deepEqual(factsOf(drivers.querySelector('li')!), { [T.driverDob]: '07/04/1980', [T.driverLicense]: T.licenseEnding('5678') });
    assert.ok(!drivers.textContent!.includes('D12345678'), 'never the whole licence number');
  });

  it("My coverage: rates with $, limits with '|', doc 1's labels and the descriptions; Unlimited shows its term premium", async () => {
    answering(sessionAnswer([policy()]));
    const page = mount();
    await welcome(page);
    const coverage = section(page, T.myCoverage);
    assert.deepEqual(factsOf(coverage), { [T.plan]: T.payPerMile, [T.baseRate]: '$95.40', [T.perMileRate]: '$0.071' });
    const rows = [...coverage.querySelectorAll('.dash-coverages > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('.dash-coverages__limit')!.textContent]);
    assert.deepEqual(rows, [
      ['Bodily Injury (Each Person | Each Accident)', '$100,000 | $300,000'],
      ['Property Damage (Each Accident)', '$100,000'],
      ['Uninsured Bodily', '$50,000 | $100,000'],
      ['Uninsured Motorist Property Damage', '$25,000'],
      ['Comprehensive Deductible', '$500'],
      ['Collision Deductible', '$1,000'],
      ['Rental (Each Day | Each Loss)', '$125 | $3,750'],
    ]);
    for (const code of ['BI', 'PD', 'UMPD', 'COMP', 'COLL', 'RENT']) assert.ok(coverage.textContent!.includes(COVERAGE_DASHBOARD_DESCRIPTIONS[code]!), code);

    await click(toggles(page)[1]!);
    const unlimited = section(page, T.myCoverage, 1);
    assert.deepEqual(factsOf(unlimited), { [T.plan]: T.unlimited, [T.unlimitedPremium]: '$1,260.00' });
  });

  it("Change Address, Add/Replace Vehicle, Change Coverage, Add/Edit Drivers and View My Statement open 'Call Us'; OK and Escape close it, focus returns", async () => {
    answering(sessionAnswer([policy()]));
    const page = mount();
    await welcome(page);
    const before = location.href;
    const names = [T.changeAddress, T.addReplaceVehicle, T.changeCoverage, T.addEditDrivers, T.viewStatement];
    for (const [index, name] of names.entries()) {
      const button = getByRole(page, 'button', name);
      await click(button);
      const dialog = await waitFor(() => queryAllByRole(page, 'dialog', T.callUsTitle)[0], `the modal from ${name}`);
      assert.ok((dialog as HTMLDialogElement).open && dialog.matches(':modal'), 'a modal dialog');
      const phone = getByRole<HTMLAnchorElement>(dialog, 'link', BRAND.phone);
      assert.equal(phone.getAttribute('href'), BRAND.phoneHref);
      assert.equal(focused(), getByRole(dialog, 'button', T.ok), 'focus in the dialog, on OK');
      if (index === 0) await checkA11y(page);
      if (index % 2 === 0) await click(getByRole(dialog, 'button', T.ok));
      else await press('Escape');
      await waitFor(() => !(dialog as HTMLDialogElement).open, 'the modal closed');
      await waitFor(() => focused() === button, `focus back on ${name}`);
    }
    // core's modal has a close button of its own, which does the same
    const button = getByRole(page, 'button', T.changeAddress);
    await click(button);
    const dialog = await waitFor(() => queryAllByRole(page, 'dialog', T.callUsTitle)[0], 'the modal again');
    await click(getByRole(dialog, 'button', T.close));
    await waitFor(() => !(dialog as HTMLDialogElement).open, 'the modal closed by its close button');
    await waitFor(() => focused() === button, 'focus back again');
    assert.equal(location.href, before, 'nothing navigates');
    assert.equal(visits.length, 0);
  });

  it('the ID card opens the policy card in a new tab; without insuranceInfo it is disabled and says why', async () => {
    answering(sessionAnswer([policy()]));
    let page = mount();
    await welcome(page);
    const card = getByRole<HTMLAnchorElement>(section(page, T.myPolicy), 'link', `${T.idCard} ${T.idCardNewTab}`);
    assert.equal(card.href, new URL('/api/user/id_card/PPM-1001', location.href).href);
    assert.equal(card.target, '_blank');
    assert.equal(card.rel, 'noopener');
    unmountIslands();
    endSession();
    stub!.restore();

    answering(sessionAnswer([policy({ insuranceInfo: null })]));
    page = mount();
    await welcome(page);
    const disabled = getByRole<HTMLButtonElement>(section(page, T.myPolicy), 'button', T.idCard);
    assert.ok(disabled.disabled);
    assert.equal(document.getElementById(disabled.getAttribute('aria-describedby')!)!.textContent, T.idCardMissing);
    assert.equal(queryAllByRole(page, 'link', new RegExp(T.idCard)).length, 0);
    await checkA11y(page);
  });

  it('a policy cancelled for non-payment says so, with its date, and offers no ID card', async () => {
    // the API sends a cancelled policy without insuranceInfo, and with the day it ended
    answering(sessionAnswer([policy({ policyStatus: 'CANCELLED', insuranceInfo: null, cancelledOn: '2027-04-20' })]));
    const page = mount();
    await welcome(page);
    const policySection = section(page, T.myPolicy);
    assert.equal(getByRole(policySection, 'status').textContent, T.cancelled('04/20/2027'));
    const disabled = getByRole<HTMLButtonElement>(policySection, 'button', T.idCard);
    assert.ok(disabled.disabled);
    assert.equal(document.getElementById(disabled.getAttribute('aria-describedby')!)!.textContent, T.idCardCancelled);
    await checkA11y(page);
  });

  it("a missing renewal date is 'To be confirmed'", async () => {
    answering(sessionAnswer([policy({ renewalDate: null })]));
    const page = mount();
    await welcome(page);
    assert.equal(factsOf(section(page, T.myPolicy))[T.renewalDate], T.toBeConfirmed);
  });

  it('no selected policy: off to /account/multiple-policies (replacing this page); a chosen one shows, quotes never do', async () => {
    const second = policy({ policyNumber: 'PPM-1002', vehicleInfo: [vehicle({ model: 'Taycan 4S' })] });
    answering(sessionAnswer([policy(), second, quote('Q-3001')]));
    let page = mount();
    await waitFor(() => visits.length === 1, 'the redirect');
    assert.deepEqual(visits[0], { url: '/account/multiple-policies', how: 'replace' });
    assert.equal(queryAllByRole(page, 'heading', T.welcome('Jane')).length, 0, 'nothing of an account shows');
    unmountIslands();

    selectPolicy('PPM-1002');
    page = mount();
    await welcome(page);
    assert.equal(visits.length, 1);
    assert.deepEqual(toggles(page).map((t) => t.textContent), ['2022 Porsche Taycan 4S']);
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.otherPolicy).getAttribute('href'), '/account/multiple-policies');
    unmountIslands();

    selectPolicy('Q-3001');
    page = mount();
    await waitFor(() => visits.length === 2, 'a quote is no policy to show');
  });

  it('the links of the account: Statements, the card for the monthly bill, Request a Card, Lookup Quotes, Change Password', async () => {
    answering(sessionAnswer([policy()]));
    const page = mount();
    await welcome(page);
    const nav = page.querySelector<HTMLElement>('nav')!;
    assert.equal(nameOf(nav), T.linksTitle, 'a navigation landmark named by its heading');
    const links = queryAllByRole(nav, 'link').map((a) => [a.textContent, a.getAttribute('href')]);
    assert.deepEqual(links, [
      [T.statements, '/account/statements'],
      [T.paymentCard, '/account/card'],
      [T.requestCard, '/account/request-a-card'],
      [T.lookupQuotes, '/account/lookup-quotes'],
      [T.changePassword, '/account/change-password'],
    ]);
    assert.equal(queryAllByRole(page, 'link', T.otherPolicy).length, 0, 'one policy: nothing to switch to');
  });

  it('/account#drivers (the older /account/drivers): the section opens, comes into view and takes focus', async () => {
    answering(sessionAnswer([policy()]));
    const page = mount('/account#drivers');
    await welcome(page);
    const heading = await waitFor(() => queryAllByRole(page, 'heading', T.myDrivers).find((h) => h === focused()), 'focus on My drivers');
    const box = heading.getBoundingClientRect();
    assert.ok(box.top >= 0 && box.top < innerHeight, 'in view');
    await click(toggles(page)[0]!);
    await waitFor(() => toggles(page)[0]!.getAttribute('aria-expanded') === 'false', 'closed');
    history.replaceState(null, '', '/account');
    location.hash = 'coverage';
    await waitFor(() => focused() === queryAllByRole(page, 'heading', T.myCoverage)[0], 'a later hash lands too, opening the block');
    assert.equal(toggles(page)[0]!.getAttribute('aria-expanded'), 'true');
  });

  it('signed out (401): no account data, the way to log in; a later 401 takes the name away too', async () => {
    answering(sessionAnswer('signed-out'));
    let page = mount();
    const logIn = await waitFor(() => queryAllByRole(page, 'link', T.logIn)[0], 'the log-in link');
    assert.ok(logIn.getAttribute('href')!.startsWith('/account/log-in?returnUrl='));
    assert.equal(queryAllByRole(page, 'heading', T.welcome('Jane')).length, 0);
    await checkA11y(page);
    unmountIslands();
    stub!.restore();

    answering(sessionAnswer([policy()]));
    page = mount();
    await welcome(page);
    endSession(); // what a 401 on any call does (widgets/core/api-client.ts)
    await waitFor(() => queryAllByRole(page, 'link', T.logIn)[0], 'the log-in link');
    assert.equal(queryAllByRole(page, 'heading', T.welcome('Jane')).length, 0);
    assert.ok(!page.textContent!.includes('PPM-1001'));
  });
});
