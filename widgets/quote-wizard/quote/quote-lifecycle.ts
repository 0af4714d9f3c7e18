import { is } from 'superstruct';
import { QuoteResponse, type QuotePolicy } from '../../../contract/index.ts';
import { garagingStateOf, type VehicleForm, type WizardState } from '../model/wizard-model.ts';

/**
 * The quote's life in the wizard (doc 3 section 4, doc 2 section 4's last rule), as pure functions the
 * shell applies to every state change and step 4 uses to decide what a button does.
 *
 * - A change to info, vehicles or drivers clears the stored quote (and the request that produced it),
 *   except a vehicle's Pay-Per-Mile/Unlimited choice: the quote priced both plans, so switching tabs
 *   keeps it; forward navigation re-requests with the new billing.
 * - A change to the coverage form or the effective date clears the quote.
 * - A change of the rated (garaging) state resets the coverage form: step 4 builds the new state's
 *   defaults with today's effective date.
 * - A change that brings its own quote (a retrieved quote, a fresh calculation) keeps it.
 */
export function settle(previous: WizardState, next: WizardState): WizardState {
  let result = next;
  if (garagingStateOf(next.info) !== garagingStateOf(previous.info) && next.coverage && next.coverage === previous.coverage) {
    result = { ...result, coverage: null };
  }
  const broughtItsOwn = next.quoteResponse !== previous.quoteResponse;
  if (quoteInputsChanged(previous, next) && !broughtItsOwn && (result.quoteResponse !== null || (result.quoteRequest ?? null) !== null)) {
    result = { ...result, quoteResponse: null, quoteRequest: null };
  }
  return result;
}

/**
 * Whether `next` asks for another price than `previous`: a change to info, drivers, a vehicle (its billing
 * choice aside) or the coverage form. Such a change clears a stored quote, and an answer to a call that
 * started before it is stale (quote/use-quote-call.ts does not store it).
 */
export function quoteInputsChanged(previous: WizardState, next: WizardState): boolean {
  return (
    next.info !== previous.info ||
    next.drivers !== previous.drivers ||
    !sameVehiclesButBilling(previous.vehicles, next.vehicles) ||
    (next.coverage ?? null) !== (previous.coverage ?? null)
  );
}

/** The same vehicles with the same answers, whatever each one's billing choice. */
export function sameVehiclesButBilling(a: readonly VehicleForm[], b: readonly VehicleForm[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((vehicle, i) => {
    const other = b[i]!;
    if (vehicle === other) return true;
    return (Object.keys(vehicle) as (keyof VehicleForm)[]).every((key) => key === 'isUnlimited' || vehicle[key] === other[key]);
  });
}

/** The stored quote's policy, when the state holds a well-formed quote response. */
export function quotedPolicy(state: Pick<WizardState, 'quoteResponse'>): QuotePolicy | null {
  const response = state.quoteResponse;
  if (!response || !is(response, QuoteResponse)) return null;
  return response.policies[0] ?? null;
}

/** The vehicle list with one vehicle's billing switched (doc 3 section 4: "The Unlimited toggle"). */
export function withBilling(vehicles: readonly VehicleForm[], index: number, unlimited: boolean): VehicleForm[] {
  return vehicles.map((v, i) => (i === index && v.isUnlimited !== unlimited ? { ...v, isUnlimited: unlimited } : v));
}

/**
 * The text of a failed calculation (doc 3 section 8): with more than one message, the first and second
 * joined with a colon; otherwise null, and the caller shows 'We are working on your quote but need a bit
 * more information' with its call and Contact Us links.
 */
export function joinedQuoteError(messages: readonly string[]): string | null {
  return messages.length > 1 ? `${messages[0]}: ${messages[1]}` : null;
}
