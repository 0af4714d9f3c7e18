import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  UNLIMITED_STATES, billingFees, billingSummary, formatCents, inStates, type BillingFrequency, type QuotePolicy,
} from '../../../../contract/index.ts';
import { Tooltip } from '../../../core/Tooltip.tsx';
import type { VehicleForm } from '../../model/wizard-model.ts';
import { formatLimitText } from '../../../../contract/rules/money.ts';
import {
  coverageShares, money, monthlyMilesOf, perMileRate, pricedVehicle, unlimitedMonthly, type ShownPriceKind,
} from './coverage-logic.ts';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';

/**
 * The 'Your Quote' panel (doc 3 section 2, "Pricing panel"). Before a quote, and in states without
 * Unlimited, one box: Base Charge, Per Mile Charge, Estimated monthly cost, Total Policy Premium and Down
 * Payment, with a dash where no price exists yet. After a quote in an Unlimited state, the vehicle on
 * screen gets 'Select Payment Plan for this vehicle' with Pay-Per-Mile and Unlimited tabs; choosing a tab
 * is that vehicle's billing choice. Below: the estimated-monthly or single-payment option, the fee
 * tooltip, what each coverage adds, and the 'quote emailed' note.
 */
export interface PricingPanelProps {
  ratedState: string;
  vehicles: readonly VehicleForm[];
  index: number;
  policy: QuotePolicy | null;
  /** What `policy` is: the stored quote, the live preview, a figure being updated or out of date (coverage-logic.ts shownPrice). */
  kind: ShownPriceKind;
  /** The billing choices now differ from those the quote was priced with. */
  planChanged: boolean;
  frequency: BillingFrequency;
  onFrequency: (frequency: BillingFrequency) => void;
  onBilling: (index: number, unlimited: boolean) => void;
  headingId: string;
}

function Dash() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="ppm-visually-hidden">{T.notCalculated}</span>
    </>
  );
}

/** One figure: its label (with a longer explanation under it), the amount, and its unit under the amount. */
function Row({ label, children, note, explain }: { label: ReactNode; children: ReactNode; note?: ReactNode; explain?: ReactNode }) {
  return (
    <div className="ppm-price__row">
      <dt className="ppm-price__label">
        {label}
        {explain && <span className="ppm-price__explain-line">{explain}</span>}
      </dt>
      <dd className="ppm-price__value">
        {children}
        {note && <span className="ppm-price__note">{note}</span>}
      </dd>
    </div>
  );
}

export function PricingPanel({ ratedState, vehicles, index, policy, kind, planChanged, frequency, onFrequency, onBilling, headingId }: PricingPanelProps) {
  const vehicle = vehicles[index];
  const priced = pricedVehicle(policy, index);
  const premium = priced?.premiumInfo;
  const unlimitedOffered = inStates(UNLIMITED_STATES, ratedState) && priced !== null && typeof priced.unlimitedRate === 'number';
  const unlimited = unlimitedOffered && vehicle?.isUnlimited === true;
  const monthlyMiles = premium?.estMonthlyMiles ?? (vehicle ? monthlyMilesOf(vehicle) : 0);
  const tabsId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const frequencyName = useId();

  const single = frequency === 'biannually';
  // Every figure of the totals is the priced quote's (contract billingSummary: what the bind charges);
  // before a quote, the fee list follows the plans chosen on screen.
  const billing = policy ? billingSummary(policy, frequency) : null;
  const fees = billing?.fees ?? billingFees(ratedState, frequency, vehicles.filter((v) => !(inStates(UNLIMITED_STATES, ratedState) && v.isUnlimited)).length);
  const feeText = [
    single ? T.totalTooltipSingle : T.totalTooltipMonthly,
    ...fees.map((line) =>
      line.count > 1
        ? `${line.label}: ${formatCents(line.cents)} ${T.feePer[line.per]} ${T.feeTimesVehicles(line.count, formatCents(line.totalCents))}`
        : `${line.label}: ${formatCents(line.cents)} ${T.feePer[line.per]}`,
    ),
  ].join('\n');

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const toUnlimited = event.key === 'End' || (event.key !== 'Home' && !unlimited);
    onBilling(index, toUnlimited);
    tabRefs.current[toUnlimited ? 1 : 0]?.focus();
  }

  const perMileBox = (
    <dl className="ppm-price__list">
      <Row label={T.baseCharge} note={premium && T.perMonth}>
        {premium ? money(premium.baseRate) : <Dash />}
      </Row>
      <Row label={T.perMileCharge} note={premium && T.perMile}>
        {premium ? perMileRate(premium.perMileRate) : <Dash />}
      </Row>
      <Row label={T.estimatedMonthlyCost} explain={T.basedOn(monthlyMiles)}>
        {premium && typeof premium.estMonthlyNoFee === 'number' ? money(premium.estMonthlyNoFee) : <Dash />}
      </Row>
    </dl>
  );

  const shares = coverageShares(priced);

  return (
    <section
      className={`ppm-price ppm-price--${kind}`}
      part="pricing"
      aria-labelledby={headingId}
      aria-busy={kind === 'updating' ? true : undefined}
      data-price={kind}
    >
      <h4 id={headingId} className="ppm-price__heading" tabIndex={-1}>
        {T.panelHeading}
      </h4>
      {kind !== 'none' && kind !== 'quote' && (
        <p className={`ppm-price__status ppm-price__status--${kind}`}>
          {kind === 'outOfDate' ? T.outOfDate : kind === 'unavailable' ? T.previewFailed : T.previewNote}
        </p>
      )}

      {unlimitedOffered && premium ? (
        <div className="ppm-price__plans">
          <p id={`${tabsId}-label`} className="ppm-price__plans-title">
            {T.selectPlan}
          </p>
          <div role="tablist" aria-labelledby={`${tabsId}-label`} className="ppm-tabs">
            {[false, true].map((isUnlimited, i) => (
              <button
                key={String(isUnlimited)}
                ref={(element) => {
                  tabRefs.current[i] = element;
                }}
                type="button"
                role="tab"
                id={`${tabsId}-tab-${i}`}
                className="ppm-tabs__tab"
                aria-selected={unlimited === isUnlimited}
                aria-controls={`${tabsId}-panel`}
                tabIndex={unlimited === isUnlimited ? 0 : -1}
                onClick={() => onBilling(index, isUnlimited)}
                onKeyDown={onTabKey}
              >
                {isUnlimited ? T.unlimited : T.payPerMile}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${unlimited ? 1 : 0}`} className="ppm-tabs__panel">
            <p className="ppm-price__explain">{unlimited ? T.unlimitedText : T.payPerMileText}</p>
            <h5 className="ppm-price__subheading">{T.vehiclePremium}</h5>
            {unlimited ? (
              <dl className="ppm-price__list">
                <Row label={T.baseCharge} note={T.perMonth}>
                  {money(unlimitedMonthly(priced.unlimitedRate ?? 0))}
                </Row>
                <Row label={T.unlimited}>{T.unlimitedTerm(money(priced.unlimitedRate ?? 0))}</Row>
              </dl>
            ) : (
              <dl className="ppm-price__list">
                <Row label={T.baseCharge} note={T.perMonth}>
                  {money(premium.baseRate)}
                </Row>
                <Row label={T.perMileCharge} note={T.perMile}>
                  {perMileRate(premium.perMileRate)}
                </Row>
                <Row label={T.estimatedMonthlyMiles}>{monthlyMiles.toLocaleString('en-US')}</Row>
                {typeof premium.estMonthlyNoFee === 'number' && (
                  <Row label={T.estimatedMonthlyCost} explain={T.basedOn(monthlyMiles)}>
                    {money(premium.estMonthlyNoFee)}
                  </Row>
                )}
              </dl>
            )}
          </div>
        </div>
      ) : (
        perMileBox
      )}

      <fieldset className="ppm-price__options">
        <legend className="ppm-price__options-legend">{T.paymentOption}</legend>
        {(['monthly', 'biannually'] as const).map((value) => (
          <label key={value} className="ppm-price__option">
            <input type="radio" name={frequencyName} value={value} checked={frequency === value} onChange={() => onFrequency(value)} />
            <span>{value === 'monthly' ? T.estimatedMonthly : T.singlePayment}</span>
          </label>
        ))}
      </fieldset>

      {planChanged && policy && kind === 'quote' && <p className="ppm-price__changed">{T.planChanged}</p>}

      <dl className="ppm-price__list ppm-price__list--totals">
        <Row
          label={
            <span className="ppm-label-row ppm-price__label-row">
              <span>{T.totalPolicyPremium}</span>
              <Tooltip label={T.totalTooltipLabel} text={feeText} />
            </span>
          }
          note={policy && (single ? T.perTerm : T.perMonth)}
        >
          {billing ? formatCents(billing.perPaymentCents) : <Dash />}
        </Row>
        <Row label={T.downPayment}>{billing ? formatCents(billing.dueTodayCents) : <Dash />}</Row>
      </dl>

      {!policy && kind === 'none' && <p className="ppm-price__hint">{T.calculateFirst}</p>}
      {/* the price, announced when it changes (issue 11: the price, not the e-mail note) */}
      <p className="ppm-visually-hidden ppm-price__announce" role="status">
        {billing && (kind === 'quote' || kind === 'preview')
          ? T.priceAnnouncement(formatCents(billing.perPaymentCents), single ? T.perTerm : T.perMonth, kind === 'preview')
          : kind === 'outOfDate'
            ? T.outOfDate
            : kind === 'unavailable'
              ? T.previewFailed
              : ''}
      </p>

      {shares.length > 0 && (
        <details className="ppm-price__breakdown">
          <summary>{T.breakdown}</summary>
          <ul className="ppm-price__shares">
            {shares.map((share) => (
              <li key={`${share.description}-${share.limit}`} className="ppm-price__share">
                <span className="ppm-price__share-name">
                  {share.description} <span className="ppm-price__share-limit">{formatLimitText(share.limit)}</span>
                </span>
                <span className="ppm-price__share-cost">
                  {share.monthlyBase === null && share.perMile === null && share.unlimitedPremium === null
                    ? T.breakdownIncluded
                    : unlimited
                      ? share.unlimitedPremium !== null && T.breakdownTerm(money(share.unlimitedPremium))
                      : [
                          share.monthlyBase !== null ? T.breakdownMonthly(money(share.monthlyBase)) : null,
                          share.perMile !== null && share.perMile > 0 ? T.breakdownPerMile(perMileRate(share.perMile)) : null,
                        ]
                          .filter(Boolean)
                          .join(' + ')}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}

      {policy && kind === 'quote' && policy.policyNumber && (
        <p className="ppm-price__emailed">
          {policy.emailAddress ? T.emailed(policy.emailAddress) : null} {T.quoteNumber(policy.policyNumber)}
        </p>
      )}
    </section>
  );
}
