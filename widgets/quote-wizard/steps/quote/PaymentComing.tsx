import { useRef } from 'react';
import { BRAND } from '../../../../contract/index.ts';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import type { StepProps } from '../../step.ts';
import { quotePolicyOf } from './quote-logic.ts';
import { quoteStyles } from './quote.styles.ts';
import { QUOTE_TEXTS as TEXTS } from './quote.texts.ts';

/**
 * Step 6 until the payment step is built (a later issue): Purchase Now lands here, and the page says
 * honestly that paying online is not open yet and how to buy by phone with the quote number. Back
 * returns to the quote. Replaced by steps/payment/ when card payment lands.
 */
export function PaymentComing({ state, update, register }: StepProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, quoteStyles);
  const quoteNumber = quotePolicyOf(state.quoteResponse)?.policyNumber;
  // nothing to submit here: Enter in the form stays on the page
  register({ onContinue: () => 'stay', onBack: () => 'previous' });

  return (
    <div ref={rootRef} className="ppm-root ppm-quote" part="payment">
      <div className="ppm-panel ppm-quote__coming">
        <p>{TEXTS.paymentComing}</p>
        <p>
          {TEXTS.paymentCall}{' '}
          <a className="ppm-wizard__phone" href={BRAND.phoneHref}>
            {BRAND.phone}
          </a>
          {quoteNumber ? (
            <>
              {' '}
              {TEXTS.callQuote} <span className="ppm-quote__nowrap">{quoteNumber}</span>.
            </>
          ) : (
            '.'
          )}
        </p>
      </div>
      <div className="ppm-wizard__actions">
        <button type="button" className="ppm-button ppm-button--secondary" part="back" onClick={() => update((s) => ({ ...s, step: 5 }))}>
          {TEXTS.back}
        </button>
      </div>
    </div>
  );
}
