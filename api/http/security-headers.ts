import type { MiddlewareHandler } from 'hono';

/**
 * Headers every answer carries. API answers also forbid caching and framing and run no content;
 * site pages get their own Content-Security-Policy from the static server.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    if (options.https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (new URL(c.req.url).pathname.startsWith('/api/')) {
      // API answers are personal or live by default; a route that serves something public and fixed
      // (the vehicle silhouettes) says so with its own Cache-Control, which stands.
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
      headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    } else if (!headers.has('Content-Security-Policy') && (headers.get('Content-Type') ?? '').startsWith('text/html')) {
      headers.set('Content-Security-Policy', "default-src 'self'; frame-ancestors 'self'; object-src 'none'; base-uri 'self'");
    }
  };
}

/** For answers that hold personal data (quotes, hand-overs, binds, accounts): no cache may keep them. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * A PDF of one person's own (a bill, an ID card, a policy document), shown inline in a new tab: private and
 * never cached, never sniffed as anything else; `filename` is what the browser's Save offers.
 */
export function privatePdfResponse(bytes: Uint8Array, filename: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `inline; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
