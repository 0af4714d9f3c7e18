import { formatPerMileRate } from '../../../../contract/rules/money.ts';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatMoney, readSavedQuoteQuery, requestForToday, summarizeQuote, withoutSavedQuoteParams,
} from './quote-logic.ts';
import { effectiveDatePassed } from '../../model/quote-policy.ts';
import { quoteFixture } from './quote.fixture.ts';

describe('summarizeQuote', () => {
  const summary = summarizeQuote(quoteFixture())!;

  test('quote number, effective date as MM/DD/YYYY, totals', () => {
    assert.equal(summary.quoteNumber, 'Q-AZ-000123');
    assert.equal(summary.effectiveDate, '2031-03-01');
    assert.equal(summary.effectiveDateShown, '03/01/2031');
    assert.equal(summary.estimatedMonthlyPayment, 198.64);
    assert.equal(summary.downPayment, 198.64);
    assert.equal(summary.monthly.dueTodayCents, 19_864);
    assert.equal(summary.single.dueTodayCents, 113_709, 'the single payment, fees included');
    assert.equal(summary.single.premiumCents, 110_214);
  });

  test('drivers in driver-number order, birth dates as MM/DD/YYYY', () => {
    assert.deepEqual(summary.drivers, [
      { name: 'Ada Lovelace', dob: '01/15/1980' },
      { name: 'Charles Babbage', dob: '12/26/1979' },
    ]);
  });

  test('policy coverage: the request\'s POLICY limits once, without a price share', () => {
    assert.deepEqual(summary.policyCoverages.map((c) => [c.code, c.limit, c.monthlyBase]), [
      ['BI', '$100,000/$300,000', null],
      ['PD', '$100,000', null],
      ['UMBI', '$100,000/$300,000', null],
    ]);
  });

  test('each vehicle: title, plan from the answer, every coverage with its share', () => {
    const [first, second] = summary.vehicles;
    assert.equal(first!.title, '2019 Porsche 911 Coupe');
    assert.equal(first!.billingType, 'per_mile');
    assert.equal(second!.billingType, 'capped');
    assert.deepEqual(first!.coverages.find((c) => c.code === 'COMP'), {
      code: 'COMP', description: 'Comprehensive', limit: '$500', monthlyBase: 12.4, perMile: 0.011, unlimitedPremium: 74.4,
    });
    assert.equal(first!.coverages.length, 6);
    assert.equal(summary.hasBreakdown, true);
  });

  test('without a stored request, shared limits are told apart by name', () => {
    const bare = summarizeQuote(quoteFixture({ withoutRequest: true }))!;
    assert.deepEqual(bare.policyCoverages.map((c) => c.code), ['BI', 'PD', 'UMBI']);
  });

  test('an Unlimited vehicle shows its Unlimited figures: a sixth of its premium a month, not its Pay-Per-Mile base', () => {
    const capped = summary.vehicles[1]!;
    assert.equal(capped.billingType, 'capped');
    assert.equal(capped.baseRate, 98.15);
    assert.notEqual(capped.baseRate, 55.2);
    assert.equal(capped.unlimitedRate, 588.9);
    assert.equal(capped.coverages.find((c) => c.code === 'COLL')!.unlimitedPremium, 318.6);
    assert.equal(summary.vehicles[0]!.baseRate, 61.35, 'Pay-Per-Mile keeps its base rate');
  });

  test('fees of monthly billing; mileage monitoring is counted per Pay-Per-Mile vehicle', () => {
    assert.deepEqual(summary.fees.map((f) => [f.label, f.cents, f.count, f.perVehicle]), [
      ['Monthly policy fee', 500, 1, false],
      ['Monthly mileage monitoring fee', 500, 1, true],
      ['Credit card fee', 495, 1, false],
    ]);
    const both = quoteFixture();
    const policy = both.policies[0]! as unknown as { vehicleInfo: { billingType: string }[]; quoteRequest: { vehicles: { billingType: string }[] } };
    policy.vehicleInfo[1]!.billingType = 'per_mile';
    policy.quoteRequest.vehicles[1]!.billingType = 'per_mile';
    const monitoring = summarizeQuote(both)!.fees.find((f) => f.perVehicle)!;
    assert.deepEqual([monitoring.count, monitoring.totalCents], [2, 1000], 'two Pay-Per-Mile vehicles: $10.00');
  });

  test('a response that is not a quote gives null', () => {
    assert.equal(summarizeQuote(null), null);
    assert.equal(summarizeQuote({ policies: [] }), null);
    assert.equal(summarizeQuote({ policies: [{ policyNumber: 'x' }] }), null);
  });
});

describe('money', () => {
  test('2 decimals with $, per-mile rate to 3 decimals', () => {
    assert.equal(formatMoney(1041.2), '$1,041.20');
    assert.equal(formatPerMileRate(0.058), '$0.058');
    assert.equal(formatPerMileRate(0.1), '$0.100');
  });
});

describe('past effective date', () => {
  const today = { year: 2031, month: 3, day: 2 };
  test('before today has passed; today and later have not', () => {
    assert.equal(effectiveDatePassed('2031-03-01', today), true);
    assert.equal(effectiveDatePassed('2031-03-02', today), false);
    assert.equal(effectiveDatePassed('2031-04-01', today), false);
  });
  test('the request moved to today: effective today, expiring six months on, the rest kept', () => {
    const moved = requestForToday({ effectiveDate: '2031-02-10', expirationDate: '2031-08-10', ratedState: 'AZ' }, { year: 2031, month: 8, day: 31 });
    assert.deepEqual(moved, { effectiveDate: '2031-08-31', expirationDate: '2032-02-29', ratedState: 'AZ' });
  });
});

describe('saved-quote query', () => {
  test('email, dob and zipcode make a lookup (e-mail lower-cased)', () => {
    assert.deepEqual(readSavedQuoteQuery('?email=Ada%40Example.com&dob=1980-01-15&zipcode=85004'), {
      kind: 'lookup', body: { emailAddress: 'ada@example.com', dob: '1980-01-15', zip: '85004' },
    });
  });
  test('a birth date typed MM/DD/YYYY is read too', () => {
    assert.deepEqual(readSavedQuoteQuery('?email=a@b.co&dob=01/15/1980&zipcode=85004'), {
      kind: 'lookup', body: { emailAddress: 'a@b.co', dob: '1980-01-15', zip: '85004' },
    });
  });
  test("quote names the chosen quote (the account's lookup quotes); a malformed one finds nothing", () => {
    assert.deepEqual(readSavedQuoteQuery('?email=ada%40example.com&dob=1980-01-15&zipcode=85004&quote=Q-AZ-000123'), {
      kind: 'lookup', body: { emailAddress: 'ada@example.com', dob: '1980-01-15', zip: '85004', quoteNumber: 'Q-AZ-000123' },
    });
    assert.deepEqual(readSavedQuoteQuery('?email=ada%40example.com&dob=1980-01-15&zipcode=85004&quote=%3Cscript%3E'), { kind: 'lookup', body: null });
    assert.deepEqual(readSavedQuoteQuery('?email=ada%40example.com&dob=1980-01-15&zipcode=85004&quote='), {
      kind: 'lookup', body: { emailAddress: 'ada@example.com', dob: '1980-01-15', zip: '85004' },
    });
  });
  test('a part missing or malformed is a lookup with nothing to send', () => {
    assert.deepEqual(readSavedQuoteQuery('?email=a@b.co&dob=1980-01-15'), { kind: 'lookup', body: null });
    assert.deepEqual(readSavedQuoteQuery('?email=nope&dob=1980-01-15&zipcode=85004'), { kind: 'lookup', body: null });
  });
  test('retrieve is the e-mail link; nothing else is no saved quote', () => {
    assert.deepEqual(readSavedQuoteQuery('?retrieve=abc123'), { kind: 'link', token: 'abc123' });
    assert.equal(readSavedQuoteQuery('?state=TX&dealer=AZ01'), null);
    assert.equal(readSavedQuoteQuery(''), null);
  });
  test('the address without them keeps everything else', () => {
    assert.equal(
      withoutSavedQuoteParams('https://x.test/receive-a-quote?state=TX&email=a%40b.co&dob=1980-01-15&zipcode=85004#top'),
      '/receive-a-quote?state=TX#top',
    );
    assert.equal(withoutSavedQuoteParams('https://x.test/receive-a-quote?retrieve=abc'), '/receive-a-quote');
    assert.equal(withoutSavedQuoteParams('https://x.test/receive-a-quote?email=a%40b.co&dob=1980-01-15&zipcode=85004&quote=Q-1&utm=x'), '/receive-a-quote?utm=x');
    assert.equal(withoutSavedQuoteParams('https://x.test/receive-a-quote?state=TX'), null);
  });
});

describe('wizardWithSavedQuote', () => {
  test("keeps the quote's number past a change that clears the quote, so pricing it again names it (issue 11)", async () => {
    const { wizardWithSavedQuote } = await import('./saved-quote.ts');
    const { settle } = await import('../../quote/quote-lifecycle.ts');
    const opened = wizardWithSavedQuote(quoteFixture());
    assert.equal(opened.quoteNumber, 'Q-AZ-000123');
    const changed = settle(opened, { ...opened, coverage: { ...opened.coverage! } });
    assert.equal(changed.quoteResponse, null, 'a coverage change clears the quote');
    assert.equal(changed.quoteNumber, 'Q-AZ-000123', 'its number stays');
  });
});
