import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  OLDER_ACCOUNT_LINKS, addressLines, addressesByType, coverageRows, driversInOrder, fullName, idCardUri, licenseEnding, limitText, money, ordinal,
  pictureUrl, primaryOwner, renewalDateText, sectionForHash, usDate,
} from './dashboard-logic.ts';
import { COVERAGE_DASHBOARD_DESCRIPTIONS } from './dashboard.texts.ts';

const TBC = 'To be confirmed';

test("ordinals as moment's 'Do': st, nd, rd, th, and 11th to 13th", () => {
  const cases: [number, string][] = [[1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [10, '10th'], [11, '11th'], [12, '12th'],
    [13, '13th'], [21, '21st'], [22, '22nd'], [23, '23rd'], [24, '24th'], [30, '30th'], [31, '31st'], [111, '111th'], [101, '101st']];
  for (const [day, text] of cases) assert.equal(ordinal(day), text);
});

test("the renewal date reads 'MMMM Do, YYYY', with or without the fixed time; missing or broken is 'To be confirmed'", () => {
  assert.equal(renewalDateText('2027-05-01', TBC), 'May 1st, 2027');
  assert.equal(renewalDateText('2026-12-22T12:00:00.000Z', TBC), 'December 22nd, 2026');
  assert.equal(renewalDateText('2028-02-29', TBC), 'February 29th, 2028');
  assert.equal(renewalDateText('2026-01-13 12:00:00', TBC), 'January 13th, 2026');
  for (const missing of [null, undefined, '', '2027-02-30', 'soon']) assert.equal(renewalDateText(missing, TBC), TBC, String(missing));
});

test('rates carry a $: dollars to the cent, a per-mile rate to a tenth of a cent', () => {
  assert.equal(money(95), '$95.00');
  assert.equal(money(1234.5), '$1,234.50');
  assert.equal(money(-5), '-$5.00');
});

test("limits: '/' between two amounts shows as '|', each amount with its $; words stay as they are", () => {
  assert.equal(limitText('100,000/300,000'), '$100,000 | $300,000');
  assert.equal(limitText('125/3,750'), '$125 | $3,750');
  assert.equal(limitText('$25,000/$50,000'), '$25,000 | $50,000');
  assert.equal(limitText('500'), '$500');
  assert.equal(limitText('10,000'), '$10,000');
  assert.equal(limitText('300,000 CSL'), '$300,000 CSL');
  assert.equal(limitText('Coverage Declined'), 'Coverage Declined');
  assert.equal(limitText('Stacked'), 'Stacked');
  assert.equal(limitText('ACV w/ 100 DED'), 'ACV w/ 100 DED', "a '/' inside words is no separator");
  assert.equal(limitText('25,000/50,000 Stacked'), '25,000 | 50,000 Stacked');
});

test("coverage rows: doc 1's labels, deductibles, 'Uninsured Bodily', the seven descriptions, the API's order", () => {
  const rows = coverageRows([
    { coverageName: 'BI', coverageDescription: 'Bodily Injury', displayLimit: '100,000/300,000' },
    { coverageName: 'PD', coverageDescription: 'Property Damage', displayLimit: '100,000' },
    { coverageName: 'UMUIMBI', coverageDescription: 'Uninsured/Underinsured Motorist Bodily Injury', displayLimit: '50,000/100,000' },
    { coverageName: 'UMPD', coverageDescription: 'Uninsured Motorist Property Damage', displayLimit: '25,000' },
    { coverageName: 'PIP', coverageDescription: 'Personal Injury Protection', displayLimit: '10,000' },
    { coverageName: 'COMP', coverageDescription: 'Comprehensive', displayLimit: '500' },
    { coverageName: 'COLL', coverageDescription: 'Collision', displayLimit: '1,000' },
    { coverageName: 'RENT', coverageDescription: 'Rental', displayLimit: '125/3,750' },
    { coverageName: 'MP', coverageDescription: 'Medical Payments', displayLimit: '5,000' },
    { coverageDescription: 'Glass', displayLimit: 'Included' },
  ]);
  assert.deepEqual(
    rows.map((row) => [row.key, row.label, row.value]),
    [
      ['BI', 'Bodily Injury (Each Person | Each Accident)', '$100,000 | $300,000'],
      ['PD', 'Property Damage (Each Accident)', '$100,000'],
      ['UMUIMBI', 'Uninsured Bodily', '$50,000 | $100,000'],
      ['UMPD', 'Uninsured Motorist Property Damage', '$25,000'],
      ['PIP', 'Personal Injury Protection', '$10,000'],
      ['COMP', 'Comprehensive Deductible', '$500'],
      ['COLL', 'Collision Deductible', '$1,000'],
      ['RENT', 'Rental (Each Day | Each Loss)', '$125 | $3,750'],
      ['MP', 'Medical Payments', '$5,000'],
      ['Glass', 'Glass', 'Included'],
    ],
  );
  const described = rows.filter((row) => row.description).map((row) => row.key);
  assert.deepEqual(described, ['BI', 'PD', 'UMPD', 'PIP', 'COMP', 'COLL', 'RENT']);
  assert.equal(rows[0]!.description, COVERAGE_DASHBOARD_DESCRIPTIONS.BI);
});

test('a combined single limit or a declined coverage keeps the name without the two-amount label', () => {
  const [bi, rent, comp] = coverageRows([
    { coverageName: 'BI', coverageDescription: 'Bodily Injury', displayLimit: '300,000 CSL' },
    { coverageName: 'RENT', coverageDescription: 'Rental', displayLimit: 'Coverage Declined' },
    { coverageName: 'COMP', coverageDescription: 'Comprehensive', displayLimit: 'Coverage Declined' },
  ]);
  assert.deepEqual([bi!.label, bi!.value], ['Bodily Injury', '$300,000 CSL']);
  assert.deepEqual([rent!.label, rent!.value], ['Rental', 'Coverage Declined']);
  assert.deepEqual([comp!.label, comp!.value], ['Comprehensive Deductible', 'Coverage Declined']);
});

test('the picture: extcam02, else the first, else none (the default); a path resolves on the page, never javascript:', () => {
  const page = 'https://brand.test/account';
  const pictures = (...views: string[]) => ({ vehicleImageResponse: { Vin: { picture: views.map((view) => ({ view, uri: `/api/vehicle/silhouette/${view}.svg` })) } } });
  assert.equal(pictureUrl(pictures('extcam01', 'extcam02'), page), 'https://brand.test/api/vehicle/silhouette/extcam02.svg');
  assert.equal(pictureUrl(pictures('intcam01', 'extcam05'), page), 'https://brand.test/api/vehicle/silhouette/intcam01.svg');
  assert.equal(pictureUrl(pictures(), page), null);
  assert.equal(pictureUrl({ vehicleImageResponse: null }, page), null);
  assert.equal(pictureUrl({}, page), null);
  assert.equal(pictureUrl({ vehicleImageResponse: { Vin: { picture: [{ view: 'extcam02', uri: 'javascript:alert(1)' }] } } }, page), null);
});

test('the owner shown is the INSURED one, else the first; names join what is there', () => {
  const owner = (relation: string, firstName: string) => ({ relation, firstName, lastName: 'Doe' });
  assert.equal(primaryOwner({ policyOwners: [owner('SPOUSE', 'Sam'), owner('INSURED', 'Jane')] })?.firstName, 'Jane');
  assert.equal(primaryOwner({ policyOwners: [owner('SPOUSE', 'Sam'), owner('OTHER', 'Kim')] })?.firstName, 'Sam');
  assert.equal(primaryOwner({ policyOwners: [] }), null);
  assert.equal(fullName({ firstName: ' Jane ', lastName: 'Doe' }), 'Jane Doe');
  assert.equal(fullName({ firstName: 'Jane', lastName: '' }), 'Jane');
});

test('drivers by driverNumber, the policy list untouched', () => {
  const drivers = [{ driverNumber: 3, firstName: 'C' }, { driverNumber: 1, firstName: 'A' }, { driverNumber: 2, firstName: 'B' }];
  assert.deepEqual(driversInOrder(drivers).map((d) => d.firstName), ['A', 'B', 'C']);
  assert.deepEqual(drivers.map((d) => d.firstName), ['C', 'A', 'B']);
});

test('dates of birth MM/DD/YYYY; a licence shows its last four characters only', () => {
  assert.equal(usDate('1980-07-04'), '07/04/1980');
  assert.equal(usDate('1980-07-04T12:00:00Z'), '07/04/1980');
  assert.equal(licenseEnding('D123-4567-8901'), '8901');
  assert.equal(licenseEnding('AB1'), null);
  assert.equal(licenseEnding(undefined), null);
});

test('addresses: garaging, then mailing, one of each, on two lines', () => {
  const address = (addressType: string, streetName: string) => ({ addressType, streetName, city: 'Phoenix', state: 'AZ', zip: '85001' });
  const found = addressesByType([address('Mailing', '1 Post Rd'), address('Garaging', '2 Garage Ln'), address('Mailing', '3 Other St')]);
  assert.deepEqual(found.map((a) => [a.type, a.address.streetName]), [['Garaging', '2 Garage Ln'], ['Mailing', '1 Post Rd']]);
  assert.deepEqual(addressLines(found[0]!.address), ['2 Garage Ln', 'Phoenix, AZ 85001']);
  assert.deepEqual(addressesByType([address('GARAGING', 'x')]).map((a) => a.type), ['Garaging']);
});

test('the older links land on their section: address in My policy; any other hash on none', () => {
  assert.equal(sectionForHash('#address'), 'policy');
  assert.equal(sectionForHash('#vehicles'), 'vehicle');
  assert.equal(sectionForHash('#coverage'), 'coverage');
  assert.equal(sectionForHash('#drivers'), 'drivers');
  assert.equal(sectionForHash('#Drivers'), 'drivers');
  assert.equal(sectionForHash(''), null);
  assert.equal(sectionForHash('#constructor'), null);
  assert.equal(sectionForHash('#main'), null);
});

test('the ID card: its address, or none without insuranceInfo', () => {
  assert.equal(idCardUri({ insuranceInfo: { insuranceCardUri: '/api/user/id_card/PPM-1' } }), '/api/user/id_card/PPM-1');
  assert.equal(idCardUri({ insuranceInfo: null }), null);
  assert.equal(idCardUri({}), null);
  assert.equal(idCardUri({ insuranceInfo: { insuranceCardUri: ' ' } }), null);
});

test('every older link lands on a section of the dashboard', () => {
  for (const target of Object.values(OLDER_ACCOUNT_LINKS)) {
    const url = new URL(target, 'https://brand.test');
    assert.equal(url.pathname, '/account');
    assert.ok(sectionForHash(url.hash), target);
  }
});
