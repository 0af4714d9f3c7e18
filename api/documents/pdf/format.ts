/**
 * How the documents write names, addresses, dates and money. Dates of the policy are calendar days and
 * print as the US reads them (MM/DD/YYYY); instants (the document's date, a signature's time) are read in
 * UTC, so the same data gives the same document on every server whatever its time zone.
 */
import { formatCents, isoToUs } from '../../../contract/index.ts';
import type { DocumentVehicle, PersonName, PostalAddress } from './model.ts';

export { formatCents };

/** '$1,234.56' from dollars that may carry fractions of a cent. */
export function formatDollars(dollars: number): string {
  return formatCents(Math.round(dollars * 100));
}

/** A stated value in whole dollars: '$145,000'. */
export function formatWholeDollars(dollars: number): string {
  return `$${Math.round(dollars).toLocaleString('en-US')}`;
}

/** 'YYYY-MM-DD' -> 'MM/DD/YYYY' (left as given when it is not a real day, rather than hiding it). */
export function formatDay(iso: string): string {
  return isoToUs(iso) ?? iso;
}

/** The UTC calendar day of an instant: 'MM/DD/YYYY'. */
export function formatInstantDay(instant: Date): string {
  return formatDay(instant.toISOString().slice(0, 10));
}

/** '03/02/2026 14:05:09 UTC' */
export function formatInstant(instant: Date): string {
  return `${formatInstantDay(instant)} ${instant.toISOString().slice(11, 19)} UTC`;
}

/** 'Zoë A. O’Brien Jr.' style: first, middle, last, suffix, each only when present. */
export function fullName(name: PersonName): string {
  return [name.firstName, name.middleName, name.lastName, name.suffix]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** Two lines: street; city, state zip. */
export function addressLines(address: PostalAddress): [string, string] {
  return [address.street, `${address.city}, ${address.state} ${address.zip}`];
}

export function oneLineAddress(address: PostalAddress): string {
  return addressLines(address).join(', ');
}

/** '2021 Porsche 911' */
export function vehicleTitle(vehicle: Pick<DocumentVehicle, 'year' | 'make' | 'model'>): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

export function planName(billingType: DocumentVehicle['billingType']): string {
  return billingType === 'per_mile' ? 'Pay-Per-Mile' : 'Unlimited';
}

export function financingName(financing: DocumentVehicle['financing']): string {
  return { OWN: 'Owned', LEASE: 'Leased', FINANCE: 'Financed' }[financing];
}

export function billingFrequencyName(frequency: 'monthly' | 'biannually'): string {
  return frequency === 'monthly' ? 'Monthly installments' : 'Single payment every six months';
}

/** 'INSURED' -> 'Insured', 'CHILD_OTHER' -> 'Child other'. */
export function relationName(relation: string): string {
  const words = relation.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'TX ****1234': never more than the last four characters of a licence number. */
export function licenceText(state: string | null, last4: string | null): string {
  const number = last4 ? `****${last4.slice(-4)}` : '';
  return [state, number].filter(Boolean).join(' ') || 'Not given';
}
