import { useId } from 'react';
import { billingSummary, formatCents, type BillingFrequency, type QuotePolicy } from '../../../../contract/index.ts';
import { PAYMENT_TEXTS as T } from './payment.texts.ts';

/**
 * Step 6's summary, the price of the chosen frequency: what is due today, what follows, the term's total and
 * the fees, from contract billingSummary, to the cent what the bind charges (issue 19: the price paid is the
 * price shown).
 */
export function PriceSummary({ policy, frequency }: { policy: QuotePolicy; frequency: BillingFrequency }) {
  const headingId = useId();
  const s = billingSummary(policy, frequency);
  return (
    <section className="ppm-payment__summary" aria-labelledby={headingId}>
      <h4 id={headingId} className="ppm-payment__heading">
        {T.summaryHeading}
      </h4>
      <dl className="ppm-payment__pairs">
        <div className="ppm-payment__pair">
          <dt>{T.quoteNumber}</dt>
          <dd>{policy.policyNumber}</dd>
        </div>
        <div className="ppm-payment__pair ppm-payment__pair--total">
          <dt>{T.dueToday}</dt>
          <dd>{formatCents(s.dueTodayCents)}</dd>
        </div>
        {frequency === 'monthly' && s.paymentsCount > 1 && (
          <div className="ppm-payment__pair">
            <dt>{T.monthlyAfter(s.paymentsCount - 1)}</dt>
            <dd>{formatCents(s.perPaymentCents)}</dd>
          </div>
        )}
        <div className="ppm-payment__pair">
          <dt>{T.sixMonthCost}</dt>
          <dd>{formatCents(s.sixMonthCostCents)}</dd>
        </div>
      </dl>
      {(frequency === 'biannually' || s.estimated) && <p className="ppm-payment__note">{frequency === 'monthly' ? T.estimatedNote : T.singleNote}</p>}
      <p className="ppm-payment__note">{T.feesIncluded}</p>
      <ul className="ppm-payment__fees">
        {s.fees.map((fee) => (
          <li key={fee.label}>
            {fee.label}: {formatCents(fee.cents)} {T.feePer[fee.per]}
            {fee.count > 1 ? ` ${T.feeTimes(fee.count)}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
