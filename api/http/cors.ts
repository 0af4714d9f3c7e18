import type { MiddlewareHandler } from 'hono';
import { errorResponse, HTTP_MESSAGES } from './errors.ts';

/** Request headers a partner page's widget may send: JSON bodies and a bearer token (quote handle). */
// Idempotency-Key: the claim form, embedded on a partner's page, sends one with each claim
const CORS_ALLOWED_HEADERS = ['Content-Type', 'Authorization', 'Idempotency-Key'] as const;
const CORS_ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Response headers the widget may read besides the CORS-safelisted ones. */
const CORS_EXPOSED_HEADERS = ['Retry-After'] as const;

/**
 * CORS for /api: an Origin is allowed only when it equals one of `origins` exactly. The answer names that
 * origin (never *, never null) with credentials allowed, and every answer varies by Origin so a cache never
 * hands one origin's answer to another. A preflight from any other origin gets a 403 without CORS headers,
 * which the browser reports as a CORS failure and a developer can read in the network panel.
 */
export function cors(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins.filter((origin) => origin !== 'null' && origin !== '*'));
  return async (c, next) => {
    const origin = c.req.header('origin');
    const ok = origin !== undefined && allowed.has(origin);
    const isPreflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (isPreflight) {
      if (!ok) {
        const response = errorResponse(c, 403, [HTTP_MESSAGES.forbiddenOrigin]);
        response.headers.append('Vary', 'Origin');
        return response;
      }
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS.join(', '),
          'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS.join(', '),
          'Access-Control-Max-Age': '600',
          Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      });
    }
    await next();
    c.res.headers.append('Vary', 'Origin');
    if (ok) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Allow-Credentials', 'true');
      c.res.headers.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
    }
  };
}
