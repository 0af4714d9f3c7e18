/**
 * A signed-in person as the API answers them (contract/api/auth.ts SessionAnswer), for browser tests of
 * what a widget shows signed in and signed out.
 */
import type { Policy } from '../../contract/api/policy.ts';
import { SIGNED_IN_COOKIE_HEADER_NAME } from '../../contract/api/signed-in-cookie.ts';
import { startSession, type SessionUser } from '../core/session.ts';

export const ADA: SessionUser = { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' };

/** A policy with nothing but its number and status (the account's lists read no more). */
export function bare(policyNumber: string, policyStatus = 'ISSUED'): Policy {
  return { policyNumber, policyStatus, policyOwners: [], addressInfo: [], driverInfo: [], vehicleInfo: [] };
}

export function sessionAnswer(policies: Policy[] = [bare('P-AZ-000001')], user: SessionUser = ADA) {
  return { user, policies };
}

/** Signs Ada in on this page, as a login or a session check would. */
export function signInAda(policies: Policy[] = [bare('P-AZ-000001')]): void {
  startSession(sessionAnswer(policies));
}

/**
 * The readable cookie the server sets beside a session cookie (api/auth/session-guard.ts), which the site's
 * pages read before they ask for the session: set it where the test's API has a session to answer with, and
 * remove it after.
 */
export function signedInCookie(present: boolean): void {
  document.cookie = `${SIGNED_IN_COOKIE_HEADER_NAME}=1; Path=/; Secure${present ? '' : '; Max-Age=0'}`;
}
