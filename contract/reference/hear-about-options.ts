/**
 * How the shopper heard about the product, and the agency code a quote carries: the dealer picker of
 * quote-start and the wizard's first step share these (dealers.ts), and nothing else of the option lists.
 */
import type { Option } from './options.ts';

/** How the shopper heard about the product; Dealer opens the dealer question (doc 2 section 4). */
export const HEAR_ABOUT = [
  { value: 'Dealer', label: 'Dealer' },
  { value: 'Email', label: 'Email' },
  { value: 'Brochure', label: 'Brochure' },
  { value: 'certified body shop', label: 'certified body shop' },
  { value: 'Word of mouth', label: 'Word of mouth' },
  { value: 'Search engine', label: 'Search engine' },
  { value: 'Social media', label: 'Social media' },
  { value: 'Press', label: 'Press' },
  { value: 'Porsche Club', label: 'Porsche Club' },
] as const satisfies readonly Option<string>[];
export const HEAR_ABOUT_DEALER = 'Dealer';

/** doc 3 section 9: the default agency code (a dealer's quote carries the dealer's, dealers.ts). */
export const DEFAULT_AGENCY_CODE = '13022-1';
