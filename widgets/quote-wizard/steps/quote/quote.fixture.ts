import type { QuoteResponse } from '../../../../contract/api/quote.ts';
import { emptyShared, emptyVehicle } from '../../../../contract/coverage/engine.ts';

/**
 * A quote response as POST /api/policy/quote answers it (api/quotes/mapping.ts): two drivers (listed out of
 * order), two vehicles in Arizona, each coverage with its share of the price. For step 5's tests.
 */
export interface FixtureOptions {
  effectiveDate?: string;
  policyNumber?: string;
  /** Leave the request out of the answer (an old stored quote). */
  withoutRequest?: boolean;
}

const coverage = (coverageName: string, coverageDescription: string, displayLimit: string, monthlyBase: number, perMile: number) => ({
  coverageName, coverageDescription, displayLimit, limit: displayLimit.replace(/,/g, ''), monthlyBase, perMile, unlimitedPremium: monthlyBase * 6,
});

/** The request the quote was priced from, complete as the wizard sends it (doc 3 section 3). */
export function quoteRequestFixture(effectiveDate = '2031-03-01') {
  const vehicleLimits = (comp: string, coll: string, rent: string) => [
    { name: 'COMP', type: 'VEHICLE', indexNumber: 0, limit: comp },
    { name: 'COLL', type: 'VEHICLE', indexNumber: 0, limit: coll },
    { name: 'RENT', type: 'VEHICLE', indexNumber: 0, limit: rent },
  ];
  return {
    returnUrl: '/receive-a-quote',
    rateCall: true,
    estimatedCreditScore: 'Excellent',
    creditScore: 800,
    agencyCode: '13022-1',
    previousCompany: 'OTHER STANDARD',
    insuredFirstName: 'Ada',
    insuredLastName: 'Lovelace',
    emailAddress: 'ada@example.com',
    addresses: [{ type: 'Mailing', streetName: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85004' }],
    ratedState: 'AZ',
    priorCoverage: 0,
    term: 6,
    effectiveDate,
    expirationDate: '2031-09-01',
    referral: 'Email',
    drivers: [
      {
        status: 'RATED', relation: 'INSURED', firstName: 'Ada', lastName: 'Lovelace', dob: '1980-01-15', gender: 'F', isMarried: false,
        isExcluded: false, licenseState: 'AZ', licenseStatus: 'Valid', licenseNum: 'D12345678', violations: 0,
        educationCode: 'CollegeGraduated', occupationCode: 'AF7',
      },
      {
        status: 'RATED', relation: 'OTHER', firstName: 'Charles', lastName: 'Babbage', dob: '1979-12-26', gender: 'M', isMarried: false,
        isExcluded: false, licenseState: 'AZ', licenseStatus: 'Valid', licenseNum: 'D87654321', violations: 0,
        educationCode: 'CollegeGraduated', occupationCode: 'AF7',
      },
    ],
    vehicles: [
      {
        mileage: { usageType: 'Pleasure', miles: 5000 }, billingType: 'per_mile', vin: 'WP0AB2A99KS123456', lengthOfOwnership: '1-2',
        aebCode: 'YES', blindSpotCode: 'YES', statedValue: '85000', financing: 'OWN', priorDamage: false,
        coverageLimits: vehicleLimits('500', '1000', 'I decline this coverage'),
      },
      {
        mileage: { usageType: 'Pleasure', miles: 14600 }, billingType: 'capped', vin: 'WP0CA2A88JS765432', lengthOfOwnership: '1-2',
        aebCode: 'YES', blindSpotCode: 'YES', statedValue: '60000', financing: 'FINANCE', priorDamage: false,
        coverageLimits: vehicleLimits('1000', '1000', 'I decline this coverage'),
      },
    ],
    limits: [
      { name: 'BI', type: 'POLICY', indexNumber: 0, limit: '100/300' },
      { name: 'PD', type: 'POLICY', indexNumber: 0, limit: '100000' },
      { name: 'UMBI', type: 'POLICY', indexNumber: 0, limit: '100/300' },
    ],
    // step 4's choices, stored with the quote (what opening it again shows on step 4)
    coverageSelection: {
      shared: { ...emptyShared(), bodilyInjury: '100/300', propertyDamage: '$100,000', uninsuredBodilyInjury: '100/300' },
      vehicles: [
        { ...emptyVehicle(), comprehensiveDeductible: '$500 deductible', collisionDeductible: '$1,000 deductible', rentalReimbursement: 'I decline this coverage' },
        { ...emptyVehicle(), comprehensiveDeductible: '$1,000 deductible', collisionDeductible: '$1,000 deductible', rentalReimbursement: 'I decline this coverage' },
      ],
    },
    phoneNumbers: [{ type: 'Mobile', number: '602-555-0134' }],
    isGarageSameAsMailing: true,
    isHomeOwner: true,
    isInPorscheClubOfAmerica: false,
    calculateUnlimited: true,
    lengthOfResidency: '12+',
  };
}

export function quoteFixture(options: FixtureOptions = {}): QuoteResponse {
  const effectiveDate = options.effectiveDate ?? '2031-03-01';
  const shared = [
    coverage('BI', 'Bodily Injury', '100,000/300,000', 21.5, 0.021),
    coverage('PD', 'Property Damage', '100,000', 9.25, 0.009),
    coverage('UMBI', 'Uninsured Motorist Bodily Injury', '100,000/300,000', 4.1, 0.004),
  ];
  // billingType and the per-coverage shares are the route's extra fields: the contract's loose answer
  // structs let them through, TypeScript's literal check does not know them
  return {
    policies: [
      {
        policyNumber: options.policyNumber ?? 'Q-AZ-000123',
        effectiveDate,
        policyStatus: 'QUOTE',
        emailAddress: 'ada@example.com',
        ...(options.withoutRequest ? {} : { quoteRequest: quoteRequestFixture(effectiveDate) }),
        // as the rating engine adds them up: $85.54 + $98.15 (588.90 / 6) a month, plus the AZ fees of
        // monthly billing with one Pay-Per-Mile vehicle ($5.00 + $5.00 + $4.95); the single payment is
        // 6 x $183.69 plus the six-month fee ($30.00) and the card fee
        findBilling: {
          downPayment: 198.64,
          estimatedMonthlyPayment: 198.64,
          allInstallmentOptions: [
            { payPlan: 18, billingFrequency: 'monthly', downPayment: 198.64, installmentAmount: 198.64, numberOfInstallments: 5 },
            { payPlan: 21, billingFrequency: 'biannually', downPayment: 1137.09, installmentAmount: 0, numberOfInstallments: 0 },
          ],
        },
        downPaymentMonthly: 198.64,
        downPaymentSingle: 1137.09,
        downPayment: 198.64,
        estimatedMonthlyPayment: 198.64,
        estimatedTotalWritten: 1102.14,
        ratedState: 'AZ',
        addressInfo: [{ addressType: 'Mailing', streetName: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85004' }],
        driverInfo: [
          { driverNumber: 2, firstName: 'Charles', lastName: 'Babbage', dob: '1979-12-26' },
          { driverNumber: 1, firstName: 'Ada', lastName: 'Lovelace', dob: '1980-01-15' },
        ],
        policyOwners: [{ relation: 'INSURED', firstName: 'Ada', lastName: 'Lovelace' }],
        vehicleInfo: [
          {
            carNumber: 1, vin: 'WP0AB2A99KS123456', year: 2019, make: 'Porsche', model: '911', bodyStyle: 'Coupe',
            financing: 'OWNED', billingType: 'per_mile', unlimitedRate: 640.2,
            premiumInfo: { baseRate: 61.35, perMileRate: 0.058, estMonthlyMiles: 417, estMonthlyNoFee: 85.54 },
            coverageInfo: [
              ...shared,
              coverage('COMP', 'Comprehensive', '500', 12.4, 0.011),
              coverage('COLL', 'Collision', '1,000', 14.1, 0.013),
              { coverageName: 'RENT', coverageDescription: 'Rental', displayLimit: 'Coverage Declined', limit: 'I decline this coverage', monthlyBase: 0, perMile: 0, unlimitedPremium: 0 },
            ],
          },
          {
            carNumber: 2, vin: 'WP0CA2A88JS765432', year: 2018, make: 'Porsche', model: 'Cayman', bodyStyle: 'Coupe',
            financing: 'FINANCED', billingType: 'capped', unlimitedRate: 588.9,
            // premiumInfo holds the Pay-Per-Mile figures (step 4's other tab); the vehicle is priced Unlimited
            premiumInfo: { baseRate: 55.2, perMileRate: 0.052, estMonthlyMiles: 1217, estMonthlyNoFee: 98.15 },
            coverageInfo: [
              ...shared,
              coverage('COMP', 'Comprehensive', '1,000', 10.2, 0),
              { ...coverage('COLL', 'Collision', '1,000', 13.3, 0), unlimitedPremium: 318.6 },
            ],
          },
        ],
      },
    ],
  } as unknown as QuoteResponse;
}
