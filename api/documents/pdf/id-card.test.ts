import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { WRITING_STATES } from '../../../contract/index.ts';
import { fullName } from './format.ts';
import { idCardPdf } from './id-card.ts';
import { STATE_CARD_WORDING } from './state-card-wording.ts';
import { embeddedFontFiles, missingFrom, pdfFlatText, pdfText, SAMPLE_VEHICLES, sampleModel } from './testing.ts';

const FLORIDA_COVERAGES = [
  { name: 'Personal Injury Protection', limit: '$10,000', code: 'PIP' },
  { name: 'Property Damage Liability', limit: '$10,000', code: 'PD' },
];

/** The fonts a PDF embeds, without the suffix pdf-lib numbers them with ('NotoSans-Regular-1200'). */
async function baseFonts(bytes: Uint8Array): Promise<string[]> {
  const names = new Set<string>();
  for (const [, object] of (await PDFDocument.load(bytes)).context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype'))?.toString() !== '/Type0') continue;
    names.add(object.get(PDFName.of('BaseFont'))!.toString().replace(/^\/([A-Z]{6}\+)?(.*?)(-\d+)?$/, '$2'));
  }
  return [...names].sort();
}

describe('idCardPdf', () => {
  test('one card per vehicle with insurer, programme, policy number and period, named insured, vehicle and VIN', async (t) => {
    const model = sampleModel({ status: 'ISSUED', insurerNaicCode: '99999' });
    const start = performance.now();
    const bytes = await idCardPdf(model);
    t.diagnostic(`idCardPdf, first build in this process: ${(performance.now() - start).toFixed(1)} ms`);
    const text = await pdfFlatText(bytes);
    assert.deepEqual(
      missingFrom(text, [
        model.insurerName, 'NAIC 99999', model.programName, model.policyNumber, '03/03/2026', '09/03/2026',
        fullName(model.namedInsured), '2407 Lakeview Drive Austin, TX 78701',
        '2021 Porsche 911 Carrera S', '2019 Porsche 718 Boxster', ...model.vehicles.map((vehicle) => vehicle.vin),
        'Bodily Injury Liability: $50,000/$100,000', 'Property Damage Liability: $25,000',
        'Car 1 of 2', 'Car 2 of 2', 'Report a claim: 800-400-4128, extension 3',
      ]),
      [],
    );
    assert.doesNotMatch(text, /binder/i);
  });

  test('Texas cards carry the Texas title and the carry sentence', async () => {
    const text = await pdfFlatText(await idCardPdf(sampleModel({ ratedState: 'TX', status: 'ISSUED' })));
    assert.match(text, /Texas Liability Insurance Card/);
    assert.match(text, /This card must be carried in the insured vehicle for production upon demand\./);
  });

  test('Florida cards name Personal Injury Protection and Property Damage Liability with their limits', async () => {
    const model = sampleModel({ ratedState: 'FL', status: 'ISSUED', policyCoverages: FLORIDA_COVERAGES });
    const text = await pdfFlatText(await idCardPdf(model));
    assert.deepEqual(
      missingFrom(text, [
        'Florida Automobile Insurance Identification Card',
        'Florida Personal Injury Protection (PIP): $10,000',
        'Property Damage Liability (PDL): $10,000',
        'Fla. Stat. 316.646',
      ]),
      [],
    );
    assert.doesNotMatch(text, /Texas/);
  });

  test('a state without prescribed wording gets the generic card', async () => {
    const text = await pdfFlatText(await idCardPdf(sampleModel({ ratedState: 'AZ', status: 'ISSUED' })));
    assert.match(text, /Automobile Insurance Identification Card/);
    assert.match(text, /KEEP THIS CARD IN YOUR VEHICLE/);
  });

  test('every writing state has an entry in the wording table', () => {
    assert.deepEqual(Object.keys(STATE_CARD_WORDING).sort(), [...WRITING_STATES].sort());
  });

  test('the card of a bound policy says Binder, with the binder number, on both faces', async () => {
    const model = sampleModel({ status: 'BOUND' });
    const text = await pdfFlatText(await idCardPdf(model));
    assert.match(text, new RegExp(`BINDER ${model.binderNumber}`));
    assert.match(text, /Texas Liability Insurance Card \(Binder\)/);
    assert.match(text, new RegExp(`This binder is temporary evidence of insurance until policy ${model.policyNumber} is issued`));
  });

  test('four vehicles: four cards over two pages, every VIN whole', async () => {
    const model = sampleModel({ vehicles: [...SAMPLE_VEHICLES] });
    const pages = await pdfText(await idCardPdf(model));
    assert.equal(pages.length, 2);
    assert.deepEqual(missingFrom(pages.join('\n'), model.vehicles.map((vehicle) => vehicle.vin)), []);
    assert.match(pages[1]!, /Car 4 of 4/);
  });

  test('names print as typed, in any script the fonts cover: Chinese, Polish, Vietnamese', async () => {
    const model = sampleModel({ namedInsured: { firstName: '李', lastName: 'Łukasz Nguyễn' } });
    const pages = await pdfText(await idCardPdf(model));
    assert.ok(pages[0]!.split('\n').includes('Insured 李 Łukasz Nguyễn'), pages[0]);
    assert.match(await pdfFlatText(await idCardPdf(model)), /李 Łukasz Nguyễn/);
  });

  test('a card for a Latin name embeds no CJK font; one for a Chinese name embeds it, subset', async () => {
    const latin = await idCardPdf(sampleModel());
    const chinese = await idCardPdf(sampleModel({ namedInsured: { firstName: '李', lastName: 'Łukasz Nguyễn' } }));
    assert.deepEqual(await baseFonts(latin), ['NotoSans-Bold', 'NotoSans-Regular']);
    assert.deepEqual(await baseFonts(chinese), ['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansSC-Bold', 'NotoSansSC-Regular']);
    assert.ok(chinese.length < latin.length + 20_000, `${chinese.length} bytes against ${latin.length}`);
  });

  test("each document embeds the font files of its own glyphs: a name with other letters gets other files, and the first name's come back the same", async () => {
    // fonts.ts keeps each subset's font file by its list of glyphs: a file kept under the wrong list would
    // draw other letters than the text says
    const latin = await embeddedFontFiles(await idCardPdf(sampleModel()));
    const polish = await embeddedFontFiles(await idCardPdf(sampleModel({ namedInsured: { firstName: 'Zoë', lastName: 'Łukasz' } })));
    const again = await embeddedFontFiles(await idCardPdf(sampleModel()));
    assert.equal(latin.length, 2);
    assert.equal(polish.length, 2);
    // the name is drawn in the regular face alone: its file differs, the bold one is the same
    assert.equal(polish.filter((file, index) => !file.equals(latin[index]!)).length, 1, "the regular face's file is the Latin card's");
    again.forEach((file, index) => assert.ok(file.equals(latin[index]!), `font file ${index} changed`));
  });

  test('the same model gives the same bytes', async () => {
    assert.deepEqual(await idCardPdf(sampleModel()), await idCardPdf(sampleModel()));
  });
});
