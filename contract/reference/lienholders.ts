/**
 * The marque's own financing companies, which the lienholder sub-step prefills and locks when the buyer
 * picks PFS or PLL (doc 3 sections 3 and 9: "both prefill the manufacturer's financing address, disabled").
 *
 * FICTIONAL: we know no public lienholder address for either company, so these are plainly invented
 * samples (a street named "Sample", a 555 phone number) until the programme gives us the real ones. They
 * are data, not code: replace them here and nothing else changes.
 */
export interface FinancingCompany {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phoneNumber: string;
  /** True while the address is an invented sample. */
  fictional: boolean;
}

export const FINANCING_COMPANIES: Readonly<Record<'PFS' | 'PLL', FinancingCompany>> = {
  PFS: {
    name: 'Porsche Financial Services', address: '100 Sample Lienholder Way', city: 'Atlanta', state: 'GA', zip: '30354',
    phoneNumber: '800-555-0142', fictional: true,
  },
  PLL: {
    name: 'Porsche Leasing Ltd.', address: '100 Sample Lienholder Way', city: 'Atlanta', state: 'GA', zip: '30354',
    phoneNumber: '800-555-0143', fictional: true,
  },
};

/** The prefilled company of a lienholder option, or undefined for 'other' and 'I don't know'. */
export function financingCompanyFor(option: string): FinancingCompany | undefined {
  return option === 'PFS' || option === 'PLL' ? FINANCING_COMPANIES[option] : undefined;
}
