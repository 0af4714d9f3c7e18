/**
 * What the policy chooser, the quote chooser and lookup quotes work out from the session (doc 1 sections 2
 * and 4), without the DOM, so it is tested in node: which saved quotes are open, what the quote chooser offers
 * when there are none, a policy's one-line summary, and the quote wizard's address for a saved quote.
 */
import type { Policy } from '../../../contract/api/policy.ts';
import { WIZARD_PATH } from '../../../contract/reference/wizard.ts';
import { driversInOrder, renewalDateText, vehicleName } from '../dashboard/dashboard-logic.ts';


/**
 * Doc 1 "Quote chooser": with no quotes, 'View my policies' when the person has several policies, else 'View
 * my policy'; with none at all, neither (there is no policy to view).
 */
export function noQuotesWayOut(ownPolicyCount: number): 'policies' | 'policy' | null {
  if (ownPolicyCount > 1) return 'policies';
  return ownPolicyCount === 1 ? 'policy' : null;
}

/** A policy's vehicles in words: '2022 Porsche 911, 1989 Porsche 944'. */
export function vehiclesInWords(policy: Pick<Policy, 'vehicleInfo'>): string {
  return policy.vehicleInfo.map(vehicleName).join(', ');
}

/** The policy chooser's line under a policy: its vehicles, and when it renews (when known). */
export function policySummary(policy: Pick<Policy, 'vehicleInfo' | 'renewalDate'>, renews: (date: string) => string): string {
  const renewal = renewalDateText(policy.renewalDate, '');
  return [vehiclesInWords(policy), renewal && renews(renewal)].filter(Boolean).join(' · ');
}

/**
 * The quote wizard opening a saved quote at step 5 (doc 1 "Lookup quotes": "goes to /receive-a-quote with the
 * lower-cased e-mail, the first driver's date of birth and the first address's zip as query parameters"),
 * plus `quote`, its number, so the wizard opens this quote and not the newest of the three keys. The quote's
 * own e-mail, else the account's (saved quotes carry the account's address). The first driver is the first
 * by driverNumber (doc 1's sort key); the address is the mailing one when there is one, because the quote
 * lookup keys on the mailing ZIP (api/quotes/store.ts), else the first.
 */
export function quoteWizardUrl(quote: Pick<Policy, 'policyNumber' | 'emailAddress' | 'driverInfo' | 'addressInfo'>, accountEmail: string): string {
  const email = (quote.emailAddress?.trim() || accountEmail).trim().toLowerCase();
  const dob = driversInOrder(quote.driverInfo)[0]?.dob.slice(0, 10) ?? '';
  const address = quote.addressInfo.find((a) => a.addressType.toLowerCase() === 'mailing') ?? quote.addressInfo[0];
  const query = new URLSearchParams({ email, dob, zipcode: address?.zip ?? '', quote: quote.policyNumber });
  return `${WIZARD_PATH}?${query}`;
}
