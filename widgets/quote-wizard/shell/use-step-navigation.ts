import { useEffect, useRef, type FormEvent } from 'react';
import type { StepController, StepProps } from '../step.ts';
import { nextStep, previousStep, stepToShow, type StepContext, type WizardStep } from '../steps.ts';
import type { StepNumber, WizardState } from '../model/wizard-model.ts';

/**
 * Back and Continue through the steps table (steps.ts). The step on screen is the table's entry for the
 * state's step number (a step not available here is never drawn: the state moves to the one shown in its
 * place). Each step hands over a StepController (step.ts) on every render, saying what the buttons mean on
 * its page; a Continue the step answers with 'next' moves to the next step, or, when that step is not
 * available here, does what the table says instead (Purchase Now off our origin: the hand-over).
 */
export interface StepNavigationOptions {
  state: WizardState;
  stateRef: { readonly current: WizardState };
  context: StepContext;
  update: StepProps['update'];
  isLeaving(): boolean;
  /** Forward to a step the table marks `elsewhere: 'hand-over'` where it is not available. */
  handOver(): Promise<void>;
  /** The wizard moved on from `from` to the next step. */
  onMovedOn(from: WizardStep): void;
}

export interface StepNavigation {
  /** The step on screen; undefined while loading. */
  current: WizardStep | undefined;
  /** The StepProps register of the step on screen. */
  register(controller: StepController): void;
  onContinue(event: FormEvent): Promise<void>;
  onBack(): void;
}

export function useStepNavigation({ state, stateRef, context, update, isLeaving, handOver, onMovedOn }: StepNavigationOptions): StepNavigation {
  const current = stepToShow(state.step, context);
  const controllers = useRef(new Map<StepNumber, StepController>());
  const moving = useRef(false);

  useEffect(() => {
    if (current && current.number !== state.step) update((s) => (s.step === state.step ? { ...s, step: current.number } : s));
  }, [state.step, current]);

  async function onContinue(event: FormEvent) {
    event.preventDefault();
    const from = stepToShow(stateRef.current.step, context);
    const controller = from && controllers.current.get(from.number);
    if (!from || !controller || moving.current || isLeaving()) return;
    moving.current = true;
    try {
      const result = await controller.onContinue();
      if (result !== 'next' || isLeaving()) return;
      const to = nextStep(from);
      if (!to) return;
      if (!to.available(context)) {
        if (to.elsewhere === 'hand-over') await handOver();
        return;
      }
      update((s) => ({ ...s, step: to.number }));
      onMovedOn(from);
    } finally {
      moving.current = false;
    }
  }

  function onBack() {
    const from = stepToShow(stateRef.current.step, context);
    if (!from) return;
    const result = controllers.current.get(from.number)?.onBack() ?? 'previous';
    if (result === 'previous') {
      const to = previousStep(from, context);
      update((s) => ({ ...s, step: to.number }));
    }
  }

  return {
    current,
    register: (controller) => {
      if (current) controllers.current.set(current.number, controller);
    },
    onContinue,
    onBack,
  };
}
