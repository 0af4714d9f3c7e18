import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import { DocumentListResponse, newestByKind } from './documents.ts';
import { Policy, QuoteLookupRequest, RequestCardForm, RolloverResponse, openQuotes, retrieveQuoteForm } from './policy.ts';
import { VehicleImageRequest, preferredPicture } from './vehicle-image.ts';
import { VinCheckRequest, VinCheckResponse, vinCheckFailureMessage } from './vin.ts';

const TODAY = { year: 2025, month: 6, day: 15 };

describe('quote lookup and the retrieve form (doc 1 section 5)', () => {
  it('sends e-mail, ISO birth date and ZIP', () => {
    assert.deepEqual(check({ emailAddress: 'ann@example.com', dob: '1980-04-02', zip: '85-004' }, QuoteLookupRequest), {
      ok: true, value: { emailAddress: 'ann@example.com', dob: '1980-04-02', zip: '85004' },
    });
  });
  it('asks for an adult birth date as MM/DD/YYYY on the form', () => {
    const form = retrieveQuoteForm({ today: TODAY });
    assert.equal(check({ emailAddress: 'ann@example.com', dateOfBirth: '06/15/2007', zipcode: '85004' }, form).ok, true);
    assert.deepEqual(check({ emailAddress: 'ann@example.com', dateOfBirth: '06/16/2007', zipcode: '8500' }, form), {
      ok: false,
      errors: [{ path: 'dateOfBirth', message: MESSAGES.minAge(18) }, { path: 'zipcode', message: MESSAGES.zip }],
    });
  });
});

describe('account answers', () => {
  const policy = {
    policyNumber: 'P-1', policyStatus: 'ACTIVE', policyOwners: [{ relation: 'INSURED', firstName: 'Ann', lastName: 'Lee' }],
    addressInfo: [{ addressType: 'Garaging', streetName: '1 Main', city: 'Phoenix', state: 'AZ', zip: '85004' }],
    driverInfo: [{ driverNumber: 1, firstName: 'Ann', lastName: 'Lee', dob: '1980-04-02' }],
    insuranceInfo: { insuranceCardUri: 'https://example.com/card.pdf' },
    vehicleInfo: [{
      id: 'v1', vin: 'WP0AB2A90KS114315', year: 2019, make: 'Porsche', model: '911', bodyStyle: 'Coupe',
      premiumInfo: { baseRate: 49, perMileRate: 0.061 }, coverageInfo: [{ coverageName: 'BI', coverageDescription: 'Bodily Injury', displayLimit: '100/300' }],
      vehicleImageResponse: { Vin: { picture: [{ view: 'extcam01', uri: 'a.png' }, { view: 'extcam02', uri: 'b.png' }] } },
    }],
  };
  it('reads a policy', () => {
    assert.equal(check(policy, Policy).ok, true);
  });
  it('lists saved quotes not yet turned into policies', () => {
    const list = [
      { policyNumber: 'Q-1', policyStatus: 'QUOTE' },
      { policyNumber: 'Q-2', policyStatus: 'QUOTE' },
      { policyNumber: 'P-1', policyStatus: 'ACTIVE', fromQuoteNumber: 'Q-1' },
    ];
    assert.deepEqual(openQuotes(list).map((p) => p.policyNumber), ['Q-2']);
  });
  it('prefers the extcam02 picture', () => {
    assert.equal(preferredPicture(policy.vehicleInfo[0]!.vehicleImageResponse.Vin.picture), 'b.png');
    assert.equal(preferredPicture([{ view: 'x', uri: 'a.png' }]), 'a.png');
    assert.equal(preferredPicture([]), undefined);
  });
  it('reads rollover and document answers and keeps the newest document of each kind', () => {
    assert.equal(check({ data: { esignature_url: 'https://e', documents_url: 'https://d', signed: false } }, RolloverResponse).ok, true);
    assert.equal(check({ data: { esignature_url: 'https://e', documents_url: 'https://d' } }, RolloverResponse).ok, false, 'the answer says whether it is signed');
    const documents = [
      { fileDescription: 'Declaration Page', fileUrl: 'd1', dateCreated: '2025-01-01' },
      { fileDescription: 'Declaration Page', fileUrl: 'd2', dateCreated: '2025-03-01' },
      { fileDescription: 'ID Card', fileUrl: 'c1', dateCreated: '2025-01-01' },
    ];
    assert.equal(check({ data: { documents } }, DocumentListResponse).ok, true);
    const newest = newestByKind(documents);
    assert.equal(newest.declaration?.fileUrl, 'd2');
    assert.equal(newest.card?.fileUrl, 'c1');
    assert.equal(newest.odometer, undefined);
  });
  it('needs a vehicle and a delivery method to request a card', () => {
    assert.deepEqual(check({ vehicles: [], delivery: '' }, RequestCardForm), {
      ok: false,
      errors: [
        { path: 'vehicles', message: 'At least one Car must be selected.' },
        { path: 'delivery', message: 'At least one Delivery method must be selected.' },
      ],
    });
  });
});

describe('VIN check and vehicle image (doc 2 section 7)', () => {
  it('sends a VIN and a state code or empty', () => {
    assert.deepEqual(check({ vin: 'wp0ab2a90ks114315' }, VinCheckRequest), {
      ok: true, value: { vin: 'WP0AB2A90KS114315', state: '' },
    });
    assert.equal(check({ vin: 'WP0AB2A90KS114315', state: 'TX' }, VinCheckRequest).ok, true);
    assert.equal(check({ vin: 'WP0AB2A90KS114315', state: 'XX' }, VinCheckRequest).ok, false);
    assert.equal(check({ year: 2019, make: 'Porsche', model: '911', bodyStyle: 'Coupe' }, VinCheckResponse).ok, true);
  });
  it('picks the spec text for a failed check', () => {
    assert.equal(vinCheckFailureMessage(404, undefined), 'Invalid VIN');
    assert.equal(vinCheckFailureMessage(400, 'Not a Porsche'), 'We are unable to insure non-Porsche vehicles in this state.');
    assert.equal(vinCheckFailureMessage(400, 'Unknown'), 'Invalid VIN / Cannot locate vehicle');
  });
  it('reads the image query from strings', () => {
    assert.deepEqual(check({ vin: 'WP0AB2A90KS114315', year: '2019', model: '911' }, VehicleImageRequest), {
      ok: true, value: { vin: 'WP0AB2A90KS114315', year: 2019, model: '911' },
    });
    assert.deepEqual(check({ vin: 'WP0AB2A90KS114315', year: '1980', model: '911' }, VehicleImageRequest), {
      ok: false, errors: [{ path: 'year', message: MESSAGES.modelYear }],
    });
  });
});
