import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, check, quoteRequest, type CalendarDate, type QuoteRequest, type QuoteResponse } from '../../../contract/index.ts';
import { applyCoverageChange, coverageDefaults, coverageFields } from '../../../contract/coverage/index.ts';
import { DECLINE, type CoverageForm } from '../../../contract/coverage/coverage-model.ts';
import { emptyDriver, emptyInfo, emptyVehicle, initialWizardState, type DriverForm, type VehicleForm, type WizardState } from '../model/wizard-model.ts';
import { settle } from './quote-lifecycle.ts';
import { buildQuoteRequest, coverageVehicles, priorCoverageOf, sameQuoteRequest, wizardFromQuote } from './quote-request.ts';

const TODAY: CalendarDate = { year: 2025, month: 6, day: 15 };
const rule = quoteRequest({ today: TODAY });

function vehicle(fields: Partial<VehicleForm> = {}): VehicleForm {
  return {
    ...emptyVehicle(), vin: 'wp0ab2a90ks114315', year: '2019', make: 'Porsche', model: '911 Carrera', style: 'Coupe',
    isVINValid: true, priorDamage: 'No', leaseOwnFinance: 'own', purpose: 'Pleasure', miles: '6,000', statedValue: '$85,000',
    ...fields,
  };
}

function primary(fields: Partial<DriverForm> = {}): DriverForm {
  return {
    ...emptyDriver('primary'), firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '12/10/1985', emailAddress: 'ada@example.com',
    gender: 'Female', maritalStatus: 'Single', levelOfEducation: 'GraduateSchool', homeRentalStatus: 'Own', licenseState: 'TX',
    licenseStatus: 'ACTIVE', licenseNum: '12345678', accidentsConvictions: '0', hasAutoInsurance: '3', recentIssuerLength: '2',
    previousCompany: 'STATE FARM', previousExpirationDate: '09/01/2025', recentCoverageLimits: '100/300', addAnotherDriver: 'No',
    ...fields,
  };
}

/** Every editable, required, still empty field of every vehicle page gets its first real option. */
function filled(state: string, vehicles: VehicleForm[], date = '06/20/2025'): CoverageForm {
  const list = coverageVehicles(vehicles);
  let form: CoverageForm = { ...coverageDefaults(state, list, TODAY) };
  for (let round = 0; round < 3; round += 1) {
    for (let index = 0; index < vehicles.length; index += 1) {
      for (const field of coverageFields(state, form, list, index)) {
        if (field.name === 'policyEffectiveDate' || field.readOnly || field.displayValue !== undefined || field.value !== '') continue;
        const option = field.options.find((o) => o.value !== DECLINE);
        if (option) form = applyCoverageChange(state, form, list, { field: field.name, vehicleIndex: index, value: option.value }).form;
      }
    }
  }
  return { ...form, policyEffectiveDate: date };
}

function texas(): WizardState {
  const vehicles = [vehicle({ miles: '20,000' }), vehicle({ vin: 'WP0CA2A8XJS140123', model: 'Boxster', style: 'Roadster', leaseOwnFinance: 'finance', isUnlimited: true })];
  return {
    ...initialWizardState(),
    step: 4,
    info: {
      ...emptyInfo(), firstName: 'Ada', lastName: 'Lovelace', streetAddressOne: '1 Congress Ave', zipCode: '78701', city: 'Austin', state: 'TX',
      isGarageSameAsMailing: '1', dateOfBirth: '12/10/1985', mobilePhoneNumber: '512-555-0134', preferredContactNumber: '512-555-0199',
      phoneType: 'Home', hearAbout: 'Search engine', isPCAMember: 'No',
    },
    vehicles,
    drivers: [primary()],
    coverage: filled('TX', vehicles),
  };
}

function florida(): WizardState {
  const vehicles = [vehicle({ isUnlimited: true })];
  return {
    ...texas(),
    info: { ...texas().info, streetAddressOne: '1 Bayshore Blvd', zipCode: '33606', city: 'Tampa', state: 'FL', hearAbout: 'Dealer', dealer: 'FL01', isPCAMember: 'No' },
    vehicles,
    drivers: [primary({ licenseState: 'FL', licenseNum: 'L123456789012', occupationCode: '' })],
    coverage: filled('FL', vehicles),
  };
}

function pennsylvaniaGaraged(): WizardState {
  const vehicles = [vehicle({ purpose: 'COMMUTE NY/NJ', lengthOfOwnership: '3-4' })];
  return {
    ...texas(),
    info: {
      ...texas().info, streetAddressOne: '1 Main St', zipCode: '43004', city: 'Columbus', state: 'OH', householdCount: '2',
      lengthOfResidency: '12+', isGarageSameAsMailing: '2', garagingStreetAddressOne: '5 Market St', garagingZipCode: '19106',
      garagingCity: 'Philadelphia', garagingState: 'PA',
    },
    vehicles,
    drivers: [primary({ licenseState: 'PA', licenseNum: '12345678' })],
    coverage: filled('PA', vehicles),
  };
}

function validated(request: QuoteRequest): QuoteRequest {
  const result = check(request, rule);
  assert.equal(result.ok, true, JSON.stringify(result.ok ? null : result.errors));
  return result.ok ? result.value : request;
}

describe('buildQuoteRequest (doc 3 section 3)', () => {
  it('builds a Texas request the contract accepts, with the defaults and mappings of the spec', () => {
    const request = buildQuoteRequest(texas(), { today: TODAY });
    validated(request);
    assert.equal(request.ratedState, 'TX');
    assert.equal(request.estimatedCreditScore, 'Excellent');
    assert.equal(request.agencyCode, '13022-1');
    assert.equal(request.previousCompany, 'STATE FARM');
    assert.equal(request.term, 6);
    assert.equal(request.effectiveDate, '2025-06-20');
    assert.equal(request.expirationDate, '2025-12-20');
    assert.equal(request.isInPorscheClubOfAmerica, false);
    assert.equal(request.calculateUnlimited, true);
    assert.equal(request.priorCoverage, 3);
    assert.equal(request.priorYearsInsured, 2);
    assert.equal(request.priorBiLimit, '100/300');
    assert.equal(request.previousExpirationDate, '2025-09-01');
    assert.deepEqual(request.phoneNumbers, [{ type: 'Mobile', number: '512-555-0134' }, { type: 'Other', number: '512-555-0199' }]);
    assert.deepEqual(request.addresses.map((a) => a.type), ['Mailing']);
    assert.equal(request.isGarageSameAsMailing, true);
    assert.equal(request.isHomeOwner, true);
    assert.equal(request.lengthOfResidency, '12+');
    assert.equal(request.householdCount, undefined);
    const [first, second] = request.vehicles;
    assert.equal(first!.mileage.miles, 14_600, 'miles capped at 14,600');
    assert.equal(first!.billingType, 'per_mile');
    assert.equal(second!.billingType, 'capped', 'an Unlimited vehicle is billed capped');
    assert.equal(first!.vin, 'WP0AB2A90KS114315');
    assert.equal(first!.statedValue, '85000');
    assert.equal(second!.financing, 'FINANCE');
    assert.equal(first!.aebCode, 'YES');
    assert.equal(first!.lengthOfOwnership, '<1');
    const driver = request.drivers[0]!;
    assert.equal(driver.relation, 'INSURED');
    assert.equal(driver.status, 'RATED');
    assert.equal(driver.dob, '1985-12-10');
    assert.equal(driver.occupationCode, 'AF7');
    for (const entry of [...request.limits, ...first!.coverageLimits]) {
      assert.equal(entry.indexNumber, 0);
      assert.ok(!/[$,]|deductible/i.test(entry.limit) || entry.limit === DECLINE, `${entry.name} limit formatted: ${entry.limit}`);
    }
    assert.ok(request.limits.some((l) => l.name === 'BI' && l.type === 'POLICY'), 'bodily injury is a policy limit');
    assert.ok(first!.coverageLimits.every((l) => l.type === 'VEHICLE'), 'vehicle limits are typed VEHICLE');
  });

  it('builds a Florida request: club membership always true, no Unlimited, FL occupation default, the dealer agency', () => {
    const request = buildQuoteRequest(florida(), { today: TODAY });
    const checked = validated(request);
    assert.equal(request.isInPorscheClubOfAmerica, true);
    assert.equal(request.calculateUnlimited, false);
    assert.equal(request.vehicles[0]!.billingType, 'per_mile', 'no capped billing where Unlimited is not offered');
    assert.equal(request.agencyCode, '13022-7');
    assert.equal(request.referral, 'Dealer');
    assert.equal(request.referralDealer, 'FL01');
    assert.equal(checked.drivers[0]!.occupationCode, '125');
  });

  it('builds a PA-garaged request that carries PA answers and is refused with the call-us text (PA is not rated online)', () => {
    const request = buildQuoteRequest(pennsylvaniaGaraged(), { today: TODAY });
    assert.equal(request.ratedState, 'PA');
    assert.equal(request.isGarageSameAsMailing, false);
    assert.deepEqual(request.addresses.map((a) => [a.type, a.state]), [['Mailing', 'OH'], ['Garaging', 'PA']]);
    assert.equal(request.vehicles[0]!.mileage.usageType, 'COMMUTE NY/NJ');
    assert.equal(request.vehicles[0]!.lengthOfOwnership, '3-4');
    assert.ok(request.tortOption === 'F' || request.tortOption === 'L', `tort option F or L, got ${request.tortOption}`);
    assert.equal(request.householdCount, undefined, 'household count is asked in OH ratings only');
    const result = check(request, rule);
    assert.deepEqual(result.ok ? [] : result.errors, [{ path: 'ratedState', message: MESSAGES.callUs }]);
  });

  it('applies the prior-coverage rule: answers 1 and 3 with an issuer length of 0 send 0', () => {
    assert.equal(priorCoverageOf('3', '0'), 0);
    assert.equal(priorCoverageOf('1', '0'), 0);
    assert.equal(priorCoverageOf('3', '1'), 3);
    assert.equal(priorCoverageOf('2', ''), 2);
    const state = texas();
    state.drivers = [primary({ hasAutoInsurance: '3', recentIssuerLength: '0' })];
    const request = buildQuoteRequest(state, { today: TODAY });
    assert.equal(request.priorCoverage, 0);
    validated(request);
  });

  it('takes the agency code from the named dealer, else the embedding dealer, else 13022-1', () => {
    const state = texas();
    assert.equal(buildQuoteRequest({ ...state, attribution: { dealer: 'TX02', agencyCode: '13022-19' } }, { today: TODAY }).agencyCode, '13022-19');
    const named = { ...state, info: { ...state.info, hearAbout: 'Dealer', dealer: 'TX01' }, attribution: { dealer: 'TX02', agencyCode: '13022-19' } };
    assert.equal(buildQuoteRequest(named, { today: TODAY }).agencyCode, '13022-18');
    assert.equal(buildQuoteRequest(state, { today: TODAY }).agencyCode, '13022-1');
  });

  it('sends an excluded spouse as LIST without licence fields', () => {
    const state = texas();
    state.drivers = [
      primary({ maritalStatus: 'Married' }),
      { ...emptyDriver('spouse'), firstName: 'Will', lastName: 'King', dateOfBirth: '02/21/1980', gender: 'Male', maritalStatus: 'Married', isExcluded: 'Yes' },
    ];
    const request = buildQuoteRequest(state, { today: TODAY });
    const spouse = request.drivers[1]!;
    assert.equal(spouse.status, 'LIST');
    assert.equal(spouse.relation, 'SPOUSE');
    assert.equal(spouse.isExcluded, true);
    assert.equal('licenseNum' in spouse, false);
    validated(request);
  });
});

describe('the quote lifecycle (doc 3 section 4)', () => {
  it('skips a re-request only when nothing that rates changed', () => {
    const state = texas();
    const a = buildQuoteRequest(state, { today: TODAY });
    assert.equal(sameQuoteRequest(a, buildQuoteRequest(state, { today: TODAY, returnUrl: 'https://example.com/receive-a-quote' })), true);
    const switched = { ...state, vehicles: state.vehicles.map((v, i) => (i === 0 ? { ...v, isUnlimited: true } : v)) };
    assert.equal(sameQuoteRequest(a, buildQuoteRequest(switched, { today: TODAY })), false);
    assert.equal(sameQuoteRequest(a, null), false);
  });

  it('clears the quote on a coverage change, keeps it on a billing switch, resets coverage on a state change', () => {
    const quoted: WizardState = { ...texas(), quoteResponse: { policies: [] }, quoteRequest: buildQuoteRequest(texas(), { today: TODAY }) };
    const billing = settle(quoted, { ...quoted, vehicles: quoted.vehicles.map((v) => ({ ...v, isUnlimited: !v.isUnlimited })) });
    assert.notEqual(billing.quoteResponse, null, 'a Pay-Per-Mile/Unlimited switch keeps the quote');
    const changed = settle(quoted, { ...quoted, coverage: { ...quoted.coverage!, policyEffectiveDate: '06/21/2025' } });
    assert.equal(changed.quoteResponse, null);
    assert.equal(changed.quoteRequest, null);
    const moved = settle(quoted, { ...quoted, info: { ...quoted.info, state: 'FL' } });
    assert.equal(moved.coverage, null, 'a new rated state starts from its defaults');
    assert.equal(moved.quoteResponse, null);
    const retrieved = settle(initialWizardState(), { ...quoted });
    assert.notEqual(retrieved.quoteResponse, null, 'a change that brings its own quote keeps it');
  });
});

describe('wizardFromQuote', () => {
  it("rebuilds the wizard's forms from a stored quote: the same request comes out again", () => {
    for (const make of [texas, florida]) {
      const state = make();
      const request = buildQuoteRequest(state, { today: TODAY });
      const response = {
        policies: [{
          policyNumber: 'Q-1', effectiveDate: request.effectiveDate, quoteRequest: request,
          vehicleInfo: state.vehicles.map((v, i) => ({
            carNumber: i + 1, vin: v.vin.toUpperCase(), year: Number(v.year), make: v.make, model: v.model, bodyStyle: v.style,
            premiumInfo: { baseRate: 40, perMileRate: 0.06 }, coverageInfo: [],
          })),
        }],
      } as unknown as QuoteResponse;
      const rebuilt = { ...initialWizardState(), ...wizardFromQuote(response) };
      assert.equal(rebuilt.vehicles[0]!.model, '911 Carrera');
      assert.equal(rebuilt.drivers[0]!.emailAddress, 'ada@example.com');
      const again = buildQuoteRequest(rebuilt, { today: TODAY });
      assert.equal(sameQuoteRequest(again, request), true, `${state.info.state}: ${JSON.stringify(again)} vs ${JSON.stringify(request)}`);
    }
  });

  it('opens step 4 with the choices the quote stored, as they were (never a form found from its limits)', () => {
    const state = texas();
    const request = buildQuoteRequest(state, { today: TODAY });
    // a choice the limits cannot say: kept in the form while its field is hidden, so not sent
    const selection = { ...request.coverageSelection!, shared: { ...request.coverageSelection!.shared, uninsuredPropertyDamage: 'kept while hidden' } };
    const response = { policies: [{ policyNumber: 'Q-1', effectiveDate: request.effectiveDate, vehicleInfo: [], quoteRequest: { ...request, coverageSelection: selection } }] } as unknown as QuoteResponse;
    const coverage = wizardFromQuote(response).coverage!;
    assert.deepEqual({ shared: coverage.shared, vehicles: coverage.vehicles }, selection);
    assert.equal(coverage.policyEffectiveDate, state.coverage!.policyEffectiveDate);
  });

  it('a stored answer without choices leaves the form to step 4 (its recommended package)', () => {
    const { coverageSelection: _none, ...request } = buildQuoteRequest(texas(), { today: TODAY });
    const response = { policies: [{ policyNumber: 'Q-1', effectiveDate: request.effectiveDate, vehicleInfo: [], quoteRequest: request }] } as unknown as QuoteResponse;
    const rebuilt = wizardFromQuote(response);
    assert.equal(rebuilt.coverage, null);
    assert.equal(rebuilt.drivers![0]!.emailAddress, 'ada@example.com');
  });
});
