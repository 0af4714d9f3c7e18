import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';

/** doc 2 section 1: step 0 shows 'Loading...'; so does a step whose code is still on its way (lazy-step.tsx). */
export function WizardLoading() {
  return (
    <p className="ppm-wizard__loading" role="status">
      {TEXTS.loading}
    </p>
  );
}
