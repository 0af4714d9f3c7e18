import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../core/api-client.ts';
import type { SnackbarKind } from '../../core/store.ts';
import { useWidget } from '../../core/widget.tsx';
import { redeemHandover, takeHandoverToken } from '../handover.ts';
import { resumeWizard } from '../persistence.ts';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';
import { readSavedQuoteQuery, withoutSavedQuoteParams, type SavedQuoteQuery } from '../steps/quote/quote-logic.ts';
import { stepById, stepToShow } from '../steps.ts';
import type { QuoteResponse } from '../../../contract/index.ts';
import { initialWizardState, type WizardState } from '../model/wizard-model.ts';
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
 *
 * A start that opens a quote (a hand-over, a saved-quote query, a tab's save that holds a quote) needs the
 * quote's code: rebuilding the forms from it (quote/quote-request.ts, with the coverage rules) and step 5.
 * Most visitors start fresh, so that code is not part of the page's first load (issue 11): such a start
 * fetches it here, step 5's chunk alongside, under the loader. Any start that lands on a step whose code is
 * a chunk of its own (steps.ts) shows it once that chunk is in, so the step arrives whole.
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

type QuoteStartCode = typeof import('../steps/quote/saved-quote.ts') & { quoteNotFound: string };

/** The saved-quote start's code (steps/quote/saved-quote.ts and its texts), with step 5's chunk fetched beside it. */
function quoteStartCode(): Promise<QuoteStartCode> {
  void stepById('quote').preload?.().catch(() => undefined);
  return Promise.all([import('../steps/quote/saved-quote.ts'), import('../steps/quote/quote.texts.ts')]).then(
    ([savedQuote, texts]) => ({ ...savedQuote, quoteNotFound: texts.QUOTE_TEXTS.quoteNotFound }),
  );
}

/**
 * Reads the saved-quote query (quote-logic.ts) and removes it from the address bar at once; null when
 * there is none. The query carries an e-mail and a birth date, or a secret: it is taken off before any call
 * is made (DESIGN.md "Beyond the spec").
 */
function takeSavedQuoteQuery(): SavedQuoteQuery | null {
  const query = readSavedQuoteQuery(globalThis.location?.search ?? '');
  const clean = withoutSavedQuoteParams(globalThis.location.href);
  if (clean !== null) globalThis.history.replaceState(globalThis.history.state, '', clean);
  return query;
}

export interface WizardStart {
  /** The hand-over could not be redeemed: the page that says so shows instead of the wizard. */
  handoverLost: boolean;
  /**
   * The wizard opened from a hand-over: the person pressed Purchase Now on another site's page, and this
   * page is the next step of the same journey, so it arrives as a new step does (use-step-arrival.ts).
   */
  handedOver(): boolean;
}

export function useWizardStart({ api, offOrigin, setState, goHome, presets }: WizardStartOptions): WizardStart {
  const { showLoader, hideLoader } = useWidget();
  const [handoverLost, setHandoverLost] = useState(false);
  const handedOver = useRef(false);
  // Taken in a layout effect (before the first paint, and never in a render React may throw away), once.
  const taken = useRef<{ handover: string | null; query: SavedQuoteQuery | null } | null>(null);
  useLayoutEffect(() => {
    taken.current ??= { handover: offOrigin ? null : takeHandoverToken(), query: takeSavedQuoteQuery() };
  }, []);
  // A saved quote's one fetch: a second effect run, as under StrictMode, shares it (a link is single use).
  const savedQuote = useRef<Promise<{ code: QuoteStartCode; response: QuoteResponse | null }> | null>(null);
  const latestPresets = useRef(presets);
  latestPresets.current = presets;
  const startedFresh = useRef(false);

  useEffect(() => {
    const { handover, query } = taken.current ?? { handover: null, query: null };
    const resumed = offOrigin || handover ? null : resumeWizard();
    startedFresh.current = resumed === null && query === null && handover === null;
    let alive = true;
    /**
     * Shows `state`, once the code of the step it opens on is here when that step is a chunk of its own
     * (steps.ts): the step then arrives whole, with its heading, rather than as a heading over 'Loading...'.
     * A chunk that cannot load (offline) leaves it to the step's own loading state.
     */
    const open = (state: WizardState, beforeShowing?: () => void) => {
      const show = () => {
        if (!alive) return;
        beforeShowing?.();
        setState(state);
      };
      const preload = stepToShow(state, { offOrigin })?.preload?.();
      if (preload) void preload.catch(() => undefined).then(show);
      else show();
    };
    const startFresh = () => setState(withPresets(initialWizardState(), latestPresets.current));
    if (handover) {
      showLoader(TEXTS.loading);
      void quoteStartCode()
        .then((code) => redeemHandover(api, handover, code.wizardWithSavedQuote))
        .catch(() => null)
        .then((handed) => {
          if (!alive) return;
          if (handed) {
            return open(handed, () => {
              handedOver.current = true;
              hideLoader();
            });
          }
          hideLoader();
          setHandoverLost(true);
        });
    } else if (query) {
      showLoader(TEXTS.loading);
      savedQuote.current ??= quoteStartCode().then(async (code) => ({ code, response: await code.fetchSavedQuote(api, query) }));
      savedQuote.current.then(
        ({ code, response }) => {
          if (!alive) return;
          if (!response) return goHome('danger', code.quoteNotFound);
          open(code.wizardWithSavedQuote(response), hideLoader);
        },
        () => {
          // its code could not load (offline): a fresh wizard rather than a loader that never ends
          if (!alive) return;
          hideLoader();
          startFresh();
        },
      );
    } else if (resumed) {
      // on the step it was on (step 0, saved before it started, is step 1)
      const asSaved = { ...resumed, step: resumed.step === 0 ? 1 : resumed.step };
      // but one holding a quote may open elsewhere: the quote's code says where (saved-quote.ts resumeStep)
      if (!resumed.quoteResponse) open(asSaved);
      else quoteStartCode().then((code) => open({ ...resumed, step: code.resumeStep(resumed) }), () => open(asSaved));
    } else {
      startFresh();
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

  return { handoverLost, handedOver: () => handedOver.current };
}
