import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, HTTP_MESSAGES } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method);
}

/** The largest JSON body any call takes; the biggest, a quote request with four vehicles and drivers, is a few KiB. */
export const MAX_BODY_BYTES = 64 * 1024;

export function limitBody(maxSize: number = MAX_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, HTTP_MESSAGES.tooLarge);
    },
  });
}

/**
 * State-changing calls take application/json only. A cross-site HTML form can send text/plain or
 * form-encoded bodies without a preflight; it can never send application/json, so this closes that door.
 */
export function requireJson(): MiddlewareHandler {
  return async (c, next) => {
    if (isStateChanging(c.req.method)) {
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') throw new ApiError(415, HTTP_MESSAGES.unsupportedType);
    }
    await next();
  };
}

/**
 * State-changing calls from a browser must come from our own origin or a configured partner origin.
 * Browsers send Origin on every cross-origin and same-origin POST; a call without Origin is not from a
 * browser page (curl, a server) unless Sec-Fetch-Site says it is cross-site.
 */
export function checkOrigin(isAllowed: (origin: string, requestOrigin: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (isStateChanging(c.req.method)) {
      const origin = c.req.header('origin');
      const requestOrigin = new URL(c.req.url).origin;
      if (origin === undefined) {
        if (c.req.header('sec-fetch-site') === 'cross-site') throw new ApiError(403, HTTP_MESSAGES.forbiddenOrigin);
      } else if (!isAllowed(origin, requestOrigin)) {
        throw new ApiError(403, HTTP_MESSAGES.forbiddenOrigin);
      }
    }
    await next();
  };
}
