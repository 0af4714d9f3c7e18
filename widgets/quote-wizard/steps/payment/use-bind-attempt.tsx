import { useRef, useState, type ReactElement } from 'react';
import { is } from 'superstruct';
import {
  CARD_CONSENT, ELECTRONIC_DELIVERY_CONSENT, MESSAGES, PAY_PLANS, PURCHASE_TOKEN_HEADER, PaymentNeedsAuthentication, QuoteChangedAnswer, billingSummary,
  localToday, type BindRequest, type BindResponse, type QuotePolicy,
} from '../../../../contract/index.ts';
import type { ApiClient, ApiResult } from '../../../core/api-client.ts';
import { newIdempotencyKey } from '../../../core/idempotency-key.ts';
import { Modal } from '../../../core/modal.tsx';
import { useTestAuthentication } from '../../../core/test-authentication.tsx';
import { useWidget } from '../../../core/widget.tsx';
import type { StepIntent } from '../../model/step-ids.ts';
import type { WizardState } from '../../model/wizard-model.ts';
import type { StepProps } from '../../step.ts';
import { quotePolicyOf } from '../../model/quote-policy.ts';
import { financedVehicles, purchaseOf, type BoundPolicy } from '../../model/purchase-model.ts';
import { rememberPurchaseToken } from '../../model/purchase-token.ts';
import { useQuoteCall } from '../../quote/use-quote-call.ts';
import { PAYMENT_TEXTS as T } from './payment.texts.ts';
import type { PaymentCard } from './use-payment-card.ts';
import * as endpoints from '../../../../contract/api/endpoints.ts';

/**
 * Step 6's bind attempts (doc 3 sections 4 and 8; issue 19): Submit Payment's POST /api/policy/bind and all
 * that may follow it. Each payment attempt carries one Idempotency-Key: a retry after no answer (or a 5xx,
 * or a 409 while the first is still running) sends the same key and the same body, so the server answers it
 * once; a double click is held off here too. The body names the quote's version, the amount due today the
 * summary shows, and the card consent shown above the button. A refused payment (402) shows the server's
 * message and marks the purchase failed (the step then only opens 'Call to complete your quote'). A 409
 * quote_changed charged nothing: its version in force replaces the stored quote and the next submit pays it
 * (a new attempt with a new key). A 202 is the bank asking for 3-D Secure: Stripe.js's page (Stripe mode)
 * or our plainly labelled test window (test mode), then POST /api/policy/complete_payment, answered as the
 * bind. A passed effective date goes through doc 3's 'Sorry!' and a price for today first. The purchase token
 * of the answer stays in memory (purchase-token.ts) for the lienholders; the host page hears ppm-purchase.
 */

/** One Submit Payment: its key, and the body it sent, kept so a retry is the same request. */
interface Attempt {
  key: string;
  body: BindRequest;
}

export interface BindAttemptOptions {
  api: ApiClient;
  update: StepProps['update'];
  /** The wizard state as it is now (a 409 may replace the quote while a submit runs). */
  latest: { readonly current: WizardState };
  card: PaymentCard;
}

export interface BindAttempt {
  /** A submit is running: a second one is the same payment and waits for it. */
  running(): boolean;
  /** For Submit Payment's aria-disabled. */
  submitting: boolean;
  /** The failure to show ('Your payment did not go through'), or null. */
  failure: string[] | null;
  /** The quote changed since the page showed it: the messages to show, or null. */
  quoteChanged: string[] | null;
  /** Another card, frequency or field: the next submit is a new payment with a new key. */
  forget(): void;
  /** Pays the quote in force with the card typed: 'next' once bound, else 'stay' (or the coverage step, below). */
  pay(values: { nameOnCard: string; cardNumber: string; electronicDelivery: string }): Promise<StepIntent>;
  /** doc 3's 'Sorry!' and a price from today: 'stay' with the new figures, or the coverage step when it failed. */
  priceForToday(): Promise<StepIntent>;
  /** Its windows: the 'Sorry!' modal and the test mode's authentication window. */
  dialogs: ReactElement;
}

export function useBindAttempt({ api, update, latest, card }: BindAttemptOptions): BindAttempt {
  const { showLoader, hideLoader, emit } = useWidget();
  const [failure, setFailure] = useState<string[] | null>(null);
  const [quoteChanged, setQuoteChanged] = useState<string[] | null>(null);
  // doc 3 section 4's 'Sorry!' for a passed effective date, here as on step 5 (the buyer may reach midnight on this page)
  const [pastWindow, setPastWindow] = useState(false);
  const pastAnswer = useRef<((confirmed: boolean) => void) | null>(null);
  const quoteCall = useQuoteCall({ api, update });
  // the test mode's authentication window, and how its answer reaches the waiting submit
  const testAuthentication = useTestAuthentication({ closeLabel: T.close, actionsClass: 'ppm-wizard__actions' });
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const attempt = useRef<Attempt | null>(null);

  async function pay(values: { nameOnCard: string; cardNumber: string; electronicDelivery: string }): Promise<StepIntent> {
    // the version and the figures in force now (a 409 may have replaced the quote since the page drew it)
    const livePolicy = quotePolicyOf(latest.current.quoteResponse);
    if (busy.current || !livePolicy || card.state.kind !== 'ready') return 'stay';
    const publishableKey = card.state.publishableKey;
    const now = purchaseOf(latest.current);
    busy.current = true;
    setSubmitting(true);
    setFailure(null);
    setQuoteChanged(null);
    showLoader(T.paying);
    try {
      const frequencyNow = now.billingFrequency;
      const quoteVersion = livePolicy.quoteVersion ?? 1;
      const amountDueCents = billingSummary(livePolicy, frequencyNow).dueTodayCents;
      let current = attempt.current;
      // another version, amount or frequency is another payment: a new attempt with a new key
      if (current && (current.body.quoteVersion !== quoteVersion || current.body.amountDueCents !== amountDueCents || current.body.billingFrequency !== frequencyNow)) {
        current = null;
      }
      if (!current) {
        const token = await card.tokenFor(values);
        if (typeof token !== 'string') {
          setFailure([token.error]);
          return 'stay';
        }
        current = {
          key: newIdempotencyKey(),
          body: {
            quoteNumber: livePolicy.policyNumber,
            quoteVersion,
            amountDueCents,
            stripeKey: { key: publishableKey },
            paymentToken: { token },
            billingFrequency: frequencyNow,
            payPlan: PAY_PLANS[frequencyNow],
            cardConsent: CARD_CONSENT[frequencyNow],
            // only when ticked: not given is not sent, never sent as given
            ...(values.electronicDelivery === 'true' ? { electronicDeliveryConsent: ELECTRONIC_DELIVERY_CONSENT } : {}),
          },
        };
        attempt.current = current;
      }
      return await settle(await bind(api, current), current, livePolicy);
    } finally {
      hideLoader();
      busy.current = false;
      setSubmitting(false);
    }
  }

  /** The bind's answer (or complete_payment's, which answers as the bind does). */
  async function settle(first: ApiResult<BindResponse>, current: Attempt, livePolicy: QuotePolicy): Promise<StepIntent> {
    const quoteNumber = current.body.quoteNumber;
    let result = first;
    for (let round = 0; ; round++) {
      if (result.ok) {
        attempt.current = null;
        rememberPurchaseToken(quoteNumber, result.data.purchaseToken);
        const bound = boundFrom(result.data, quoteNumber, livePolicy);
        // the host page hears of the purchase here, where the bind answered (its conversion tag)
        emit('ppm-purchase', {
          policyNumber: bound.policyNumber,
          binderNumber: bound.binderNumber,
          quoteNumber: bound.quoteNumber,
          billingFrequency: current.body.billingFrequency,
          // what the card was charged, as the bind answered it from the payment record (in dollars, as before)
          amount: (bound.amountChargedCents ?? 0) / 100,
        });
        // a policy with no financed or leased vehicle has no lienholders to give: the steps table passes them over
        update((s) => ({ ...s, purchase: { ...purchaseOf(s), bound, lienholdersDone: financedVehicles(livePolicy).length === 0 } }));
        return 'next';
      }
      if (result.status === 202 && is(result.body, PaymentNeedsAuthentication) && round < 3) {
        const needs = result.body;
        rememberPurchaseToken(quoteNumber, needs.purchaseToken);
        if (!(await authenticate(needs, quoteNumber))) {
          // nothing charged yet: the same attempt (same key) asks again, and the bank's check opens again
          setFailure([T.authNotFinished]);
          return 'stay';
        }
        result = await api.call(endpoints.completePayment, { quoteNumber }, { headers: { [PURCHASE_TOKEN_HEADER]: needs.purchaseToken } });
        continue;
      }
      if (result.status === 409 && is(result.body, QuoteChangedAnswer)) {
        // nothing was charged: show the version in force; the next submit pays it, as a new attempt
        const changed = result.body.current;
        attempt.current = null;
        update((s) => ({ ...s, quoteResponse: withPolicy(s.quoteResponse, changed) }));
        setQuoteChanged(result.messages.length ? result.messages : [MESSAGES.quoteChanged]);
        return 'stay';
      }
      if (result.status === 422 && result.messages.includes(MESSAGES.effectiveDatePassed)) {
        // nothing was charged: the 'Sorry!' flow prices the quote from today, then the buyer confirms the new figures
        attempt.current = null;
        hideLoader();
        return priceForToday();
      }
      if (result.status === 0 || result.status >= 500 || result.status === 409 || result.status === 202) {
        // no answer, our fault or still running: whether it was charged is not known; the same key asks again
        setFailure([T.callUs]);
        return 'stay';
      }
      attempt.current = null;
      setFailure(result.messages.length ? result.messages : [T.callUs]);
      update((s) => ({ ...s, purchase: { ...purchaseOf(s), paymentFailed: true } }));
      return 'stay';
    }
  }

  /**
   * Doc 3 section 4's 'Sorry!' on step 6: the effective date has passed (the page stayed open past midnight).
   * Confirmed, the quote is priced again from today, as on step 5, and the new figures stay on this step with
   * the quote-changed notice: nothing is charged until the buyer presses Submit Payment again.
   */
  async function priceForToday(): Promise<StepIntent> {
    const policyNow = quotePolicyOf(latest.current.quoteResponse);
    if (!policyNow) return 'stay';
    const confirmed = await new Promise<boolean>((resolve) => {
      pastAnswer.current = resolve;
      setPastWindow(true);
    });
    if (!confirmed) return 'stay';
    const repriced = await quoteCall.repriceForToday(latest.current, policyNow, localToday());
    if (!repriced.ok) return { to: 'coverage' }; // as on step 5: the buyer picks a date there and prices the quote again
    attempt.current = null;
    setQuoteChanged([MESSAGES.quoteChanged]);
    return 'stay';
  }

  function closePast(confirmed: boolean) {
    setPastWindow(false);
    pastAnswer.current?.(confirmed);
    pastAnswer.current = null;
  }

  /**
   * The bank's 3-D Secure check: Stripe.js's page with Stripe, our test window in test mode. True once it
   * ended (completed or failed: complete_payment tells which); false when the buyer closed the test window.
   */
  async function authenticate(needs: PaymentNeedsAuthentication, quoteNumber: string): Promise<boolean> {
    if (needs.authentication.mode === 'stripe') {
      const secret = needs.authentication.clientSecret;
      if (!secret || !card.stripe.card.current) return false;
      await card.stripe.card.current.authenticate(secret);
      return true;
    }
    hideLoader();
    const choice = await testAuthentication.ask();
    if (!choice) return false;
    showLoader(T.paying);
    await api.call(endpoints.testAuthentication, { quoteNumber, result: choice }, { headers: { [PURCHASE_TOKEN_HEADER]: needs.purchaseToken } });
    return true;
  }
  const dialogs = (
    <>
      {testAuthentication.window}
      <Modal open={pastWindow} title={T.sorry} onClose={() => closePast(false)} closeLabel={T.close}>
        <p>{MESSAGES.effectiveDatePassed}</p>
        <button type="button" className="ppm-button" onClick={() => closePast(true)}>
          {T.ok}
        </button>
      </Modal>
    </>
  );

  return {
    running: () => busy.current,
    submitting,
    failure,
    quoteChanged,
    forget: () => {
      attempt.current = null;
    },
    pay,
    priceForToday,
    dialogs,
  };
}

/** POST /api/policy/bind with the attempt's key; the body is the attempt's, unchanged on a retry. */
function bind(api: ApiClient, attempt: Attempt) {
  return api.call(endpoints.bind, attempt.body, { headers: { 'Idempotency-Key': attempt.key } });
}

function boundFrom(answer: BindResponse, quoteNumber: string, policy: QuotePolicy): BoundPolicy {
  const first = answer.policies?.[0];
  return {
    quoteNumber,
    policyNumber: first?.policyNumber ?? quoteNumber,
    binderNumber: first?.binderNumber ?? '',
    emailAddress: first?.emailAddress ?? policy.emailAddress ?? '',
    amountChargedCents: answer.amountChargedCents,
  };
}

/** The stored quote answer with the version in force (a 409 quote_changed's `current`) as its policy. */
function withPolicy(response: unknown, policy: QuotePolicy): unknown {
  const policies = (response as { policies?: unknown } | null)?.policies;
  if (response && typeof response === 'object' && Array.isArray(policies)) return { ...response, policies: [policy, ...policies.slice(1)] };
  return { policies: [policy] };
}
