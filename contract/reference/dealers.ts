/**
 * Dealers for the 'how did you hear' Dealer answer (doc 2 section 9: "About 19 named dealers (list not
 * shown)"). EVERY DEALER HERE IS FICTIONAL: invented sample names, in real cities of the writing states,
 * standing in until the programme's real dealer list is loaded. None is, or claims to be, a real
 * dealership. Codes are what the `dealer` attribute of an embedded widget carries (DESIGN.md
 * "Embedding"); agency codes follow the programme's default '13022-1' (options.ts) with their own suffix.
 */
import { DEFAULT_AGENCY_CODE, HEAR_ABOUT_DEALER } from './options.ts';
import type { StateCode } from './states.ts';

export interface Dealer {
  code: string;
  name: string;
  city: string;
  state: StateCode;
  agencyCode: string;
}

export const DEALERS: readonly Dealer[] = [
  { code: 'AZ01', name: 'Saguaro Sports Cars', city: 'Phoenix', state: 'AZ', agencyCode: '13022-2' },
  { code: 'AZ02', name: 'Ocotillo Flat-Six Motors', city: 'Tucson', state: 'AZ', agencyCode: '13022-3' },
  { code: 'AZ03', name: 'Red Mesa Motorwerks', city: 'Scottsdale', state: 'AZ', agencyCode: '13022-4' },
  { code: 'CO01', name: 'Switchback Sportwagen', city: 'Denver', state: 'CO', agencyCode: '13022-5' },
  { code: 'CO02', name: 'Columbine Pass Motorcars', city: 'Colorado Springs', state: 'CO', agencyCode: '13022-6' },
  { code: 'FL01', name: 'Mangrove Coast Sports Cars', city: 'Tampa', state: 'FL', agencyCode: '13022-7' },
  { code: 'FL02', name: 'Sawgrass Roadster Gallery', city: 'Fort Lauderdale', state: 'FL', agencyCode: '13022-8' },
  { code: 'FL03', name: 'Pelican Point Motorwerks', city: 'Jacksonville', state: 'FL', agencyCode: '13022-9' },
  { code: 'GA01', name: 'Dogwood Hill Sportwagen', city: 'Atlanta', state: 'GA', agencyCode: '13022-10' },
  { code: 'GA02', name: 'Tidewater Live Oak Motorcars', city: 'Savannah', state: 'GA', agencyCode: '13022-11' },
  { code: 'OH01', name: 'Buckeye Boxer Motors', city: 'Columbus', state: 'OH', agencyCode: '13022-12' },
  { code: 'OH02', name: 'Lakeshore Apex Sports Cars', city: 'Cleveland', state: 'OH', agencyCode: '13022-13' },
  { code: 'OR01', name: 'Douglas Fir Motorwerks', city: 'Portland', state: 'OR', agencyCode: '13022-14' },
  { code: 'OR02', name: 'High Desert Roadsters', city: 'Bend', state: 'OR', agencyCode: '13022-15' },
  { code: 'TN01', name: 'Smoky Switchback Motorcars', city: 'Knoxville', state: 'TN', agencyCode: '13022-16' },
  { code: 'TN02', name: 'Riverbend Flat-Six Garage', city: 'Nashville', state: 'TN', agencyCode: '13022-17' },
  { code: 'TX01', name: 'Bluebonnet Sports Cars', city: 'Austin', state: 'TX', agencyCode: '13022-18' },
  { code: 'TX02', name: 'Live Oak Apex Motorwerks', city: 'Houston', state: 'TX', agencyCode: '13022-19' },
  { code: 'TX03', name: 'Caprock Roadster Company', city: 'Dallas', state: 'TX', agencyCode: '13022-20' },
];

const BY_CODE = new Map(DEALERS.map((dealer) => [dealer.code, dealer]));

export function dealerByCode(code: string): Dealer | undefined {
  return BY_CODE.get(code);
}

/**
 * The quote request's agencyCode (doc 3 section 3: "looked up from the how-did-you-hear source; a default
 * code when none matches"): the dealer's own code when the shopper heard of us from a known dealer, the
 * programme's default otherwise. The other hear-about answers have no agency of their own, so they all
 * take the default.
 */
export function agencyCodeFor(hearAbout: string, dealerCode: string): string {
  if (hearAbout !== HEAR_ABOUT_DEALER) return DEFAULT_AGENCY_CODE;
  return dealerByCode(dealerCode)?.agencyCode ?? DEFAULT_AGENCY_CODE;
}
