import type { StepNumber } from './wizard-model.ts';

/**
 * The wizard's steps by name, in order, with their numbers in doc 2's step list ("1 Your Info, 2 Your
 * Vehicle, 3 Your Drivers, 4 Your Coverage, 5 Your Quote, 6 Payment, and 7 a final state"). The lienholders
 * follow the payment on step 6 (doc 3 section 4: "the lienholder sub-step shows"), so they share its number.
 *
 * Code names a step by its id; the number is what the persisted state, a tab's save and a hand-over's
 * payload keep (so they read as before) and what the heading counts. Here, apart from the steps table
 * (steps.ts, which draws the steps), so the model (a hand-over, a saved quote) can name where it opens
 * without loading any step's code.
 */
const STEP_NUMBERS = {
  info: 1,
  vehicles: 2,
  drivers: 3,
  coverage: 4,
  quote: 5,
  payment: 6,
  lienholders: 6,
  'thank-you': 7,
} as const satisfies Record<string, Exclude<StepNumber, 0>>;

export type StepId = keyof typeof STEP_NUMBERS;

export function stepNumberOf(id: StepId): Exclude<StepNumber, 0> {
  return STEP_NUMBERS[id];
}

/**
 * What a step's action says about where the wizard goes: on to the step after it ('next'), nowhere ('stay':
 * an error to fix, another page within the step, a dialog), or to a named step ({ to }). Steps return
 * intents; only the shell turns them into the state's step number (shell/use-step-navigation.ts).
 */
export type StepIntent = 'next' | 'stay' | { to: StepId };
