/**
 * What the account dashboard shows of a policy (doc 1 "Account dashboard", sections 2 and 3), worked out
 * without touching the DOM, so it is tested in node: the renewal date as 'MMMM Do, YYYY', money with '$',
 * limits with '|', the coverage labels, the vehicle picture rule, the primary owner, the drivers in order,
 * the addresses by type, and which block a hash (#address, #vehicles, #coverage, #drivers) lands on.
 */
import type { AddressInfo, Policy, VehicleInfo } from '../../../contract/api/policy.ts';
import { preferredPicture } from '../../../contract/api/vehicle-image.ts';
import { isoToUs, parseIsoDate } from '../../../contract/rules/dates.ts';
import type { Infer } from 'superstruct';
import { COVERAGE_DASHBOARD_DESCRIPTIONS, COVERAGE_DASHBOARD_LABELS } from './dashboard.texts.ts';

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** 1 -> '1st', 2 -> '2nd', 3 -> '3rd', 11 -> '11th', 22 -> '22nd' (moment's 'Do'). */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/**
 * The renewal date as 'MMMM Do, YYYY' ('2027-05-01' -> 'May 1st, 2027'), read from its date part (the data's
 * dates carry a fixed 12:00:00 UTC time, doc 1 section 9, or none); `missing` when there is none or it is
 * not a real date (doc 1: "or 'To be confirmed' when missing").
 */
export function renewalDateText(renewalDate: string | null | undefined, missing: string): string {
  const date = renewalDate ? parseIsoDate(renewalDate.slice(0, 10)) : null;
  return date ? `${MONTHS[date.month - 1]} ${ordinal(date.day)}, ${date.year}` : missing;
}

/**
 * A rate with its '$' (doc 1: "rates shown with $ prefix"), to the cent. A per-mile rate is the contract's
 * formatPerMileRate (to the tenth of a cent, as the quote showed it).
 */
export function money(amount: number): string {
  const text = Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount < 0 ? '-' : ''}$${text}`;
}

const FIGURE = /^\$?\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\$?\d+(?:\.\d+)?$/;

/**
 * A coverage limit as the dashboard shows it: each figure with its '$', and the '/' between two figures shown
 * as '|' (doc 1: "coverage limits show '/' replaced by '|'"): '100,000/300,000' -> '$100,000 | $300,000',
 * '500' -> '$500', '300,000 CSL' -> '$300,000 CSL'. A limit in words ('Coverage Declined', 'Stacked') is
 * shown as it is; a '/' inside words ('ACV w/ 100 DED') is not a separator and stays.
 */
export function limitText(displayLimit: string): string {
  const parts = displayLimit.split('/').map((part) => part.trim());
  if (parts.length > 1 && parts.every((part) => FIGURE.test(part))) return parts.map(withDollar).join(' | ');
  const csl = /^(\S+) CSL$/i.exec(displayLimit.trim());
  if (csl && FIGURE.test(csl[1]!)) return `${withDollar(csl[1]!)} CSL`;
  return FIGURE.test(displayLimit.trim()) ? withDollar(displayLimit.trim()) : displayLimit.replace(/(\d)\s*\/\s*(?=\$?\d)/g, '$1 | ');
}

function withDollar(figure: string): string {
  return figure.startsWith('$') ? figure : `$${figure}`;
}

type CoverageInfo = VehicleInfo['coverageInfo'][number];

export interface CoverageRow {
  /** The coverage's code (BI, PD, ...), or its description when the API gave none. */
  key: string;
  label: string;
  value: string;
  description?: string;
}

/**
 * One row per coverage of a vehicle, in the API's order: the dashboard's label (doc 1's, else the API's
 * description), the limit as limitText shows it, and what it pays for (for the seven doc 1 lists). The
 * labels that name two amounts ('Each Person | Each Accident') are kept for a limit of two amounts only: a
 * combined single limit is one amount, and a declined coverage none.
 */
export function coverageRows(coverages: readonly CoverageInfo[]): CoverageRow[] {
  return coverages.map((coverage) => {
    const name = coverage.coverageName ?? '';
    const value = limitText(coverage.displayLimit);
    let label = COVERAGE_DASHBOARD_LABELS[name] ?? coverage.coverageDescription;
    if ((name === 'BI' || name === 'RENT') && !value.includes(' | ')) label = label.replace(/ \(.*\)$/, '');
    const description = COVERAGE_DASHBOARD_DESCRIPTIONS[name];
    return { key: name || coverage.coverageDescription, label, value, ...(description ? { description } : {}) };
  });
}

/**
 * The vehicle's picture (doc 1: "the picture with view extcam02 is preferred, otherwise the first picture,
 * otherwise a default image"), as an absolute http(s) address resolved against the page (the API's
 * pictures are paths on our own origin); null for the default.
 */
export function pictureUrl(vehicle: Pick<VehicleInfo, 'vehicleImageResponse'>, pageUrl: string): string | null {
  const pictures = vehicle.vehicleImageResponse?.Vin?.picture;
  const uri = pictures ? preferredPicture(pictures) : undefined;
  if (!uri) return null;
  try {
    const url = new URL(uri, pageUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function vehicleName(vehicle: Pick<VehicleInfo, 'year' | 'make' | 'model'>): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** Unlimited (billingType capped, doc 3 section 4) or Pay-Per-Mile, the default. */
export function isUnlimited(vehicle: Pick<VehicleInfo, 'billingType'>): boolean {
  return vehicle.billingType === 'capped';
}

type Owner = Policy['policyOwners'][number];

/** The owner shown (doc 1: "relation (INSURED marks the primary owner shown)"); the first when none is marked. */
export function primaryOwner(policy: Pick<Policy, 'policyOwners'>): Owner | null {
  return policy.policyOwners.find((owner) => owner.relation.toUpperCase() === 'INSURED') ?? policy.policyOwners[0] ?? null;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return [person.firstName, person.lastName].map((part) => part.trim()).filter(Boolean).join(' ');
}

/** The drivers by driverNumber (doc 1: "driverNumber (sort key)"), without changing the policy's own list. */
export function driversInOrder<D extends { driverNumber: number }>(drivers: readonly D[]): D[] {
  return [...drivers].sort((a, b) => a.driverNumber - b.driverNumber);
}

/** A birth date as the account shows dates (doc 1 section 5: "Dates display MM/DD/YYYY"). */
export function usDate(isoDate: string): string {
  return isoToUs(isoDate.slice(0, 10)) ?? isoDate;
}

/** The last four characters of a licence number: the account shows no more of it. */
export function licenseEnding(licenseNumber: string | undefined): string | null {
  const bare = licenseNumber?.replace(/[\s-]/g, '') ?? '';
  return bare.length >= 4 ? bare.slice(-4) : null;
}

type Address = Infer<typeof AddressInfo>;

/** The garaging address, then the mailing one (doc 1: "addressType (Garaging or Mailing)"); one of each at most. */
export function addressesByType(addresses: readonly Address[]): { type: 'Garaging' | 'Mailing'; address: Address }[] {
  return (['Garaging', 'Mailing'] as const).flatMap((type) => {
    const address = addresses.find((a) => a.addressType.toLowerCase() === type.toLowerCase());
    return address ? [{ type, address }] : [];
  });
}

/** An address on two lines: street, then 'City, ST 12345'. */
export function addressLines(address: Address): [string, string] {
  return [address.streetName, `${address.city}, ${address.state} ${address.zip}`];
}

const SECTIONS = ['vehicle', 'policy', 'coverage', 'drivers'] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * The section an older account link lands on (doc 1: "/account/address, /vehicles, /coverage, /drivers: only
 * linked from an older account-info block"; they redirect to /account#address and so on): the address is
 * in My policy. Null for any other hash.
 */
export function sectionForHash(hash: string): Section | null {
  const wanted = hash.replace(/^#/, '').toLowerCase();
  const sections: Record<string, Section> = { address: 'policy', vehicles: 'vehicle', coverage: 'coverage', drivers: 'drivers' };
  return Object.hasOwn(sections, wanted) ? sections[wanted]! : null;
}

/** The ID card's address (doc 1: "opens the policy's insuranceCardUri"), or null: the button is then disabled. */
export function idCardUri(policy: Pick<Policy, 'insuranceInfo'>): string | null {
  const uri = policy.insuranceInfo?.insuranceCardUri?.trim();
  return uri ? uri : null;
}

/** Where the older account-info links land (their pages redirect here): the hashes sectionForHash reads. */
export const OLDER_ACCOUNT_LINKS = {
  address: '/account#address',
  vehicles: '/account#vehicles',
  coverage: '/account#coverage',
  drivers: '/account#drivers',
} as const;
