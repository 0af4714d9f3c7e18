import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { ErrorSummary } from '../../core/ErrorSummary.tsx';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';
import { STEP_COUNT, shellActions, type WizardStep } from '../steps.ts';

/**
 * The step on screen inside the wizard's one form (doc 2 section 1): its heading ("Step N of 6" read before
 * the title: doc 2's step list, on every step), its intro, the error summary of a Continue that failed, the
 * step itself, and the shell's Back and Continue where the step shows them (steps.ts). Every step's submit buttons are in this form, so the
 * summary (core/ErrorSummary.tsx) is placed here once, for all of them.
 */
export interface StepFrameProps {
  step: WizardStep;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onContinue(event: FormEvent): void;
  onBack(): void;
  children: ReactNode;
}

export function StepFrame({ step, headingRef, onContinue, onBack, children }: StepFrameProps) {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  // the final state (step 7) is no step of the list: its heading has no count
  const counted = step.indicator !== 'never';
  const buttons = shellActions(step);
  return (
    <form ref={setForm} className="ppm-wizard__form" noValidate onSubmit={onContinue} part="form">
      <h3 ref={headingRef} className="ppm-wizard__heading" tabIndex={-1}>
        {counted && <span className="ppm-visually-hidden">{TEXTS.stepOf(step.number, STEP_COUNT)}: </span>}
        {step.title}
      </h3>
      {step.intro && <p className="ppm-wizard__intro">{step.intro}</p>}
      <ErrorSummary scope={form} resetKey={step.id} headingLevel={4} />

      {children}

      {(buttons.back || buttons.continue) && (
        <div className="ppm-wizard__actions">
          {buttons.back && (
            <button type="button" className="ppm-button ppm-button--secondary" part="back" onClick={onBack}>
              {TEXTS.back}
            </button>
          )}
          {buttons.continue && (
            <button type="submit" className="ppm-button" part="continue">
              {TEXTS.continue}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
