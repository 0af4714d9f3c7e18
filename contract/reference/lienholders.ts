/**
 * The marque's own financing companies, which the lienholder sub-step prefills when the buyer picks PFS or
 * PLL (doc 3 sections 3 and 9: "both prefill the manufacturer's financing address, disabled").
 *
 * Only what we hold as a fact is prefilled (issue 20): a lienholder address is printed as loss payee on the
 * declarations, so an invented one is worse than none. /work/shared/facts holds no lienholder address for
 * either company, so today the option brings the company's name alone and the buyer types the address from
 * the loan or lease papers. An address found later is added here with its source, and the step prefills and
 * locks it with nothing else changed.
 */

/** A lienholder address we hold as a fact, with where it was read (a document, a page, a facts file). */
export interface LienholderAddressFact {
  address: string;
  city: string;
  state: string;
  zip: string;
  phoneNumber: string;
  source: string;
}

export interface FinancingCompany {
  name: string;
  /** The address to prefill and lock; null while we hold none as a fact (the buyer types it). */
  address: LienholderAddressFact | null;
}

export const FINANCING_COMPANIES: Readonly<Record<'PFS' | 'PLL', FinancingCompany>> = {
  PFS: { name: 'Porsche Financial Services', address: null },
  PLL: { name: 'Porsche Leasing Ltd.', address: null },
};

/** The prefilled company of a lienholder option, or undefined for 'other' and 'I don't know'. */
export function financingCompanyFor(option: string): FinancingCompany | undefined {
  return option === 'PFS' || option === 'PLL' ? FINANCING_COMPANIES[option] : undefined;
}
