/// <reference types="mocha" />
import type { StatementsAnswer } from '../../../contract/api/account.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { endSession, selectPolicy, session } from '../../core/session.ts';
import { assert, checkA11y, json, nameOf, queryAllByRole, stubApi, waitFor, type StubbedCall } from '../../testing/browser.ts';
import { policy, sessionAnswer } from '../dashboard/dashboard.fixtures.ts';
import './statements-page.ts';
import { STATEMENTS_TEXTS as T } from './statements.texts.ts';
import { signedInCookie } from '../../testing/session-fixture.ts';

let fixture: HTMLElement | undefined;
let stub: ReturnType<typeof stubApi> | undefined;

const ODOMETER = '/odometer?token=odoTokenAbcdefghijk';

/** GET /api/user/statements's answer, as the API gives it (contract StatementsAnswer). */
const STATEMENTS: StatementsAnswer = {
  data: {
    policyNumber: 'PPM-1001',
    odometerUrl: ODOMETER,
    vehicles: [
      {
        vin: 'WP0AB2A99NS123456', year: 2022, make: 'Porsche', model: '911 Carrera S', billingType: 'per_mile', baseRate: 95.4,
        intervals: [
          { periodStart: '2026-01-01', periodEnd: '2026-02-01', startReading: 11250, endReading: 12100, miles: 850, perMileRate: 0.071, mileageCharge: 60.35 },
          { periodStart: '2026-02-01', periodEnd: '2026-03-01', startReading: 12100, endReading: 13050, miles: 950, perMileRate: 0.071, mileageCharge: 67.45 },
          { periodStart: '2026-03-01', periodEnd: null, startReading: 13050, endReading: null, miles: null, perMileRate: 0.071, mileageCharge: null },
        ],
      },
      { vin: 'WP0AA0944KN450001', year: 1989, make: 'Porsche', model: '944 Turbo', billingType: 'capped', baseRate: 210, intervals: [] },
    ],
  },
};

function mount(statements: (call: StubbedCall) => Response | Promise<Response> = () => json(200, STATEMENTS), policies = [policy()]): HTMLElement {
  const signedIn = sessionAnswer(policies);
  stub = stubApi((call) => signedIn(call) ?? (call.url.startsWith('/api/user/statements') ? statements(call) : json(404, { error_messages: ['not stubbed'] })));
  fixture = document.createElement('section');
  fixture.append(document.createElement('account-statements'));
  document.body.append(fixture);
  return fixture;
}

const cells = (row: Element) => [...row.children].map((cell) => (cell.textContent ?? '').trim());

// the stubbed API answers for a session, so its cookie is there as the server would have set it
beforeEach(() => signedInCookie(true));

afterEach(() => {
  signedInCookie(false);
  stub?.restore();
  stub = undefined;
  fixture?.remove();
  endSession();
});

describe('<account-statements>', () => {
  it("GET /api/user/statements for the selected policy: per vehicle a table of intervals, newest first, the open one 'in progress'", async () => {
    let answer: (response: Response) => void = () => undefined;
    const page = mount(() => new Promise<Response>((resolve) => (answer = resolve)));
    await waitFor(() => stub!.calls.some((c) => c.url.startsWith('/api/user/statements')), 'the statements call');
    const call = stub!.calls.find((c) => c.url.startsWith('/api/user/statements'))!;
    assert.equal(call.url, '/api/user/statements?policyNumber=PPM-1001');
    assert.equal(call.method, 'GET');
    assert.equal(queryAllByRole(page, 'status')[0]?.textContent, T.loading);
    answer(json(200, STATEMENTS));

    const table = await waitFor(() => page.querySelector('table'), 'the table');
    assert.equal(table.caption!.textContent, T.caption('2022 Porsche 911 Carrera S'));
    assert.deepEqual(cells(table.tHead!.rows[0]!), [T.period, T.startReading, T.endReading, T.miles, T.perMileRate, T.mileageCharge]);
    assert.ok([...table.tHead!.rows[0]!.cells].every((th) => th.getAttribute('scope') === 'col'));
    const body = [...table.tBodies[0]!.rows];
    assert.deepEqual(body.map(cells), [
      [`Since 03/01/2026 ${T.inProgress}`, '13,050', T.notYet, T.notYet, '$0.071', T.notYet],
      ['02/01/2026 to 03/01/2026', '12,100', '13,050', '950', '$0.071', '$67.45'],
      ['01/01/2026 to 02/01/2026', '11,250', '12,100', '850', '$0.071', '$60.35'],
    ]);
    assert.ok(body.every((row) => row.cells[0]!.localName === 'th' && row.cells[0]!.getAttribute('scope') === 'row'), 'each period heads its row');
    assert.deepEqual(cells(table.tFoot!.rows[0]!), [T.total, '1,800', '', '$127.80']);
    assert.ok(page.textContent!.includes(T.payPerMile('$95.40', '$0.071')));
    await checkA11y(page);
  });

  it("the link for this interval's photo, and an Unlimited vehicle says no mileage is charged", async () => {
    const page = mount();
    const link = await waitFor(() => queryAllByRole(page, 'link', T.photoLink)[0] as HTMLAnchorElement | undefined, 'the photo link');
    assert.equal(link.href, new URL(ODOMETER, location.href).href);
    assert.equal(link.target, '', 'the same tab');
    const unlimited = [...page.querySelectorAll('section')].find((s) => nameOf(s) === '1989 Porsche 944 Turbo')!;
    assert.ok(unlimited.textContent!.includes(T.unlimited));
    assert.equal(unlimited.querySelector('table'), null);
    assert.equal(page.querySelectorAll('table').length, 1);
  });

  it('no photo due (odometerUrl null): no link; no reading yet: says so', async () => {
    const answer: StatementsAnswer = { data: { ...STATEMENTS.data, odometerUrl: null, vehicles: [{ ...STATEMENTS.data.vehicles[0]!, intervals: [] }] } };
    const page = mount(() => json(200, answer));
    await waitFor(() => page.textContent!.includes(T.noIntervals), 'the empty vehicle');
    assert.equal(queryAllByRole(page, 'link', T.photoLink).length, 0);
    assert.equal(page.querySelector('table'), null);
  });

  it("a policy that is not the account's: the API's message; no answer: the call-us text", async () => {
    let page = mount(() => json(404, { error_messages: [MESSAGES.accountPolicyNotFound] }));
    await waitFor(() => queryAllByRole(page, 'alert')[0]?.textContent === MESSAGES.accountPolicyNotFound, 'the 404 message');
    await checkA11y(page);
    fixture!.remove();
    stub!.restore();
    endSession();

    page = mount(() => Promise.reject(new TypeError('Failed to fetch')));
    await waitFor(() => queryAllByRole(page, 'alert')[0]?.textContent === MESSAGES.callUs, 'the network failure');
  });

  it('a 401 from the statements call signs the page out: the way to log in, no figures', async () => {
    const page = mount(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    await waitFor(() => queryAllByRole(page, 'link', T.logIn)[0], 'the log-in link');
    assert.equal(session.value.status, 'empty');
    assert.equal(page.querySelector('table'), null);
  });

  it('no selected policy: no call, the way to the chooser; a chosen one is the one asked for', async () => {
    const page = mount(undefined, [policy(), policy({ policyNumber: 'PPM-1002' })]);
    const link = await waitFor(() => queryAllByRole(page, 'link', T.choosePolicyLink)[0], 'the chooser link');
    assert.equal(link.getAttribute('href'), '/account/multiple-policies');
    assert.ok(!stub!.calls.some((c) => c.url.startsWith('/api/user/statements')));
    fixture!.remove();
    stub!.restore();

    endSession();
    selectPolicy('PPM-1002'); // chosen on the chooser earlier in this tab
    const picked = mount(undefined, [policy(), policy({ policyNumber: 'PPM-1002' })]);
    await waitFor(() => stub!.calls.some((c) => c.url.startsWith('/api/user/statements')), 'the statements call');
    assert.ok(stub!.calls.some((c) => c.url === '/api/user/statements?policyNumber=PPM-1002'), 'for the chosen policy');
    await waitFor(() => picked.querySelector('table'), 'the table');
  });
});
