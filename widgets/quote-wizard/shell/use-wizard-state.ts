import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clearOnLinkOut, saveWizard } from '../persistence.ts';
import { settle } from '../quote/quote-lifecycle.ts';
import type { StepProps } from '../step.ts';
import { initialWizardState, type WizardState } from '../model/wizard-model.ts';

/**
 * The wizard's state (wizard-model.ts): step 0 ("Loading...") until the start decides what it holds
 * (use-wizard-start.ts). Every change is settled by the quote's life (doc 2 section 4 and doc 3 section 4:
 * what clears the quote, what resets the coverage; quote/quote-lifecycle.ts) and, on our own origin, kept
 * for this tab (persistence.ts); following a link of the page out of the wizard clears what was kept.
 */
export interface WizardStateOptions {
  /** Off our origin nothing is written to the host page's storage. */
  offOrigin: boolean;
  isLeaving(): boolean;
}

export interface WizardStateHandle {
  state: WizardState;
  /** The latest state, for handlers that run between renders. */
  stateRef: { readonly current: WizardState };
  /** Replaces the state as it is (a start, a preset); steps change it through `update`. */
  setState(next: WizardState | ((previous: WizardState) => WizardState)): void;
  update: StepProps['update'];
}

export function useWizardState({ offOrigin, isLeaving }: WizardStateOptions): WizardStateHandle {
  const [state, setState] = useState<WizardState>(() => ({ ...initialWizardState(), step: 0 }));
  const stateRef = useRef(state);
  stateRef.current = state;

  // Kept as it is drawn (a layout effect, not one after the paint): a page left or reloaded at once after a
  // change, on a busy machine, still finds what the person saw.
  useLayoutEffect(() => {
    if (state.step !== 0 && !isLeaving() && !offOrigin) saveWizard(state);
  }, [state]);

  useEffect(() => clearOnLinkOut(), []);

  const update = useCallback<StepProps['update']>((change) => setState((previous) => settle(previous, change(previous))), []);

  return { state, stateRef, setState, update };
}
