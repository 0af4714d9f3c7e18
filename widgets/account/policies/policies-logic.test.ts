import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openQuotes } from '../../../contract/api/policy.ts';
import { noQuotesWayOut, policySummary, quoteWizardUrl, vehiclesInWords } from './policies-logic.ts';

const vehicle = (year: number, model: string) => ({ vin: 'X', year, make: 'Porsche', model, bodyStyle: 'Coupe', premiumInfo: { baseRate: 1, perMileRate: 0.1 }, coverageInfo: [] });
const entry = (policyNumber: string, policyStatus: string, fromQuoteNumber: string | null = null) => ({ policyNumber, policyStatus, fromQuoteNumber });

test('open quotes: QUOTE status, and not the quote another policy was bought from', () => {
  const policies = [entry('PPM-1', 'ISSUED', 'Q-1'), entry('Q-1', 'QUOTE'), entry('Q-2', 'QUOTE'), entry('PPM-2', 'BOUND', 'Q-3'), entry('Q-3', 'QUOTE'), entry('Q-4', 'QUOTE', 'Q-0')];
  assert.deepEqual(openQuotes(policies).map((p) => p.policyNumber), ['Q-2', 'Q-4']);
  assert.deepEqual(openQuotes([]), []);
});

test("no quotes: 'View my policies' with several policies, 'View my policy' with one, nothing with none", () => {
  assert.equal(noQuotesWayOut(3), 'policies');
  assert.equal(noQuotesWayOut(2), 'policies');
  assert.equal(noQuotesWayOut(1), 'policy');
  assert.equal(noQuotesWayOut(0), null);
});

test('a policy in one line: its vehicles, then when it renews when that is known', () => {
  const renews = (date: string) => `Renews ${date}`;
  assert.equal(vehiclesInWords({ vehicleInfo: [vehicle(2022, '911'), vehicle(1989, '944')] }), '2022 Porsche 911, 1989 Porsche 944');
  assert.equal(policySummary({ vehicleInfo: [vehicle(2022, '911')], renewalDate: '2027-05-01' }, renews), '2022 Porsche 911 · Renews May 1st, 2027');
  assert.equal(policySummary({ vehicleInfo: [vehicle(2022, '911')], renewalDate: null }, renews), '2022 Porsche 911');
});

test("a saved quote opens in the wizard: lower-cased e-mail, driver 1's birth date, the mailing ZIP, the quote's number", () => {
  const quote = {
    policyNumber: 'Q-2001',
    emailAddress: ' Jane.Doe@Example.COM ',
    driverInfo: [
      { driverNumber: 2, firstName: 'Sam', lastName: 'Doe', dob: '1982-11-30' },
      { driverNumber: 1, firstName: 'Jane', lastName: 'Doe', dob: '1980-07-04T12:00:00Z' },
    ],
    addressInfo: [
      { addressType: 'Garaging', streetName: 'a', city: 'b', state: 'AZ', zip: '85001' },
      { addressType: 'Mailing', streetName: 'c', city: 'd', state: 'AZ', zip: '85281' },
    ],
  };
  assert.equal(quoteWizardUrl(quote, 'other@example.com'), '/receive-a-quote?email=jane.doe%40example.com&dob=1980-07-04&zipcode=85281&quote=Q-2001');
  // no e-mail on the quote: the account's; no mailing address: the first
  const bare = { ...quote, emailAddress: undefined, addressInfo: [quote.addressInfo[0]!] };
  assert.equal(quoteWizardUrl(bare, 'Account@Example.com'), '/receive-a-quote?email=account%40example.com&dob=1980-07-04&zipcode=85001&quote=Q-2001');
});
