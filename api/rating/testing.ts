/**
 * Requests for the engine's tests, the worked example and the benchmark: a complete, valid quote request
 * (as `check(body, QuoteRequest)` leaves it) for a 2019 911 coupe worth $120,000, one 40-year-old clean
 * driver, 6,000 miles a year, with the coverages a typical buyer takes in each state.
 */
import type { CalendarDate, LimitEntry, QuoteRequest } from '../../contract/index.ts';
import { ratingInputOf } from '../quotes/rating-input.ts';
import { porscheVin } from '../vin/build-vin.ts';
import type { RatingInput } from './rating-model.ts';

const TYPICAL_VIN = porscheVin({ type: '991', year: 2019, body: 'A' });
const TYPICAL_EFFECTIVE_DATE = '2026-12-01';
export const TYPICAL_TODAY = { year: 2026, month: 11, day: 21 } as const;

/** `request` prepared for the engine as the quote use case prepares it: its VINs decoded on `today`. */
export function prepared(request: QuoteRequest, today: CalendarDate = TYPICAL_TODAY): RatingInput {
  return ratingInputOf(request, new Date(today.year, today.month - 1, today.day, 12));
}

/** A ZIP in each state's largest city (its territory factor is shown in the market-band test). */
export const TYPICAL_ZIP: Readonly<Record<string, string>> = {
  AZ: '85004', CA: '90012', CO: '80202', FL: '33131', GA: '30303', OH: '43215', OR: '97201', PA: '19103',
  TN: '37203', TX: '77002', WI: '53202',
};

const policy = (name: string, limit: string): LimitEntry => ({ name: name as LimitEntry['name'], type: 'POLICY', indexNumber: 0, limit });
const vehicle = (name: string, limit: string): LimitEntry => ({ name: name as LimitEntry['name'], type: 'VEHICLE', indexNumber: 0, limit });

/** The limits a typical buyer picks: 100/300 liability with matching uninsured cover, $500 deductibles. */
function typicalLimits(state: string): { limits: LimitEntry[]; vehicle: LimitEntry[] } {
  const common = [policy('BI', '100/300'), policy('PD', '100000'), policy('UMBI', '100/300')];
  const physical = [vehicle('COMP', '500'), vehicle('COLL', '500'), vehicle('RENT', '50/1500')];
  switch (state) {
    case 'FL':
      return {
        limits: [
          ...common, policy('UM', 'NS'), policy('PIP', '10000'), policy('PIPDeductible', '500'),
          policy('PIPDeductibleType', 'Excluded - Named Insured & Resident Relative'), policy('MP', '5000'),
        ],
        vehicle: physical,
      };
    case 'PA':
      return { limits: [...common, policy('UIM', '100/300'), policy('UM', 'Stacked'), policy('PIP', '5000')], vehicle: physical };
    case 'OR':
      return { limits: [...common, policy('PIP', '15000')], vehicle: [...physical, vehicle('GLASS', 'YES')] };
    case 'CO':
      return { limits: [...common, policy('MP', '5000')], vehicle: [...physical, vehicle('GLASS', 'YES')] };
    case 'GA':
      return { limits: [...common, policy('UM', 'A'), policy('PIP', '2000')], vehicle: physical };
    case 'WI':
      return { limits: [policy('BI', '125 CSL'), policy('UMBI', '100/300'), policy('MP', '1000')], vehicle: physical };
    case 'AZ':
      return { limits: [...common, policy('UIM', '100/300'), policy('MP', '5000')], vehicle: physical };
    default:
      return { limits: [...common, policy('MP', '5000')], vehicle: physical };
  }
}

export function typicalRequest(state = 'AZ'): QuoteRequest {
  const { limits, vehicle: vehicleLimits } = typicalLimits(state);
  const zip = TYPICAL_ZIP[state] ?? '85004';
  return {
    returnUrl: 'https://example.com/receive-a-quote',
    estimatedCreditScore: 'Excellent',
    creditScore: 800,
    agencyCode: '13022-1',
    previousCompany: 'OTHER STANDARD',
    insuredFirstName: 'Ann',
    insuredLastName: 'Driver',
    emailAddress: 'ann@example.com',
    addresses: [{ type: 'Mailing', streetName: '1 Main St', city: 'Town', state, zip }],
    ratedState: state,
    priorCoverage: 3,
    priorYearsInsured: 2,
    previousExpirationDate: '2027-01-15',
    term: 6,
    effectiveDate: TYPICAL_EFFECTIVE_DATE,
    expirationDate: '2027-06-01',
    referral: 'Search engine',
    drivers: [{
      status: 'RATED', relation: 'INSURED', firstName: 'Ann', lastName: 'Driver', middleInitial: undefined,
      dob: '1986-06-15', gender: 'Female', isMarried: false, isExcluded: false, licenseState: state,
      licenseStatus: 'ACTIVE', licenseNum: 'D12345678', violations: 0, educationCode: 'CollegeGraduated',
      occupationCode: 'AF7',
    }],
    vehicles: [{
      mileage: { usageType: 'Pleasure', miles: 6000 }, billingType: 'per_mile', vin: TYPICAL_VIN,
      lengthOfOwnership: '1-2', aebCode: 'YES', blindSpotCode: 'YES', statedValue: '120000', financing: 'OWN',
      priorDamage: false, coverageLimits: vehicleLimits,
    }],
    limits,
    phoneNumbers: [],
    isGarageSameAsMailing: true,
    isHomeOwner: false,
    isInPorscheClubOfAmerica: false,
    calculateUnlimited: true,
    tortOption: state === 'PA' ? 'F' : undefined,
    lengthOfResidency: '12+',
    householdCount: undefined,
  } as unknown as QuoteRequest;
}
