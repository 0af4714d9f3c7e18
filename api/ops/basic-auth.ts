import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * HTTP Basic for the operations pages: any user name (a name to remember, not a secret) and the configured
 * password, compared in constant time over their hashes so neither the password's length nor its first
 * differing character shows in the timing. Over HTTPS only in production (the config's public origin).
 */
export function basicAuth(password: string, realm: string): MiddlewareHandler {
  const expected = createHash('sha256').update(password).digest();
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const encoded = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header)?.[1];
    const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    const given = decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : '';
    const ok = timingSafeEqual(createHash('sha256').update(given).digest(), expected) && given.length > 0;
    if (!ok) {
      return c.text('Sign in with the operations password.', 401, {
        'WWW-Authenticate': `Basic realm="${realm}", charset="UTF-8"`,
        'Cache-Control': 'no-store',
      });
    }
    await next();
  };
}
