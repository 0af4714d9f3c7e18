import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { declarationsPdf } from './declarations.ts';
import { formatCents, fullName, oneLineAddress } from './format.ts';
import { missingFrom, pdfFlatText, pdfText, SAMPLE_DRIVERS, SAMPLE_VEHICLES, sampleModel } from './testing.ts';

describe('declarationsPdf', () => {
  test('prints the policy, the people, every vehicle, limit, rate and fee, the lienholder and the rate-table version', async (t) => {
    const model = sampleModel();
    const start = performance.now();
    const bytes = await declarationsPdf(model);
    t.diagnostic(`declarationsPdf, first build in this process: ${(performance.now() - start).toFixed(1)} ms`);
    const text = await pdfFlatText(bytes);
    const lienholder = model.vehicles[1]!.lienholder!;
    assert.deepEqual(
      missingFrom(text, [
        model.policyNumber, model.binderNumber, model.insurerName, model.programName,
        '03/03/2026 to 09/03/2026',
        fullName(model.namedInsured), model.emailAddress, '2407 Lakeview Drive', 'Austin, TX 78701',
        ...model.drivers.map((driver) => fullName(driver.name)), '06/14/1978', 'TX ****5678',
        ...model.vehicles.map((vehicle) => vehicle.vin), '2021 Porsche 911 Carrera S', '2019 Porsche 718 Boxster',
        '$128,500', '$58,900', 'Owned', 'Financed', 'Pay-Per-Mile', 'Unlimited',
        ...model.policyCoverages.flatMap((coverage) => [coverage.name, coverage.limit]),
        'Comprehensive deductible $500 $250', 'Collision deductible $1,000 $500', '$40 a day, $1,200 a loss',
        '$61.40', '$0.072', '$97.40 (estimated)', '$584.40', '$148.15', '$0.061', '$222.37', '$1,334.22', 'All vehicles $319.77 $1,918.62',
        ...model.fees.flatMap((fee) => [fee.name, `${formatCents(fee.cents)} per ${fee.per}`]),
        'Monthly installments', '$334.77', '$1,918.62',
        lienholder.name, oneLineAddress(lienholder),
        model.rateTableVersion, 'Document date 03/02/2026',
      ]),
      [],
    );
  });

  test('a bound policy reads as a binder; an issued one does not', async () => {
    assert.match(await pdfFlatText(await declarationsPdf(sampleModel())), /BINDER PPMB-3QF8-T2NA: temporary evidence of insurance/);
    const issued = await pdfFlatText(await declarationsPdf(sampleModel({ status: 'ISSUED' })));
    assert.doesNotMatch(issued, /temporary evidence/);
    assert.match(issued, /STATUS Issued/);
  });

  test('four vehicles and four drivers run over several pages and nothing is cut off', async () => {
    const model = sampleModel({ vehicles: [...SAMPLE_VEHICLES], drivers: [...SAMPLE_DRIVERS] });
    const pages = await pdfText(await declarationsPdf(model));
    assert.ok(pages.length > 1, `${pages.length} page(s)`);
    pages.forEach((page, index) => assert.match(page, new RegExp(`Page ${index + 1} of ${pages.length}`)));
    const text = pages.join(' ').replace(/\s+/g, ' ');
    assert.deepEqual(
      missingFrom(text, [
        ...model.vehicles.map((vehicle) => vehicle.vin),
        ...model.drivers.map((driver) => fullName(driver.name)),
        ...model.vehicles.flatMap((vehicle) => vehicle.lienholder ? [vehicle.lienholder.name] : []),
        'Not stated', 'Not carried', '$0.065', '$0.058', model.rateTableVersion,
      ]),
      [],
    );
    // every page but the first opens under the band with the rest of the document, never an empty page
    for (const page of pages.slice(1)) assert.ok(page.split('\n').length > 8, page);
  });

  test('names print as typed, in any script the fonts cover: Chinese, Polish, Vietnamese', async () => {
    const model = sampleModel({ namedInsured: { firstName: '李', lastName: 'Łukasz Nguyễn' } });
    const text = (await pdfText(await declarationsPdf(model))).join('\n');
    assert.ok(text.split('\n').includes('李 Łukasz Nguyễn'), text);
    const emoji = await pdfFlatText(await declarationsPdf(sampleModel({ namedInsured: { firstName: 'Zoë 🚗', lastName: 'O’Brien' } })));
    assert.match(emoji, /Zoë \? O’Brien/, 'what no font has prints as ?, never an error');
  });

  test('the same model gives the same bytes, dated and titled from the model', async () => {
    const model = sampleModel();
    const first = await declarationsPdf(model);
    assert.deepEqual(await declarationsPdf(sampleModel()), first);
    const info = await PDFDocument.load(first, { updateMetadata: false });
    assert.equal(info.getCreationDate()?.toISOString(), model.createdAt.toISOString());
    assert.equal(info.getModificationDate()?.toISOString(), model.createdAt.toISOString());
    assert.equal(info.getTitle(), `${model.programName} Declarations Page, policy ${model.policyNumber}`);
    assert.equal(info.getProducer(), `${model.programName} documents (pdf-lib)`);
    const later = await declarationsPdf(sampleModel({ createdAt: new Date('2026-03-09T10:00:00Z') }));
    assert.notDeepEqual(later, first);
  });
});
