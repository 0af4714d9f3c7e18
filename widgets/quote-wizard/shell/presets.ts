import { HEAR_ABOUT_DEALER, WRITING_STATES, inStates } from '../../../contract/index.ts';
import { dealerByCode } from '../../../contract/reference/dealers.ts';
import type { WizardState } from '../model/wizard-model.ts';

/** What a page may preset: the element's `state` and `dealer` attributes. */
export interface PresetAttributes {
  state?: string | undefined;
  dealer?: string | undefined;
}

/**
 * A fresh wizard's presets: ?state= and ?dealer= (what the quote-start widget sends) before the element's
 * attributes. A state we write in fills step 1's State; a known dealer attributes the quote and answers 'How
 * did you hear about us?' with Dealer. They fill only what is still empty, so applying them again (an
 * attribute that arrives after the first render) never overwrites an answer.
 */
export function withPresets(wizard: WizardState, attributes: PresetAttributes): WizardState {
  const query = new URLSearchParams(globalThis.location?.search ?? '');
  const info = { ...wizard.info };
  let attribution = wizard.attribution;
  const stateCode = (query.get('state') ?? attributes.state ?? '').trim().toUpperCase();
  if (!info.state && inStates(WRITING_STATES, stateCode)) info.state = stateCode;
  const dealerCode = (query.get('dealer') ?? attributes.dealer ?? '').trim();
  const dealer = dealerCode ? dealerByCode(dealerCode) : undefined;
  if (dealer && !attribution.dealer) attribution = { dealer: dealer.code, agencyCode: dealer.agencyCode };
  if (dealer && !info.hearAbout) {
    info.hearAbout = HEAR_ABOUT_DEALER;
    info.dealer = dealer.code;
  }
  const same = info.state === wizard.info.state && info.hearAbout === wizard.info.hearAbout && attribution === wizard.attribution;
  return same ? wizard : { ...wizard, info, attribution };
}
