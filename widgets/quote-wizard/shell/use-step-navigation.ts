import { useEffect, useRef, type FormEvent } from 'react';
import type { StepId, StepIntent } from '../model/step-ids.ts';
import type { WizardState } from '../model/wizard-model.ts';
import type { StepController, StepProps } from '../step.ts';
import { destination, previousStep, stepToShow, type StepContext, type WizardStep } from '../steps.ts';

/**
 * Back and Continue through the steps table (steps.ts). The step on screen is the table's entry for the
 * state's step number (a step not available here is never drawn: the state moves to the one shown in its
 * place). Each step hands over a StepController (step.ts) on every render, saying what the buttons mean on
 * its page. Continue, and any other action of the step's own (StepProps.act), ends in an intent ('next',
 * 'stay', { to }); this is the one place that turns an intent into the state's step number, or into what
 * the table says instead where the step is not available here (Purchase Now off our origin: the hand-over).
 */
export interface StepNavigationOptions {
  state: WizardState;
  stateRef: { readonly current: WizardState };
  context: StepContext;
  update: StepProps['update'];
  isLeaving(): boolean;
  /** Forward to a step the table marks `elsewhere: 'hand-over'` where it is not available. */
  handOver(): Promise<void>;
  /** The wizard moved on from `from` to a later step. */
  onMovedOn(from: WizardStep): void;
}

export interface StepNavigation {
  /** The step on screen; undefined while loading. */
  current: WizardStep | undefined;
  /** The StepProps register of the step on screen. */
  register(controller: StepController): void;
  onContinue(event: FormEvent): Promise<void>;
  onBack(): void;
  /** StepProps.act: one of the step's own actions, run as Continue is (one at a time), then its intent. */
  act(action: () => Promise<StepIntent> | StepIntent): Promise<void>;
}

export function useStepNavigation({ state, stateRef, context, update, isLeaving, handOver, onMovedOn }: StepNavigationOptions): StepNavigation {
  const current = stepToShow(state, context);
  const controllers = useRef(new Map<StepId, StepController>());
  const moving = useRef(false);

  useEffect(() => {
    if (current && current.number !== state.step) update((s) => (s.step === state.step ? { ...s, step: current.number } : s));
  }, [state.step, current]);

  /** Goes where `intent`, given on `from`, leads. */
  async function follow(from: WizardStep, intent: StepIntent): Promise<void> {
    if (isLeaving()) return;
    const where = destination(from, intent, stateRef.current, context);
    if (where.kind === 'hand-over') return handOver();
    if (where.kind === 'stay') return;
    // read again in the state the action's own updates produced (a bind's purchase decides whether the
    // lienholders apply), which may not have been drawn yet
    update((s) => {
      const settled = destination(from, intent, s, context);
      return settled.kind === 'show' ? { ...s, step: settled.step.number } : s;
    });
    if (where.step.number > from.number) onMovedOn(from);
  }

  async function act(action: () => Promise<StepIntent> | StepIntent): Promise<void> {
    const from = stepToShow(stateRef.current, context);
    if (!from || moving.current || isLeaving()) return;
    moving.current = true;
    try {
      await follow(from, await action());
    } finally {
      moving.current = false;
    }
  }

  async function onContinue(event: FormEvent) {
    event.preventDefault();
    const from = stepToShow(stateRef.current, context);
    const controller = from && controllers.current.get(from.id);
    if (!controller) return;
    await act(() => controller.onContinue());
  }

  function onBack() {
    const from = stepToShow(stateRef.current, context);
    if (!from) return;
    const result = controllers.current.get(from.id)?.onBack() ?? 'previous';
    if (result === 'previous') {
      const to = previousStep(from, context);
      update((s) => ({ ...s, step: to.number }));
    }
  }

  return {
    current,
    register: (controller) => {
      if (current) controllers.current.set(current.id, controller);
    },
    onContinue,
    onBack,
    act,
  };
}
