import { Fragment, createElement, useRef, useState, type ComponentType } from 'react';
import type { ApiClient } from '../core/api-client.ts';
import { Overlay } from '../core/overlay.tsx';
import { Snackbars } from '../core/snackbar.tsx';
import { useWidget } from '../core/widget.tsx';
import { settle } from '../quote-wizard/quote/quote-lifecycle.ts';
import type { StepIntent } from '../quote-wizard/model/step-ids.ts';
import type { StepController, StepProps } from '../quote-wizard/step.ts';
import { destination, previousStep, stepToShow } from '../quote-wizard/steps.ts';
import type { WizardState } from '../quote-wizard/model/wizard-model.ts';
import { renderWidget, type RenderedWidget } from './render.ts';

/**
 * A stand-in for the wizard shell, for testing one step on its own: it holds the state, applies the quote
 * lifecycle on every update exactly as QuoteWizard does (settle), draws the overlay and snackbars of the
 * wizard's widget context (the test reads them as `mounted.widget`), and hands the test the controller the
 * step registers, as the shell's Back and Continue would use it. The step's own actions (StepProps.act) and
 * Back move the state's step through the steps table as the shell does, on our own origin.
 */
const OUR_ORIGIN = { offOrigin: false };
export interface StepHarnessOptions<Extra> {
  /** Props the step takes besides StepProps. */
  props?: Extra;
  /** The step's API client; default the widget context's, for http://api.test. */
  api?: ApiClient;
  /** What shows that the step has rendered. */
  ready: (root: ShadowRoot) => unknown;
  /** Told of every state the step's updates produce. */
  onState?: (state: WizardState) => void;
  onRegister?: (controller: StepController) => void;
}

export type MountedStep = RenderedWidget;

export async function mountStep<Extra extends object>(
  Step: ComponentType<StepProps & Extra>,
  initial: WizardState,
  options: StepHarnessOptions<Extra>,
): Promise<MountedStep> {
  function Harness() {
    const widget = useWidget();
    const [state, setState] = useState(initial);
    const latest = useRef(state);
    latest.current = state;
    const controller = useRef<StepController | null>(null);
    options.onState?.(state);
    // the step the action starts on (its own updates may already show another by the time it ends)
    const act = async (action: () => Promise<StepIntent> | StepIntent) => {
      const from = stepToShow(latest.current, OUR_ORIGIN);
      const intent = await action();
      if (!from) return;
      setState((s) => {
        const where = destination(from, intent, s, OUR_ORIGIN);
        return where.kind === 'show' ? { ...s, step: where.step.number } : s;
      });
    };
    return createElement(
      Fragment,
      null,
      createElement(Step, {
        ...(options.props as Extra),
        state,
        update: (change: (previous: WizardState) => WizardState) => setState((previous) => settle(previous, change(previous))),
        register: (registered: StepController) => {
          controller.current = registered;
          options.onRegister?.(registered);
        },
        api: options.api ?? widget.api,
        busy: <T,>(work: () => Promise<T>) => work(),
        act,
        back: () => {
          const from = stepToShow(latest.current, OUR_ORIGIN);
          if (!from || controller.current?.onBack() === 'stay') return;
          setState((s) => ({ ...s, step: previousStep(from, OUR_ORIGIN).number }));
        },
      }),
      createElement(Overlay),
      createElement(Snackbars),
    );
  }
  return renderWidget(createElement(Harness), options.ready, { tag: 'ppm-quote-wizard', apiBase: 'http://api.test', what: 'the step' });
}
