import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';

/**
 * doc 2 section 1: step 0 shows 'Loading...'; so does a step whose code is still on its way (lazy-step.tsx).
 *
 * A step's loading holds a screen's height (issue 11, CLS 0): the step it stands for is about that tall, so
 * the Back and Continue row and the phone line under it start below the fold and do not move on screen when
 * the step arrives. (A reload that lands on a lazy step does not show it: the start waits for the step's
 * code and shows the step whole, shell/use-wizard-start.ts.) Set through the style property, which the
 * site's CSP allows, unlike a style attribute.
 */
export function WizardLoading({ holdsStep = false }: { holdsStep?: boolean }) {
  return (
    <p className="ppm-wizard__loading" role="status" style={holdsStep ? { minHeight: '100vh' } : undefined}>
      {TEXTS.loading}
    </p>
  );
}
