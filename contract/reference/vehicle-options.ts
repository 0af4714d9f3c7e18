/** The vehicle lists of the quote wizard (doc 2 sections 4, 5 and 9). */
import type { Option } from './options.ts';
import type { StateCode } from './states.ts';

/**
 * Vehicle purpose (doc 2 section 5). Outside PA: Personal (Pleasure) or Business. In PA:
 * 'Commute to NJ or NY.' (COMMUTE NY/NJ), Personal (Pleasure), Business (Business). Business is refused.
 */
export const PURPOSES = [
  { value: 'Pleasure', label: 'Personal' },
  { value: 'Business', label: 'Business' },
] as const satisfies readonly Option<string>[];
export const PURPOSES_PA = [
  { value: 'COMMUTE NY/NJ', label: 'Commute to NJ or NY.' },
  { value: 'Pleasure', label: 'Personal' },
  { value: 'Business', label: 'Business' },
] as const satisfies readonly Option<string>[];
export const BUSINESS_PURPOSE = 'Business';
export type Purpose = (typeof PURPOSES_PA)[number]['value'];

export function purposeOptions(state: StateCode | string | undefined): readonly Option<Purpose>[] {
  return state === 'PA' ? PURPOSES_PA : PURPOSES;
}

/** A purpose that shows the annual-miles field (doc 2 section 4: Pleasure or Commute). */
export function showsMiles(purpose: string | undefined): boolean {
  return purpose === 'Pleasure' || purpose === 'COMMUTE NY/NJ';
}

/** Owned, leased or financed (doc 2 section 9); the request upper-cases the value (doc 3 section 3). */
export const OWNERSHIP = [
  { value: 'lease', label: 'Leased' },
  { value: 'finance', label: 'Financed' },
  { value: 'own', label: 'Owned' },
] as const satisfies readonly Option<string>[];

/** Length of ownership (doc 2 section 9: under 1, 1-2, 3-4, 5+ years); the request defaults to <1. */
export const OWNERSHIP_LENGTH = [
  { value: '<1', label: 'Less than 1 year' },
  { value: '1-2', label: '1-2 years' },
  { value: '3-4', label: '3-4 years' },
  { value: '5+', label: '5+ years' },
] as const satisfies readonly Option<string>[];
export const DEFAULT_OWNERSHIP_LENGTH = '<1';
