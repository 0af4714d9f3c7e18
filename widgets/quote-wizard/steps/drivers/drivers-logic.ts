/**
 * Step 3's transitions (doc 2 section 4, "Step 3 transitions"), as pure functions over the driver list:
 * one page per driver, spouse pages created and removed by the marital answer, the add-another answer,
 * the prior-insurance answers, the recent-limits mapping, occupations by industry and the two blocking
 * rules. No React and no JSX here, so `node --test` runs drivers-logic.test.ts straight from source.
 */
import {
  BLOCKING_LICENSE_STATUSES, ISSUER_LENGTH_LABELS, LIMITS, PRIOR_INSURANCE_CURRENT, PRIOR_INSURANCE_LAPSED_RECENTLY,
  mapRecentLimits, defaultLapsedExpiry, formatUsDate, sameLicenceNumber, normaliseLicenceNumber, type CalendarDate,
} from '../../../../contract/index.ts';
import { emptyDriver, type DriverForm, type DriverRole, type InfoForm } from '../../model/wizard-model.ts';

export const YES = 'Yes';
export const NO = 'No';
const MARRIED = 'Married';

/** Prior insurance as the form holds it (doc 2 section 9): '3' yes, '0' never, '1' lapsed < 1 month, '2' > 1 month. */
export const PRIOR_CURRENT = String(PRIOR_INSURANCE_CURRENT);
export const PRIOR_LAPSED_RECENTLY = String(PRIOR_INSURANCE_LAPSED_RECENTLY);

export function isSpouse(driver: Pick<DriverForm, 'role'>): boolean {
  return driver.role === 'spouse' || driver.role === 'additionalSpouse';
}

/** doc 2 section 3: a spouse who is excluded (or not rated) is LIST: no licence or violation fields. */
/** A driver (not a spouse page) answered Married: their spouse's page follows. */
export function isMarried(driver: Pick<DriverForm, 'role' | 'maritalStatus'>): boolean {
  return !isSpouse(driver) && driver.maritalStatus === MARRIED;
}

export function isListStatus(driver: Pick<DriverForm, 'role' | 'isExcluded'>): boolean {
  return isSpouse(driver) && driver.isExcluded === YES;
}

/**
 * The page's legend (doc 2 section 2): 'Your Drivers' for the first, 'Your Spouse' for a spouse on the
 * second page (the first driver's), 'Additional Driver Spouse' for a spouse anywhere else.
 */
export function legendFor(drivers: readonly DriverForm[], index: number): DriverRole {
  const driver = drivers[index];
  if (index === 0 || !driver) return 'primary';
  if (isSpouse(driver)) return index === 1 ? 'spouse' : 'additionalSpouse';
  return 'additional';
}

/** Roles follow positions after any insert or removal, so a stored role never disagrees with its legend. */
export function normaliseRoles(drivers: readonly DriverForm[]): DriverForm[] {
  return drivers.map((driver, index) => {
    const role = legendFor(drivers, index);
    return driver.role === role ? driver : { ...driver, role };
  });
}

/** doc 2 section 9: at most 4 drivers, not counting spouses. */
export function countedDrivers(drivers: readonly DriverForm[]): number {
  return drivers.filter((driver) => !isSpouse(driver)).length;
}

function atMaximum(drivers: readonly DriverForm[]): boolean {
  return countedDrivers(drivers) >= LIMITS.maxDrivers;
}

/**
 * Where the add-another question is asked: on the last page only, for an unmarried driver (Married sets
 * it to No: the spouse page comes next and asks it), and below the maximum. On earlier pages the answer
 * is Yes by the spec's rule, because more drivers follow.
 */
export function asksAddAnother(drivers: readonly DriverForm[], index: number): boolean {
  const driver = drivers[index];
  if (!driver || isMarried(driver)) return false;
  return index === drivers.length - 1 && !atMaximum(drivers);
}

/** The call-us message for more drivers shows on the last page once the maximum is reached. */
export function showsMaxDrivers(drivers: readonly DriverForm[], index: number): boolean {
  const driver = drivers[index];
  return !!driver && !isMarried(driver) && index === drivers.length - 1 && atMaximum(drivers);
}

function replaceAt(drivers: readonly DriverForm[], index: number, driver: DriverForm): DriverForm[] {
  return drivers.map((old, i) => (i === index ? driver : old));
}

/** A field changed on one page, nothing else. */
export function setField<K extends keyof DriverForm>(
  drivers: readonly DriverForm[],
  index: number,
  key: K,
  value: DriverForm[K],
): DriverForm[] {
  const driver = drivers[index];
  return driver ? replaceAt(drivers, index, { ...driver, [key]: value }) : [...drivers];
}

/**
 * The marital answer (doc 2 section 4): Married creates a spouse entry right after the driver (unless one
 * is there) and sets add-another to No; any other answer removes the spouse entry that follows, and the
 * add-another answer becomes Yes if more drivers follow (else No, the fresh page's answer, until the person
 * changes it).
 */
export function setMarital(drivers: readonly DriverForm[], index: number, status: string): DriverForm[] {
  const driver = drivers[index];
  if (!driver || isSpouse(driver)) return [...drivers];
  const next = drivers[index + 1];
  const hasSpouse = next !== undefined && isSpouse(next);
  if (status === MARRIED) {
    const updated = { ...driver, maritalStatus: status, addAnotherDriver: NO };
    const list = replaceAt(drivers, index, updated);
    if (!hasSpouse) list.splice(index + 1, 0, spouseDefaults(emptyDriver(index === 0 ? 'spouse' : 'additionalSpouse')));
    return normaliseRoles(list);
  }
  const list = [...drivers];
  if (hasSpouse) list.splice(index + 1, 1);
  const followed = index < list.length - 1;
  const wasMarried = driver.maritalStatus === MARRIED;
  // a last page starts again from the fresh page's No (wizard-model.ts emptyDriver), on screen to change
  const addAnotherDriver = followed ? YES : wasMarried ? NO : driver.addAnotherDriver;
  list[index] = { ...driver, maritalStatus: status, addAnotherDriver };
  return normaliseRoles(list);
}

/** A new, empty additional-driver page at the end (add-another Yes on the last page). */
export function addDriver(drivers: readonly DriverForm[]): DriverForm[] {
  if (atMaximum(drivers)) return [...drivers];
  return normaliseRoles([...drivers, emptyDriver('additional')]);
}

/** Whether a page offers 'Remove Driver': not the first driver, and not a spouse (the marital answer owns it). */
export function canRemove(drivers: readonly DriverForm[], index: number): boolean {
  const driver = drivers[index];
  return index > 0 && !!driver && !isSpouse(driver);
}

/**
 * Removes a driver and, when that driver is married, the spouse entry that follows (doc 2 section 4).
 * The page shown becomes the previous one; if it is now the last, its add-another answer turns No,
 * because the person just took away the driver it was Yes for.
 */
export function removeDriver(drivers: readonly DriverForm[], index: number): { drivers: DriverForm[]; index: number } {
  if (!canRemove(drivers, index)) return { drivers: [...drivers], index };
  const driver = drivers[index]!;
  const next = drivers[index + 1];
  const count = isMarried(driver) && next !== undefined && isSpouse(next) ? 2 : 1;
  const list = [...drivers];
  list.splice(index, count);
  const shown = index - 1;
  const previous = list[shown]!;
  if (shown === list.length - 1 && !isMarried(previous) && previous.addAnotherDriver === YES) {
    list[shown] = { ...previous, addAnotherDriver: NO };
  }
  return { drivers: normaliseRoles(list), index: shown };
}

/**
 * Continue after a valid page (doc 2 section 4): Married or add-another Yes moves to (or creates) the next
 * page; otherwise the next page if there is one, or the step is done.
 */
export function continueFrom(
  drivers: readonly DriverForm[],
  index: number,
): { kind: 'page'; drivers: readonly DriverForm[]; index: number } | { kind: 'finish' } {
  const driver = drivers[index];
  if (!driver) return { kind: 'finish' };
  // the same list when only the page moves: an unchanged list must not discard a quote (doc 2 section 4)
  if (index + 1 < drivers.length) return { kind: 'page', drivers, index: index + 1 };
  if (isMarried(driver)) {
    // the spouse entry is created with the answer; this only mends a list restored without it
    return { kind: 'page', drivers: setMarital(drivers, index, MARRIED), index: index + 1 };
  }
  if (driver.addAnotherDriver === YES && !atMaximum(drivers)) {
    return { kind: 'page', drivers: addDriver(drivers), index: index + 1 };
  }
  return { kind: 'finish' };
}

/** Back: the previous driver page, or out of the step from the first. */
export function backFrom(index: number): { kind: 'page'; index: number } | { kind: 'leave' } {
  return index > 0 ? { kind: 'page', index: index - 1 } : { kind: 'leave' };
}

/** doc 2 section 4: prior-insurance answers 1 and 3 ask length with insurer, company, expiry and limits. */
export function asksPriorDetails(hasAutoInsurance: string): boolean {
  return hasAutoInsurance === PRIOR_CURRENT || hasAutoInsurance === PRIOR_LAPSED_RECENTLY;
}

/** doc 2 section 4: 1 reads 'How long were you with your prior insurer?', the others the current-insurer label. */
export function issuerLengthLabel(hasAutoInsurance: string): string {
  return hasAutoInsurance === PRIOR_LAPSED_RECENTLY ? ISSUER_LENGTH_LABELS.lapsed : ISSUER_LENGTH_LABELS.current;
}

/**
 * The prior-insurance answer (doc 2 section 4): 1 sets the expiry to 15 days ago, any other answer resets
 * it; 1 and 3 keep (and map) the recent limits, 0 and 2 drop the limits and the length with the insurer.
 */
export function applyPriorInsurance(driver: DriverForm, answer: string, today: CalendarDate): DriverForm {
  const next = { ...driver, hasAutoInsurance: answer };
  next.previousExpirationDate = answer === PRIOR_LAPSED_RECENTLY ? formatUsDate(defaultLapsedExpiry(today)) : '';
  if (asksPriorDetails(answer)) {
    next.recentCoverageLimits = driver.recentCoverageLimits ? mapRecentLimits(driver.recentCoverageLimits) : '';
  } else {
    next.recentCoverageLimits = '';
    next.recentIssuerLength = '';
  }
  return next;
}

/** An industry of the occupation list: its occupations, or none (then the occupation is typed). */
export interface IndustryOccupations {
  readonly occupations: readonly { readonly code: string; readonly label: string }[];
}

/**
 * The industry answer (doc 2 section 4): an industry with a single occupation selects it, one with a list
 * waits for the choice, one without a list asks for free text (no code: the request's default applies).
 * An occupation kept from the same industry stays.
 */
export function chooseIndustry(driver: DriverForm, value: string, industry: IndustryOccupations | undefined): DriverForm {
  const next = { ...driver, occupationIndustry: value };
  const occupations = industry?.occupations ?? [];
  const only = occupations.length === 1 ? occupations[0] : undefined;
  if (only) return { ...next, occupation: only.label, occupationCode: only.code };
  if (value === driver.occupationIndustry) return next;
  return { ...next, occupation: '', occupationCode: '' };
}

/** An occupation picked from the industry's list: the code follows it. */
export function chooseOccupation(driver: DriverForm, code: string, industry: IndustryOccupations | undefined): DriverForm {
  const occupation = industry?.occupations.find((o) => o.code === code);
  return { ...driver, occupationCode: occupation ? code : '', occupation: occupation?.label ?? '' };
}

/**
 * The exclude answer on a spouse page: an excluded spouse is LIST (doc 2 section 3) and has no licence or
 * violation fields, so answers given before the exclusion are dropped rather than sent.
 */
export function applyExclusion(driver: DriverForm, answer: string): DriverForm {
  if (answer !== YES) return { ...driver, isExcluded: answer };
  return { ...driver, isExcluded: answer, licenseState: '', licenseStatus: '', licenseNum: '', accidentsConvictions: '' };
}

/**
 * doc 2 section 5: the same licence number on two drivers who are not excluded ('License number already
 * added'). An excluded spouse gives no licence, so never collides.
 */
export function duplicateLicence(drivers: readonly DriverForm[], index: number): boolean {
  const driver = drivers[index];
  if (!driver || isListStatus(driver) || normaliseLicenceNumber(driver.licenseNum) === '') return false;
  return drivers.some(
    (other, i) => i !== index && !isListStatus(other) && other.licenseNum !== '' && sameLicenceNumber(other.licenseNum, driver.licenseNum),
  );
}

/** doc 2 section 4: a revoked or suspended licence blocks Continue, unless the driver is an excluded spouse. */
export function isBlocked(driver: DriverForm): boolean {
  return !isListStatus(driver) && (BLOCKING_LICENSE_STATUSES as readonly string[]).includes(driver.licenseStatus);
}

/** doc 2 section 4: the first driver is the insured, with first name, last name and birth date from step 1. */
export function followInfo(driver: DriverForm, info: Pick<InfoForm, 'firstName' | 'lastName' | 'dateOfBirth'>): DriverForm {
  if (
    driver.relation === 'INSURED' && driver.firstName === info.firstName && driver.lastName === info.lastName &&
    driver.dateOfBirth === info.dateOfBirth
  ) {
    return driver;
  }
  return {
    ...driver, relation: 'INSURED', firstName: info.firstName, lastName: info.lastName, dateOfBirth: info.dateOfBirth,
  };
}

/** Spouse pages carry relation Spouse and marital status Married; they ask neither. */
export function spouseDefaults(driver: DriverForm): DriverForm {
  if (!isSpouse(driver) || (driver.relation === 'Spouse' && driver.maritalStatus === MARRIED)) return driver;
  return { ...driver, relation: 'Spouse', maritalStatus: MARRIED };
}
