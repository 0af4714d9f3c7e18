/**
 * ZIP code to city and state, from the `zipcodes` package (BSD licence, about 42,500 US ZIPs from the
 * federalgovernmentzipcodes.us data set, shipped as a flat file: no network, no native code). Chosen
 * over the alternatives because it is a plain data file with a permissive licence that loads in ~0.2 s
 * and answers from memory; the packages that bundle the USPS or Census ZCTA data are either larger,
 * unmaintained, or licensed for non-commercial use only.
 *
 * Only the US file is read (the package also ships Canadian codes), and only ZIPs of the 50 states and
 * DC are kept: military (AA, AE, AP) and territory ZIPs have no state the programme can write, so they
 * answer as not found. The data loads on the first lookup, not at start, so processes that never look a
 * ZIP up (tests of other routes, the mail worker) do not pay for it.
 */
import { createRequire } from 'node:module';
import { isStateCode, type StateCode } from '../../contract/index.ts';

export interface ZipPlace {
  zip: string;
  city: string;
  state: StateCode;
}

interface ZipcodesFile {
  codes: Record<string, { zip: string; city: string; state: string }>;
}

let places: Map<string, ZipPlace> | undefined;

function load(): Map<string, ZipPlace> {
  const require = createRequire(import.meta.url);
  const file = require('zipcodes/lib/codes.js') as ZipcodesFile;
  const map = new Map<string, ZipPlace>();
  for (const { zip, city, state } of Object.values(file.codes)) {
    if (/^\d{5}$/.test(zip) && isStateCode(state)) map.set(zip, { zip, city, state });
  }
  return map;
}

/** City and state of a 5-digit ZIP, or undefined when the data set does not hold it. */
export function lookupZip(zip: string): ZipPlace | undefined {
  places ??= load();
  return places.get(zip);
}

/** How many ZIPs the service knows (for the benchmark's header and a sanity test). */
export function zipCount(): number {
  places ??= load();
  return places.size;
}
