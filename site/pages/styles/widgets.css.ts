/**
 * The widgets' CSS as a static file, /styles/widgets.css. An island is rendered on the server, so its form
 * is in the page before React hydrates it; this sheet styles it from the first paint. Once hydrated, the
 * widget adopts the same texts itself (widgets/core/styles/adopt.ts), which changes nothing you can see.
 * A file rather than a <style> element: the site's CSP allows styles from 'self' and hashes only.
 */
import { claimFormStyles } from '../../../widgets/claim-form/claim-form.styles.ts';
import { notifyMeStyles } from '../../../widgets/notify-me/notify-me.styles.ts';
import { quoteStartStyles } from '../../../widgets/quote-start/quote-start.styles.ts';

// Each widget lists the shared sheets (base, fields) first; one copy of each is enough.
const css = [...new Set([...notifyMeStyles, ...quoteStartStyles, ...claimFormStyles])].join('\n');

export function GET(): Response {
  return new Response(css, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
}
