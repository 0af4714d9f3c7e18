/**
 * Prior carriers for the driver's previousCompany (doc 2 section 3: "each option carries an indicator S
 * standard or N non-standard"; section 9: "about 60 carriers, each flagged S or N. Full list: not
 * shown"). The names are real US auto insurers (and collector-car specialists, whom the marque's owners
 * often come from); values are the names upper-cased, as the request's default 'OTHER STANDARD'
 * (options.ts DEFAULT_PREVIOUS_COMPANY) is written.
 *
 * The S/N flags are OUR classification, not any carrier's or regulator's: N where the carrier (or the
 * brand of a group) publicly positions itself for non-standard auto (drivers with violations, lapses,
 * SR-22 filings, minimum-limits buyers), S otherwise. A group with both kinds of brand is listed by
 * brand (Farmers S, Bristol West N). Review before relying on it for rating.
 */
export interface Carrier {
  value: string;
  label: string;
  standard: 'S' | 'N';
}

const carrier = (label: string, standard: 'S' | 'N'): Carrier => ({ value: label.toUpperCase(), label, standard });

export const PRIOR_CARRIERS: readonly Carrier[] = [
  // Standard: national and regional personal-auto writers
  carrier('State Farm', 'S'),
  carrier('GEICO', 'S'),
  carrier('Progressive', 'S'),
  carrier('Allstate', 'S'),
  carrier('USAA', 'S'),
  carrier('Liberty Mutual', 'S'),
  carrier('Farmers', 'S'),
  carrier('Nationwide', 'S'),
  carrier('Travelers', 'S'),
  carrier('American Family', 'S'),
  carrier('Erie Insurance', 'S'),
  carrier('Auto-Owners', 'S'),
  carrier('The Hartford', 'S'),
  carrier('Amica', 'S'),
  carrier('Safeco', 'S'),
  carrier('Mercury Insurance', 'S'),
  carrier('MetLife Auto & Home', 'S'),
  carrier('Esurance', 'S'),
  carrier('Encompass', 'S'),
  carrier('21st Century', 'S'),
  carrier('AAA (Auto Club)', 'S'),
  carrier('CSAA Insurance Group', 'S'),
  carrier('COUNTRY Financial', 'S'),
  carrier('Shelter Insurance', 'S'),
  carrier('Cincinnati Insurance', 'S'),
  carrier('Westfield', 'S'),
  carrier('Grange Insurance', 'S'),
  carrier('Hanover', 'S'),
  carrier('Horace Mann', 'S'),
  carrier('Sentry', 'S'),
  carrier('Farm Bureau', 'S'),
  carrier('Tennessee Farmers', 'S'),
  carrier('Texas Farm Bureau', 'S'),
  carrier('Plymouth Rock', 'S'),
  carrier('NJM', 'S'),
  carrier('Selective', 'S'),
  carrier('Root', 'S'),
  carrier('Clearcover', 'S'),
  carrier('Elephant', 'S'),
  carrier('Openly', 'S'),
  // Standard: high-net-worth and collector-car specialists
  carrier('Chubb', 'S'),
  carrier('PURE', 'S'),
  carrier('AIG Private Client', 'S'),
  carrier('Hagerty', 'S'),
  carrier('Grundy', 'S'),
  carrier('American Modern', 'S'),
  carrier('Heacock Classic', 'S'),
  carrier('J.C. Taylor', 'S'),
  // Non-standard
  carrier('The General', 'N'),
  carrier('Direct General', 'N'),
  carrier('Infinity', 'N'),
  carrier('Kemper', 'N'),
  carrier('Dairyland', 'N'),
  carrier('Bristol West', 'N'),
  carrier('GAINSCO', 'N'),
  carrier('Acceptance', 'N'),
  carrier('National General', 'N'),
  carrier('Safe Auto', 'N'),
  carrier('Titan', 'N'),
  carrier('Affirmative', 'N'),
  carrier('AssuranceAmerica', 'N'),
  carrier('Fred Loya', 'N'),
  carrier('Hallmark', 'N'),
  carrier('Alliance United', 'N'),
  carrier('Young America', 'N'),
  // Catch-alls (doc 3 section 9: OTHER STANDARD is the request's default)
  { value: 'OTHER STANDARD', label: 'Other standard carrier', standard: 'S' },
  { value: 'OTHER NON-STANDARD', label: 'Other non-standard carrier', standard: 'N' },
];

const BY_VALUE = new Map(PRIOR_CARRIERS.map((c) => [c.value, c]));

export function carrierByValue(value: string): Carrier | undefined {
  return BY_VALUE.get(value);
}
