import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { BRAND, HEAR_ABOUT_DEALER, WRITING_STATES, inStates, preferredPicture, type VehicleImageResponse } from '../../contract/index.ts';
import { dealerByCode } from '../../contract/reference/dealers.ts';
import { createApiClient } from '../core/api-client.ts';
import { apiBaseFor, siteUrlFor } from '../core/config.ts';
import { emit } from '../core/events.ts';
import { Overlay } from '../core/overlay.tsx';
import { Snackbars } from '../core/snackbar.tsx';
import { hideLoader, showLoader, showSnackbar, type SnackbarKind } from '../core/store.ts';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { clearOnLinkOut, clearWizard, resumeWizard, saveWizard } from './persistence.ts';
import type { StepController, StepProps } from './step.ts';
import { StepInfo, type LocationProblem } from './steps/info/StepInfo.tsx';
import { StepVehicles } from './steps/vehicles/StepVehicles.tsx';
import { StepDrivers } from './steps/drivers/StepDrivers.tsx';
import { PaymentComing } from './steps/quote/PaymentComing.tsx';
import { StepQuote } from './steps/quote/StepQuote.tsx';
import { resumeStep, useSavedQuote, wizardWithSavedQuote } from './steps/quote/saved-quote.ts';
import { HOME_NOTICE_MS, QUOTE_TEXTS } from './steps/quote/quote.texts.ts';
import { StepCoverage } from './steps/coverage/StepCoverage.tsx';
import { settle } from './quote/quote-lifecycle.ts';
import { quoteWizardStyles } from './quote-wizard.styles.ts';
import { LOCATION_DELAY_MS, PAGE_VIEW_DELAY_MS, QUOTE_WIZARD_TEXTS, SCROLL_DELAY_MS } from './quote-wizard.texts.ts';
import { initialWizardState, type StepNumber, type WizardState } from './wizard-model.ts';

/**
 * The quote wizard's shell (doc 2 section 1): hero and title, the step indicator, the step on screen, Back
 * and Continue, the overlay during calls and the customer-care phone. It owns the wizard's state, persists
 * every change for this tab (persistence.ts) and clears a stored quote whenever info, vehicles or drivers
 * change (doc 2 section 4). Steps 1 to 3 are components in steps/; each hands the shell a StepController.
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
}

const TEXTS = QUOTE_WIZARD_TEXTS;

/** The step indicator's entries: five, and Payment only on step 6 (doc 2 section 1). */
function indicatorSteps(step: StepNumber): readonly string[] {
  return step === 6 ? TEXTS.steps : TEXTS.steps.slice(0, 5);
}

function stepName(step: StepNumber): string {
  return step === 0 ? TEXTS.loading : step === 7 ? 'Thank You' : TEXTS.steps[step - 1]!;
}

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

export function QuoteWizard({
  apiBase,
  siteUrl,
  dealer,
  state: stateAttribute,
  locationDelayMs = LOCATION_DELAY_MS,
  scrollDelayMs = SCROLL_DELAY_MS,
  homeNoticeMs = HOME_NOTICE_MS,
  navigate = (url) => globalThis.location.assign(url),
}: QuoteWizardProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useAdoptedStyles(rootRef, quoteWizardStyles);
  const api = useMemo(() => createApiClient(apiBaseFor(apiBase)), [apiBase]);
  const site = siteUrlFor(siteUrl);

  // Step 0 ("Loading...") until the saved state is read or a fresh one is built.
  const [state, setState] = useState<WizardState>(() => ({ ...initialWizardState(), step: 0 }));
  const stateRef = useRef(state);
  stateRef.current = state;
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
    const resumed = resumeWizard();
    startedFresh.current = resumed === null && answer === null;
    let alive = true;
    if (answer) {
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
    if (state.step !== 0 && !leaving.current) saveWizard(state);
  }, [state]);

  // an attribute set after the start still presets a fresh wizard's untouched fields
  useEffect(() => {
    if (startedFresh.current) setState((s) => (s.step === 0 ? s : withPresets(s, presets.current)));
  }, [stateAttribute, dealer]);

  // A page view per step shown (doc 2 section 1: "about 25 ms delay"), focus on the new step's heading
  // and, after 100 ms, the wizard's top in view (doc 2 section 2: "scrolls up (about 100 ms delay)").
  useEffect(() => {
    const step = state.step;
    if (step === 0 || step === shownStep.current) return;
    const first = shownStep.current === 0;
    shownStep.current = step;
    // The delay also lets an element that rendered before it was put in the page (react-to-webcomponent
    // renders on the first attribute) be in the page, so the event reaches the host's listeners.
    // Not cancelled by the next step: a step shown briefly was still viewed. An unmounted wizard has no root.
    setTimeout(() => {
      if (rootRef.current) emit(rootRef.current, 'ppm-step', { step, name: stepName(step) });
    }, PAGE_VIEW_DELAY_MS);
    if (first) return; // arriving on the page: focus and scroll stay where the page put them
    headingRef.current?.focus({ preventScroll: true });
    const scroll = setTimeout(() => rootRef.current?.scrollIntoView({ block: 'start' }), scrollDelayMs);
    return () => clearTimeout(scroll);
  }, [state.step]);

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
    const query = new URLSearchParams({ vin: first.vin, year: first.year, model: first.model });
    const result = await api.get<VehicleImageResponse>(`/api/vehicle/image?${query}`);
    const pictures = result.ok && preferredPicture(result.data.Vin.picture) ? result.data.Vin.picture : null;
    update((s) => ({ ...s, vehicleImage: pictures }));
  }

  async function onContinue(event: FormEvent) {
    event.preventDefault();
    const from = stateRef.current.step;
    const controller = controllers.current.get(from);
    if (!controller || moving.current || leaving.current) return;
    moving.current = true;
    try {
      const result = await controller.onContinue();
      if (result !== 'next' || leaving.current) return;
      update((s) => ({ ...s, step: Math.min(s.step + 1, 7) as StepNumber }));
      if (from === 2) void fetchVehicleImage();
    } finally {
      moving.current = false;
    }
  }

  function onBack() {
    const from = stateRef.current.step;
    const result = controllers.current.get(from)?.onBack() ?? 'previous';
    // doc 2 section 2: "Back goes to the previous step, never below step 1"
    if (result === 'previous') update((s) => ({ ...s, step: Math.max(1, s.step - 1) as StepNumber }));
  }

  const step = state.step;
  const props: StepProps = {
    state,
    update,
    register: (controller) => controllers.current.set(step, controller),
    api,
    busy,
  };
  // doc 3 section 2: "Back is shown on steps 2 to 6. Continue is shown on every step except 7."
  // Step 5 draws its own row (Back, Call to Complete, Save My Quote, and Purchase Now as its Continue), and so
  // does step 6 until the payment step lands (Back only: there is no payment to submit yet).
  const ownActions = step === 5 || step === 6;
  const showBack = step >= 2 && step <= 6 && !ownActions;
  const showContinue = step >= 1 && step <= 6 && !ownActions;

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

      {step === 0 ? (
        <p className="ppm-wizard__loading" role="status">
          {TEXTS.loading}
        </p>
      ) : (
        <>
          {step < 7 && (
            <nav aria-label={TEXTS.stepsLabel} className="ppm-steps" part="steps">
              <ol className="ppm-steps__list">
                {indicatorSteps(step).map((name, index) => {
                  const number = index + 1;
                  const status = number < step ? 'done' : number === step ? 'current' : 'todo';
                  return (
                    <li key={name} className={`ppm-steps__item ppm-steps__item--${status}`} aria-current={number === step ? 'step' : undefined}>
                      <span className="ppm-steps__number" aria-hidden="true">
                        {number}
                      </span>
                      <span className="ppm-steps__name">{name}</span>
                    </li>
                  );
                })}
              </ol>
            </nav>
          )}

          <form className="ppm-wizard__form" noValidate onSubmit={onContinue} part="form">
            <h3 ref={headingRef} className="ppm-wizard__heading" tabIndex={-1}>
              <span className="ppm-visually-hidden">{TEXTS.stepOf(step, indicatorSteps(step).length)}: </span>
              {stepName(step)}
            </h3>
            {step === 1 && <p className="ppm-wizard__intro">{TEXTS.intro}</p>}

            {step === 1 && <StepInfo {...props} onLocationProblem={onLocationProblem} />}
            {step === 2 && <StepVehicles {...props} />}
            {step === 3 && <StepDrivers {...props} />}
            {step === 5 && <StepQuote {...props} goHome={goHome} />}
            {step === 6 && <PaymentComing {...props} />}
            {step === 4 && <StepCoverage {...props} apiBase={apiBaseFor(apiBase)} siteUrl={site} />}

            {(showBack || showContinue) && (
              <div className="ppm-wizard__actions">
                {showBack && (
                  <button type="button" className="ppm-button ppm-button--secondary" part="back" onClick={onBack}>
                    {TEXTS.back}
                  </button>
                )}
                {showContinue && (
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
