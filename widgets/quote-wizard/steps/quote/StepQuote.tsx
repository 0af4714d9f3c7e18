import { formatPerMileRate } from '../../../../contract/rules/money.ts';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { localToday, type QuotePolicy } from '../../../../contract/index.ts';
import { Modal } from '../../../core/modal.tsx';
import { session, startSession } from '../../../core/session.ts';
import type { SnackbarKind } from '../../../core/store.ts';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import { useWidget } from '../../../core/widget.tsx';
import { useQuoteCall } from '../../quote/use-quote-call.ts';
import type { StepIntent } from '../../model/step-ids.ts';
import type { StepProps } from '../../step.ts';
import {
  formatCents, formatMiles, formatMoney, summarizeQuote, type CoverageLine,
  type QuoteSummary, type VehicleSummary,
} from './quote-logic.ts';
import { effectiveDatePassed, quotePolicyOf } from '../../model/quote-policy.ts';
import { CallToComplete } from '../CallToComplete.tsx';
import { quoteStyles } from './quote.styles.ts';
import { QUOTE_TEXTS as TEXTS } from './quote.texts.ts';
import * as endpoints from '../../../../contract/api/endpoints/user.ts';

/**
 * Step 5, Your Quote (doc 3 section 2): the quote summary (drivers, policy coverage, each vehicle's coverage
 * with what each coverage adds, its premium, the totals) and Back, Save My Quote (signed-in people only,
 * doc 3 section 6; POST /api/user/update, doc 1 section 4), Purchase Now and Call to Complete. Purchase Now is the wizard form's submit button: the
 * shell asks this step's controller, which blocks a quote whose effective date has passed until it is
 * re-priced at today's date (doc 3 section 4 "Quote step"; the call is quote/use-quote-call.ts), and then
 * moves on to step 6.
 */
export interface StepQuoteProps extends StepProps {
  /** Leave the wizard for the home page, after showing `text` (the shell clears what was typed). */
  goHome(kind: SnackbarKind, text: string): void;
}

type Dialog = 'call' | 'past' | null;

export function StepQuote({ state, update, register, api, busy, act, back, goHome }: StepQuoteProps) {
  useSignals();
  const { showSnackbar } = useWidget();
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, quoteStyles);
  // the page-wide session (a 401 anywhere on the page hides the button at once)
  const signedIn = session.value.status === 'success';
  const summary = useMemo(() => summarizeQuote(state.quoteResponse, state.quoteRequest), [state.quoteResponse, state.quoteRequest]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const answerPast = useRef<((confirmed: boolean) => void) | null>(null);
  const working = useRef(false);
  // the latest state for work that awaits (a re-quote replaces the response while a click is handled)
  const latest = useRef(state);
  latest.current = state;
  const quoteCall = useQuoteCall({ api, update });

  register({
    onContinue: async () => {
      const quote = await currentQuote();
      return 'intent' in quote ? quote.intent : 'next';
    },
    onBack: () => 'previous',
  });

  /**
   * The quote as it may be bought or saved today: as it is when its effective date has not passed; else,
   * once the person confirms the 'Sorry!' modal, priced again from today (doc 3 section 4). Otherwise where
   * the wizard goes instead: nowhere when the person closed the modal, the coverage step when the new price
   * failed (they were told, and pick a date there).
   */
  async function currentQuote(): Promise<{ policy: QuotePolicy } | { intent: StepIntent }> {
    const policy = quotePolicyOf(latest.current.quoteResponse);
    if (!policy || working.current) return { intent: 'stay' };
    const today = localToday();
    if (!effectiveDatePassed(policy.effectiveDate, today)) return { policy };
    working.current = true;
    try {
      const confirmed = await new Promise<boolean>((resolve) => {
        answerPast.current = resolve;
        setDialog('past');
      });
      if (!confirmed) return { intent: 'stay' };
      const repriced = await quoteCall.repriceForToday(latest.current, policy, today);
      if (repriced.ok) return { policy: repriced.policy };
      if (repriced.reason === 'no-stored-request') {
        goHome('danger', TEXTS.noStoredRequest);
        return { intent: 'stay' };
      }
      return { intent: { to: 'coverage' } };
    } finally {
      working.current = false;
    }
  }

  function closePast(confirmed: boolean) {
    setDialog(null);
    answerPast.current?.(confirmed);
    answerPast.current = null;
  }

  /**
   * Save My Quote (doc 1 section 4): the quote's first policy number, for the signed-in person's e-mail, as it
   * may be saved today (a passed effective date is priced again first). The answer is the account as it now
   * is, so the saved quote is in the session at once (lookup quotes); then 'Quote Saved Successfully' and home.
   */
  async function onSave(): Promise<StepIntent> {
    const person = session.value.status === 'success' ? session.value.user : null;
    if (!person || working.current) return 'stay';
    const quote = await currentQuote();
    if ('intent' in quote) return quote.intent;
    const { policy } = quote;
    working.current = true;
    try {
      const result = await busy(() =>
        api.call(endpoints.saveQuote, { policyNumbers: [policy.policyNumber], emailAddress: person.emailAddress }),
      );
      if (result.ok) {
        startSession(result.data);
        goHome('info', TEXTS.saved);
      } else {
        // doc 1 section 8 "Save quote failure": call us; a 401 has signed the page out, which the person is told
        showSnackbar('danger', result.status === 401 ? TEXTS.saveSignedOut : TEXTS.saveFailed, null);
      }
      return 'stay';
    } finally {
      working.current = false;
    }
  }

  if (!summary) {
    return (
      <div ref={rootRef} className="ppm-root ppm-quote" part="quote">
        <p className="ppm-notice ppm-notice--danger">{TEXTS.unreadable}</p>
        <div className="ppm-wizard__actions">
          <button type="button" className="ppm-button ppm-button--secondary" part="back" onClick={back}>
            {TEXTS.back}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div ref={rootRef} className="ppm-root ppm-quote" part="quote">
      <dl className="ppm-quote__facts">
        <div>
          <dt>{TEXTS.quoteNumber}</dt>
          <dd>{summary.quoteNumber}</dd>
        </div>
        <div>
          <dt>{TEXTS.effectiveDate}</dt>
          <dd>{summary.effectiveDateShown}</dd>
        </div>
      </dl>

      <Drivers summary={summary} />
      <PolicyCoverage lines={summary.policyCoverages} />
      {summary.vehicles.map((vehicle, index) => (
        <Vehicle key={`${vehicle.carNumber}-${vehicle.vin}`} vehicle={vehicle} index={index} total={summary.vehicles.length} breakdown={summary.hasBreakdown} />
      ))}
      <Totals summary={summary} />

      <div className="ppm-wizard__actions ppm-quote__actions">
        <button type="button" className="ppm-button ppm-button--secondary" part="back" onClick={back}>
          {TEXTS.back}
        </button>
        <button type="button" className="ppm-button ppm-button--secondary" part="call-to-complete" onClick={() => setDialog('call')}>
          {TEXTS.callToComplete}
        </button>
        {signedIn && (
          <button type="button" className="ppm-button ppm-button--secondary" part="save" onClick={() => void act(onSave)}>
            {TEXTS.save}
          </button>
        )}
        <button type="submit" className="ppm-button ppm-quote__purchase" part="purchase">
          {TEXTS.purchase}
        </button>
      </div>

      <CallToComplete open={dialog === 'call'} quoteNumber={summary.quoteNumber} onClose={() => setDialog(null)} />

      <Modal open={dialog === 'past'} title={TEXTS.sorry} onClose={() => closePast(false)} closeLabel={TEXTS.close}>
        <p>{TEXTS.datePassed}</p>
        <button type="button" className="ppm-button" onClick={() => closePast(true)}>
          {TEXTS.ok}
        </button>
      </Modal>
    </div>
  );
}

function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={`ppm-quote__section ${className}`} aria-labelledby={id}>
      <h4 id={id} className="ppm-quote__heading">
        {title}
      </h4>
      {children}
    </section>
  );
}

function Drivers({ summary }: { summary: QuoteSummary }) {
  return (
    <Section title={TEXTS.drivers}>
      <ul className="ppm-quote__list">
        {summary.drivers.map((driver, index) => (
          <li key={`${index}-${driver.name}`} className="ppm-quote__row">
            <span className="ppm-quote__name">{driver.name}</span>
            <span className="ppm-quote__value">
              {TEXTS.dateOfBirth} {driver.dob}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function PolicyCoverage({ lines }: { lines: CoverageLine[] }) {
  if (lines.length === 0) return null;
  return (
    <Section title={TEXTS.policyCoverage}>
      <p className="ppm-quote__note">{TEXTS.policyCoverageNote}</p>
      <dl className="ppm-quote__pairs">
        {lines.map((line) => (
          <div key={line.code || line.description} className="ppm-quote__row">
            <dt>{line.description}</dt>
            <dd>{line.limit}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

const share = (amount: number | null, format: (n: number) => string) => (amount === null ? TEXTS.notPriced : format(amount));

function Vehicle({ vehicle, index, total, breakdown }: { vehicle: VehicleSummary; index: number; total: number; breakdown: boolean }) {
  const perMile = vehicle.billingType === 'per_mile';
  return (
    <Section title={TEXTS.vehicleHeading(index + 1, total, vehicle.title)} className="ppm-quote__vehicle">
      <p className="ppm-quote__vin">
        {TEXTS.vin} <span className="ppm-quote__mono">{vehicle.vin}</span>
      </p>
      <table className="ppm-quote__table">
        <caption>{breakdown ? TEXTS.coverageCaption : TEXTS.coverageCaptionNoBreakdown}</caption>
        <thead>
          <tr>
            <th scope="col">{TEXTS.coverage}</th>
            <th scope="col">{TEXTS.limit}</th>
            {breakdown && <th scope="col">{perMile ? TEXTS.monthlyBase : TEXTS.unlimitedShare}</th>}
            {breakdown && perMile && <th scope="col">{TEXTS.perMile}</th>}
          </tr>
        </thead>
        <tbody>
          {vehicle.coverages.map((line) => (
            <tr key={line.code || line.description}>
              <th scope="row">{line.description}</th>
              <td data-label={TEXTS.limit}>{line.limit}</td>
              {breakdown && perMile && <td data-label={TEXTS.monthlyBase}>{share(line.monthlyBase, formatMoney)}</td>}
              {breakdown && !perMile && <td data-label={TEXTS.unlimitedShare}>{share(line.unlimitedPremium, formatMoney)}</td>}
              {breakdown && perMile && <td data-label={TEXTS.perMile}>{share(line.perMile, formatPerMileRate)}</td>}
            </tr>
          ))}
        </tbody>
      </table>

      <h5 className="ppm-quote__subheading">{TEXTS.vehiclePremium}</h5>
      <dl className="ppm-quote__pairs ppm-quote__premium">
        <div className="ppm-quote__row">
          <dt>{TEXTS.plan}</dt>
          <dd>{perMile ? TEXTS.payPerMile : TEXTS.unlimited}</dd>
        </div>
        <div className="ppm-quote__row">
          <dt>{TEXTS.baseCharge}</dt>
          <dd>{formatMoney(vehicle.baseRate)}</dd>
        </div>
        {perMile && (
          <div className="ppm-quote__row">
            <dt>{TEXTS.perMileCharge}</dt>
            <dd>
              {formatPerMileRate(vehicle.perMileRate)} {TEXTS.perMileUnit}
            </dd>
          </div>
        )}
        {perMile && vehicle.estMonthlyMiles !== null && (
          <div className="ppm-quote__row">
            <dt>{TEXTS.estimatedMiles}</dt>
            <dd>{formatMiles(vehicle.estMonthlyMiles)}</dd>
          </div>
        )}
        {perMile && vehicle.estMonthlyNoFee !== null && (
          <div className="ppm-quote__row">
            <dt>{TEXTS.estimatedCost}</dt>
            <dd>
              {formatMoney(vehicle.estMonthlyNoFee)}
              {vehicle.estMonthlyMiles !== null && (
                <span className="ppm-quote__aside">{TEXTS.estimatedCostNote(formatMiles(vehicle.estMonthlyMiles))}</span>
              )}
            </dd>
          </div>
        )}
        {!perMile && vehicle.unlimitedRate !== null && (
          <div className="ppm-quote__row">
            <dt>{TEXTS.unlimitedPremium}</dt>
            <dd>{formatMoney(vehicle.unlimitedRate)}</dd>
          </div>
        )}
      </dl>
    </Section>
  );
}

function Totals({ summary }: { summary: QuoteSummary }) {
  return (
    <Section title={TEXTS.totals} className="ppm-quote__totals">
      <dl className="ppm-quote__pairs">
        <div className="ppm-quote__row ppm-quote__row--total">
          <dt>
            {TEXTS.totalPremium}
            <span className="ppm-quote__aside">{TEXTS.totalPremiumNote}</span>
          </dt>
          <dd>{formatMoney(summary.estimatedMonthlyPayment)}</dd>
        </div>
        <div className="ppm-quote__row ppm-quote__row--total">
          <dt>{TEXTS.downPayment}</dt>
          <dd>{formatMoney(summary.downPayment)}</dd>
        </div>
        <div className="ppm-quote__row">
          <dt>
            {TEXTS.singlePayment}
            <span className="ppm-quote__aside">{TEXTS.singlePaymentNote}</span>
          </dt>
          <dd>{formatCents(summary.single.dueTodayCents)}</dd>
        </div>
      </dl>
      {summary.fees.length > 0 && (
        <>
          <p className="ppm-quote__note">{TEXTS.feesIncluded}</p>
          <ul className="ppm-quote__fees">
            {summary.fees.map((fee) => (
              <li key={fee.label}>
                {fee.label}: {formatCents(fee.cents)} {TEXTS.feePer[fee.per]}
                {fee.perVehicle && summary.vehicles.length > 1 ? ` ${TEXTS.feePerVehicle}` : ''}
                {fee.count > 1 ? ` ${TEXTS.feeTimes(fee.count, formatCents(fee.totalCents))}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
