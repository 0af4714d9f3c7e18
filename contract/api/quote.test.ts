import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check, type FieldError } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import { valuesOf } from '../rules/choice.ts';
import { RECENT_COVERAGE_LIMITS } from '../reference/options.ts';
import { QuoteResponse, quoteRequest } from './quote.ts';

const TODAY = { year: 2025, month: 6, day: 15 };
const rule = quoteRequest({ today: TODAY });

/** A complete Arizona request as the wizard builds it; each test changes one thing. */
function request(): Record<string, any> {
  return {
    returnUrl: 'https://example.com/receive-a-quote',
    creditScore: 800,
    insuredFirstName: 'Ann',
    insuredLastName: 'Driver',
    emailAddress: 'ann@example.com',
    addresses: [{ type: 'Mailing', streetName: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85004' }],
    ratedState: 'AZ',
    priorCoverage: 3,
    priorYearsInsured: 2,
    priorBiLimit: '100/300',
    previousExpirationDate: '2025-09-01',
    effectiveDate: '2025-06-20',
    referral: 'Search engine',
    drivers: [{
      status: 'RATED', relation: 'INSURED', firstName: 'Ann', lastName: 'Driver', dob: '1980-04-02',
      gender: 'Female', isMarried: false, isExcluded: false, licenseState: 'AZ', licenseStatus: 'ACTIVE',
      licenseNum: 'D12345678', violations: 0,
    }],
    vehicles: [{
      mileage: { usageType: 'Pleasure', miles: 6000 }, billingType: 'per_mile', vin: 'wp0ab2a90ks114315',
      statedValue: '$85,000', financing: 'own', priorDamage: false,
      coverageLimits: [{ name: 'COMP', type: 'VEHICLE', limit: '500' }],
    }],
    limits: [{ name: 'BI', type: 'POLICY', indexNumber: 0, limit: '100/300' }],
    phoneNumbers: [{ type: 'Mobile', number: '6025550134' }],
    isGarageSameAsMailing: true,
    isHomeOwner: true,
    isInPorscheClubOfAmerica: false,
    calculateUnlimited: true,
  };
}

function errorsOf(value: unknown): FieldError[] {
  const result = check(value, rule);
  return result.ok ? [] : result.errors;
}

describe('quote request (doc 3 section 3)', () => {
  it('accepts a complete request and fills in the spec defaults', () => {
    const result = check(request(), rule);
    assert.equal(result.ok, true, JSON.stringify(result));
    if (!result.ok) return;
    const value = result.value;
    assert.equal(value.estimatedCreditScore, 'Excellent');
    assert.equal(value.agencyCode, '13022-1');
    assert.equal(value.previousCompany, 'OTHER STANDARD');
    assert.equal(value.term, 6);
    assert.equal(value.expirationDate, '2025-12-20');
    assert.equal(value.lengthOfResidency, '12+');
    const driver = value.drivers[0]!;
    assert.equal(driver.educationCode, 'CollegeGraduated');
    assert.equal(driver.occupationCode, 'AF7');
    const vehicle = value.vehicles[0]!;
    assert.equal(vehicle.vin, 'WP0AB2A90KS114315');
    assert.equal(vehicle.statedValue, '85000');
    assert.equal(vehicle.financing, 'OWN');
    assert.equal(vehicle.lengthOfOwnership, '<1');
    assert.equal(vehicle.aebCode, 'YES');
    assert.equal(vehicle.coverageLimits[0]!.indexNumber, 0);
    assert.equal(value.phoneNumbers[0]!.number, '602-555-0134');
  });

  it('defaults the occupation code to 125 in FL', () => {
    const body = request();
    body.ratedState = 'FL';
    const result = check(body, rule);
    assert.equal(result.ok && result.value.drivers[0]!.occupationCode, '125');
  });

  it('caps request miles at 14,600', () => {
    const body = request();
    body.vehicles[0].mileage.miles = 20000;
    const result = check(body, rule);
    assert.equal(result.ok && result.value.vehicles[0]!.mileage.miles, 14600);
  });

  it('refuses business use with the spec text', () => {
    const body = request();
    body.vehicles[0].mileage.usageType = 'Business';
    assert.deepEqual(errorsOf(body), [{ path: 'vehicles.0.mileage.usageType', message: MESSAGES.businessPurpose }]);
  });

  it('holds the effective date to today..30 days and the expiration date to the term', () => {
    const body = request();
    body.effectiveDate = '2025-07-16';
    assert.deepEqual(errorsOf(body), [
      { path: 'effectiveDate', message: 'Please choose an effective date from 06/15/2025 to 07/15/2025.' },
    ]);
    const wrongEnd = request();
    wrongEnd.expirationDate = '2025-12-21';
    assert.deepEqual(errorsOf(wrongEnd), [{ path: 'expirationDate', message: MESSAGES.expirationDate }]);
  });

  it('applies the age rule by relation: a child may be 16, a spouse must be 18', () => {
    const body = request();
    const young = { ...body.drivers[0], relation: 'Child', dob: '2009-06-15', licenseNum: 'D87654321' };
    body.drivers.push(young);
    assert.equal(check(body, rule).ok, true);
    body.drivers[1] = { ...young, relation: 'Spouse' };
    assert.deepEqual(errorsOf(body), [{ path: 'drivers.1.dob', message: MESSAGES.minAge(18) }]);
  });

  it("checks the licence number against the driver's licence state", () => {
    const body = request();
    body.drivers[0].licenseNum = '1234';
    assert.deepEqual(errorsOf(body), [
      { path: 'drivers.0.licenseNum', message: "Please enter a valid Arizona driver's license number." },
    ]);
  });

  it('blocks a revoked or suspended licence on a rated driver, not on a listed spouse', () => {
    const body = request();
    body.drivers[0].licenseStatus = 'SUSPENDED';
    assert.deepEqual(errorsOf(body), [{ path: 'drivers.0.licenseStatus', message: MESSAGES.licenceRevoked }]);
    const listed = request();
    listed.drivers.push({
      status: 'LIST', relation: 'SPOUSE', firstName: 'Bo', lastName: 'Driver', dob: '1981-01-01',
      gender: 'Male', isMarried: true, isExcluded: true,
    });
    assert.equal(check(listed, rule).ok, true);
  });

  it('needs the prior expiry window that matches the prior coverage', () => {
    const body = request();
    body.previousExpirationDate = '2025-06-10';
    assert.deepEqual(errorsOf(body), [{ path: 'previousExpirationDate', message: MESSAGES.currentExpiry }]);
    body.priorCoverage = 1;
    assert.equal(check(body, rule).ok, true);
    body.previousExpirationDate = '2025-05-01';
    assert.equal(errorsOf(body)[0]!.path, 'previousExpirationDate');
  });

  it("takes the prior bodily-injury limits from the step's list only, and none at all", () => {
    const body = request();
    for (const limit of valuesOf(RECENT_COVERAGE_LIMITS)) {
      body.priorBiLimit = limit;
      assert.equal(check(body, rule).ok, true, limit);
    }
    for (const limit of ['30/60', '$250,000/$500,000', '100/300 ']) {
      body.priorBiLimit = limit;
      assert.deepEqual(errorsOf(body), [{ path: 'priorBiLimit', message: MESSAGES.choice }], limit);
    }
    delete body.priorBiLimit;
    assert.equal(check(body, rule).ok, true);
  });

  it('asks for the dealer, the PA tort option and the OH household count only where they apply', () => {
    const dealer = request();
    dealer.referral = 'Dealer';
    assert.deepEqual(errorsOf(dealer), [{ path: 'referralDealer', message: MESSAGES.required }]);
    const pa = request();
    pa.ratedState = 'PA';
    // PA is not rated online (doc 3 section 7), and a PA request would also need its tort option
    assert.deepEqual(errorsOf(pa), [
      { path: 'ratedState', message: MESSAGES.callUs },
      { path: 'tortOption', message: MESSAGES.required },
    ]);
    const oh = request();
    oh.ratedState = 'OH';
    assert.deepEqual(errorsOf(oh), [{ path: 'householdCount', message: MESSAGES.required }]);
    oh.householdCount = 3;
    assert.equal(check(oh, rule).ok, true);
  });

  it('needs a mailing address, and a garaging one when they differ', () => {
    const body = request();
    body.isGarageSameAsMailing = false;
    assert.deepEqual(errorsOf(body), [{ path: 'addresses', message: MESSAGES.garagingAddress }]);
    body.addresses.push({ type: 'Garaging', streetName: '2 Side St', city: 'Mesa', state: 'AZ', zip: '85201' });
    assert.equal(check(body, rule).ok, true);
  });

  it('takes at most 4 vehicles and says to call beyond', () => {
    const body = request();
    body.vehicles = Array.from({ length: 5 }, () => structuredClone(request().vehicles[0]));
    assert.deepEqual(errorsOf(body), [{ path: 'vehicles', message: MESSAGES.maxVehicles }]);
    assert.equal(MESSAGES.maxVehicles, 'To add more than 4 vehicles, please call 800-400-4128.');
  });

  it('refuses fields it does not know', () => {
    const body = request();
    body.creditCard = '4242';
    assert.deepEqual(errorsOf(body), [{ path: 'creditCard', message: 'This field is not expected.' }]);
  });
});

describe('quote response', () => {
  it('reads the shape of doc 3 section 3 and tolerates added fields', () => {
    const response = {
      policies: [{
        policyNumber: 'Q-1001', effectiveDate: '2025-06-20', ratedState: 'AZ', extra: 'ok',
        findBilling: { downPayment: 120.5, estimatedMonthlyPayment: 99.1, allInstallmentOptions: [] },
        downPaymentMonthly: 120.5, downPaymentSingle: 560, downPayment: 120.5, estimatedMonthlyPayment: 99.1,
        estimatedTotalWritten: 594.6, addressInfo: [], policyOwners: [],
        driverInfo: [{ driverNumber: 1, firstName: 'Ann', lastName: 'Driver', dob: '1980-04-02' }],
        vehicleInfo: [{
          carNumber: 1, year: 2019, make: 'Porsche', model: '911', bodyStyle: 'Coupe', vin: 'WP0AB2A90KS114315',
          financing: null, unlimitedRate: 210, coverageInfo: [{ coverageDescription: 'Bodily Injury', displayLimit: '100,000/300,000' }],
          premiumInfo: { baseRate: 49, perMileRate: 0.061, estMonthlyMiles: 500, estMonthlyNoFee: 79.5 },
        }],
      }],
    };
    assert.equal(check(response, QuoteResponse).ok, true);
    assert.equal(check({ policies: [{ policyNumber: 'Q-1' }] }, QuoteResponse).ok, false);
  });
});
