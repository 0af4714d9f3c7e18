import { useEffect, useId, useRef, useState } from 'react';
import type { Struct } from 'superstruct';
import {
  BRAND, check, effectiveDate, effectiveDateBounds, localToday, oneOf, stateName, type BillingFrequency, type CalendarDate,
} from '../../../../contract/index.ts';
import { applyCoverageChange, continueBlockers, coverageDefaults, coverageFields } from '../../../../contract/coverage/index.ts';
import type { ChangeResult, CoverageForm, CoverageVehicle, FieldView } from '../../../../contract/coverage/coverage-model.ts';
import { DateField } from '../../../core/date-picker.tsx';
import { FieldFrame } from '../../../core/fields/FieldFrame.tsx';
import { describedBy } from '../../../core/fields/ErrorMessage.tsx';
import { useBoundForm, type FieldBinding } from '../../../core/form.ts';
import { Modal } from '../../../core/modal.tsx';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import { Tooltip } from '../../../core/Tooltip.tsx';
import { quotedPolicy, withBilling } from '../../quote/quote-lifecycle.ts';
import { coverageVehicles, ratedStateOf } from '../../quote/quote-request.ts';
import { useQuoteCall, type QuoteFailure } from '../../quote/use-quote-call.ts';
import type { StepProps } from '../../step.ts';
import type { WizardState } from '../../wizard-model.ts';
import { ratesOnline } from './coverage-logic.ts';
import { coverageStyles } from './coverage.styles.ts';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';
import { PricingPanel } from './PricingPanel.tsx';
import { VehicleBox } from './VehicleBox.tsx';

/**
 * Step 4, Your Coverage (doc 3 sections 2 to 5, 8): two columns, the coverage form for the vehicle on
 * screen and the 'Your Quote' panel. The fields, their options, cascades and read-only package values
 * come from the contract's coverage rules (contract/coverage), drawn generically here: a select per
 * field, a read-only value where the rules say so. The quote's life (what clears it, when it is asked
 * for again) is quote/quote-lifecycle.ts; the call, its overlay and its failures are quote/use-quote-call.ts.
 *
 * Buttons (doc 3 section 4): Calculate validates the page, then moves to the next vehicle if any remain,
 * else requests the quote. Continue without a quote calculates; with one it moves to the next vehicle,
 * then re-requests with each vehicle's billing (skipped when nothing changed) and leaves the step.
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

type Warning = NonNullable<ChangeResult['warning']>;
type Values = Record<string, string>;

const DATE = 'policyEffectiveDate';
const toDate = (day: CalendarDate) => new Date(day.year, day.month - 1, day.day);

/** The form the step works on: the wizard's, or the state's defaults, with one entry per vehicle. */
function mendedCoverage(coverage: CoverageForm | null | undefined, ratedState: string, vehicles: CoverageVehicle[], today: CalendarDate): CoverageForm | null {
  if (vehicles.length === 0) return null;
  if (!coverage) {
    try {
      return coverageDefaults(ratedState, vehicles, today);
    } catch {
      return null; // a state without coverage rules: the step shows the call-us message
    }
  }
  if (coverage.vehicles.length === vehicles.length) return null;
  // doc 3 section 4: "Deductibles chosen on the first vehicle are copied to the others"
  const first = coverage.vehicles[0];
  const entries = vehicles.map((_v, i) => coverage.vehicles[i] ?? (first ? { ...first } : undefined));
  if (entries.some((e) => e === undefined)) {
    try {
      return { ...coverageDefaults(ratedState, vehicles, today), shared: coverage.shared, policyEffectiveDate: coverage.policyEffectiveDate };
    } catch {
      return null;
    }
  }
  return { ...coverage, vehicles: entries as CoverageForm['vehicles'] };
}

function shownValue(field: FieldView): string {
  if (field.displayValue !== undefined) return field.displayValue;
  return field.options.find((o) => o.value === field.value)?.label ?? field.value;
}

export function StepCoverage(props: StepCoverageProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, coverageStyles);
  const { state, update, register } = props;
  const today = localToday();
  const ratedState = ratedStateOf(state);
  const vehicles = state.vehicles;
  const coverageVehicleList = coverageVehicles(vehicles);
  const fix = mendedCoverage(state.coverage, ratedState, coverageVehicleList, today);

  useEffect(() => {
    if (!fix) return;
    update((s) => {
      const again = mendedCoverage(s.coverage, ratedStateOf(s), coverageVehicles(s.vehicles), localToday());
      return again ? { ...s, coverage: again } : s;
    });
  }, [fix !== null, ratedState, vehicles.length]);

  if (vehicles.length === 0) {
    register({ onContinue: () => 'stay', onBack: () => 'previous' });
    return (
      <div ref={rootRef} className="ppm-root ppm-coverage" part="coverage">
        <p className="ppm-coverage__problem" role="alert">
          {T.zeroVehicles}
        </p>
      </div>
    );
  }

  const coverage = fix ?? state.coverage ?? null;
  return (
    <div ref={rootRef} className="ppm-root ppm-coverage" part="coverage">
      {coverage ? (
        <CoveragePage {...props} coverage={coverage} ratedState={ratedState} coverageVehicleList={coverageVehicleList} today={today} />
      ) : (
        <Unsupported ratedState={ratedState} register={register} />
      )}
    </div>
  );
}

function Unsupported({ ratedState, register }: { ratedState: string; register: StepProps['register'] }) {
  register({ onContinue: () => 'stay', onBack: () => 'previous' });
  return <UnsupportedMessage ratedState={ratedState} />;
}

/** doc 3 section 2: "Any state not in these lists gets no calculation and a call-us message". */
function UnsupportedMessage({ ratedState }: { ratedState: string }) {
  return (
    <p className="ppm-coverage__problem" role="alert">
      {T.unsupportedState(stateName(ratedState) ?? ratedState)}{' '}
      <a className="ppm-wizard__phone" href={BRAND.phoneHref}>
        {BRAND.phone}
      </a>
      .
    </p>
  );
}

interface PageProps extends StepCoverageProps {
  coverage: CoverageForm;
  ratedState: string;
  coverageVehicleList: CoverageVehicle[];
  today: CalendarDate;
}

function CoveragePage({
  state, update, register, api, apiBase, siteUrl, coverage, ratedState, coverageVehicleList, today,
  scrollDelayMs = 100, dateCheckDelayMs = 50,
}: PageProps) {
  const vehicles = state.vehicles;
  const last = vehicles.length - 1;
  const [index, setIndex] = useState(0);
  const current = Math.min(index, last);
  const [draftDate, setDraftDate] = useState(coverage.policyEffectiveDate);
  const [warning, setWarning] = useState<Warning | null>(null);
  const [frequency, setFrequency] = useState<BillingFrequency>('monthly');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const vehicleHeadingId = useId();
  const panelHeadingId = useId();
  const moved = useRef(false);

  // the latest values, for handlers that run between renders (blur timers, awaited calls)
  const latest = useRef({ state, coverage, draftDate });
  latest.current = { state, coverage, draftDate };

  const policy = quotedPolicy(state);
  const online = ratesOnline(ratedState);
  const fields = coverageFields(ratedState, coverage, coverageVehicleList, current);
  const dateField = fields.find((f) => f.name === DATE);
  const dateEditable = current === 0 && (!dateField || !dateField.readOnly);
  const bounds = effectiveDateBounds(today);

  useEffect(() => setDraftDate(coverage.policyEffectiveDate), [coverage.policyEffectiveDate]);

  // A new vehicle page puts focus on its heading (not on the first arrival: the shell focuses the step's).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [current]);

  const values: Values = { [DATE]: draftDate };
  const rules: Record<string, Struct<any, any>> = {};
  for (const field of fields) {
    if (field.name === DATE) continue;
    values[field.name] = field.value;
    if (!field.readOnly && field.displayValue === undefined && field.required) rules[field.name] = oneOf(field.options.map((o) => o.value));
  }
  if (dateEditable) rules[DATE] = effectiveDate();

  /** One choice with its cascades (contract applyCoverageChange); the quote goes with it (lifecycle). */
  function change(name: string, value: string, vehicleIndex: number): CoverageForm {
    const before = latest.current.coverage;
    const result = applyCoverageChange(ratedState, before, coverageVehicleList, {
      field: name as FieldView['name'], vehicleIndex, value,
    });
    latest.current = { ...latest.current, coverage: result.form };
    update((s) => ({ ...s, coverage: result.form }));
    if (result.warning) setWarning(result.warning);
    return result.form;
  }

  const form = useBoundForm<Values>(`ppm-coverage-${current}`, rules, values, (name, value) => {
    if (name === DATE) {
      latest.current = { ...latest.current, draftDate: value };
      setDraftDate(value);
    } else {
      change(name, value, current);
    }
  });

  /** doc 3 section 4: a valid typed or picked date that differs from the old one replaces it. */
  function commitDate(text: string): CoverageForm {
    const now = latest.current.coverage;
    if (text === now.policyEffectiveDate || !check(text, effectiveDate()).ok) return now;
    return change(DATE, text, 0);
  }

  const dateBinding: FieldBinding = (() => {
    const binding = form.field(DATE);
    return {
      ...binding,
      onBlur: (value) => {
        binding.onBlur(value);
        const text = value ?? latest.current.draftDate;
        // doc 3 section 4: "A date re-check runs 50 ms after blur"
        setTimeout(() => commitDate(text), dateCheckDelayMs);
      },
    };
  })();

  // doc 3 section 5: an invalid date when the step opens scrolls the page to it after 100 ms
  useEffect(() => {
    if (!dateEditable || check(coverage.policyEffectiveDate, effectiveDate()).ok) return;
    const timer = setTimeout(() => {
      form.setError(DATE, check(coverage.policyEffectiveDate, effectiveDate()).ok ? undefined : messageOf(coverage.policyEffectiveDate));
      rootRef().querySelector(`#${CSS.escape(`ppm-coverage-0-${DATE}`)}`)?.scrollIntoView({ block: 'center' });
    }, scrollDelayMs);
    return () => clearTimeout(timer);
  }, []);

  const pageRef = useRef<HTMLDivElement>(null);
  const rootRef = () => (pageRef.current?.getRootNode() as ShadowRoot | Document | undefined) ?? document;
  const quote = useQuoteCall({ api, update, siteUrl, reportFrom: pageRef });

  function move(to: number) {
    moved.current = true;
    setIndex(Math.max(0, Math.min(to, last)));
  }

  /** The wizard state with the typed date committed, as a request is built from it. */
  function committed(): WizardState {
    const coverageNow = dateEditable ? commitDate(latest.current.draftDate) : latest.current.coverage;
    return { ...latest.current.state, coverage: coverageNow };
  }

  /** Calculate (doc 3 section 4): validate, then the next vehicle, else the quote. */
  async function calculate(): Promise<void> {
    if (quote.isCalling() || !online) return;
    if (!form.validate()) return;
    const from = committed();
    if (current < last) {
      move(current + 1);
      return;
    }
    const blocked = from.coverage ? continueBlockers(ratedState, from.coverage, coverageVehicleList) : [];
    if (blocked.length > 0) {
      // a choice another vehicle's page holds is missing (a vehicle added since): its page shows it
      move(0);
      return;
    }
    await quote.calculate(from);
  }

  register({
    async onContinue() {
      if (!online || quote.isCalling()) return 'stay';
      if (!quotedPolicy(latest.current.state)) {
        await calculate();
        return 'stay';
      }
      if (current < last) {
        move(current + 1);
        return 'stay';
      }
      // forward navigation: priced again with each vehicle's billing, unless the request is unchanged
      return (await quote.finalize(committed())) ? 'next' : 'stay';
    },
    onBack() {
      if (current > 0) {
        move(current - 1);
        return 'stay';
      }
      return 'previous';
    },
  });

  const quoted = state.quoteRequest;
  const planChanged =
    policy !== null &&
    quoted !== null &&
    vehicles.some((v, i) => {
      const sent = quoted.vehicles[i]?.billingType;
      return sent !== undefined && sent !== (v.isUnlimited ? 'capped' : 'per_mile');
    });

  function renderField(field: FieldView) {
    if (field.name === DATE) return renderDate();
    const tooltip = field.tooltip ? <Tooltip label={T.tooltipAbout(field.label)} text={field.tooltip} /> : undefined;
    const binding = form.field(field.name);
    if (field.readOnly || field.displayValue !== undefined) {
      return (
        <FieldFrame key={field.name} label={field.label} field={{ ...binding, error: undefined }} tooltip={tooltip}>
          <input id={binding.id} className="ppm-input" readOnly value={shownValue(field)} />
        </FieldFrame>
      );
    }
    return (
      <FieldFrame key={field.name} label={field.label} field={binding} tooltip={tooltip}>
        <select
          ref={binding.inputRef}
          id={binding.id}
          name={binding.name}
          className="ppm-select"
          value={binding.value}
          aria-invalid={binding.error ? true : undefined}
          aria-describedby={describedBy(binding.id, binding.error)}
          onChange={(event) => binding.onChange(event.currentTarget.value)}
          onBlur={(event) => binding.onBlur(event.currentTarget.value)}
        >
          <option value="">{T.select}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </FieldFrame>
    );
  }

  function renderDate() {
    if (!dateEditable) {
      const binding = form.field(DATE);
      return (
        <FieldFrame key={DATE} label={T.effectiveDate} field={{ ...binding, error: undefined }}>
          <input id={binding.id} className="ppm-input" readOnly value={coverage.policyEffectiveDate} />
        </FieldFrame>
      );
    }
    return (
      <div key={DATE} className="ppm-coverage__date">
        <DateField
          label={T.effectiveDate}
          field={dateBinding}
          min={toDate(bounds.earliest)}
          max={toDate(bounds.latest)}
          hint={T.effectiveDateHint}
          calendarLabel={T.calendar}
        />
      </div>
    );
  }

  return (
    <div ref={pageRef} className="ppm-coverage__columns">
      <div className="ppm-coverage__form" role="group" aria-labelledby={vehicleHeadingId}>
        <VehicleBox
          vehicles={vehicles}
          index={current}
          firstPictures={state.vehicleImage}
          api={api}
          apiBase={apiBase}
          chevrons={policy !== null}
          onMove={move}
          headingId={vehicleHeadingId}
          headingRef={headingRef}
        />
        <div className="ppm-coverage__fields">
          {!dateField && renderDate()}
          {fields.map(renderField)}
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
          <UnsupportedMessage ratedState={ratedState} />
        )}
      </div>

      <PricingPanel
        ratedState={ratedState}
        vehicles={vehicles}
        index={current}
        policy={policy}
        planChanged={planChanged}
        frequency={frequency}
        onFrequency={setFrequency}
        onBilling={(i, unlimited) => update((s) => ({ ...s, vehicles: withBilling(s.vehicles, i, unlimited) }))}
        headingId={panelHeadingId}
      />

      <Modal
        open={warning !== null}
        title={T.pairTitle}
        onClose={() => setWarning(null)}
        closeLabel={T.close}
      >
        <p>{warning === 'collisionNeedsComprehensive' ? T.collisionNeedsComprehensiveText : T.pairText}</p>
        <button type="button" className="ppm-button" onClick={() => setWarning(null)}>
          {T.ok}
        </button>
      </Modal>

      {quote.failure && <QuoteErrorBar error={quote.failure} siteUrl={siteUrl} onClose={quote.dismissFailure} />}
    </div>
  );
}

function messageOf(text: string): string | undefined {
  const result = check(text, effectiveDate());
  return result.ok ? undefined : result.errors[0]?.message;
}

/**
 * doc 3 section 8: a failed calculation shows as a persistent red snackbar. The core snackbar carries
 * text only, and this one needs the call and Contact Us links, so it is drawn here in the same style.
 */
function QuoteErrorBar({ error, siteUrl, onClose }: { error: QuoteFailure; siteUrl: string; onClose: () => void }) {
  return (
    <div className="ppm-snackbars ppm-coverage__errors">
      <div className="ppm-snackbar ppm-snackbar--danger" part="snackbar snackbar-danger" role="alert">
        <span className="ppm-snackbar__text">
          {error.kind === 'joined' ? (
            error.text
          ) : (
            <>
              {T.needMoreInformation}
              <span className="ppm-coverage__error-links">
                <a href={BRAND.phoneHref}>{T.callCustomerCare}</a>
                <a href={`${siteUrl}/contact-us`}>{T.contactUs}</a>
              </span>
            </>
          )}
        </span>
        <button type="button" className="ppm-icon-button" aria-label={T.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
