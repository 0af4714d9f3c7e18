import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../core/api-client.ts';
import type { SnackbarKind } from '../../core/store.ts';
import { useWidget } from '../../core/widget.tsx';
import { redeemHandover, takeHandoverToken } from '../handover.ts';
import { resumeWizard } from '../persistence.ts';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';
import { resumeStep, useSavedQuote, wizardWithSavedQuote } from '../steps/quote/saved-quote.ts';
import { QUOTE_TEXTS } from '../steps/quote/quote.texts.ts';
import { initialWizardState } from '../wizard-model.ts';
import { withPresets, type PresetAttributes } from './presets.ts';
import type { WizardStateHandle } from './use-wizard-state.ts';

/**
 * What the wizard opens with, decided once:
 * - a hand-over link from another origin (handover.ts): the answers and the quote on step 6, or, spent or
 *   expired, a page that says so (`handoverLost`);
 * - a saved-quote query (doc 2 section 2, steps/quote/saved-quote.ts): the quote on step 5, or the notice
 *   and the home page when it is not found;
 * - this tab's saved wizard after a reload (persistence.ts), on the step it was on;
 * - else a fresh wizard with the page's presets (presets.ts), which an attribute set later still fills in.
 * The hand-over token and the saved-quote query leave the address bar before the first paint.
 */
export interface WizardStartOptions {
  api: ApiClient;
  /** Off our origin nothing is read from the host page's storage, and no hand-over link is taken. */
  offOrigin: boolean;
  setState: WizardStateHandle['setState'];
  goHome(kind: SnackbarKind, text: string): void;
  /** The element's attributes as they are now (react-to-webcomponent may hand them over after the first render). */
  presets: PresetAttributes;
}

export function useWizardStart({ api, offOrigin, setState, goHome, presets }: WizardStartOptions): { handoverLost: boolean } {
  const { showLoader, hideLoader } = useWidget();
  const [handoverLost, setHandoverLost] = useState(false);
  const handoverToken = useRef<string | null | undefined>(undefined);
  useLayoutEffect(() => {
    if (handoverToken.current === undefined) handoverToken.current = offOrigin ? null : takeHandoverToken();
  }, []);
  const savedQuote = useSavedQuote(api);
  const latestPresets = useRef(presets);
  latestPresets.current = presets;
  const startedFresh = useRef(false);

  useEffect(() => {
    const answer = savedQuote();
    const handover = handoverToken.current ?? null;
    const resumed = offOrigin || handover ? null : resumeWizard();
    startedFresh.current = resumed === null && answer === null && handover === null;
    let alive = true;
    if (handover) {
      showLoader(TEXTS.loading);
      void redeemHandover(api, handover, wizardWithSavedQuote).then((handed) => {
        if (!alive) return;
        hideLoader();
        if (handed) setState(handed);
        else setHandoverLost(true);
      });
    } else if (answer) {
      showLoader(TEXTS.loading);
      void answer.then((response) => {
        if (!alive) return;
        if (!response) return goHome('danger', QUOTE_TEXTS.quoteNotFound);
        hideLoader();
        setState(wizardWithSavedQuote(response));
      });
    } else {
      setState(resumed ? { ...resumed, step: resumeStep(resumed) } : withPresets(initialWizardState(), latestPresets.current));
    }
    return () => {
      alive = false;
      // a host that removes the wizard mid-start takes the overlay with it
      hideLoader();
    };
  }, []);

  useEffect(() => {
    if (startedFresh.current) setState((s) => (s.step === 0 ? s : withPresets(s, latestPresets.current)));
  }, [presets.state, presets.dealer]);

  return { handoverLost };
}
