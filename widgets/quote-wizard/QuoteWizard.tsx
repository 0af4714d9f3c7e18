import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { BRAND, HEAR_ABOUT_DEALER, MESSAGES, WRITING_STATES, inStates, preferredPicture } from '../../contract/index.ts';
import { dealerByCode } from '../../contract/reference/dealers.ts';
import { siteUrlFor } from '../core/config.ts';
import { Overlay } from '../core/overlay.tsx';
import { Snackbars } from '../core/snackbar.tsx';
import type { SnackbarKind } from '../core/store.ts';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { scoped, useWidget } from '../core/widget.tsx';
import { clearOnLinkOut, clearWizard, resumeWizard, saveWizard } from './persistence.ts';
import { handOverPurchase, isOffOrigin, redeemHandover, takeHandoverToken } from './handover.ts';
import { quotePolicyOf } from './steps/quote/quote-logic.ts';
import { purchaseOf } from './steps/payment/purchase-model.ts';
import type { StepController, StepProps } from './step.ts';
import type { LocationProblem } from './steps/info/StepInfo.tsx';
import { resumeStep, useSavedQuote, wizardWithSavedQuote } from './steps/quote/saved-quote.ts';
import { HOME_NOTICE_MS, QUOTE_TEXTS } from './steps/quote/quote.texts.ts';
import { settle } from './quote/quote-lifecycle.ts';
import { indicatorSteps, nextStep, previousStep, shellActions, stepToShow, type StepContext, type WizardStepProps } from './steps.ts';
import { quoteWizardStyles } from './quote-wizard.styles.ts';
import { LOCATION_DELAY_MS, PAGE_VIEW_DELAY_MS, QUOTE_WIZARD_TEXTS, SCROLL_DELAY_MS } from './quote-wizard.texts.ts';
import { initialWizardState, type StepNumber, type WizardState } from './wizard-model.ts';
import * as endpoints from '../../contract/api/endpoints.ts';

/**
 * The quote wizard's shell (doc 2 section 1): hero and title, the step indicator, the step on screen, Back
 * and Continue, the overlay during calls and the customer-care phone. It owns the wizard's state, persists
 * every change for this tab (persistence.ts) and settles the quote's life on every change (doc 2 section 4,
 * quote/quote-lifecycle.ts).
 *
 * The steps are one table, steps.ts: each entry's id, its number (what the state persists), title,
 * component, the shell buttons it shows (or 'own'), its place in the step indicator and when it is
 * available. The shell draws the entry the state's step number names and asks the table what to show and
 * where Back and Continue lead; each step's component hands the shell a StepController (step.ts) that says
 * what the buttons mean on its page. Off our origin the payment step is not available: Continue towards
 * it (Purchase Now) hands the visitor over to our site (handover.ts) instead.
 */
export interface QuoteWizardProps {
  /** Origin of the API; default same-origin, or the loader's origin when embedded. */
  apiBase?: string;
  /** Origin of the brand site (the unavailable pages); default as apiBase. */
  siteUrl?: string;
  /** A dealer code: presets 'How did you hear about us?' to Dealer and attributes the quote. */
  dealer?: string;
  /** A two-letter state to preset on step 1 when it is one we write in. */
  state?: string;
  /** Tests shorten the 3000 ms location loader and the 100 ms scroll delay. */
  locationDelayMs?: number;
  scrollDelayMs?: number;
  /** Tests shorten the 3500 ms a notice shows before the wizard leaves for the home page. */
  homeNoticeMs?: number;
  /** How the wizard leaves for another page; tests catch it instead. */
  navigate?: (url: string) => void;
  /**
   * True on a page that is not the brand site (default: the site's origin differs from the page's). Then the
   * answers stay in memory only, never in the host origin's storage, and Purchase Now hands the visitor over
   * to our site (handover.ts), where card payment happens.
   */
  offOrigin?: boolean;
}

const TEXTS = QUOTE_WIZARD_TEXTS;

/**
 * A fresh wizard's presets: ?state= and ?dealer= (what the quote-start widget sends) before the element's
 * attributes. They fill only what is still empty, so applying them again (an attribute that arrives after
 * the first render) never overwrites an answer.
 */
function withPresets(wizard: WizardState, attributes: { state?: string | undefined; dealer?: string | undefined }): WizardState {
  const query = new URLSearchParams(globalThis.location?.search ?? '');
  const info = { ...wizard.info };
  let attribution = wizard.attribution;
  const stateCode = (query.get('state') ?? attributes.state ?? '').trim().toUpperCase();
  if (!info.state && inStates(WRITING_STATES, stateCode)) info.state = stateCode;
  const dealerCode = (query.get('dealer') ?? attributes.dealer ?? '').trim();
  const dealer = dealerCode ? dealerByCode(dealerCode) : undefined;
  if (dealer && !attribution.dealer) attribution = { dealer: dealer.code, agencyCode: dealer.agencyCode };
  if (dealer && !info.hearAbout) {
    info.hearAbout = HEAR_ABOUT_DEALER;
    info.dealer = dealer.code;
  }
  const same = info.state === wizard.info.state && info.hearAbout === wizard.info.hearAbout && attribution === wizard.attribution;
  return same ? wizard : { ...wizard, info, attribution };
}

function QuoteWizardView({
  siteUrl,
  dealer,
  state: stateAttribute,
  locationDelayMs = LOCATION_DELAY_MS,
  scrollDelayMs = SCROLL_DELAY_MS,
  homeNoticeMs = HOME_NOTICE_MS,
  navigate = (url) => globalThis.location.assign(url),
  offOrigin: offOriginProp,
}: QuoteWizardProps) {
  // this element's own API client, loader and snackbars (widget.tsx); its events leave from its host
  const widget = useWidget();
  const { api, rootRef, showLoader, hideLoader, showSnackbar } = widget;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useAdoptedStyles(rootRef, quoteWizardStyles);
  const site = siteUrlFor(siteUrl);
  const offOrigin = offOriginProp ?? isOffOrigin(site);
  const [handoverLost, setHandoverLost] = useState(false);
  // a hand-over link's token leaves the address bar before the first paint, like the saved-quote query
  const handoverToken = useRef<string | null | undefined>(undefined);
  useLayoutEffect(() => {
    if (handoverToken.current === undefined) handoverToken.current = offOrigin ? null : takeHandoverToken();
  }, []);

  // Step 0 ("Loading...") until the saved state is read or a fresh one is built.
  const [state, setState] = useState<WizardState>(() => ({ ...initialWizardState(), step: 0 }));
  const stateRef = useRef(state);
  stateRef.current = state;
  const context: StepContext = { offOrigin };
  // the steps table's entry for the state's step (steps.ts); undefined while loading
  const current = stepToShow(state.step, context);
  const controllers = useRef(new Map<StepNumber, StepController>());
  const pending = useRef(0);
  const leaving = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const moving = useRef(false);
  const shownStep = useRef<StepNumber>(0);

  // react-to-webcomponent may render once before it hands over the attributes: read the latest ones
  const presets = useRef({ state: stateAttribute, dealer });
  presets.current = { state: stateAttribute, dealer };
  const startedFresh = useRef(false);
  // a saved-quote query (an e-mail and a birth date, or a link's secret) leaves the address bar before the first paint
  const savedQuote = useSavedQuote(api);

  useEffect(() => {
    const answer = savedQuote();
    const handover = handoverToken.current ?? null;
    // off our origin nothing is read from (or written to) the host page's storage
    const resumed = offOrigin || handover ? null : resumeWizard();
    startedFresh.current = resumed === null && answer === null && handover === null;
    let alive = true;
    if (handover) {
      // from another origin: the answers and the quote, on step 6; spent or expired: a page that says so
      showLoader(TEXTS.loading);
      void redeemHandover(api, handover, wizardWithSavedQuote).then((handed) => {
        if (!alive) return;
        hideLoader();
        if (handed) setState(handed);
        else setHandoverLost(true);
      });
    } else if (answer) {
      // doc 2 section 2: the saved quote is fetched and opens on step 5; not found: the notice, then home
      showLoader(TEXTS.loading);
      void answer.then((response) => {
        if (!alive) return;
        if (!response) return goHome('danger', QUOTE_TEXTS.quoteNotFound);
        hideLoader();
        setState(wizardWithSavedQuote(response));
      });
    } else {
      setState(resumed ? { ...resumed, step: resumeStep(resumed) } : withPresets(initialWizardState(), presets.current));
    }
    const stop = clearOnLinkOut();
    return () => {
      alive = false;
      stop();
      // a host that removes the wizard mid-call or mid-redirect takes the overlay and the redirect with it
      clearTimeout(redirect.current);
      hideLoader();
    };
  }, []);

  useEffect(() => {
    if (state.step !== 0 && !leaving.current && !offOrigin) saveWizard(state);
  }, [state]);

  // a step not available here is never drawn: the state moves to the step shown in its place
  useEffect(() => {
    if (current && current.number !== state.step) setState((s) => (s.step === state.step ? { ...s, step: current.number } : s));
  }, [state.step, current]);

  // an attribute set after the start still presets a fresh wizard's untouched fields
  useEffect(() => {
    if (startedFresh.current) setState((s) => (s.step === 0 ? s : withPresets(s, presets.current)));
  }, [stateAttribute, dealer]);

  // A page view per step shown (doc 2 section 1: "about 25 ms delay"), focus on the new step's heading
  // and, after 100 ms, the wizard's top in view (doc 2 section 2: "scrolls up (about 100 ms delay)").
  const shownNumber = current?.number ?? 0;
  useEffect(() => {
    const step = shownNumber;
    if (!current || step === shownStep.current) return;
    const first = shownStep.current === 0;
    shownStep.current = step;
    // The delay also lets an element that rendered before it was put in the page (react-to-webcomponent
    // renders on the first attribute) be in the page, so the event reaches the host's listeners.
    // Not cancelled by the next step: a step shown briefly was still viewed. An unmounted wizard has no root.
    setTimeout(() => {
      if (rootRef.current) widget.emit('ppm-step', { step, name: current.title });
    }, PAGE_VIEW_DELAY_MS);
    if (first) return; // arriving on the page: focus and scroll stay where the page put them
    headingRef.current?.focus({ preventScroll: true });
    const scroll = setTimeout(() => rootRef.current?.scrollIntoView({ block: 'start' }), scrollDelayMs);
    return () => clearTimeout(scroll);
  }, [shownNumber]);

  // Events for the host page (DESIGN.md "Embedding"): a new price, a bound policy, and every failure the
  // person is shown. What the wizard started with (a resumed or handed-over quote) is not news.
  const announced = useRef<{ quote: string | null; bound: string | null } | null>(null);
  useEffect(() => {
    if (state.step === 0) return;
    const policy = quotePolicyOf(state.quoteResponse);
    const bound = purchaseOf(state).bound;
    const seen = { quote: policy?.policyNumber ?? null, bound: bound?.policyNumber ?? null };
    const before = announced.current;
    announced.current = seen;
    if (!before || !rootRef.current) return;
    if (policy && seen.quote !== before.quote) {
      widget.emit('ppm-quote', {
        action: 'priced',
        policyNumber: policy.policyNumber,
        ratedState: policy.ratedState,
        vehicles: policy.vehicleInfo.length,
        estimatedMonthlyPayment: policy.estimatedMonthlyPayment,
      });
    }
    if (bound && seen.bound !== before.bound) {
      const frequency = purchaseOf(state).billingFrequency;
      widget.emit('ppm-purchase', {
        policyNumber: bound.policyNumber,
        binderNumber: bound.binderNumber,
        quoteNumber: bound.quoteNumber,
        billingFrequency: frequency,
        amount: policy ? (frequency === 'monthly' ? policy.downPaymentMonthly : policy.downPaymentSingle) : 0,
      });
    }
  }, [state]);
  useEffect(() => {
    // every red snackbar this wizard shows is a failure the host hears about, through the one path
    const reported = new Set(widget.snackbars.peek().map((snackbar) => snackbar.id));
    return widget.snackbars.subscribe((list) => {
      for (const snackbar of list) {
        if (snackbar.kind !== 'danger' || reported.has(snackbar.id)) continue;
        reported.add(snackbar.id);
        if (rootRef.current) widget.reportError(0, snackbar.text);
      }
    });
  }, []);

  const update = useCallback<StepProps['update']>((change) => {
    setState((previous) => {
      // doc 2 section 4 and doc 3 section 4: what clears the quote, what resets the coverage (quote-lifecycle.ts)
      return settle(previous, change(previous));
    });
  }, []);

  const busy = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    pending.current += 1;
    showLoader(TEXTS.busy);
    try {
      return await work();
    } finally {
      pending.current -= 1;
      if (pending.current === 0 && !leaving.current) hideLoader();
    }
  }, []);

  /** doc 2 section 4: the 3000 ms loader, then the unavailable page; what was typed is cleared (leaving). */
  const onLocationProblem = useCallback(
    (problem: LocationProblem) => {
      if (leaving.current) return;
      leaving.current = true;
      showLoader(TEXTS.verifyLocation);
      const path =
        problem.kind === 'weather' ? '/unavailable?weather-exception' : `/unavailable?not-writing&state=${encodeURIComponent(problem.state)}`;
      redirect.current = setTimeout(() => {
        clearWizard();
        navigate(`${site}${path}`);
      }, locationDelayMs);
    },
    [site, locationDelayMs, navigate],
  );

  /**
   * Leaves for the home page with a notice (doc 1 section 8: "snackbar ... then go home"). The notice lives
   * in this page, so the wizard waits while it shows and then goes; what was typed is cleared at once.
   */
  const goHome = useCallback(
    (kind: SnackbarKind, text: string) => {
      if (leaving.current) return;
      leaving.current = true;
      clearWizard();
      hideLoader();
      showSnackbar(kind, text, homeNoticeMs);
      redirect.current = setTimeout(() => navigate(`${site}/`), homeNoticeMs);
    },
    [site, homeNoticeMs, navigate],
  );

  /** After step 2 the first vehicle's picture is fetched (doc 2 section 2); shown on the quote step. */
  async function fetchVehicleImage() {
    const first = stateRef.current.vehicles[0];
    if (!first?.vin || first.isVINValid !== true) return;
    const query = { vin: first.vin, year: first.year, model: first.model };
    const result = await api.call(endpoints.vehicleImage, null, { query });
    const pictures = result.ok && preferredPicture(result.data.Vin.picture) ? result.data.Vin.picture : null;
    update((s) => ({ ...s, vehicleImage: pictures }));
  }

  async function onContinue(event: FormEvent) {
    event.preventDefault();
    const from = stepToShow(stateRef.current.step, context);
    const controller = from && controllers.current.get(from.number);
    if (!from || !controller || moving.current || leaving.current) return;
    moving.current = true;
    try {
      const result = await controller.onContinue();
      if (result !== 'next' || leaving.current) return;
      const to = nextStep(from);
      if (!to) return;
      if (!to.available(context)) {
        if (to.elsewhere === 'hand-over') await handOver();
        return;
      }
      update((s) => ({ ...s, step: to.number }));
      if (from.id === 'vehicles') void fetchVehicleImage();
    } finally {
      moving.current = false;
    }
  }

  /** Purchase Now on another origin: to our site's step 6 with everything typed (handover.ts). */
  async function handOver() {
    const url = await busy(() => handOverPurchase(api, site, stateRef.current));
    if (!url) {
      showSnackbar('danger', MESSAGES.callUs, null);
      return;
    }
    leaving.current = true;
    showLoader(TEXTS.busy);
    navigate(url);
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

  const stepProps: WizardStepProps | null = current
    ? {
        state,
        update,
        register: (controller) => controllers.current.set(current.number, controller),
        api,
        busy,
        onLocationProblem,
        goHome,
        apiBase: widget.apiBase,
        siteUrl: site,
        navigate,
      }
    : null;
  const Step = current?.component;
  const indicator = current ? indicatorSteps(current) : [];
  const buttons = current ? shellActions(current) : { back: false, continue: false };

  return (
    <div ref={rootRef} className="ppm-root ppm-wizard" part="base">
      <div className="ppm-wizard__hero" part="hero">
        <svg className="ppm-wizard__car" viewBox="0 0 240 80" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 58c0-9 6-13 16-15l34-6c14-12 32-21 58-21 22 0 41 7 60 19l31 6c11 2 19 7 21 17v6h-18a20 20 0 0 0-39 0H77a20 20 0 0 0-39 0H10Z"
          />
          <circle cx="57" cy="62" r="13" fill="currentColor" />
          <circle cx="181" cy="62" r="13" fill="currentColor" />
        </svg>
        <h2 className="ppm-wizard__title">{TEXTS.title}</h2>
      </div>

      {handoverLost ? (
        <div className="ppm-panel ppm-wizard__lost" role="alert">
          <p>{MESSAGES.handoverNotFound}</p>
          <p>
            <a className="ppm-button" href={`${site}/search-for-my-quote`}>
              {TEXTS.retrieveQuote}
            </a>
          </p>
        </div>
      ) : !current || !Step || !stepProps ? (
        <p className="ppm-wizard__loading" role="status">
          {TEXTS.loading}
        </p>
      ) : (
        <>
          {indicator.length > 0 && (
            <nav aria-label={TEXTS.stepsLabel} className="ppm-steps" part="steps">
              <ol className="ppm-steps__list">
                {indicator.map((entry) => {
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
          )}

          <form className="ppm-wizard__form" noValidate onSubmit={onContinue} part="form">
            <h3 ref={headingRef} className="ppm-wizard__heading" tabIndex={-1}>
              {indicator.length > 0 && <span className="ppm-visually-hidden">{TEXTS.stepOf(current.number, indicator.length)}: </span>}
              {current.title}
            </h3>
            {current.intro && <p className="ppm-wizard__intro">{current.intro}</p>}

            <Step {...stepProps} />

            {(buttons.back || buttons.continue) && (
              <div className="ppm-wizard__actions">
                {buttons.back && (
                  <button type="button" className="ppm-button ppm-button--secondary" part="back" onClick={onBack}>
                    {TEXTS.back}
                  </button>
                )}
                {buttons.continue && (
                  <button type="submit" className="ppm-button" part="continue">
                    {TEXTS.continue}
                  </button>
                )}
              </div>
            )}
          </form>
        </>
      )}

      <p className="ppm-wizard__help" part="help">
        {TEXTS.phoneLead}{' '}
        <a className="ppm-wizard__phone" href={BRAND.phoneHref}>
          {BRAND.phone}
        </a>
        .
      </p>
      <Overlay />
      <Snackbars closeLabel={TEXTS.close} />
    </div>
  );
}

/** The wizard with its own widget context (widget.tsx): its element's, or its own as an island on our site. */
export const QuoteWizard = scoped<QuoteWizardProps>('ppm-quote-wizard', QuoteWizardView);
