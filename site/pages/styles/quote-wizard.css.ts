/**
 * The quote wizard's frame as a static file, /styles/quote-wizard.css: /receive-a-quote renders the first
 * step's shell on the server (its hero, step indicator, heading and intro) while the wizard's script loads,
 * and this sheet styles it from the first paint. The wizard adopts these texts itself once it runs.
 */
import { baseStyles } from '../../../widgets/core/styles/base.styles.ts';
import { quoteWizardOwnStyles } from '../../../widgets/quote-wizard/quote-wizard.styles.ts';

export function GET(): Response {
  return new Response([baseStyles, quoteWizardOwnStyles].join('\n'), { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
}
