import { useRef } from 'react';
import { BRAND } from '../../contract/index.ts';
import { siteUrlFor } from '../core/config.ts';
import { Overlay } from '../core/overlay.tsx';
import { Snackbars } from '../core/snackbar.tsx';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { scoped, useWidget } from '../core/widget.tsx';
import { handOverPurchase, isOffOrigin } from './handover.ts';
import { quoteWizardStyles } from './quote-wizard.styles.ts';
import { LOCATION_DELAY_MS, QUOTE_WIZARD_TEXTS as TEXTS, SCROLL_DELAY_MS } from './quote-wizard.texts.ts';
import { HandoverLost } from './shell/HandoverLost.tsx';
import { StepFrame } from './shell/StepFrame.tsx';
import { StepIndicator } from './shell/StepIndicator.tsx';
import { useBusy } from './shell/use-busy.ts';
import { HOME_NOTICE_MS, useDepartures } from './shell/use-departures.ts';
import { useHostEvents } from './shell/use-host-events.ts';
import { useStepArrival } from './shell/use-step-arrival.ts';
import { useStepNavigation } from './shell/use-step-navigation.ts';
import { useWizardStart } from './shell/use-wizard-start.ts';
import { useWizardState } from './shell/use-wizard-state.ts';
import { WizardHero } from './shell/WizardHero.tsx';
import { WizardLoading } from './shell/WizardLoading.tsx';
import type { WizardStep } from './steps.ts';
import { fetchVehiclePictures } from './vehicle-picture/vehicle-picture.ts';
import { element } from './quote-wizard.element.ts';

/**
 * The quote wizard's shell (doc 2 section 1): hero and title, the step indicator, the step on screen, Back
 * and Continue, the overlay during calls and the customer-care phone. Each of its jobs has a file in shell/:
 *
 * - use-wizard-state.ts: the state, settled by the quote's life on every change and kept for this tab;
 * - use-wizard-start.ts: what it opens with (a hand-over, a saved quote, this tab's save, or presets.ts);
 * - use-step-navigation.ts: Back and Continue through the steps table (steps.ts);
 * - use-step-arrival.ts: focus and scroll on a new step;
 * - use-host-events.ts: the events the host page hears of the shell (page views, failures; a price and a
 *   purchase are told where they happen);
 * - use-departures.ts: the redirects (unavailable pages, home, the hand-over to our site);
 * - use-busy.ts: the overlay while a step's calls run;
 * - StepFrame.tsx (with the error summary), StepIndicator.tsx, WizardHero.tsx, WizardLoading.tsx,
 *   HandoverLost.tsx: what it draws.
 *
 * Off our origin the payment step is not available: Continue towards it (Purchase Now) hands the visitor
 * over to our site (handover.ts) instead.
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
  const { api, rootRef } = widget;
  useAdoptedStyles(rootRef, quoteWizardStyles);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const site = siteUrlFor(siteUrl);
  const offOrigin = offOriginProp ?? isOffOrigin(site);

  const departures = useDepartures({ site, navigate, locationDelayMs, homeNoticeMs });
  const busy = useBusy(departures.isLeaving);
  const { state, stateRef, setState, update } = useWizardState({ offOrigin, isLeaving: departures.isLeaving });
  const { handoverLost, handedOver } = useWizardStart({ api, offOrigin, setState, goHome: departures.goHome, presets: { state: stateAttribute, dealer } });

  /** doc 2 section 2: the first vehicle's picture is fetched after step 2, for the coverage step. */
  function onMovedOn(from: WizardStep) {
    if (from.id !== 'vehicles') return;
    void fetchVehiclePictures(api, stateRef.current.vehicles[0]).then((vehicleImage) => update((s) => ({ ...s, vehicleImage })));
  }
  const navigation = useStepNavigation({
    state, stateRef, context: { offOrigin }, update, isLeaving: departures.isLeaving, onMovedOn,
    handOver: () => departures.handOver(() => busy(() => handOverPurchase(api, site, stateRef.current))),
  });
  const current = navigation.current;
  useHostEvents(current);
  useStepArrival({ shownNumber: current?.number ?? 0, headingRef, rootRef, scrollDelayMs, continuesJourney: handedOver });

  const Step = current?.component;
  return (
    <div ref={rootRef} className="ppm-root ppm-wizard" part="base">
      <WizardHero title={TEXTS.title} />

      {handoverLost ? (
        <HandoverLost site={site} />
      ) : !current || !Step ? (
        <WizardLoading />
      ) : (
        <>
          <StepIndicator current={current} />
          <StepFrame step={current} headingRef={headingRef} onContinue={navigation.onContinue} onBack={navigation.onBack}>
            <Step
              state={state}
              update={update}
              register={navigation.register}
              api={api}
              busy={busy}
              act={navigation.act}
              back={navigation.onBack}
              onLocationProblem={departures.onLocationProblem}
              goHome={departures.goHome}
              apiBase={widget.apiBase}
              siteUrl={site}
              navigate={navigate}
            />
          </StepFrame>
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
export const QuoteWizard = scoped<QuoteWizardProps>(element.tag, QuoteWizardView);
