import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { applicationPdf } from './application.ts';
import { fullName } from './format.ts';
import { missingFrom, pdfFlatText, pdfText, SAMPLE_DRIVERS, SAMPLE_VEHICLES, sampleApplication } from './testing.ts';

describe('applicationPdf', () => {
  test('prints the answers, drivers, vehicles, coverages, rates, fees and the statements to attest', async (t) => {
    const model = sampleApplication();
    const start = performance.now();
    const bytes = await applicationPdf(model);
    t.diagnostic(`applicationPdf, first build in this process: ${(performance.now() - start).toFixed(1)} ms`);
    const text = await pdfFlatText(bytes);
    assert.deepEqual(
      missingFrom(text, [
        'Application for Insurance', model.policyNumber, fullName(model.namedInsured),
        ...model.answers.map((entry) => `${entry.question} ${entry.answer}`),
        ...model.drivers.map((driver) => fullName(driver.name)),
        ...model.vehicles.map((vehicle) => vehicle.vin),
        ...model.policyCoverages.map((coverage) => coverage.limit),
        'Comprehensive deductible $500 $250', '$61.40', '$0.072', 'Convenience fee', model.vehicles[1]!.lienholder!.name,
        model.rateTableVersion,
        ...model.declarations,
      ]),
      [],
    );
  });

  test('the last page ends with an empty signature area that says it is signed electronically', async () => {
    const pages = await pdfText(await applicationPdf(sampleApplication()));
    const last = pages.at(-1)!.replace(/\s+/g, ' ');
    assert.match(last, /Signature of the named insured/);
    assert.match(last, /This application is signed electronically/);
    assert.match(last, /Signature \(signed electronically\) Date and time \(UTC\)/);
    assert.doesNotMatch(last, /Electronically signed by/);
  });

  test('four vehicles and four drivers: every VIN and driver found, the signature area still on the last page', async () => {
    const model = sampleApplication({ vehicles: [...SAMPLE_VEHICLES], drivers: [...SAMPLE_DRIVERS] });
    const pages = await pdfText(await applicationPdf(model));
    const text = pages.join(' ').replace(/\s+/g, ' ');
    assert.deepEqual(
      missingFrom(text, [...model.vehicles.map((vehicle) => vehicle.vin), ...model.drivers.map((driver) => fullName(driver.name))]),
      [],
    );
    assert.match(pages.at(-1)!, /Signature of the named insured/);
    assert.equal(pages.filter((page) => page.includes('Signature of the named insured')).length, 1);
  });

  test('the same model gives the same bytes; a name prints as typed', async () => {
    assert.deepEqual(await applicationPdf(sampleApplication()), await applicationPdf(sampleApplication()));
    const odd = sampleApplication({ namedInsured: { firstName: 'Zoë', lastName: 'O’Brien-Łukasz' } });
    assert.match(await pdfFlatText(await applicationPdf(odd)), /Zoë O’Brien-Łukasz/);
  });
});
