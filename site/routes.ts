/**
 * Every route of doc 1's route table (section 2), with the page title and description meta the layout
 * sets from it ("On every navigation: ... set page title and description meta from the route").
 * One table, so the layout, the redirects and the tests agree on what exists and what hides the navigation.
 * A route listed here may not have its page yet: the later issues add them; until then it answers 404.
 */
import { BRAND } from '../contract/brand.ts';
import { PAGES } from '../contract/pages.ts';
import { WIZARD_PATH, WIZARD_STEP_PAGES } from '../contract/reference/wizard.ts';

export interface SiteRoute {
  /** Path pattern: `:name` is one segment, `:name?` an optional last segment. */
  path: string;
  /** Other paths that show the same page (doc 1: "also linked as ..."). */
  aliases?: readonly string[];
  /** The page's own title; the layout appends the programme name. */
  title: string;
  description: string;
  /** Doc 1 "Login: yes": the page waits for the sign-in status before it shows anything. */
  login: boolean;
  /** Doc 1 "Nav: hidden": the top bar and main navigation are not shown. */
  navHidden: boolean;
}

const product = BRAND.productName;
const marque = BRAND.marque;

export const ROUTES: readonly SiteRoute[] = [
  {
    path: '/',
    aliases: ['/search-for-my-quote'],
    title: `Pay-per-mile insurance for your ${marque}`,
    description: `${product}: agreed-value, pay-per-mile car insurance for ${marque} owners. A monthly base rate plus a rate per mile you drive.`,
    login: false,
    navHidden: false,
  },
  { path: '/account', title: 'My Account', description: `Your ${product} policy, vehicles, coverage and drivers.`, login: true, navHidden: false },
  // Ours (issue 9; doc 1 names it only as where create password leads): sign-in by password or e-mailed link.
  // Navigation shown: doc 1 hides it only on the routes its table marks, and a signed-out visitor sent here
  // from any login-required page may rather go somewhere else (a quote, claims) than sign in.
  { path: PAGES.logIn, title: 'Log In', description: `Sign in to your ${product} account with your password or a link sent by e-mail.`, login: false, navHidden: false },
  { path: '/account/multiple-policies', title: 'Choose a Policy', description: 'Choose which of your policies to view.', login: true, navHidden: false },
  { path: PAGES.forgotPassword, title: 'Forgot Password', description: `Reset the password of your ${product} account.`, login: false, navHidden: true },
  { path: '/account/change-password', title: 'Change Password', description: `Change the password of your ${product} account.`, login: true, navHidden: true },
  { path: PAGES.createPassword, title: 'Create Password', description: `Create the password of your ${product} account from the link we e-mailed you.`, login: false, navHidden: true },
  {
    path: '/account/request-a-card',
    aliases: ['/account/request-card'],
    title: 'Request an Insurance Card',
    description: 'Request an insurance ID card for a vehicle, electronically or by mail.',
    login: true,
    navHidden: false,
  },
  {
    path: '/account/Statements',
    aliases: ['/account/statements'],
    title: 'Statements',
    description: `Your ${product} billing statements.`,
    login: true,
    navHidden: false,
  },
  // Ours (issue 19): the card kept for the monthly bill, replaced from the account.
  // Ours (issue 21): a bill whose charge failed, paid from the e-mailed or texted link, with 3-D Secure on our site.
  { path: PAGES.payBill, title: 'Pay Your Bill', description: 'Pay a bill of your policy with the card on file, from the link we sent you.', login: false, navHidden: false },
  { path: PAGES.card, title: 'Card for Your Monthly Bill', description: 'See and replace the card we charge for your monthly bill.', login: true, navHidden: false },
  { path: '/account/claims', title: 'Claims', description: `File a claim with ${product}: our claims concierge contacts you within one business day.`, login: false, navHidden: false },
  { path: '/account/my-policy', title: 'My Policy', description: 'Request your policy documents and insurance card by e-mail, or retrieve a saved quote.', login: false, navHidden: false },
  { path: `${PAGES.documents}/:id`, title: 'Policy Documents', description: 'Your policy documents and insurance ID card.', login: false, navHidden: false },
  // Ours (issue 7): where the account confirmation e-mail's single-use link lands.
  { path: PAGES.confirmAccount, title: 'Confirm Your Account', description: `Confirm the ${product} account you created.`, login: false, navHidden: false },
  // Ours (issue 8): the e-signature of the application and the odometer photo, opened from e-mailed and texted links.
  { path: PAGES.sign, title: 'Sign Your Application', description: 'Read and sign your insurance application online.', login: false, navHidden: false },
  { path: PAGES.odometer, title: 'Odometer Photo', description: "Send a photo of your vehicle's odometer from your phone.", login: false, navHidden: false },
  { path: '/account/lookup-quotes', title: 'My Saved Quotes', description: 'Your saved quotes that are not yet policies.', login: true, navHidden: false },
  // Doc 1 gives these four no login or nav column ("only linked from an older account-info block"); they
  // show account data, so they ask for a sign-in like the rest of the account area.
  { path: '/account/address', title: 'My Address', description: 'The address on your policy.', login: true, navHidden: false },
  { path: '/account/vehicles', title: 'My Vehicles', description: 'The vehicles on your policy.', login: true, navHidden: false },
  { path: '/account/coverage', title: 'My Coverage', description: 'The coverage on your policy.', login: true, navHidden: false },
  { path: '/account/drivers', title: 'My Drivers', description: 'The drivers on your policy.', login: true, navHidden: false },
  { path: PAGES.wizard, title: 'Receive a Quote', description: `Get a quote from ${product} for your ${marque} in minutes and buy your policy online.`, login: false, navHidden: false },
  { path: PAGES.rollover, title: 'Renew Your Policy', description: 'Review your renewal quote and sign your renewal application.', login: false, navHidden: true },
  {
    path: '/unavailable/:state?',
    aliases: ['/not-available'],
    title: 'Not Yet Available',
    description: `${product} is not yet available where your vehicle is garaged. Leave your details and we will tell you when it is.`,
    login: false,
    navHidden: true,
  },
  { path: '/faq', title: 'Frequently Asked Questions', description: `Answers about ${product} coverage, availability and stored vehicles.`, login: false, navHidden: false },
  { path: '/contact-us', title: 'Contact Us', description: `Write to ${product} customer care, or call ${BRAND.phone}.`, login: false, navHidden: false },
  { path: '/stay-connected', title: 'Stay Connected', description: `Leave your details and we will tell you when ${product} launches in your state.`, login: false, navHidden: false },
  { path: '/legal/privacy-policy', title: 'Privacy Policy', description: `How ${product} collects, uses and protects your personal information.`, login: false, navHidden: false },
  { path: '/legal/sms', title: 'SMS Terms', description: `The terms of ${product} text messages, including odometer reading reminders.`, login: false, navHidden: false },
  { path: '/legal/terms-of-use', title: 'Terms of Use', description: `The terms of use of the ${product} website.`, login: false, navHidden: false },
];

/** Doc 1: "any other path: 'Page Not Found'". */
export const NOT_FOUND: SiteRoute = {
  path: '/404',
  title: 'Page Not Found',
  description: 'The page you asked for does not exist.',
  login: false,
  navHidden: false,
};

/** Doc 1: the seven old wizard-step paths, each redirecting to /receive-a-quote. */
export const QUOTE_STEP_PATHS: readonly string[] = WIZARD_STEP_PAGES.map((page) => `${WIZARD_PATH}/${page}`);

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (got.length > want.length) return false;
  return want.every((part, i) => {
    if (part.endsWith('?')) return true;
    if (got[i] === undefined) return false;
    return part.startsWith(':') || part === got[i];
  });
}

/** The route a pathname belongs to (a trailing slash or `/index.html` is ignored), else NOT_FOUND. */
export function routeFor(pathname: string): SiteRoute {
  const clean = pathname.replace(/\/index\.html$/, '/').replace(/(.)\/+$/, '$1') || '/';
  return ROUTES.find((r) => [r.path, ...(r.aliases ?? [])].some((p) => matches(p, clean))) ?? NOT_FOUND;
}

/** The document title: the page's own title, then the programme name. */
export function documentTitle(route: SiteRoute): string {
  return route.path === '/' ? `${product} | ${route.title}` : `${route.title} | ${product}`;
}
