import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import { CLAIM_STEPS, ContactForm, ContactRequest, SubscribeRequest, claimIncidentDate, claimRequest } from './contact.ts';

const TODAY = { year: 2025, month: 6, day: 15 };

describe('availability sign-up', () => {
  it('needs letter names, an e-mail and one of the 50 states or DC', () => {
    const ok = { userFirstName: 'Ann', userLastName: 'Lee', userEmailAddress: 'ann@example.com', userState: 'DC' };
    assert.equal(check(ok, SubscribeRequest).ok, true);
    assert.deepEqual(check({ ...ok, userFirstName: 'Ann1', userState: 'PR' }, SubscribeRequest), {
      ok: false,
      errors: [{ path: 'userFirstName', message: MESSAGES.nameLetters }, { path: 'userState', message: MESSAGES.state }],
    });
  });
});

describe('contact payload (doc 1 sections 3 and 5)', () => {
  const base = {
    customSubject: 'My policy', emailBody: 'Hello', userEmailAddress: 'ann@example.com', userFirstName: 'Ann',
    userLastName: 'Lee',
  };
  it('accepts the required fields and leaves the optional ones out', () => {
    assert.deepEqual(check(base, ContactRequest), { ok: true, value: base });
  });
  it('falls back to the spec subject when it is empty', () => {
    const result = check({ ...base, customSubject: '  ' }, ContactRequest);
    assert.equal(result.ok && result.value.customSubject, 'Auto Insurance - Contact Form');
  });
  it('checks phone if entered, names letters only and at most 63, the middle initial at most 63', () => {
    const result = check(
      { ...base, userPhoneNumber: '555-1234', userLastName: 'L33', userMiddleName: 'x'.repeat(64) },
      ContactRequest,
    );
    assert.deepEqual(result, {
      ok: false,
      errors: [
        { path: 'userLastName', message: MESSAGES.nameLetters },
        { path: 'userMiddleName', message: MESSAGES.maxLength(63) },
        { path: 'userPhoneNumber', message: MESSAGES.phone },
      ],
    });
  });
  it('needs the privacy agreement ticked on the form', () => {
    assert.deepEqual(check(base, ContactForm), {
      ok: false,
      errors: [{ path: 'privacyAgreement', message: 'Please agree to the privacy policy.' }],
    });
    assert.equal(check({ ...base, privacyAgreement: true }, ContactForm).ok, true);
  });
});

describe('claim (First Notice of Loss)', () => {
  const rule = claimRequest({ today: TODAY });
  const base = {
    firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', insuranceProvider: 'Our insurer',
    insuredRelation: 'INSURED', incidentLocation: 'Phoenix', incidentDate: '2025-06-14', incidentDescription: 'Hail',
  };
  it('accepts the required fields', () => {
    assert.equal(check(base, rule).ok, true);
  });
  it('holds each maximum of doc 1 section 5', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const result = check({
      ...base, lastName: long(63), incidentLocation: long(128), incidentDescription: long(256),
      ownerVehicleDetails: long(200), ownerVehicleDamage: long(128), otherVehicleDamage: long(128),
      policeAgency: long(128), policeReport: long(128),
    }, rule);
    assert.deepEqual(result.ok ? [] : result.errors.map((e) => `${e.path} ${e.message}`), [
      'lastName Please use at most 63 characters.',
      'incidentLocation Please use at most 128 characters.',
      'incidentDescription Please use at most 256 characters.',
      'ownerVehicleDetails Please use at most 200 characters.',
      'ownerVehicleDamage Please use at most 128 characters.',
      'otherVehicleDamage Please use at most 128 characters.',
      'policeAgency Please use at most 128 characters.',
      'policeReport Please use at most 128 characters.',
    ]);
  });
  it('takes an optional telephone only as a valid US number', () => {
    assert.equal(check({ ...base, telephoneNumber: '' }, rule).ok, true);
    assert.deepEqual(check({ ...base, telephoneNumber: '123-456-7890' }, rule), {
      ok: false, errors: [{ path: 'telephoneNumber', message: MESSAGES.phone }],
    });
  });
  it('sends the reduced insured relation and refuses a future incident', () => {
    assert.equal(check({ ...base, insuredRelation: 'OTHER (see insuredRelationInput)' }, rule).ok, true);
    assert.equal(check({ ...base, insuredRelation: 'OTHER' }, rule).ok, false);
    assert.deepEqual(check({ ...base, incidentDate: '2025-06-16' }, rule), {
      ok: false, errors: [{ path: 'incidentDate', message: MESSAGES.incidentDate }],
    });
    assert.equal(check('06/14/2025', claimIncidentDate({ today: TODAY })).ok, true);
  });
  it('splits its fields into the five steps, each field once', () => {
    assert.equal(CLAIM_STEPS.length, 5);
    const all = CLAIM_STEPS.flat();
    assert.equal(new Set(all).size, all.length);
    assert.deepEqual([...all].sort(), Object.keys(rule.schema).sort());
  });
});

describe('claim: the location answer at a dealer or a tow yard', () => {
  const rule = claimRequest({ today: { year: 2025, month: 6, day: 15 } });
  const base = {
    firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', insuranceProvider: 'Our insurer', insuredRelation: 'INSURED',
    incidentLocation: 'Phoenix', incidentDate: '2025-06-14', incidentDescription: 'Hail', ownerVehicleInvolved: true,
  };
  it('is a valid US phone number there, and free text at home or elsewhere', () => {
    assert.deepEqual(check({ ...base, ownerVehicleLocation: 'tow', ownerVehicleLocationInput: 'Joe, Main St' }, rule), {
      ok: false,
      errors: [{ path: 'ownerVehicleLocationInput', message: MESSAGES.phone }],
    });
    assert.equal(check({ ...base, ownerVehicleLocation: 'dealer', ownerVehicleLocationInput: '480-555-0199' }, rule).ok, true);
    assert.equal(check({ ...base, ownerVehicleLocation: 'home', ownerVehicleLocationInput: '1 Main St, Mesa' }, rule).ok, true);
  });
});
