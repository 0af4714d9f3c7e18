import { localToday, type QuoteResponse } from '../../../../contract/index.ts';
import type { ApiClient } from '../../../core/api-client.ts';
import { buildQuoteRequest, sameQuoteRequest, wizardFromQuote } from '../../quote/quote-request.ts';
import { stepNumberOf } from '../../model/step-ids.ts';
import { initialWizardState, type StepNumber, type WizardState } from '../../model/wizard-model.ts';
import { quotePolicyOf } from '../../model/quote-policy.ts';
import type { SavedQuoteQuery } from './quote-logic.ts';
import * as endpoints from '../../../../contract/api/endpoints.ts';

/**
 * The wizard's saved-quote start (doc 2 section 2: "If the URL has email, dob and zipcode, the saved quote is
 * fetched"; the quote e-mail's single-use `?retrieve=<token>` link). The shell calls these on start
 * (shell/use-wizard-start.ts, which takes the query off the address bar first and loads this module only for
 * a start that opens a quote).
 *
 * The query carries an e-mail and a birth date, or a secret: it is taken off the address bar before any
 * call is made (DESIGN.md "Beyond the spec"), so it is not in a bookmark, a shared link, the history entry
 * or a reload, and it never reaches a log or an analytics event (events carry step numbers and names only).
 */

/**
 * The saved quote, or null when it cannot be found (any answer but a readable quote; a lookup whose
 * three fields are not all there and valid is not sent at all). The API answers 404 alike for every
 * mismatch, used or expired link, so there is nothing more to tell the person than 'not found'.
 */
export async function fetchSavedQuote(api: ApiClient, query: SavedQuoteQuery): Promise<QuoteResponse | null> {
  if (query.kind === 'lookup' && !query.body) return null;
  const result =
    query.kind === 'lookup'
      ? await api.call(endpoints.lookupQuote, query.body!)
      : await api.call(endpoints.redeemQuoteLink, { token: query.token });
  return result.ok && quotePolicyOf(result.data) ? result.data : null;
}

/**
 * A wizard holding the saved quote, open on step 5 (its forms rebuilt, so Back leads to what was chosen). Its
 * number is kept as the wizard's quoteNumber too (issue 11): a change in step 4 clears the stored quote, and
 * pricing it again must still name it, so the API makes a new version of this quote rather than a new quote.
 */
export function wizardWithSavedQuote(response: QuoteResponse): WizardState {
  const rebuilt = wizardFromQuote(response);
  const policy = quotePolicyOf(response);
  return {
    ...initialWizardState(),
    ...rebuilt,
    quoteResponse: response,
    quoteRequest: rebuilt.quoteRequest ?? ((policy?.quoteRequest ?? null) as WizardState['quoteRequest']),
    ...(policy?.policyNumber ? { quoteNumber: policy.policyNumber } : {}),
    step: stepNumberOf('quote'),
  };
}

/**
 * The step a resumed wizard opens on: the step it was on, and step 5 when it holds a quote (DESIGN.md: "A
 * stored quote response makes the wizard open at step 5"; doc 2 section 2). One exception: on step 4 a
 * quote may stand while the form asks for another price (a vehicle switched to Unlimited keeps the quote
 * until Continue re-prices it, doc 3 section 4), and then the person is brought back to step 4.
 */
export function resumeStep(saved: WizardState): StepNumber {
  const step = saved.step === 0 ? stepNumberOf('info') : saved.step;
  const quote = stepNumberOf('quote');
  const coverage = stepNumberOf('coverage');
  if (step >= quote || !quotePolicyOf(saved.quoteResponse)) return step;
  if (step !== coverage) return quote;
  try {
    return sameQuoteRequest(buildQuoteRequest(saved, { today: localToday() }), saved.quoteRequest) ? quote : coverage;
  } catch {
    return coverage; // the form cannot make a request yet: step 4 says what is missing
  }
}
