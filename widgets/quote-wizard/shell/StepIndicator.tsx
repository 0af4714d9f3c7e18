import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';
import { indicatorSteps, type WizardStep } from '../steps.ts';

/**
 * The step indicator (doc 2 section 1): Your Info to Your Quote, and Payment while it is the current step;
 * the steps before the current one done, the current one marked. Hidden where the table lists none (step 7).
 * The list carries its length (`data-count`), so each step's column is its final width from the first one the
 * browser paints: a page painted partly parsed, with one step in, does not move that step when the rest come.
 */
export function StepIndicator({ current }: { current: WizardStep }) {
  const steps = indicatorSteps(current);
  if (steps.length === 0) return null;
  return (
    <nav aria-label={TEXTS.stepsLabel} className="ppm-steps" part="steps">
      <ol className="ppm-steps__list" data-count={steps.length}>
        {steps.map((entry) => {
          const status = entry === current ? 'current' : entry.number < current.number ? 'done' : 'todo';
          return (
            <li key={entry.id} className={`ppm-steps__item ppm-steps__item--${status}`} aria-current={entry === current ? 'step' : undefined}>
              <span className="ppm-steps__number" aria-hidden="true">
                {entry.number}
              </span>
              <span className="ppm-steps__name">{entry.title}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
