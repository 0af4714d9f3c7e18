import { useEffect, useRef, useState } from 'react';
import type { QuotePolicy, QuoteRequest } from '../../../contract/index.ts';
import * as endpoints from '../../../contract/api/endpoints.ts';
import type { ApiClient } from '../../core/api-client.ts';
import { priceKey } from './quote-request.ts';

/**
 * Step 4's live price (issue 11): every change of a coverage, the effective date or a vehicle's plan is
 * priced at once through POST /api/policy/price, which prices exactly as the quote call does and stores
 * and mails nothing. The spec's lifecycle is untouched: the stored, e-mailed quote is still made by
 * Calculate and Continue (use-quote-call.ts); this only keeps a figure on screen meanwhile.
 *
 * - A newer request cancels the one in flight (AbortController), so an older answer never overwrites a
 *   newer one.
 * - A failed preview, or a form that cannot be priced (a required choice left open, a date not valid),
 *   keeps the last good figure and marks it out of date: never a figure for other choices shown as current.
 * - A failed preview with no earlier figure to mark says so ('failed'), rather than leaving the dashes of a
 *   form not priced yet.
 */
export type PreviewStatus =
  /** Nothing priced yet. */
  | 'none'
  /** A request is in flight; the figure shown (if any) is for the previous choices. */
  | 'pricing'
  /** The figure is the price of what is on screen. */
  | 'current'
  /** The figure is of earlier choices: the last preview failed, or the form cannot be priced now. */
  | 'outOfDate'
  /** The last preview failed and there is no earlier figure: no price to show, and the panel says why. */
  | 'failed';

export interface PricePreview {
  /** The last good preview (policyNumber ''), or null before the first one. */
  policy: QuotePolicy | null;
  status: PreviewStatus;
}

export interface PricePreviewOptions {
  api: ApiClient;
  /** The request of what is on screen; null when it cannot be priced (a choice left open). */
  request: QuoteRequest | null;
  /** False when nothing is to be previewed: the stored quote is of these very choices, or the state is not priced online. */
  wanted: boolean;
}

export function usePricePreview({ api, request, wanted }: PricePreviewOptions): PricePreview {
  const [preview, setPreview] = useState<PricePreview>({ policy: null, status: 'none' });
  const inFlight = useRef<AbortController | null>(null);
  const key = wanted && request ? priceKey(request) : null;
  const latestRequest = useRef(request);
  latestRequest.current = request;

  useEffect(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    const asked = latestRequest.current;
    if (key === null || !asked) {
      // what is on screen cannot be priced: an earlier figure no longer describes it, and a failure no longer applies
      if (!wanted || request) return;
      setPreview((p) => {
        if (p.policy) return p.status === 'outOfDate' ? p : { ...p, status: 'outOfDate' };
        return p.status === 'none' ? p : { policy: null, status: 'none' };
      });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setPreview((p) => ({ ...p, status: 'pricing' }));
    void api.call(endpoints.price, asked, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      inFlight.current = null;
      const policy = result.ok ? result.data.policies[0] : undefined;
      setPreview((p) => (policy ? { policy, status: 'current' } : { ...p, status: p.policy ? 'outOfDate' : 'failed' }));
    });
    return () => controller.abort();
  }, [key, wanted, request === null]);

  return preview;
}
