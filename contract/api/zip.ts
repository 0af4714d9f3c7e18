import type { StateCode } from '../reference/states.ts';

/**
 * GET /api/zip/{zip} (DESIGN.md "Addresses"): what the wizard's ZIP fields fill in. 400 with the zip
 * rule's message for a malformed ZIP, 404 with ZIP_NOT_FOUND for one the data set does not hold.
 */
export interface ZipLookupResponse {
  zip: string;
  city: string;
  state: StateCode;
  /** doc 2 section 4: a restricted ZIP sends the visitor to the unavailable page (RESTRICTED_ZIPS). */
  restricted: boolean;
}

export const ZIP_NOT_FOUND = 'We could not find that ZIP code.';
