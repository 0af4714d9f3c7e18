import type { HandoverRequest, QuoteRequest, QuoteResponse } from '../../contract/index.ts';
import type { ApiClient } from '../core/api-client.ts';
import { quotePolicyOf } from './model/quote-policy.ts';
import { stepNumberOf } from './model/step-ids.ts';
import { initialWizardState, type WizardState } from './model/wizard-model.ts';
import * as endpoints from '../../contract/api/endpoints.ts';

/**
 * The hand-over from a widget on another origin to the brand site (issue 7; DESIGN.md "Embedding"). Card
 * payment happens on our own origin only, so an embedded wizard's Purchase Now, and an embedded retrieve
 * window's found quote, send the visitor to `${site}/receive-a-quote?handover=<token>`: the token is
 * single use, lives 10 minutes, and is exchanged by POST, so no personal data rides in a URL, and the
 * wizard there opens with nothing retyped (the answers travel in the token's payload on our server).
 *
 * It sits beside persistence.ts because it is the other half of "what was typed survives": persistence
 * keeps it across a reload on our own site; the hand-over carries it from another origin to ours.
 */

/** The query parameter of the hand-over link. */
export const HANDOVER_PARAM = 'handover';

/**
 * True when this page is not the brand site: the wizard's site origin (the loader's origin when embedded;
 * '' on our own site) differs from the page's. Then the wizard keeps its answers in memory only, never in
 * the host origin's storage where the host's own scripts could read them, and hands over at Purchase Now.
 */
export function isOffOrigin(siteUrl: string): boolean {
  if (!siteUrl) return false;
  try {
    return new URL(siteUrl, globalThis.location.href).origin !== globalThis.location.origin;
  } catch {
    return false;
  }
}

/** What a hand-over carries of the wizard: the answers, without the quote (the server holds that). */
export function handoverSnapshot(state: WizardState): Record<string, unknown> {
  return { ...state, quoteResponse: null, quoteRequest: null, vehicleImage: null, step: stepNumberOf('payment') };
}

/** The insured's birth date and the mailing ZIP of the priced request: the proof the API asks for. */
function proofOf(request: QuoteRequest | null): { dob: string; zip: string } | null {
  if (!request) return null;
  const insured = request.drivers.find((driver) => driver.relation === 'INSURED') ?? request.drivers[0];
  const mailing = request.addresses.find((address) => address.type === 'Mailing') ?? request.addresses[0];
  return insured && mailing ? { dob: insured.dob, zip: mailing.zip } : null;
}

/** The hand-over link to our site's wizard for `body`, or null when the API refused or could not be reached. */
async function handoverUrl(api: ApiClient, siteUrl: string, body: HandoverRequest): Promise<string | null> {
  const result = await api.call(endpoints.handover, body);
  if (!result.ok) return null;
  const target = new URL('/receive-a-quote', new URL(siteUrl || '/', globalThis.location.href));
  target.searchParams.set(HANDOVER_PARAM, result.data.token);
  return target.href;
}

/** Purchase Now on another origin: the wizard's answers and its quote, handed over to step 6 on our site. */
export async function handOverPurchase(api: ApiClient, siteUrl: string, state: WizardState): Promise<string | null> {
  const policy = quotePolicyOf(state.quoteResponse);
  const proof = proofOf(state.quoteRequest);
  if (!policy || !proof) return null;
  return handoverUrl(api, siteUrl, { quoteNumber: policy.policyNumber, ...proof, wizard: handoverSnapshot(state) });
}

/** Reads `?handover=` and takes it off the address bar at once; null when there is none. */
export function takeHandoverToken(): string | null {
  const url = new URL(globalThis.location.href);
  const token = url.searchParams.get(HANDOVER_PARAM)?.trim();
  if (!url.searchParams.has(HANDOVER_PARAM)) return null;
  url.searchParams.delete(HANDOVER_PARAM);
  globalThis.history.replaceState(globalThis.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token || null;
}

function looksLikeWizard(value: unknown): value is Partial<WizardState> {
  const state = value as Partial<WizardState> | null;
  return !!state && typeof state === 'object' && !!state.info && Array.isArray(state.vehicles) && state.vehicles.length > 0 && Array.isArray(state.drivers);
}

/**
 * The wizard a redeemed hand-over opens: with the carried answers, on step 6 (payment), or, for a retrieved
 * quote (no answers), the quote rebuilt by `fromQuote` on step 5. Null when the token is spent or expired.
 */
export async function redeemHandover(
  api: ApiClient,
  token: string,
  fromQuote: (response: QuoteResponse) => WizardState,
): Promise<WizardState | null> {
  const result = await api.call(endpoints.redeemHandover, { token });
  if (!result.ok || !quotePolicyOf(result.data?.quote)) return null;
  const quote = result.data.quote as QuoteResponse;
  if (!looksLikeWizard(result.data.wizard)) return fromQuote(quote);
  return {
    ...initialWizardState(),
    ...result.data.wizard,
    quoteResponse: quote,
    quoteRequest: result.data.quoteRequest as QuoteRequest,
    vehicleImage: null,
    step: stepNumberOf('payment'),
  };
}
