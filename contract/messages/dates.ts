/**
 * The messages of the date rules: format, real dates, ages, the effective date, prior insurance and
 * incidents. contract/messages.ts gathers every area into MESSAGES.
 */

// ours: dates (doc 2 section 5: "Date format check MM/DD/YYYY plus real-date check"; messages not shown)
export const dateFormat = 'Please enter the date as MM/DD/YYYY.';
export const dateIsoFormat = 'Please send the date as YYYY-MM-DD.';
export const dateReal = 'Please enter a real calendar date.';

// ours: date-of-birth windows (18-year rule 18 to 120, 16-year rule 16 to 120, spouses 18)
export const minAge = (years: number) => `The driver must be at least ${years} years old.`;
export const maxAge = (years: number) => `Please enter a date of birth within the last ${years} years.`;

// ours: policy effective date, today to 30 days ahead (doc 3 section 5, "exact messages: not shown")
export const effectiveDate = (first: string, last: string) => `Please choose an effective date from ${first} to ${last}.`;

// ours: lapsed prior insurance, 31 days ago to today (doc 2 section 5)
export const lapsedExpiry = (first: string, last: string) =>
  `A lapsed policy must have expired between ${first} and ${last}.`;

// ours: current prior insurance, "a valid date in the future" (doc 2 section 5)
export const currentExpiry = 'Your current policy must expire after today.';

// ours: a current policy expiring more than a year ahead is a typo (no US auto term is longer than 12 months)
export const currentExpiryTooFar = 'Please check the expiration date: it is more than a year away.';

// ours: a claim is about something that already happened
export const incidentDate = 'The incident date cannot be in the future.';

// ours: the quote request's expiration date is the effective date plus the 6-month term (doc 3 section 3)
export const expirationDate = 'The expiration date must be 6 months after the effective date.';
