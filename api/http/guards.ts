import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, errorResponse, HTTP_MESSAGES } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method);
}

/** The largest JSON body any call takes; the biggest, a quote request with four vehicles and drivers, is a few KiB. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A JSON body's size limit. A body with a Content-Length (what browsers and our widgets send) is judged by the
 * header alone, as Hono's bodyLimit judges it, and Node's parser holds the body to that length. Only a
 * chunked body goes through Hono's bodyLimit, which reads it whole. Not asking for the body here matters:
 * touching `c.req.raw.body` makes @hono/node-server build a full fetch Request over a web stream of the
 * socket, and the route's `c.req.text()` then reads through it instead of straight from Node's request
 * (issue 25, the quote's profile: 2 to 3% of the API's CPU a quote).
 */
export function limitBody(maxSize: number = MAX_BODY_BYTES): MiddlewareHandler {
  const tooLarge = () => {
    throw new ApiError(413, HTTP_MESSAGES.tooLarge);
  };
  const chunked = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return chunked(c, next);
    if (Number.parseInt(declared, 10) > maxSize) tooLarge();
    return next();
  };
}

/**
 * An answer sent while the request's body is still arriving (an upload refused by a cap, a rate limit or its
 * size) closes the connection. Otherwise Node reads the rest of the body off the wire to keep the connection
 * alive and throws it away: up to 10 MB for each of the bench's 92 refused claims, read on the server's thread
 * for nothing while /api/health waited behind them (issue 22, item 5). A request whose body has all come keeps its
 * connection, as does any request outside Node's server (the tests' app.request()).
 */
export const closeWhileBodyArrives: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.complete) c.res.headers.set('Connection', 'close');
};

/**
 * The size limit of an upload (issue 22, item 5), without holding the body: Hono's bodyLimit reads a body
 * that has no Content-Length into one buffer before the route runs, so 100 chunked uploads would each hold
 * up to their limit before the concurrency caps (./concurrency.ts) could refuse any of them.
 *
 * - A Content-Length over `maxSize` is a 413 before a byte of the body is read; one that is not a number is
 *   a 400 (Node's parser refuses those already; this is for anything else that builds the Request).
 * - Whatever the header says, the body is passed on through a counting stream, read only as the route reads,
 *   that fails with the same 413 once more than `maxSize` bytes have come: a chunked body, or one longer
 *   than it said. Nothing is buffered here; the route's own read (./multipart.ts) gets the error, which it must
 *   let through.
 */
export function limitUpload(maxSize: number): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    const declared = raw.headers.get('content-length');
    if (declared !== null) {
      if (!/^\d+$/.test(declared.trim())) throw new ApiError(400, HTTP_MESSAGES.badLength);
      if (Number(declared.trim()) > maxSize) throw new ApiError(413, HTTP_MESSAGES.tooLarge);
    }
    if (raw.body) {
      // pulled only as the route reads it (high-water mark 0): a request refused by a later cap is never read
      const reader = raw.body.getReader();
      let size = 0;
      const counted = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const { done, value } = await reader.read();
            if (done) {
              controller.close();
              return;
            }
            size += value.byteLength;
            if (size > maxSize) {
              const tooLarge = new ApiError(413, HTTP_MESSAGES.tooLarge);
              controller.error(tooLarge);
              reader.cancel(tooLarge).catch(() => {});
              return;
            }
            controller.enqueue(value);
          },
          cancel: (reason) => reader.cancel(reason),
        },
        { highWaterMark: 0 },
      );
      c.req.raw = new Request(raw, { body: counted, duplex: 'half' } as RequestInit);
    }
    await next();
  };
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
 * A file upload takes multipart/form-data only. A cross-site form CAN send this type, so an upload endpoint
 * is opened only by a token in its own body (the odometer link's), which another site does not have.
 */
export function requireMultipart(): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'multipart/form-data') throw new ApiError(415, HTTP_MESSAGES.unsupportedUploadType);
    await next();
  };
}

/** Loopback names (127.0.0.0/8, ::1, localhost): a developer's own machine, the tests, the bench. */
function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** The host name a request was sent to: its Host header (what the client asked for), else its URL's. */
function requestHostname(c: Context): string | null {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Answers only requests addressed to us: the public origin's host name, our site's other names
 * (`otherOrigins`: api/auth/return-url.ts ownOrigins), or a loopback name (local use, tests). A page on evil.test whose DNS name is made to point at our address (DNS rebinding) reaches
 * the server with `Host: evil.test`: it gets 421 Misdirected Request, on the API and the site alike (the
 * development outbox lists e-mails). The port is not compared: a proxy in front may listen elsewhere.
 */
export function checkHost(publicOrigin: string, otherOrigins: readonly string[] = []): MiddlewareHandler {
  const ours = new Set([publicOrigin, ...otherOrigins].map((origin) => new URL(origin).hostname));
  return async (c, next) => {
    const hostname = requestHostname(c);
    if (hostname === null || (!ours.has(hostname) && !isLoopbackHost(hostname))) {
      if (new URL(c.req.url).pathname.startsWith('/api')) return errorResponse(c, 421, [HTTP_MESSAGES.misdirected]);
      return c.text(HTTP_MESSAGES.misdirected, 421);
    }
    await next();
  };
}

/**
 * The Origin check's rule: an origin is allowed when it is the configured public origin or in the CORS
 * list, never because it matches the Host header (which the caller writes). The one exception is a call
 * from a page on the very loopback origin it is addressed to (http://127.0.0.1:4321 while the public
 * origin says localhost): checkHost has already refused every Host that is not ours.
 */
export function allowedOrigin(publicOrigin: string, corsOrigins: readonly string[]) {
  return (origin: string, requestOrigin: string): boolean => {
    if (origin === publicOrigin || corsOrigins.includes(origin)) return true;
    if (origin !== requestOrigin) return false;
    try {
      return isLoopbackHost(new URL(origin).hostname);
    } catch {
      return false;
    }
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
