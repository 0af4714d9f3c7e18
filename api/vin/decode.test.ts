import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hasValidCheckDigit } from '../../contract/index.ts';
import { porscheVin, withCheckDigit, yearCode } from './build-vin.ts';
import { decodeVin, modelYearOf } from './decode.ts';
import { MODEL_LINES, TYPE_NUMBERS } from './porsche.ts';

const NOW = new Date('2026-03-02T10:00:00Z');

describe('decodeVin: one VIN per model line and body, built to the rules', () => {
  // [type number, model year, position 4, WMI, expected model, expected body]
  const cases = [
    ['911', 1985, 'A', 'WP0', '911', 'Coupe'],
    ['930', 1988, 'J', 'WP0', '911', 'Coupe'],
    ['964', 1991, 'B', 'WP0', '911', 'Targa'],
    ['993', 1996, 'C', 'WP0', '911', 'Cabriolet'],
    ['996', 2002, 'A', 'WP0', '911', 'Coupe'],
    ['997', 2008, 'K', 'WP0', '911', 'Cabriolet'],
    ['991', 2014, 'B', 'WP0', '911', 'Targa'],
    ['992', 2021, 'A', 'WP0', '911', 'Coupe'],
    ['924', 1987, 'A', 'WP0', '924', 'Coupe'],
    ['928', 1990, 'A', 'WP0', '928', 'Coupe'],
    ['944', 1987, 'A', 'WP0', '944', 'Coupe'],
    ['944', 1990, 'C', 'WP0', '944', 'Cabriolet'],
    ['951', 1988, 'A', 'WP0', '944', 'Coupe'],
    ['968', 1993, 'C', 'WP0', '968', 'Cabriolet'],
    ['968', 1994, 'A', 'WP0', '968', 'Coupe'],
    ['959', 1988, 'A', 'WP0', '959', 'Coupe'],
    ['986', 2001, 'C', 'WP0', 'Boxster', 'Roadster'],
    ['987', 2007, 'A', 'WP0', 'Cayman', 'Coupe'],
    ['987', 2010, 'C', 'WP0', 'Boxster', 'Roadster'],
    ['981', 2014, 'A', 'WP0', 'Cayman', 'Coupe'],
    ['982', 2019, 'C', 'WP0', 'Boxster', 'Roadster'],
    ['980', 2005, 'C', 'WP0', 'Carrera GT', 'Roadster'],
    ['918', 2015, 'C', 'WP0', '918 Spyder', 'Roadster'],
    ['970', 2012, 'A', 'WP0', 'Panamera', 'Sedan'],
    ['971', 2019, 'C', 'WP0', 'Panamera', 'Sport Turismo'],
    ['Y1A', 2021, 'A', 'WP0', 'Taycan', 'Sedan'],
    ['Y1A', 2022, 'B', 'WP0', 'Taycan', 'Cross Turismo'],
    ['9PA', 2005, 'A', 'WP1', 'Cayenne', 'SUV'],
    ['9PA', 2010, 'A', 'WP1', 'Cayenne', 'SUV'],
    ['92A', 2015, 'A', 'WP1', 'Cayenne', 'SUV'],
    ['9YA', 2020, 'A', 'WP1', 'Cayenne', 'SUV'],
    ['9YA', 2021, 'B', 'WP1', 'Cayenne', 'Coupe'],
    ['95B', 2017, 'A', 'WP1', 'Macan', 'SUV'],
  ] as const;

  for (const [type, year, body, wmi, model, bodyStyle] of cases) {
    test(`${type} ${year} body ${body} is a ${year} ${model} ${bodyStyle}`, () => {
      const vin = porscheVin({ type, year, body, wmi });
      assert.equal(hasValidCheckDigit(vin), true);
      assert.deepEqual(decodeVin(vin, NOW), { kind: 'porsche', year, make: 'Porsche', model, bodyStyle, typeNumber: type });
    });
  }

  test('every model line is covered by the table above', () => {
    assert.deepEqual(new Set(cases.map((c) => c[4])), new Set(MODEL_LINES));
  });

  test('every type number and body letter of the table decodes in its first and last model year', () => {
    for (const [type, entry] of Object.entries(TYPE_NUMBERS)) {
      for (const [body, [model, bodyStyle]] of Object.entries(entry.bodies)) {
        for (const year of [entry.from, entry.to ?? NOW.getFullYear()]) {
          const decoded = decodeVin(porscheVin({ type, year, body, wmi: entry.wmi }), NOW);
          assert.deepEqual(decoded, { kind: 'porsche', year, make: 'Porsche', model, bodyStyle, typeNumber: type }, `${type} ${body} ${year}`);
        }
      }
    }
  });
});

describe('model year (position 10, cycle told by position 7)', () => {
  test('J is 1988 with a digit at position 7 and 2018 with a letter there', () => {
    const classic = porscheVin({ type: '928', year: 1988, body: 'A' });
    const modern = porscheVin({ type: '991', year: 2018, body: 'A' });
    assert.equal(classic[6], '9');
    assert.equal(modern[6], 'A');
    assert.equal(classic[9], 'J');
    assert.equal(modern[9], 'J');
    assert.equal(modelYearOf(classic), 1988);
    assert.equal(modelYearOf(modern), 2018);
  });

  test('digits 1-9 are 2001-2009 and, after a letter at position 7, 2031-2039', () => {
    assert.equal(modelYearOf('WP0AA2991' + '1S123456'), 2001);
    assert.equal(modelYearOf('WP0AA2A91' + '9S123456'), 2039);
    assert.equal(yearCode(2000), 'Y');
    assert.equal(yearCode(2010), 'A');
  });

  test('a position 10 that is no year code (U, Z, 0) makes the VIN invalid even with a right check digit', () => {
    for (const code of ['U', 'Z', '0']) {
      const vin = withCheckDigit(`WP0AA2A90${code}S112345`);
      assert.deepEqual(decodeVin(vin, NOW), { kind: 'invalid', reason: 'model-year' }, code);
    }
  });
});

describe('what is not a Porsche we can name', () => {
  test('a wrong check digit is an invalid VIN', () => {
    const vin = porscheVin({ type: '992', year: 2021, body: 'A' });
    const wrong = `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;
    assert.deepEqual(decodeVin(wrong, NOW), { kind: 'invalid', reason: 'check-digit' });
  });

  test('a rest-of-world VIN (ZZZ and Z at position 9) fails the check digit: the programme insures US vehicles', () => {
    assert.deepEqual(decodeVin('WP0ZZZ99Z5S731234', NOW), { kind: 'invalid', reason: 'check-digit' });
  });

  test('I, O, Q and wrong lengths are not VINs', () => {
    for (const bad of ['WP0AA2A9OMS123456', 'WP0AA2A9IMS123456', 'WP0AA2A9QMS123456', 'WP0AA2A9MS12345', 'WP0AA2A91MS1234567']) {
      assert.deepEqual(decodeVin(bad, NOW), { kind: 'invalid', reason: 'format' }, bad);
    }
  });

  test('valid VINs of other makers name the maker when its WMI is known', () => {
    assert.deepEqual(decodeVin(withCheckDigit('WBA3A5C50DF123456'), NOW), { kind: 'other-maker', wmi: 'WBA', maker: 'BMW', year: 2013 });
    assert.deepEqual(decodeVin(withCheckDigit('1G1YY2D70H5100001'), NOW), {
      kind: 'other-maker', wmi: '1G1', maker: 'Chevrolet', year: 2017,
    });
    assert.deepEqual(decodeVin(withCheckDigit('9BWAAAU70EP000001'), NOW), { kind: 'other-maker', wmi: '9BW', maker: undefined, year: 2014 });
  });

  test('a marque VIN with an unknown type, body letter or model year cannot be located', () => {
    assert.deepEqual(decodeVin(porscheVin({ type: '123', year: 2015, body: 'A' }), NOW), { kind: 'unknown', reason: 'type' });
    // a Cayenne type under the passenger-car WMI
    assert.deepEqual(decodeVin(porscheVin({ type: '92A', year: 2015, body: 'A', wmi: 'WP0' }), NOW), { kind: 'unknown', reason: 'type' });
    // the 986 was never a coupe (the Cayman came with the 987)
    assert.deepEqual(decodeVin(porscheVin({ type: '986', year: 2001, body: 'A' }), NOW), { kind: 'unknown', reason: 'body' });
    assert.deepEqual(decodeVin(porscheVin({ type: '992', year: 2021, body: 'Z' }), NOW), { kind: 'unknown', reason: 'body' });
    // a 991 of model year 2008, and a 992 of a model year not on sale yet
    assert.deepEqual(decodeVin(porscheVin({ type: '991', year: 2008, body: 'A' }), NOW), { kind: 'unknown', reason: 'year' });
    assert.deepEqual(decodeVin(porscheVin({ type: '992', year: 2030, body: 'A' }), NOW), { kind: 'unknown', reason: 'year' });
    assert.equal(decodeVin(porscheVin({ type: '992', year: 2028, body: 'A' }), NOW).kind, 'porsche');
  });
});
