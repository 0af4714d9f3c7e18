/**
 * A sign-in under way elsewhere on the page: the `?token=` link of an e-mail being spent
 * (widgets/account/session/page-session.ts). Until it settles, session.ts's checkSession() does not ask the
 * API and whenSessionKnown() does not answer: an older "signed out" must never overtake the new session.
 *
 * Its own module, with no imports, so the every-page bootstrap that registers the hold stays a few hundred
 * bytes; session.ts reads it.
 */
let hold: Promise<unknown> = Promise.resolve();

/** Session checks wait for `work` (its failure too) before they ask or answer. */
export function holdSession(work: Promise<unknown>): void {
  const before = hold;
  hold = Promise.all([before, work.catch(() => undefined)]);
}

/** Resolves once every sign-in registered so far has settled. */
export function sessionHold(): Promise<void> {
  return hold.then(() => undefined);
}
