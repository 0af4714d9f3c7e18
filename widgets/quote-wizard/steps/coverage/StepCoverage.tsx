import { useId, useRef, useState } from 'react';
import { BRAND, type BillingFrequency } from '../../../../contract/index.ts';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import { quotedPolicy, withBilling } from '../../quote/quote-lifecycle.ts';
import { useQuoteCall } from '../../quote/use-quote-call.ts';
import type { StepProps } from '../../step.ts';
import { CoverageField } from './CoverageField.tsx';
import { planSwitchedSincePriced, ratesOnline } from './coverage-logic.ts';
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
 * - quote/use-quote-call.ts: the quote call, its overlay and its failures (QuoteErrorBar.tsx).
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

  const dateField = (
    <EffectiveDateField key={EFFECTIVE_DATE} editable={coverageForm.dateEditable} binding={dateBinding} value={coverage.policyEffectiveDate} today={today} />
  );
  return (
    <div ref={pageRef} className="ppm-coverage__columns">
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
          <button type="button" className="ppm-button ppm-coverage__calculate" part="calculate" onClick={() => void calculate()}>
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
        policy={policy}
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
