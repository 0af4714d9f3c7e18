import { useId, useMemo, useRef, useState } from 'react';
import { BRAND, WIZARD_PATH, check, effectiveDate, formatCents, localToday, type BillingFrequency, type QuoteRequest } from '../../../../contract/index.ts';
import { coverageErrors } from '../../../../contract/coverage/index.ts';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import { quotedPolicy, withBilling } from '../../quote/quote-lifecycle.ts';
import { buildQuoteRequest, sameQuoteRequest } from '../../quote/quote-request.ts';
import { usePricePreview } from '../../quote/use-price-preview.ts';
import { useQuoteCall } from '../../quote/use-quote-call.ts';
import type { WizardState } from '../../model/wizard-model.ts';
import type { StepProps } from '../../step.ts';
import { CoverageField } from './CoverageField.tsx';
import { headlineCents, planSwitchedSincePriced, ratesOnline, shownPrice } from './coverage-logic.ts';
import { coverageStyles } from './coverage.styles.ts';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';
import { EffectiveDateField } from './EffectiveDateField.tsx';
import { PairWarning } from './PairWarning.tsx';
import { PricingPanel } from './PricingPanel.tsx';
import { QuoteErrorBar } from './QuoteErrorBar.tsx';
import { UnsupportedState } from './UnsupportedState.tsx';
import { useCoverageActions } from './use-coverage-actions.ts';
import { EFFECTIVE_DATE, useCoverageForm } from './use-coverage-form.ts';
import { useCoverageRepair, type CoverageInPlay } from './use-coverage-repair.ts';
import { useEffectiveDateChecks } from './use-effective-date-checks.ts';
import { useVehiclePages } from './use-vehicle-pages.ts';
import { VehicleBox } from './VehicleBox.tsx';

/**
 * Step 4, Your Coverage (doc 3 sections 2 to 5, 8): two columns, the coverage form for the vehicle on
 * screen and the 'Your Quote' panel. Each job has its own file beside this one:
 *
 * - use-coverage-repair.ts: the coverage form in play, the rated state's defaults when there is none;
 * - use-vehicle-pages.ts: which vehicle's page shows;
 * - use-coverage-form.ts: that page's fields, from the contract's coverage rules, bound to the form;
 * - use-effective-date-checks.ts: the date's 50 ms re-check and its 100 ms scroll when invalid;
 * - use-coverage-actions.ts: Calculate, and what the shell's Continue and Back do here;
 * - quote/use-quote-call.ts: the quote call, its overlay and its failures (QuoteErrorBar.tsx);
 * - quote/use-price-preview.ts: the live price of what is on screen (issue 11), shown until a quote is made.
 *
 * The quote's life (what clears it, when it is asked for again) is quote/quote-lifecycle.ts.
 */
export interface StepCoverageProps extends StepProps {
  /** The API's origin ('' for same-origin): vehicle pictures are paths on it. */
  apiBase: string;
  /** The brand site's origin ('' for same-origin): the Contact Us link and the quote e-mail's links. */
  siteUrl: string;
  /** Tests shorten the 100 ms scroll to an invalid effective date and the 50 ms date re-check. */
  scrollDelayMs?: number;
  dateCheckDelayMs?: number;
}

export function StepCoverage(props: StepCoverageProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, coverageStyles);
  const inPlay = useCoverageRepair(props.state, props.update);
  const { coverage, ratedState } = inPlay;

  if (props.state.vehicles.length === 0 || !coverage) {
    props.register({ onContinue: () => 'stay', onBack: () => 'previous' });
  }
  return (
    <div ref={rootRef} className="ppm-root ppm-coverage" part="coverage">
      {props.state.vehicles.length === 0 ? (
        <p className="ppm-coverage__problem" role="alert">
          {T.zeroVehicles}
        </p>
      ) : coverage ? (
        <CoveragePage {...props} {...inPlay} coverage={coverage} />
      ) : (
        <UnsupportedState ratedState={ratedState} />
      )}
    </div>
  );
}

function CoveragePage({
  state, update, register, api, apiBase, siteUrl, coverage, ratedState, coverageVehicleList, today,
  scrollDelayMs = 100, dateCheckDelayMs = 50,
}: StepCoverageProps & CoverageInPlay & { coverage: NonNullable<CoverageInPlay['coverage']> }) {
  const vehicles = state.vehicles;
  const pageRef = useRef<HTMLDivElement>(null);
  const vehicleHeadingId = useId();
  const panelHeadingId = useId();
  const [frequency, setFrequency] = useState<BillingFrequency>('monthly');
  const policy = quotedPolicy(state);
  const online = ratesOnline(ratedState);

  const pages = useVehiclePages(vehicles.length);
  const coverageForm = useCoverageForm({ state, update, coverage, ratedState, coverageVehicleList, vehicleIndex: pages.current });
  const dateBinding = useEffectiveDateChecks({
    bound: coverageForm.bound, openingDate: coverage.policyEffectiveDate, editable: coverageForm.dateEditable,
    draftDate: coverageForm.draftDate, commitDate: coverageForm.commitDate, page: pageRef, scrollDelayMs, dateCheckDelayMs,
  });
  const quote = useQuoteCall({ api, update, siteUrl, reportFrom: pageRef });
  const { calculate } = useCoverageActions({ register, quote, online, coverageForm, pages, ratedState, coverageVehicleList });

  // the live price (issue 11): of the choices on screen, unless the stored quote is of these very choices
  const onScreen = useMemo(
    () => (online ? priceableRequest(state, ratedState, coverageVehicleList, siteUrl) : null),
    [online, state.info, state.vehicles, state.drivers, state.coverage, state.attribution, ratedState, siteUrl],
  );
  const storedIsCurrent = policy !== null && onScreen !== null && sameQuoteRequest(onScreen, state.quoteRequest);
  const preview = usePricePreview({ api, request: onScreen, wanted: online && !storedIsCurrent });
  const shown = shownPrice(policy, storedIsCurrent, preview);
  const headline = headlineCents(shown.policy, frequency);

  const dateField = (
    <EffectiveDateField key={EFFECTIVE_DATE} editable={coverageForm.dateEditable} binding={dateBinding} value={coverage.policyEffectiveDate} today={today} />
  );
  return (
    <div ref={pageRef} className="ppm-coverage__columns">
      {online && (
        // the phone's price bar: the panel is below the form there; a sticky bar keeps the figure in view, and
        // the fields' scroll margin keeps a focused field from sliding under it (WCAG 2.4.11)
        <p className={`ppm-price-bar ppm-price-bar--${shown.kind}`} part="price-bar">
          <span className="ppm-price-bar__label">{T.priceBarLabel}</span>{' '}
          <span className="ppm-price-bar__amount">{headline === null ? '—' : formatCents(headline)}</span>{' '}
          <span className="ppm-price-bar__per">{headline === null ? '' : frequency === 'biannually' ? T.perTerm : T.perMonth}</span>
          {shown.kind === 'outOfDate' && <span className="ppm-price-bar__stale"> ({T.outOfDateShort})</span>}
          {shown.kind === 'unavailable' && <span className="ppm-price-bar__stale"> ({T.unavailableShort})</span>}{' '}
          <a className="ppm-price-bar__link" href={`#${panelHeadingId}`} onClick={(event) => {
            event.preventDefault();
            // in a shadow root a fragment link goes nowhere: the panel's heading takes the focus, scrolled clear of the bar
            const panelHeading = pageRef.current?.querySelector<HTMLElement>('.ppm-price__heading');
            panelHeading?.scrollIntoView({ block: 'start' });
            panelHeading?.focus({ preventScroll: true });
          }}>
            {T.priceBarLink}
          </a>
        </p>
      )}
      <div className="ppm-coverage__form" role="group" aria-labelledby={vehicleHeadingId}>
        <VehicleBox
          vehicles={vehicles}
          index={pages.current}
          firstPictures={state.vehicleImage}
          api={api}
          apiBase={apiBase}
          chevrons={policy !== null}
          onMove={pages.move}
          headingId={vehicleHeadingId}
          headingRef={pages.headingRef}
        />
        <div className="ppm-coverage__fields">
          {!coverageForm.dateAmongFields && dateField}
          {coverageForm.fields.map((field) =>
            field.name === EFFECTIVE_DATE ? dateField : <CoverageField key={field.name} field={field} binding={coverageForm.bound.field(field.name)} />,
          )}
        </div>
        <p className="ppm-coverage__note">
          {T.packageNote}{' '}
          <a className="ppm-wizard__phone" href={BRAND.phoneHref}>
            {BRAND.phone}
          </a>
          .
        </p>
        {online ? (
          // A submit button, so a press that finds choices missing shows the step's error summary as Continue's does
          // (core/ErrorSummary.tsx arms on a submit button's press); its click does Calculate, never the shell's Continue.
          <button
            type="submit"
            className="ppm-button ppm-coverage__calculate"
            part="calculate"
            onClick={(event) => {
              event.preventDefault();
              void calculate();
            }}
          >
            {T.calculate}
          </button>
        ) : (
          <UnsupportedState ratedState={ratedState} />
        )}
      </div>

      <PricingPanel
        ratedState={ratedState}
        vehicles={vehicles}
        index={pages.current}
        policy={shown.policy}
        kind={shown.kind}
        planChanged={policy !== null && planSwitchedSincePriced(vehicles, state.quoteRequest)}
        frequency={frequency}
        onFrequency={setFrequency}
        onBilling={(i, unlimited) => update((s) => ({ ...s, vehicles: withBilling(s.vehicles, i, unlimited) }))}
        headingId={panelHeadingId}
      />

      <PairWarning warning={coverageForm.warning} onClose={coverageForm.dismissWarning} />

      {quote.failure && <QuoteErrorBar error={quote.failure} siteUrl={siteUrl} onClose={quote.dismissFailure} />}
    </div>
  );
}

/**
 * The request of what is on screen when it can be priced: every required choice made and the date valid
 * (else null: the preview then marks its last figure out of date instead of asking for a refused price).
 */
function priceableRequest(state: WizardState, ratedState: string, vehicles: Parameters<typeof coverageErrors>[2], siteUrl: string): QuoteRequest | null {
  const coverage = state.coverage;
  if (!coverage || coverageErrors(ratedState, coverage, vehicles).length > 0) return null;
  if (!check(coverage.policyEffectiveDate, effectiveDate()).ok) return null;
  try {
    return buildQuoteRequest(state, { today: localToday(), returnUrl: `${siteUrl}${WIZARD_PATH}` });
  } catch {
    return null;
  }
}
