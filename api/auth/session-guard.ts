/**
 * The session cookie and the guard of the `session: true` endpoints (contract/api/endpoints.ts).
 *
 * The cookie is `__Host-ppm_session`: the prefix makes the browser insist on Secure, Path=/ and no Domain,
 * so no sibling subdomain can set or shadow it; HttpOnly keeps it from scripts; SameSite=Lax keeps it off
 * cross-site POSTs (and checkOrigin refuses those anyway). No Max-Age: it goes when the browser closes, and
 * the server's idle and absolute timeouts (./sessions.ts) end it sooner. Browsers accept Secure cookies from
 * http://localhost and 127.0.0.1, so development and the tests use the same attributes as production.
 *
 * Cookies serve our own site only: a widget on a dealer's page never depends on them (DESIGN.md "Embedding").
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { MESSAGES } from '../../contract/index.ts';
import { SIGNED_IN_COOKIE } from '../../contract/api/signed-in-cookie.ts';
import type { Deps } from '../deps.ts';
import { SESSION_GUARD } from '../http/endpoint.ts';
import { ApiError } from '../http/errors.ts';
import { readSession, type Session } from './sessions.ts';

const SESSION_COOKIE = 'ppm_session';
export const SESSION_COOKIE_HEADER_NAME = `__Host-${SESSION_COOKIE}`;

/**
 * The session cookie and, beside it with the same lifetime, the readable signed-in cookie
 * (contract/api/signed-in-cookie.ts): '1', no secret, so the site's pages know when there is no session to ask for.
 */
export function setSessionCookie(c: Context, id: string): void {
  setCookie(c, SESSION_COOKIE, id, { prefix: 'host', secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
  setCookie(c, SIGNED_IN_COOKIE, '1', { prefix: 'host', secure: true, path: '/', sameSite: 'Lax' });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { prefix: 'host', secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
  deleteCookie(c, SIGNED_IN_COOKIE, { prefix: 'host', secure: true, path: '/', sameSite: 'Lax' });
}

/** The cookie's session id as sent, or null. Anything that is not 64 hex characters is no id of ours. */
export function sessionCookieOf(c: Context): string | null {
  const id = getCookie(c, SESSION_COOKIE, 'host');
  return id && /^[0-9a-f]{64}$/.test(id) ? id : null;
}

const SESSION_KEY = 'ppm.session';

/**
 * 401 with MESSAGES.signInRequired (and the dead cookie cleared) unless the request carries a live session;
 * otherwise the session is the route's to read with `sessionOf(c)`.
 */
export function requireSession(deps: Deps): MiddlewareHandler {
  const guard: MiddlewareHandler = async (c, next) => {
    const id = sessionCookieOf(c);
    const session = id === null ? null : await readSession(deps.db, id, deps.clock());
    if (!session) {
      if (getCookie(c, SESSION_COOKIE, 'host') !== undefined || getCookie(c, SIGNED_IN_COOKIE, 'host') !== undefined) clearSessionCookie(c);
      throw new ApiError(401, MESSAGES.signInRequired, { headers: { 'Cache-Control': 'no-store' } });
    }
    c.set(SESSION_KEY as never, session as never);
    await next();
  };
  Object.defineProperty(guard, SESSION_GUARD, { value: true });
  return guard;
}

/** The session the guard found. Only for routes registered behind requireSession. */
export function sessionOf(c: Context): Session {
  const session = c.get(SESSION_KEY as never) as Session | undefined;
  if (!session) throw new Error('sessionOf() on a route without requireSession()');
  return session;
}
