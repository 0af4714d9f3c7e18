/**
 * The cookie that says a session cookie is set (api/auth/session-guard.ts sets and clears the two together).
 * The session cookie is HttpOnly, so a page cannot see it; this one holds no secret ('1'), so a page of our
 * own site may read it and skip the session check when there is no session to find: a signed-out visitor's
 * login-required page then makes no request the API must answer 401, which the browser reports as an error
 * in the console (Lighthouse's best practices). The `__Host-` prefix, like the session cookie's.
 */
export const SIGNED_IN_COOKIE = 'ppm_signed_in';
export const SIGNED_IN_COOKIE_HEADER_NAME = `__Host-${SIGNED_IN_COOKIE}`;
