/**
 * The embed demo's own origin (DEMO_PORT): a stand-in for a dealer's or a club's website. It serves the
 * embed-demo/ folder and nothing else, so the widgets on it really are cross-origin to the API: CORS,
 * Origin checks and the bundle's CORS headers are exercised the way a partner page exercises them.
 */
import { Hono } from 'hono';
import { requestLogger, type LogSink } from './log.ts';
import { serveDemo } from './http/static.ts';

/** `publicOrigin` is read per request: with PORT=0 the API's origin is known only after it listens. */
export function createDemoApp(options: { demoDir: string; publicOrigin: () => string; log: LogSink }): Hono {
  const app = new Hono();
  app.use('*', requestLogger(options.log));
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'no-referrer');
  });
  app.get('*', (c) => {
    return (
      serveDemo(c, options.demoDir, new URL(c.req.url).pathname, options.publicOrigin()) ??
      c.text('Not found in embed-demo/.', 404)
    );
  });
  return app;
}
