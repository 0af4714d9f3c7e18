/**
 * The contact form's CSS as a static file, /styles/contact.css: /contact-us renders the form on the server, so
 * it is in the page before it hydrates, and this sheet styles it from the first paint. The form adopts the
 * same texts itself once it runs (widgets/contact/contact.styles.ts).
 */
import { contactStyles } from '../../../widgets/contact/contact.styles.ts';

export function GET(): Response {
  return new Response(contactStyles.join('\n'), { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
}
