import { boolean, string, type, type Infer } from 'superstruct';

/**
 * GET /api/zip/{zip} (DESIGN.md "Addresses"): what the wizard's ZIP fields fill in. 400 with the zip
 * rule's message for a malformed ZIP, 404 with ZIP_NOT_FOUND for one the data set does not hold.
 */
export const ZipLookupResponse = type({
  zip: string(),
  city: string(),
  /** A two-letter state code (StateCode). */
  state: string(),
  /** doc 2 section 4: a restricted ZIP sends the visitor to the unavailable page (RESTRICTED_ZIPS). */
  restricted: boolean(),
});
export type ZipLookupResponse = Infer<typeof ZipLookupResponse>;

export const ZIP_NOT_FOUND = 'We could not find that ZIP code.';
