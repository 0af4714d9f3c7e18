/// <reference types="mocha" />
import type { Policy } from '../../../contract/api/policy.ts';
import { endSession, session } from '../../core/session.ts';
import { assert, checkA11y, click, getByRole, json, nameOf, queryAllByRole, stubApi, waitFor } from '../../testing/browser.ts';
import { policy, quote, sessionAnswer, vehicle } from '../dashboard/dashboard.fixtures.ts';
import type { Navigate } from '../paths.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { LookupQuotesPage } from './LookupQuotesPage.tsx';
import { PoliciesPage } from './PoliciesPage.tsx';
import { POLICIES_TEXTS as T } from './policies.texts.ts';
import { signedInCookie } from '../../testing/session-fixture.ts';

const HOME = location.pathname;

let stub: ReturnType<typeof stubApi> | undefined;
let visits: string[] = [];

function mount(tag: 'account-policies' | 'account-lookup-quotes', policies: Policy[] | 'signed-out'): HTMLElement {
  const answer = sessionAnswer(policies);
  stub = stubApi((call) => answer(call) ?? json(404, { error_messages: ['not stubbed'] }));
  const navigate: Navigate = (url) => visits.push(url);
  return mountIsland('', tag === 'account-policies' ? PoliciesPage : LookupQuotesPage, { navigate });
}

const signedIn = () => waitFor(() => session.value.status === 'success', 'the session');
const second = policy({ policyNumber: 'PPM-1002', renewalDate: null, vehicleInfo: [vehicle({ model: 'Taycan 4S' })] });
/** A quote bought already: PPM-1001 came from it (fromQuoteNumber Q-2001). */
const bought = quote('Q-2001');
const saved = quote('Q-3001', {
  emailAddress: 'Jane.Doe@Example.com',
  vehicleInfo: [vehicle({ model: 'Cayman GT4' })],
});

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

describe('<account-policies> (/account/multiple-policies)', () => {
  it("one button 'Policy #{number}' per own policy, with what it is; choosing selects it and goes to /account", async () => {
    const page = mount('account-policies', [policy(), second, bought, saved]);
    await waitFor(() => queryAllByRole(page, 'heading', T.policyChooserTitle)[0], 'the chooser');
    const chooser = page.querySelector<HTMLElement>('section[aria-labelledby="choose-policy"]')!;
    const buttons = queryAllByRole(chooser, 'button');
    assert.deepEqual(buttons.map((b) => b.textContent), ['Policy #PPM-1001', 'Policy #PPM-1002'], 'policies only, never the quotes');
    const about = document.getElementById(buttons[0]!.getAttribute('aria-describedby')!)!;
    assert.equal(about.textContent, '2022 Porsche 911 Carrera S, 1989 Porsche 944 Turbo · Renews May 1st, 2027');
    assert.equal(document.getElementById(buttons[1]!.getAttribute('aria-describedby')!)!.textContent, '2022 Porsche Taycan 4S');
    await checkA11y(page);
    await click(buttons[1]!);
    assert.deepEqual(visits, ['/account']);
    assert.equal(session.value.selectedPolicyNumber, 'PPM-1002');
  });

  it("the quote chooser: 'Which quote would you like to view?', one button per open quote, opening it in the wizard", async () => {
    const page = mount('account-policies', [policy(), second, bought, saved]);
    const heading = await waitFor(() => queryAllByRole(page, 'heading', T.quoteChooserTitle)[0], 'the quote chooser');
    const part = heading.closest('section')!;
    assert.equal(nameOf(part), T.quoteChooserTitle);
    const buttons = queryAllByRole(part, 'button');
    assert.deepEqual(buttons.map((b) => b.textContent), ['Policy #Q-3001'], 'the bought quote Q-2001 is not offered');
    await click(buttons[0]!);
    assert.deepEqual(visits, ['/receive-a-quote?email=jane.doe%40example.com&dob=1980-07-04&zipcode=85281&quote=Q-3001']);
  });

  it("no quotes: 'You do not have any current quotes.' and 'View my policies' with several policies", async () => {
    const page = mount('account-policies', [policy(), second, bought]);
    await waitFor(() => page.textContent!.includes(T.noCurrentQuotes), 'the no-quotes text');
    const link = getByRole<HTMLAnchorElement>(page, 'link', T.viewMyPolicies);
    assert.equal(link.getAttribute('href'), '/account/multiple-policies#choose-policy');
    assert.equal(queryAllByRole(page, 'link', T.viewMyPolicy).length, 0);
    await checkA11y(page);
  });

  it("no quotes and one policy: 'View my policy', to /account", async () => {
    const page = mount('account-policies', [policy()]);
    await waitFor(() => page.textContent!.includes(T.noCurrentQuotes), 'the no-quotes text');
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.viewMyPolicy).getAttribute('href'), '/account');
    assert.equal(queryAllByRole(page, 'link', T.viewMyPolicies).length, 0);
  });

  it('no policy yet (quotes only): says so and offers a quote; the quotes are still offered', async () => {
    const page = mount('account-policies', [saved]);
    await waitFor(() => page.textContent!.includes(T.noPolicies), 'the no-policies text');
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.receiveQuote).getAttribute('href'), '/receive-a-quote');
    assert.deepEqual(queryAllByRole(page, 'button').map((b) => b.textContent), ['Policy #Q-3001']);
    await checkA11y(page);
  });

  it('signed out: no policy shows, only the way to log in', async () => {
    const page = mount('account-policies', 'signed-out');
    await waitFor(() => queryAllByRole(page, 'link', 'Log in')[0], 'the log-in link');
    assert.equal(queryAllByRole(page, 'button').length, 0);
  });
});

describe('<account-lookup-quotes> (/account/lookup-quotes)', () => {
  it('lists the saved quotes not yet bought, each opening the wizard at its quote; the ways to the policies and the account', async () => {
    const another = quote('Q-3002', {
      emailAddress: undefined,
      driverInfo: [{ driverNumber: 1, firstName: 'Jane', lastName: 'Doe', dob: '1980-07-04' }],
      addressInfo: [{ addressType: 'Mailing', streetName: '9 New St', city: 'Austin', state: 'TX', zip: '73301' }],
    });
    const page = mount('account-lookup-quotes', [policy(), bought, saved, another]);
    await waitFor(() => queryAllByRole(page, 'button').length === 2, 'the quotes');
    const buttons = queryAllByRole(page, 'button');
    assert.deepEqual(buttons.map((b) => b.textContent), ['Policy #Q-3001', 'Policy #Q-3002']);
    assert.equal(document.getElementById(buttons[0]!.getAttribute('aria-describedby')!)!.textContent, T.quoteVehicles('2022 Porsche Cayman GT4'));
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.toPolicies).getAttribute('href'), '/account/multiple-policies');
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.toAccount).getAttribute('href'), '/account');
    assert.ok(!page.textContent!.includes(T.noQuotePolicy));
    await checkA11y(page);
    await click(buttons[1]!);
    // no e-mail on the quote: the account's, lower-cased
    assert.deepEqual(visits, ['/receive-a-quote?email=jane.doe%40example.com&dob=1980-07-04&zipcode=73301&quote=Q-3002']);
  });

  it("none, with one policy (and the quote it was bought from): the 'no policy' message only", async () => {
    const page = mount('account-lookup-quotes', [policy(), bought]);
    await signedIn();
    await waitFor(() => page.textContent!.includes(T.noQuotePolicy), 'the no-policy message');
    assert.ok(!page.textContent!.includes(T.multiplePolicies));
    assert.equal(queryAllByRole(page, 'button').length, 0);
    assert.ok(getByRole(page, 'link', T.toPolicies));
    await checkA11y(page);
  });

  it("none, with more than one policy: the 'no policy' and the 'multiple policies' messages", async () => {
    const page = mount('account-lookup-quotes', [policy(), second, bought]);
    await waitFor(() => page.textContent!.includes(T.noQuotePolicy), 'the no-policy message');
    assert.ok(page.textContent!.includes(T.multiplePolicies));
  });
});
