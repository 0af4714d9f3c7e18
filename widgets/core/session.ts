/**
 * The signed-in person, page-wide (issue 9 "How it fits the house"): the one piece of state every element on
 * a page shares. Loaders, snackbars and the API client belong to each element; the session does not, because
 * doc 1 section 4 makes it one thing: "any HTTP 401 on any call logs the user out" in every widget at once.
 *
 * The signal is @preact/signals-core's, so the header's account menu (a small plain element on every page,
 * which ships no React) and the React widgets and pages (through @preact/signals-react, which re-exports the
 * same core) read the same value.
 *
 * Doc 1 sections 3 and 4: auth status empty, loading, success or error; login success stores user and
 * policies and selects the policy when there is exactly one; logout clears everything.
 *
 * The cookie is HttpOnly, so the page cannot see whether it exists. A hint in localStorage ('1', no personal
 * data) says a sign-in happened in this browser, so a marketing page asks the API only when there may be a
 * session to find. A login-required page goes by the readable cookie the server sets beside the session
 * cookie (contract/api/signed-in-cookie.ts), which comes and goes with it: without it there is no session
 * to find, and the page does not ask (the API's 401 would show as an error in the browser's console).
 */
import { effect, signal } from '@preact/signals-core';
import * as endpoints from '../../contract/api/endpoints/user.ts';
import { SIGNED_IN_COOKIE_HEADER_NAME } from '../../contract/api/signed-in-cookie.ts';
import type { Policy } from '../../contract/api/policy.ts';
import type { ApiClient } from './api-client.ts';
import { HINT_KEY, remember, storage } from './session-hint.ts';
import { sessionHold } from './session-hold.ts';

export type AuthStatus = 'empty' | 'loading' | 'success' | 'error';

export interface SessionUser {
  firstName: string;
  lastName: string;
  emailAddress: string;
}

export interface SessionState {
  status: AuthStatus;
  user: SessionUser | null;
  /** Bound and issued policies and saved quotes (policyStatus QUOTE), as the API answered them. */
  policies: Policy[];
  /** doc 1 section 3 selectedPolicy: chosen on the chooser, or automatically when there is exactly one. */
  selectedPolicyNumber: string | null;
}

const SIGNED_OUT: SessionState = { status: 'empty', user: null, policies: [], selectedPolicyNumber: null };

export const session = signal<SessionState>(SIGNED_OUT);

const SELECTED_KEY = 'ppm.selected-policy';

/** True when this browser signed in and did not sign out since (a hint, not a proof: the API decides). */
export { maySignedIn } from './session-hint.ts';

/** The policies a signed-in person can select: bound or issued, never the saved quotes. */
export function ownPolicies(policies: readonly Policy[]): Policy[] {
  return policies.filter((p) => p.policyStatus !== 'QUOTE');
}

/** Doc 1 section 4: login (or a session check, or a save) succeeded with this answer. */
export function startSession(answer: { user: SessionUser; policies: Policy[] }): void {
  const own = ownPolicies(answer.policies);
  const kept = storage('session')?.getItem(SELECTED_KEY) ?? null;
  // the one the person chose stays chosen while it is theirs; "exactly one" selects itself
  const selected = own.some((p) => p.policyNumber === kept) ? kept : own.length === 1 ? own[0]!.policyNumber : null;
  remember('local', HINT_KEY, '1');
  session.value = {
    status: 'success',
    user: { firstName: answer.user.firstName, lastName: answer.user.lastName, emailAddress: answer.user.emailAddress },
    policies: answer.policies,
    selectedPolicyNumber: selected,
  };
}

/** Doc 1 section 4: "Logout clears session data"; also what any 401 does. */
export function endSession(): void {
  remember('local', HINT_KEY, null);
  remember('session', SELECTED_KEY, null);
  if (session.value.status !== 'empty' || session.value.user !== null) session.value = SIGNED_OUT;
}

export function selectPolicy(policyNumber: string): void {
  remember('session', SELECTED_KEY, policyNumber);
  session.value = { ...session.value, selectedPolicyNumber: policyNumber };
}

/** The selected policy, or null (the dashboard then sends the person to the chooser). */
export function selectedPolicy(state: SessionState = session.value): Policy | null {
  return state.policies.find((p) => p.policyNumber === state.selectedPolicyNumber && p.policyStatus !== 'QUOTE') ?? null;
}

let pending: Promise<SessionState> | null = null;

/** Whether this page's origin holds the signed-in cookie, i.e. a session cookie for the API on this origin. */
function hasSignedInCookie(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim() === `${SIGNED_IN_COOKIE_HEADER_NAME}=1`);
}

/**
 * GET user/retrieve_session once per page (every caller shares the one request): success starts the session,
 * 401 means signed out ('empty'), anything else is 'error' (the API could not be asked; nothing is cleared
 * that a later check could restore). A sign-in link being spent (session-hold.ts) settles first; when it
 * signed the person in, nothing more is asked. `sameOrigin`: the API is on this page's origin (the site's
 * own pages), so without the signed-in cookie the person is signed out and nothing is asked.
 */
export function checkSession(api: ApiClient, { sameOrigin = false } = {}): Promise<SessionState> {
  if (session.value.status === 'success') return Promise.resolve(session.value);
  pending ??= (async () => {
    session.value = { ...session.value, status: 'loading' };
    await sessionHold();
    if (session.value.status === 'success') {
      pending = null;
      return session.value;
    }
    if (sameOrigin && !hasSignedInCookie()) {
      endSession();
      pending = null;
      return session.value;
    }
    session.value = { ...session.value, status: 'loading' };
    const result = await api.call(endpoints.retrieveSession, {});
    if (result.ok) startSession(result.data);
    else if (result.status === 401) endSession();
    else session.value = { ...session.value, status: 'error' };
    pending = null;
    return session.value;
  })();
  return pending;
}

/**
 * Resolves when the status is known (doc 1 "Login-required routes wait until the authentication status is
 * known"), after any sign-in link being spent (session-hold.ts). On a login-required page the layout's guard
 * starts the check before any element of the page runs (widgets/account/session/login-guard.ts).
 */
export function whenSessionKnown(): Promise<SessionState> {
  return sessionHold().then(
    () =>
      new Promise((resolve) => {
        const stop = effect(() => {
          const state = session.value;
          if (state.status === 'loading') return;
          queueMicrotask(() => stop());
          resolve(state);
        });
      }),
  );
}

/**
 * Logout (doc 1 "Shell"): the server deletes the session and clears the cookie, and the page forgets it.
 * True when that happened. Without an answer (offline, a 5xx) the cookie may still be alive on the server,
 * so the page does not pretend otherwise: it stays signed in and the caller says so (a shared computer
 * must not keep a session its user saw ended).
 */
export async function signOut(api: ApiClient): Promise<boolean> {
  const result = await api.call(endpoints.clearSession, {});
  if (!result.ok && result.status !== 401) return false;
  endSession();
  return true;
}

/** Runs `listener` now and on every change; returns the function that stops it. */
function onSession(listener: (state: SessionState) => void): () => void {
  return effect(() => listener(session.value));
}

/** What an account page does as the session becomes known: load the selected policy, or say why it cannot. */
export interface SelectedPolicyHandlers {
  /** The signed-in session selects `policyNumber` (called again only when the selection changes). */
  policy: (policyNumber: string) => void;
  /** Signed in, but no policy is selected: `several` when the chooser has some to offer. */
  noPolicy: (several: boolean) => void;
  /** The session could not be checked. */
  failed: () => void;
}

/**
 * An account page's load, as the session becomes known (after any sign-in link is spent), not once: an island
 * that runs before the layout's guard has started its check sees 'empty' first, and loads once the person is
 * signed in. Signed out or still asking, nothing is called (the guard sends a signed-out person to the log-in
 * page; the page's loader stays till then). `policy` runs outside the session's effect, so what it reads
 * subscribes to nothing. Returns the function that stops listening.
 */
export function whenPolicySelected(handlers: SelectedPolicyHandlers): () => void {
  let stopped = false;
  let stop = () => undefined as void;
  let asked: string | null = null;
  void sessionHold().then(() => {
    if (stopped) return;
    stop = onSession((state) => {
      if (state.status === 'empty' || state.status === 'loading') return;
      if (state.status !== 'success') return handlers.failed();
      const policy = selectedPolicy(state);
      if (!policy) return handlers.noPolicy(ownPolicies(state.policies).length > 1);
      if (asked === policy.policyNumber) return;
      asked = policy.policyNumber;
      queueMicrotask(() => handlers.policy(policy.policyNumber));
    });
  });
  return () => {
    stopped = true;
    stop();
  };
}
