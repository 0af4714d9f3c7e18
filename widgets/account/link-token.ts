/**
 * The token of a link a page was opened with (an e-mailed or texted `?token=`), shared by the account
 * area's pages.
 */

/**
 * The token of an e-mailed or texted link (`?token=`), taken off the address bar at once (history,
 * bookmarks and a shared screen never keep it, as on /account/confirm) and kept in this tab's
 * sessionStorage under `storageKey`, so a reload still finds it. A newer link replaces the kept token.
 */
export function takeLinkToken(storageKey: string): string | null {
  const url = new URL(location.href);
  const fromLink = url.searchParams.get('token');
  if (fromLink === null) {
    try {
      return sessionStorage.getItem(storageKey);
    } catch {
      return null; // storage switched off: the person opens the link again
    }
  }
  url.searchParams.delete('token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  try {
    sessionStorage.setItem(storageKey, fromLink);
  } catch {
    // storage switched off: this visit works, a reload asks for the link again
  }
  return fromLink;
}

/** Forgets a token takeLinkToken kept, once it is spent: a reload then does not offer a used link again. */
export function forgetLinkToken(storageKey: string): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // storage switched off: nothing was kept
  }
}
