/**
 * The older account-info links (/account/address, /vehicles, /coverage, /drivers): their pages name where
 * they land in `data-account-redirect` (a path on this site, /account#...), and this sends the browser there
 * with location.replace, so Back does not return to the page that only redirects. One script for the four.
 */
const target = document.querySelector<HTMLElement>('[data-account-redirect]')?.dataset.accountRedirect;
if (target?.startsWith('/account#')) location.replace(target);
