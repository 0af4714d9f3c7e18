import type { ComponentType } from 'react';
import type { SnackbarKind } from '../core/store.ts';
import type { StepProps } from './step.ts';
import { StepInfo, type LocationProblem } from './steps/info/StepInfo.tsx';
import { lazyStep, type LazyStep } from './shell/lazy-step.tsx';
import { afterFirstInteraction } from '../core/first-interaction.ts';
import type { StepPaymentProps } from './steps/payment/StepPayment.tsx';
import type { StepThankYouProps } from './steps/thank-you/StepThankYou.tsx';
import { QUOTE_WIZARD_TEXTS as TEXTS } from './quote-wizard.texts.ts';
import { purchaseOf } from './model/purchase-model.ts';
import { stepNumberOf, type StepId, type StepIntent } from './model/step-ids.ts';
import type { StepNumber, WizardState } from './model/wizard-model.ts';

/**
 * The wizard's steps, in order, as one table: what each step is called, which component draws it, which of
 * the shell's buttons it shows, whether the step indicator lists it, and when it can be shown at all. The
 * shell (QuoteWizard.tsx) renders whatever entry the state's step number names and asks this table every
 * question about it; it holds no branch per step number.
 *
 * The persisted state keeps the step as its number (wizard-model.ts StepNumber, doc 2 section 4: 0 loading,
 * 1 info ... 7 final), so a tab's save and a hand-over's payload read the same as before; the ids are names
 * for code (model/step-ids.ts). Two entries share step 6: the payment, and the lienholders once it is
 * bound with a financed or leased vehicle; which one shows is the state's (`applies`), never a step's choice.
 */

/** What decides whether a step can be shown. */
export interface StepContext {
  /** The wizard runs on a page that is not our site (QuoteWizard's offOrigin): no card payment here. */
  offOrigin: boolean;
}

/** What the shell hands every step: StepProps and the shell's services the steps that need them take. */
export interface WizardStepProps extends StepProps {
  /** Step 1: a ZIP or state we cannot serve; the shell shows the location loader, then the unavailable page. */
  onLocationProblem(problem: LocationProblem): void;
  /** Step 5: leave for the home page after a notice. */
  goHome(kind: SnackbarKind, text: string): void;
  /** The API's origin ('' for same-origin). */
  apiBase: string;
  /** The brand site's origin ('' on our own site). */
  siteUrl: string;
  /** How the wizard leaves for another page. */
  navigate(url: string): void;
}

/**
 * The shell's Back and Continue on a step, or 'own' when the step draws its own row: step 5 (Back, Call to
 * Complete, Save My Quote, and Purchase Now as its Continue), step 6 (Back and Submit Payment) and the
 * lienholders (Back, Continue and Submit between the financed vehicles).
 */
export type StepActions = { back: boolean; continue: boolean } | 'own';

export interface WizardStep {
  id: StepId;
  /** Its number in doc 2's step list (model/step-ids.ts): what the state keeps and the heading counts. */
  number: Exclude<StepNumber, 0>;
  /** The heading, the indicator's entry and the ppm-step event's name. */
  title: string;
  /** A paragraph under the heading. */
  intro?: string;
  component: ComponentType<WizardStepProps>;
  /** A lazy step's chunk, fetched ahead of showing it (lazyStep's preload); absent for a step that comes with the wizard. */
  preload?(): Promise<unknown>;
  actions: StepActions;
  /** Listed in the step indicator always, only while it is the current step, or never (the indicator hides). */
  indicator: 'always' | 'when-current' | 'never';
  /** Whether the step can be shown in this context. */
  available(context: StepContext): boolean;
  /**
   * Whether the step has anything to do in this state (absent: always). A step that does not apply is passed
   * over by 'next', and among entries sharing a number the last one that applies is shown.
   */
  applies?(state: WizardState): boolean;
  /**
   * What moving forward to the step does where it is not available: 'hand-over' sends the visitor, with
   * the answers and the quote, to this step on our own site (handover.ts). Without it the wizard stays.
   */
  elsewhere?: 'hand-over';
}

/**
 * Step 1 comes with the wizard: a visitor starts there, and the step shows with its heading. Steps 2 to 5
 * are chunks of their own, fetched when the browser is idle after the wizard starts, so the first step is on
 * screen sooner and the next one is there when Continue is pressed. A start that opens on step 5 (a
 * retrieved quote: e-mail link, hand-over, reload) fetches step 5 at once, beside the code that opens the
 * quote (shell/use-wizard-start.ts). Steps 6 and 7 load when reached: most visitors never pay
 * in the session they quote in, and a dealer's page that embeds the wizard never shows the payment at all
 * (payment happens on our own site); Stripe.js itself loads only from the payment step (stripe-card.ts).
 */
const StepVehicles = lazyStep(() => import('./steps/vehicles/StepVehicles.tsx').then((module) => module.StepVehicles));
const StepDrivers = lazyStep(() => import('./steps/drivers/StepDrivers.tsx').then((module) => module.StepDrivers));
const StepCoverage = lazyStep(() => import('./steps/coverage/StepCoverage.tsx').then((module) => module.StepCoverage));
const StepQuote = lazyStep(() => import('./steps/quote/StepQuote.tsx').then((module) => module.StepQuote));
/** Step 6: the payment. */
const PaymentStep = lazyStep<StepPaymentProps>(() => import('./steps/payment/StepPayment.tsx').then((module) => module.StepPayment));
/** Step 6 after a bind with a financed or leased vehicle: the lienholders. */
const LienholdersStep = lazyStep(() => import('./steps/lienholders/StepLienholders.tsx').then((module) => module.StepLienholders));
/** Step 7: thank-you and account creation. */
const ThankYouStep = lazyStep<StepThankYouProps>(() => import('./steps/thank-you/StepThankYou.tsx').then((module) => module.StepThankYou));

/**
 * Steps 2 to 5 in turn, each in an idle period of its own once the one before is in: the next step comes
 * first, and each chunk's evaluation is a task of its own rather than one long task while the page is
 * still busy with the first step (issue 11, Lighthouse's total blocking time). They start with the person's
 * first touch, key or focus on the page, not on arrival (issue 25: a page fetches on arrival only what it
 * shows): a visitor who only looks downloads step 1 alone, and one who starts typing has step 2 long before
 * pressing Next.
 */
function preloadInTurn(steps: readonly LazyStep<never>[]): void {
  const [next, ...rest] = steps;
  if (!next) return;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  // a failed fetch (offline) is tried again when the step is shown
  whenIdle(() => void next.preload().catch(() => undefined).then(() => preloadInTurn(rest)));
}
afterFirstInteraction(() => preloadInTurn([StepVehicles, StepDrivers, StepCoverage, StepQuote]));

const everywhere = () => true;
/** Card payment, and what follows it, happens on our own origin only (DESIGN.md "Embedding"). */
const ownOriginOnly = (context: StepContext) => !context.offOrigin;
const BOTH = { back: true, continue: true } as const;

/**
 * doc 3 section 4: "On success, if any vehicle is LEASED or FINANCED, the lienholder sub-step shows". The
 * payment marks a bind with none of them as having no lienholders to give (lienholdersDone), so this reads
 * the purchase alone.
 */
const lienholdersPending = (state: WizardState) => {
  const purchase = purchaseOf(state);
  return purchase.bound !== null && !purchase.lienholdersDone;
};

type Entry = Omit<WizardStep, 'number'>;

// doc 3 section 2: "Back is shown on steps 2 to 6. Continue is shown on every step except 7."
// doc 2 section 1: the indicator lists Your Info to Your Quote, "and Payment (the last shown only on step 6)".
const ENTRIES: readonly Entry[] = [
  {
    id: 'info', title: TEXTS.stepTitles.info, intro: TEXTS.intro, component: StepInfo,
    actions: { back: false, continue: true }, indicator: 'always', available: everywhere,
  },
  { id: 'vehicles', title: TEXTS.stepTitles.vehicles, component: StepVehicles, preload: StepVehicles.preload, actions: BOTH, indicator: 'always', available: everywhere },
  { id: 'drivers', title: TEXTS.stepTitles.drivers, component: StepDrivers, preload: StepDrivers.preload, actions: BOTH, indicator: 'always', available: everywhere },
  { id: 'coverage', title: TEXTS.stepTitles.coverage, component: StepCoverage, preload: StepCoverage.preload, actions: BOTH, indicator: 'always', available: everywhere },
  { id: 'quote', title: TEXTS.stepTitles.quote, component: StepQuote, preload: StepQuote.preload, actions: 'own', indicator: 'always', available: everywhere },
  {
    id: 'payment', title: TEXTS.stepTitles.payment, component: PaymentStep, preload: PaymentStep.preload, actions: 'own', indicator: 'when-current',
    available: ownOriginOnly, elsewhere: 'hand-over',
  },
  // step 6 still: the heading and the indicator read Payment, as they did when the payment drew the lienholders
  {
    id: 'lienholders', title: TEXTS.stepTitles.payment, component: LienholdersStep, preload: LienholdersStep.preload, actions: 'own', indicator: 'when-current',
    available: ownOriginOnly, applies: lienholdersPending,
  },
  {
    id: 'thank-you', title: TEXTS.stepTitles['thank-you'], component: ThankYouStep, preload: ThankYouStep.preload,
    actions: { back: false, continue: false }, indicator: 'never', available: ownOriginOnly,
  },
];
const WIZARD_STEPS: readonly WizardStep[] = ENTRIES.map((entry) => ({ ...entry, number: stepNumberOf(entry.id) }));

const applies = (step: WizardStep, state: WizardState) => step.applies?.(state) ?? true;

export function stepById(id: StepId): WizardStep {
  return WIZARD_STEPS.find((step) => step.id === id)!;
}

/**
 * The step to show for the state's step number: its entry when it is available here and applies, else the
 * nearest earlier one that does (among entries of one number, the last). Undefined for 0 (loading).
 */
export function stepToShow(state: WizardState, context: StepContext): WizardStep | undefined {
  return WIZARD_STEPS.filter((step) => step.number <= state.step && step.available(context) && applies(step, state)).at(-1);
}

/** Where a step's intent leads: a step to show, a hand-over to our site, or nowhere. */
export type Destination = { kind: 'show'; step: WizardStep } | { kind: 'hand-over' } | { kind: 'stay' };

/**
 * Where `intent`, given on `from`, leads in `state`: 'next' is the first later entry that applies (the
 * lienholders only after a bind that needs them); { to } is the named entry. A step not available here
 * does what the table says instead (Purchase Now off our origin: the hand-over), else the wizard stays.
 */
export function destination(from: WizardStep, intent: StepIntent, state: WizardState, context: StepContext): Destination {
  if (intent === 'stay') return { kind: 'stay' };
  const to = intent === 'next' ? WIZARD_STEPS.slice(WIZARD_STEPS.indexOf(from) + 1).find((step) => applies(step, state)) : stepById(intent.to);
  if (!to) return { kind: 'stay' };
  if (!to.available(context)) return to.elsewhere === 'hand-over' ? { kind: 'hand-over' } : { kind: 'stay' };
  return { kind: 'show', step: to };
}

/** doc 2 section 2: "Back goes to the previous step, never below step 1". */
export function previousStep(step: WizardStep, context: StepContext): WizardStep {
  return WIZARD_STEPS.filter((earlier) => earlier.number < step.number && earlier.available(context)).at(-1) ?? step;
}

/**
 * The count the heading reads ("Step N of M"): the numbered steps of doc 2's step list (1 Your Info to 6
 * Payment; 7 is the final state, which the indicator never lists), on every step, whatever the indicator
 * shows; entries that share a number (payment, lienholders) count once.
 */
export const STEP_COUNT = new Set(WIZARD_STEPS.filter((step) => step.indicator !== 'never').map((step) => step.number)).size;

/** The step indicator's entries while `current` is shown; empty when the indicator hides. */
export function indicatorSteps(current: WizardStep): readonly WizardStep[] {
  if (current.indicator === 'never') return [];
  return WIZARD_STEPS.filter((step) => step.indicator === 'always' || (step.indicator === 'when-current' && step === current));
}

/** The shell's buttons on `step`: none of them where the step draws its own. */
export function shellActions(step: WizardStep): { back: boolean; continue: boolean } {
  return step.actions === 'own' ? { back: false, continue: false } : step.actions;
}
