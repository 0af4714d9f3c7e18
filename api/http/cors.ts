import type { MiddlewareHandler } from 'hono';
import type { Endpoint } from '../../contract/api/endpoints.ts';
import { errorResponse, HTTP_MESSAGES } from './errors.ts';

/** Request headers a partner page's widget may send: JSON bodies and a bearer token (quote handle). */
// Idempotency-Key: the claim form, embedded on a partner's page, sends one with each claim
const CORS_ALLOWED_HEADERS = ['Content-Type', 'Authorization', 'Idempotency-Key'] as const;
/** Response headers the widget may read besides the CORS-safelisted ones. */
const CORS_EXPOSED_HEADERS = ['Retry-After'] as const;

/** Whether `method` on `path` is a call a partner origin may make (contract: `partner: true`). */
export type PartnerCall = (method: string, path: string) => boolean;

/**
 * The public widget calls of the contract's table (entries marked `partner: true`), matched by method and
 * path (a `:name` segment matches one segment). Everything else, the account and session routes above all,
 * is our own site's alone.
 */
export function partnerCalls(table: Iterable<unknown>): PartnerCall {
  const calls = [...table]
    .filter((entry): entry is Endpoint => typeof entry === 'object' && entry !== null && (entry as Endpoint).partner === true)
    .map((entry) => ({
      method: entry.method,
      pattern: new RegExp(`^${entry.path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`),
    }));
  return (method, path) => calls.some((call) => call.method === method && call.pattern.test(path));
}

/**
 * CORS for /api (issue 22 item 3): an Origin of `origins` (exact match) gets CORS on the public widget
 * calls only (`isPartnerCall`), naming that origin (never *, never null) and never with credentials: a
 * widget on a partner's page depends on no cookie of ours (DESIGN.md "Embedding"), and a script on that
 * page must not read a signed-in visitor's session, account or documents. On every other route a partner
 * origin gets no CORS at all, so its script can neither read the answer nor pass the preflight of a
 * state-changing call. Every answer varies by Origin so a cache never hands one origin's answer to
 * another. A refused preflight is a 403 without CORS headers, which the browser reports as a CORS failure
 * and a developer can read in the network panel. Our own site calls the API on its own origin and needs
 * no CORS.
 */
export function cors(origins: readonly string[], isPartnerCall: PartnerCall): MiddlewareHandler {
  const allowed = new Set(origins.filter((origin) => origin !== 'null' && origin !== '*'));
  return async (c, next) => {
    const origin = c.req.header('origin');
    const isPreflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    const method = isPreflight ? (c.req.header('access-control-request-method') ?? '').toUpperCase() : c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const ok = origin !== undefined && allowed.has(origin) && isPartnerCall(method, c.req.path);
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
          'Access-Control-Allow-Methods': method,
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
      c.res.headers.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
    }
  };
}
