/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MESSAGES } from '../../../contract/messages.ts';
import { endSession, selectPolicy, session, startSession } from '../../core/session.ts';
import { assert, checkA11y, getByRole, getByText, json, nameOf, queryAllByRole, stubApi, waitFor, type StubbedCall } from '../../testing/browser.ts';
import { signedInCookie } from '../../testing/session-fixture.ts';
import { policy } from '../dashboard/dashboard.fixtures.ts';
import { StatementsPage } from './StatementsPage.tsx';
import { BILL_PDF, CAR, ODOMETER, PHOTO, STATEMENTS } from './statements.fixtures.ts';
import { STATEMENTS_TEXTS as T } from './statements.texts.ts';

let host: HTMLElement | undefined;
let react: Root | undefined;
let stub: ReturnType<typeof stubApi> | undefined;

const USER = { firstName: 'Jane', lastName: 'Doe', emailAddress: 'jane.doe@example.com' };

/**
 * The page as the Astro island draws it, signed in as the layout's session check leaves it (as the card page's
 * test does), with the API stubbed.
 */
function mount(statements: (call: StubbedCall) => Response | Promise<Response> = () => json(200, STATEMENTS), policies = [policy()]): HTMLElement {
  startSession({ user: USER, policies });
  stub = stubApi((call) => (call.url.startsWith('/api/user/statements') ? statements(call) : json(404, { error_messages: ['not stubbed'] })));
  host = document.createElement('main');
  const heading = document.createElement('h1');
  heading.textContent = T.title;
  const island = document.createElement('div');
  host.append(heading, island);
  document.body.append(host);
  react = createRoot(island);
  react.render(createElement(StatementsPage));
  return host;
}

const cells = (row: Element) => [...row.children].map((cell) => (cell.textContent ?? '').trim());
const period = (page: HTMLElement, heading: string) => queryAllByRole(page, 'region').find((section) => nameOf(section) === heading)!;

// the stubbed API answers for a session, so its cookie is there as the server would have set it
beforeEach(() => signedInCookie(true));

afterEach(() => {
  signedInCookie(false);
  react?.unmount();
  react = undefined;
  stub?.restore();
  stub = undefined;
  host?.remove();
  endSession();
});

describe('the statements page', () => {
  it('GET /api/user/statements for the selected policy: the balance, then each period newest first, its vehicles, bill, and status', async () => {
    let answer: (response: Response) => void = () => undefined;
    const page = mount(() => new Promise<Response>((resolve) => (answer = resolve)));
    await waitFor(() => stub!.calls.some((c) => c.url.startsWith('/api/user/statements')), 'the statements call');
    const call = stub!.calls.find((c) => c.url.startsWith('/api/user/statements'))!;
    assert.equal(call.url, '/api/user/statements?policyNumber=PPM-1001');
    assert.equal(call.method, 'GET');
    assert.equal(getByRole(page, 'status').textContent, T.loading);
    answer(json(200, STATEMENTS));

    const balance = await waitFor(() => queryAllByRole(page, 'region', T.balanceHeading)[0], 'the balance');
    assert.ok(balance.textContent!.includes('You owe $114.14'));
    assert.deepEqual(
      queryAllByRole(page, 'heading').filter((h) => h.localName === 'h2').map((h) => h.textContent),
      [T.balanceHeading, '07/02/2026 to 08/02/2026', '06/02/2026 to 07/02/2026', '05/02/2026 to 06/02/2026', '04/02/2026 to 05/02/2026'],
      'newest first, dates MM/DD/YYYY',
    );
    assert.equal(getByRole(page, 'link', T.photoLink).getAttribute('href'), new URL(ODOMETER, location.href).href);

    // the open period: a photo being checked (no thumbnail), the Unlimited car, no bill yet
    const july = period(page, '07/02/2026 to 08/02/2026');
    assert.ok(getByText(july, 'Open'));
    assert.ok(getByText(july, T.readingsDue('08/09/2026')));
    assert.ok(getByText(july, 'Odometer 12,000 on 07/30/2026 (being checked)'));
    assert.ok(getByText(july, T.notBilledYet));
    assert.ok(getByText(july, T.unlimited));
    assert.ok(getByText(july, T.noBill('08/09/2026')));
    assert.equal(queryAllByRole(july, 'img').length, 0);
    assert.equal(queryAllByRole(july, 'table').length, 0);

    // the true-up: the reading and its thumbnail, the words, the bill's lines, a failed charge and its next try
    const june = period(page, '06/02/2026 to 07/02/2026');
    assert.ok(getByText(june, 'Closed'));
    const thumb = getByRole<HTMLImageElement>(june, 'img', T.photoAlt(CAR, '07/03/2026'));
    assert.equal(thumb.src, new URL(PHOTO, location.href).href);
    assert.ok(getByText(june, 'Odometer 11,800 on 07/03/2026 (verified)'));
    assert.ok(getByText(june, 'Miles billed: 0'));
    assert.ok(getByText(june, 'True-up: 1,200 driven, 1,217 billed by default'));
    assert.ok(getByText(june, 'Rate: $0.071 a mile'));
    const table = getByRole<HTMLTableElement>(june, 'table', 'Bill of 07/03/2026');
    assert.deepEqual(cells(table.tHead!.rows[0]!), [T.item, T.amount]);
    assert.deepEqual([...table.tBodies[0]!.rows].map(cells), [
      ['Miles, car 1: 0 x $0.071 (1,200 driven - 1,217 billed by default)', '$0.00'],
      ['Default miles not driven, car 1: 17 x $0.071', '-$1.21'],
      ['Base rate, next period, car 1', '$95.40'],
      ['Mileage monitoring fee, car 1', '$5.00'],
      ['Monthly policy fee', '$10.00'],
      ['Convenience fee', '$4.95'],
    ]);
    assert.deepEqual(cells(table.tFoot!.rows[0]!), [T.total, '$114.14']);
    assert.ok(getByText(june, 'Payment failed on 07/03/2026; next try on 07/06/2026'));
    const pdf = getByRole<HTMLAnchorElement>(june, 'link', T.billPdf('07/03/2026'));
    assert.equal(pdf.href, new URL(BILL_PDF, location.href).href);
    assert.equal(pdf.target, '_blank');

    // the default mileage, paid
    const may = period(page, '05/02/2026 to 06/02/2026');
    assert.ok(getByText(may, T.noReading));
    assert.ok(getByText(may, 'Default mileage: no reading by 06/09/2026'));
    assert.ok(getByRole(may, 'table', 'Bill of 06/09/2026'));
    assert.ok(getByText(may, 'Paid on 06/09/2026'));
    assert.equal(queryAllByRole(may, 'img').length, 0);

    // the daily cap
    const april = period(page, '04/02/2026 to 05/02/2026');
    assert.ok(getByRole(april, 'img', T.photoAlt(CAR, '05/02/2026')));
    assert.ok(getByText(april, 'Daily cap: miles above 250 a day not charged (7,500 billed)'));
    assert.ok(getByText(april, 'Paid on 05/02/2026'));
    await checkA11y(page);
  });

  it('a credit, nothing owed, and a policy whose first period has not begun', async () => {
    let page = mount(() => json(200, { data: { ...STATEMENTS.data, balanceCents: 1_700 } }));
    await waitFor(() => queryAllByRole(page, 'region', T.balanceHeading)[0]?.textContent?.includes('Credit of $17.00'), 'the credit');
    react!.unmount();
    stub!.restore();
    host!.remove();
    endSession();

    page = mount(() => json(200, { data: { ...STATEMENTS.data, balanceCents: 0, periods: [], odometerUrl: null } }));
    await waitFor(() => queryAllByRole(page, 'region', T.balanceHeading)[0]?.textContent?.includes(T.nothingOwed), 'nothing owed');
    assert.ok(getByText(page, T.noPeriods));
    assert.equal(queryAllByRole(page, 'link', T.photoLink).length, 0, 'no photo due: no link');
    await checkA11y(page);
  });

  it("a policy that is not the account's: the API's message; no answer: the call-us text", async () => {
    let page = mount(() => json(404, { error_messages: [MESSAGES.accountPolicyNotFound] }));
    await waitFor(() => queryAllByRole(page, 'alert')[0]?.textContent === MESSAGES.accountPolicyNotFound, 'the 404 message');
    await checkA11y(page);
    react!.unmount();
    stub!.restore();
    host!.remove();
    endSession();

    page = mount(() => Promise.reject(new TypeError('Failed to fetch')));
    await waitFor(() => queryAllByRole(page, 'alert')[0]?.textContent === MESSAGES.callUs, 'the network failure');
  });

  it('a 401 from the statements call signs the page out: the way to log in, no figures', async () => {
    const page = mount(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    await waitFor(() => queryAllByRole(page, 'link', T.logIn)[0], 'the log-in link');
    assert.equal(session.value.status, 'empty');
    assert.equal(queryAllByRole(page, 'table').length, 0);
  });

  it('no selected policy: no call, the way to the chooser; a chosen one is the one asked for', async () => {
    const page = mount(undefined, [policy(), policy({ policyNumber: 'PPM-1002' })]);
    const link = await waitFor(() => queryAllByRole(page, 'link', T.choosePolicyLink)[0], 'the chooser link');
    assert.equal(link.getAttribute('href'), '/account/multiple-policies');
    assert.ok(!stub!.calls.some((c) => c.url.startsWith('/api/user/statements')));
    react!.unmount();
    stub!.restore();
    host!.remove();

    endSession();
    const policies = [policy(), policy({ policyNumber: 'PPM-1002' })];
    startSession({ user: USER, policies });
    selectPolicy('PPM-1002'); // chosen on the chooser earlier in this tab
    const picked = mount(undefined, policies);
    await waitFor(() => stub!.calls.some((c) => c.url.startsWith('/api/user/statements')), 'the statements call');
    assert.ok(stub!.calls.some((c) => c.url === '/api/user/statements?policyNumber=PPM-1002'), 'for the chosen policy');
    await waitFor(() => queryAllByRole(picked, 'table')[0], 'a bill');
  });
});
