/**
 * Valid quote requests for tests and the bench, as the wizard sends them: one per writing state, with
 * real-shaped ZIPs, licence numbers in each state's format, marque VINs with correct check digits
 * (api/vin/build-vin.ts) and coverage limits built by the coverage rules themselves (the state's
 * defaults, each required choice left open filled with its first real option), so the request passes
 * the same consistency check the route applies. Each caller changes what it tests on the returned
 * plain object. Not used by the service.
 */
import {
  addDays, DECLINE, formatIsoDate, localToday, WRITING_STATES, type CalendarDate,
} from '../../contract/index.ts';
import {
  applyCoverageChange, coverageDefaults, coverageFields, coverageLimits, selectionOf,
} from '../../contract/coverage/index.ts';
import type { CoverageForm, CoverageVehicle } from '../../contract/coverage/coverage-model.ts';
import { porscheVin } from '../vin/build-vin.ts';

export type WritingState = (typeof WRITING_STATES)[number];

/** A real place per state (city and ZIP agree with api/zip) and a licence number in its format. */
export const PLACES: Readonly<Record<WritingState, { city: string; zip: string; licence: string; area: string }>> = {
  AZ: { city: 'Phoenix', zip: '85004', licence: 'D12345678', area: '602' },
  CO: { city: 'Denver', zip: '80202', licence: '123456789', area: '303' },
  FL: { city: 'Miami Beach', zip: '33139', licence: 'D123456789012', area: '305' },
  GA: { city: 'Atlanta', zip: '30303', licence: '123456789', area: '404' },
  OH: { city: 'Columbus', zip: '43215', licence: 'AB123456', area: '614' },
  OR: { city: 'Portland', zip: '97201', licence: 'A123456', area: '503' },
  TN: { city: 'Nashville', zip: '37203', licence: '12345678', area: '615' },
  TX: { city: 'Austin', zip: '78701', licence: '12345678', area: '512' },
};

/** Up to four distinct marque vehicles (the programme's maximum). */
export const FIXTURE_VINS = [
  porscheVin({ type: '992', year: 2021, body: 'A' }),
  porscheVin({ type: '982', year: 2019, body: 'C' }),
  porscheVin({ type: '991', year: 2014, body: 'B' }),
  porscheVin({ type: '9YA', year: 2020, body: 'A', wmi: 'WP1' }),
] as const;

export interface QuoteFixtureOptions {
  state?: WritingState;
  /** The day the request is made (default: the real local day). */
  today?: CalendarDate;
  email?: string;
  /** 1 to 4 vehicles (default 1). */
  vehicles?: number;
  billingType?: 'per_mile' | 'capped';
  financing?: 'own' | 'lease' | 'finance';
  statedValue?: number;
  annualMiles?: number;
  /** Send step 4's choices with the limits, as the wizard does (contract CoverageSelection). */
  withSelection?: boolean;
}

/** The coverage form a shopper who accepts every default and picks the first offer for the rest ends with. */
function fixtureCoverage(state: string, vehicles: CoverageVehicle[], today: CalendarDate): CoverageForm {
  let form = coverageDefaults(state, vehicles, today);
  for (let round = 0; round < 10; round += 1) {
    let changed = false;
    for (let index = 0; index < vehicles.length; index += 1) {
      for (const field of coverageFields(state, form, vehicles, index)) {
        if (!field.required || field.readOnly || field.displayValue !== undefined || field.value !== '') continue;
        const option = field.options.find((o) => o.value !== DECLINE && o.value !== '') ?? field.options[0];
        if (!option) continue;
        form = applyCoverageChange(state, form, vehicles, { field: field.name, vehicleIndex: index, value: option.value }).form;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return form;
}

/** A complete, valid quote request body. */
export function quoteRequestFixture(options: QuoteFixtureOptions = {}): Record<string, any> {
  const state = options.state ?? 'AZ';
  const today = options.today ?? localToday();
  const place = PLACES[state];
  const count = options.vehicles ?? 1;
  const financing = options.financing ?? 'own';
  const statedValue = options.statedValue ?? 85_000;
  const coverageVehicles: CoverageVehicle[] = Array.from({ length: count }, () => ({ financing, statedValue }));
  const form = fixtureCoverage(state, coverageVehicles, today);
  const limits = coverageLimits(state, form, coverageVehicles);
  const body: Record<string, any> = {
    returnUrl: 'http://localhost:4321/receive-a-quote',
    rateCall: true,
    creditScore: 800,
    insuredFirstName: 'Ann',
    insuredLastName: 'Driver',
    emailAddress: options.email ?? 'ann.driver@example.com',
    addresses: [{ type: 'Mailing', streetName: '1 Main St', city: place.city, state, zip: place.zip }],
    ratedState: state,
    priorCoverage: 3,
    priorYearsInsured: 2,
    priorBiLimit: '100/300',
    previousExpirationDate: formatIsoDate(addDays(today, 60)),
    effectiveDate: formatIsoDate(today),
    referral: 'Search engine',
    drivers: [
      {
        status: 'RATED', relation: 'INSURED', firstName: 'Ann', lastName: 'Driver', dob: '1980-04-02',
        gender: 'Female', isMarried: false, isExcluded: false, licenseState: state, licenseStatus: 'ACTIVE',
        licenseNum: place.licence, violations: 0,
      },
    ],
    vehicles: coverageVehicles.map((_vehicle, index) => ({
      mileage: { usageType: 'Pleasure', miles: options.annualMiles ?? 6000 },
      billingType: options.billingType ?? 'per_mile',
      vin: FIXTURE_VINS[index],
      statedValue: String(statedValue),
      financing,
      priorDamage: false,
      coverageLimits: limits.vehicles[index] ?? [],
    })),
    limits: limits.policy,
    phoneNumbers: [{ type: 'Mobile', number: `${place.area}-555-0134` }],
    isGarageSameAsMailing: true,
    isHomeOwner: true,
    isInPorscheClubOfAmerica: state === 'FL',
    calculateUnlimited: true,
  };
  if (limits.tortOption) body.tortOption = limits.tortOption;
  if (state === 'OH') body.householdCount = 2;
  if (options.withSelection) body.coverageSelection = selectionOf(form);
  return body;
}
