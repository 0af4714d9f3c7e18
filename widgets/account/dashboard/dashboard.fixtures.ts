/**
 * Policies as GET /api/user/retrieve_session answers them (contract SessionAnswer: user and policies, bound
 * and issued ones and saved quotes), for the account pages' browser tests. Pictures are files the test
 * server really serves, so an <img> loads; '/no-such-picture.svg' does not.
 */
import type { Policy, VehicleInfo } from '../../../contract/api/policy.ts';
import { json, type StubbedCall } from '../../testing/browser.ts';

const USER = { firstName: 'Jane', lastName: 'Doe', emailAddress: 'Jane.Doe@Example.COM' };

export const PICTURE = (view: string) => `/site/public/favicon.svg?view=${view}`;

export function vehicle(overrides: Partial<VehicleInfo> = {}): VehicleInfo {
  return {
    id: 'veh-1',
    vin: 'WP0AB2A99NS123456',
    year: 2022,
    make: 'Porsche',
    model: '911 Carrera S',
    bodyStyle: 'Coupe',
    billingType: 'per_mile',
    premiumInfo: { baseRate: 95.4, perMileRate: 0.071 },
    coverageInfo: [
      { coverageName: 'BI', coverageDescription: 'Bodily Injury', displayLimit: '100,000/300,000' },
      { coverageName: 'PD', coverageDescription: 'Property Damage', displayLimit: '100,000' },
      { coverageName: 'UMUIMBI', coverageDescription: 'Uninsured/Underinsured Motorist Bodily Injury', displayLimit: '50,000/100,000' },
      { coverageName: 'UMPD', coverageDescription: 'Uninsured Motorist Property Damage', displayLimit: '25,000' },
      { coverageName: 'COMP', coverageDescription: 'Comprehensive', displayLimit: '500' },
      { coverageName: 'COLL', coverageDescription: 'Collision', displayLimit: '1,000' },
      { coverageName: 'RENT', coverageDescription: 'Rental', displayLimit: '125/3,750' },
    ],
    vehicleImageResponse: { Vin: { picture: [{ view: 'extcam01', uri: PICTURE('extcam01') }, { view: 'extcam02', uri: PICTURE('extcam02') }] } },
    ...overrides,
  };
}

export function policy(overrides: Partial<Policy> = {}): Policy {
  return {
    policyNumber: 'PPM-1001',
    renewalDate: '2027-05-01',
    policyStatus: 'ISSUED',
    fromQuoteNumber: 'Q-2001',
    emailAddress: 'jane.doe@example.com',
    policyOwners: [
      { relation: 'SPOUSE', firstName: 'Sam', lastName: 'Doe' },
      { relation: 'INSURED', firstName: 'Jane', lastName: 'Doe' },
    ],
    addressInfo: [
      { addressType: 'Mailing', streetName: '1 Post Office Rd', city: 'Tempe', state: 'AZ', zip: '85281' },
      { addressType: 'Garaging', streetName: '200 Garage Ln', city: 'Phoenix', state: 'AZ', zip: '85001' },
    ],
    driverInfo: [
      { driverNumber: 2, firstName: 'Sam', lastName: 'Doe', dob: '1982-11-30', licenseNumber: 'D22334455' },
      { driverNumber: 1, firstName: 'Jane', lastName: 'Doe', dob: '1980-07-04', licenseNumber: 'D12345678' },
    ],
    insuranceInfo: { insuranceCardUri: '/api/user/id_card/PPM-1001' },
    vehicleInfo: [
      vehicle(),
      vehicle({ id: 'veh-2', vin: 'WP0AA0944KN450001', year: 1989, model: '944 Turbo', billingType: 'capped', unlimitedRate: 1260, vehicleImageResponse: null }),
    ],
    ...overrides,
  };
}

/** A saved quote (policyStatus QUOTE) as the session lists it. */
export function quote(policyNumber: string, overrides: Partial<Policy> = {}): Policy {
  return policy({ policyNumber, policyStatus: 'QUOTE', fromQuoteNumber: null, renewalDate: null, insuranceInfo: null, ...overrides });
}

/** The API's answer to the session check: signed in with these policies, or 401. */
export function sessionAnswer(policies: Policy[] | 'signed-out'): (call: StubbedCall) => Response | undefined {
  return (call) => {
    if (!call.url.startsWith('/api/user/retrieve_session')) return undefined;
    return policies === 'signed-out' ? json(401, { error_messages: ['Please sign in to continue.'] }) : json(200, { user: USER, policies });
  };
}
