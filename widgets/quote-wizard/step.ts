import type { ApiClient } from '../core/api-client.ts';
import type { StepIntent } from './model/step-ids.ts';
import type { WizardState } from './model/wizard-model.ts';

/**
 * How the wizard shell and a step talk. The shell draws the step indicator and the Back and Continue
 * buttons; the step draws its fields and decides what the buttons mean on its page, because steps 2 and 3
 * move through several pages (one per vehicle, one per driver) before the wizard moves on.
 */
export interface StepController {
  /**
   * Continue was pressed. Validate the page (focusing the first invalid field), then either move within
   * the step ('stay': e.g. to the next driver page), finish it ('next': the shell merges nothing more,
   * scrolls up after 100 ms and shows the next step) or name the step to go to ({ to }, e.g. the coverage
   * step when a quote cannot be priced for today). May await a call.
   */
  onContinue(): Promise<StepIntent> | StepIntent;
  /** Back was pressed: move to the previous page within the step ('stay'), or leave it ('previous'). */
  onBack(): 'previous' | 'stay';
}

export interface StepProps {
  /** The whole wizard state, as persisted. */
  state: WizardState;
  /**
   * Change the state. The shell persists every change (so a reload restores what was typed) and clears
   * state.quoteResponse whenever info, vehicles or drivers change (doc 2 section 4, last rule).
   */
  update(change: (state: WizardState) => WizardState): void;
  /** The step hands the shell its controller on every render (the latest closure wins). */
  register(controller: StepController): void;
  /** The API client for this wizard's api-base. */
  api: ApiClient;
  /** Runs a call under the wizard's overlay ('Please wait, we're hitting our servers!'). */
  busy<T>(work: () => Promise<T>): Promise<T>;
  /**
   * A button of the step's own that is not Continue (Submit Payment's click, Save My Quote, a dialog's OK):
   * the shell runs `action` as it runs Continue (one at a time) and goes where its intent says. A step never
   * sets the step number itself.
   */
  act(action: () => Promise<StepIntent> | StepIntent): Promise<void>;
  /** A Back button the step draws itself (steps 5 and 6): the shell's Back, asking the step's onBack first. */
  back(): void;
}
