import { useRef, useState, type RefObject } from 'react';
import { is } from 'superstruct';
import { QuoteResponse, WIZARD_PATH, formatUsDate, localToday, type CalendarDate, type QuotePolicy, type QuoteRequest } from '../../../contract/index.ts';
import type { ApiClient } from '../../core/api-client.ts';
import { useWidget } from '../../core/widget.tsx';
import type { StepProps } from '../step.ts';
import { requestForToday, storedRequestOf } from '../steps/quote/quote-logic.ts';
import type { WizardState } from '../model/wizard-model.ts';
import { QUOTE_CALL_TEXTS as TEXTS } from './quote-call.texts.ts';
import { joinedQuoteError, quoteInputsChanged, quotedPolicy } from './quote-lifecycle.ts';
import { buildQuoteRequest, sameQuoteRequest } from './quote-request.ts';
import * as endpoints from '../../../contract/api/endpoints.ts';

/**
 * The one owner of POST /api/policy/quote in the wizard (doc 3 sections 4 and 8). Step 4 prices with it
 * (Calculate, and Continue without a quote) and finalizes with it (Continue with a quote: priced again with
 * each vehicle's billing, skipped when the request is unchanged); step 5 prices a quote whose effective date
 * has passed again from today. For each it builds the request (quote-request.ts, or the stored request moved
 * to today), shows the overlay with the call's text, stores the answer with the request that produced it,
 * and takes the error path the spec gives that call.
 *
 * A stale answer is dropped: when the answers changed while the call ran (quote-lifecycle.ts
 * quoteInputsChanged: the change that clears a stored quote), the answer priced something the person no
 * longer has on screen, so it is not stored; the change already cleared the quote, and the person prices
 * again.
 */

/** A failed calculation as step 4 draws it: the first two messages joined, or 'need a bit more information'. */
export type QuoteFailure = { kind: 'joined'; text: string } | { kind: 'moreInformation' };

/** What step 5's re-price came to; the step decides where the person goes on a failure. */
export type RepriceOutcome = { ok: true; policy: QuotePolicy } | { ok: false; reason: 'no-stored-request' | 'failed' };

export interface QuoteCallOptions {
  api: ApiClient;
  update: StepProps['update'];
  /** The brand site's origin ('' for ours): the quote e-mail's links lead to its wizard (the request's returnUrl). */
  siteUrl?: string;
  /** An element of the step: while it is on the page, a failure the step draws itself is reported to the host page (ppm-error). */
  reportFrom?: RefObject<Element | null>;
}

export interface QuoteCall {
  /** The failed calculation to show, until the person closes it or the next call starts; null when none. */
  failure: QuoteFailure | null;
  dismissFailure(): void;
  /** True while a call runs: the step's buttons do nothing meanwhile. */
  isCalling(): boolean;
  /**
   * Calculate (and Continue without a quote): prices `from` under 'Please wait while we calculate your
   * quote...'. A failure shows as `failure`. True when a quote came back.
   */
  calculate(from: WizardState): Promise<boolean>;
  /**
   * Forward navigation from step 4: true at once when the request equals the stored one (ignoring what does
   * not rate), else prices `from` under 'Please wait while we finalize your quote...'; a failure shows the
   * call-us snackbar. True when the wizard may move on.
   */
  finalize(from: WizardState): Promise<boolean>;
  /**
   * Step 5's 'Sorry!' confirmed: the stored request moved to start `today`, priced under the finalize text;
   * the coverage step then shows today's date. A failure shows 'Something went wrong. Please update your
   * Policy Effective Date'.
   */
  repriceForToday(from: WizardState, policy: QuotePolicy, today: CalendarDate): Promise<RepriceOutcome>;
}

/**
 * Issue 11: pricing the shopper's quote again names it, so the API keeps its number (a new version) and
 * mails it once; step 4's note then shows the number the shopper continues with.
 */
function quoteNumberOf(state: Pick<WizardState, 'quoteNumber' | 'quoteResponse'>): string | undefined {
  const stored = quotedPolicy(state)?.policyNumber;
  return stored || state.quoteNumber || undefined;
}

function withQuoteNumber(request: QuoteRequest, from: WizardState): QuoteRequest {
  const number = quoteNumberOf(from);
  return number ? { ...request, quoteNumber: number } : request;
}

type Answer = { ok: true; response: QuoteResponse } | { ok: false; status: number; messages: string[] };

export function useQuoteCall({ api, update, siteUrl = '', reportFrom }: QuoteCallOptions): QuoteCall {
  const { showLoader, hideLoader, showSnackbar, reportError, emit } = useWidget();
  const [failure, setFailure] = useState<QuoteFailure | null>(null);
  const calling = useRef(false);

  function requestFor(from: WizardState): QuoteRequest | null {
    try {
      return withQuoteNumber(buildQuoteRequest(from, { today: localToday(), returnUrl: `${siteUrl}${WIZARD_PATH}` }), from);
    } catch {
      return null; // no coverage form yet: nothing to price
    }
  }

  /** Shows a failed calculation and tells the host page what the person was shown. */
  function fail(shown: QuoteFailure, status: number): void {
    setFailure(shown);
    // sent from the wizard's host, while the step is still on the page
    if (reportFrom?.current) reportError(status, shown.kind === 'joined' ? shown.text : TEXTS.needMoreInformation);
  }

  /**
   * The call itself, under the overlay. A priced answer is stored with its request, and with what `more`
   * adds, unless the answers changed while the call ran. The host page hears of every price the API made
   * (ppm-quote 'priced', no personal data), here where it is made: a stale one was priced (and mailed) too.
   */
  async function call(from: WizardState, request: QuoteRequest, loaderText: string, more?: (state: WizardState) => Partial<WizardState>): Promise<Answer> {
    calling.current = true;
    showLoader(loaderText);
    let result;
    try {
      result = await api.call(endpoints.quote, request);
    } finally {
      hideLoader();
      calling.current = false;
    }
    if (result.ok && is(result.data, QuoteResponse) && result.data.policies.length > 0) {
      const response = result.data;
      const policy = response.policies[0]!;
      const number = policy.policyNumber;
      emit('ppm-quote', {
        action: 'priced',
        policyNumber: policy.policyNumber,
        ratedState: policy.ratedState,
        vehicles: policy.vehicleInfo.length,
        estimatedMonthlyPayment: policy.estimatedMonthlyPayment,
      });
      update((s) => (quoteInputsChanged(from, s) ? s : {
        ...s, ...more?.(s), quoteResponse: response, quoteRequest: request, ...(number ? { quoteNumber: number } : {}),
      }));
      return { ok: true, response };
    }
    return { ok: false, status: result.status, messages: result.ok ? [] : result.messages };
  }

  async function calculate(from: WizardState): Promise<boolean> {
    const request = requestFor(from);
    if (!request) {
      fail({ kind: 'moreInformation' }, 0);
      return false;
    }
    setFailure(null);
    const answer = await call(from, request, TEXTS.calculating);
    if (answer.ok) return true;
    // doc 3 section 8: "Quote calculation failure"
    const joined = joinedQuoteError(answer.messages);
    fail(joined ? { kind: 'joined', text: joined } : { kind: 'moreInformation' }, answer.status);
    return false;
  }

  async function finalize(from: WizardState): Promise<boolean> {
    const request = requestFor(from);
    if (!request) {
      fail({ kind: 'moreInformation' }, 0);
      return false;
    }
    // doc 3 section 4: "If the current request equals the stored quote request (ignoring some fields), it proceeds straight away"
    if (sameQuoteRequest(request, from.quoteRequest)) return true;
    setFailure(null);
    const answer = await call(from, request, TEXTS.finalizing);
    if (answer.ok) return true;
    // doc 3 section 8: "Forward or continue failure"
    showSnackbar('danger', TEXTS.forwardFailed, null);
    return false;
  }

  async function repriceForToday(from: WizardState, policy: QuotePolicy, today: CalendarDate): Promise<RepriceOutcome> {
    const stored = storedRequestOf(from.quoteRequest, policy);
    if (!stored) return { ok: false, reason: 'no-stored-request' };
    const request = withQuoteNumber(requestForToday(stored, today) as QuoteRequest, from);
    const answer = await call(from, request, TEXTS.finalizing, (s) => ({
      // the coverage step shows the date the quote now starts on
      coverage: s.coverage ? { ...s.coverage, policyEffectiveDate: formatUsDate(today) } : s.coverage,
    }));
    const repriced = answer.ok ? answer.response.policies[0] : undefined;
    if (!repriced) {
      showSnackbar('danger', TEXTS.requoteFailed, null);
      return { ok: false, reason: 'failed' };
    }
    return { ok: true, policy: repriced };
  }

  return {
    failure,
    dismissFailure: () => setFailure(null),
    isCalling: () => calling.current,
    calculate,
    finalize,
    repriceForToday,
  };
}
