/**
 * For tests and the bench: a policy to print (two vehicles, one Pay-Per-Mile and owned, one Unlimited and
 * financed with a lienholder; two drivers; marque VINs with correct check digits from api/vin/build-vin.ts),
 * the text of a PDF read back by pdfjs-dist, the way a reader's text layer sees it, and whether the glyphs of
 * its fonts can be drawn (brokenGlyphs). Not used by the service. The insurer is plainly fictional, as are the
 * lienholders' addresses (typed by a buyer: contract FINANCING_COMPANIES prefills no address it does not hold
 * as a fact).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { BRAND, FINANCING_COMPANIES } from '../../../contract/index.ts';
import { porscheVin } from '../../vin/build-vin.ts';
import type { ApplicationModel, DocumentDriver, DocumentVehicle, PolicyDocumentModel, SignatureRecord } from './model.ts';

// pdfjs reads the metrics of the standard fonts from its own package when a PDF does not embed them
const STANDARD_FONT_DATA = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

interface PositionedText {
  str: string;
  transform: number[];
  width: number;
}

/**
 * The text of each page: items on one baseline joined by a space, one line per baseline. An item that
 * starts where the one before it ends (a run in the CJK fallback font beside one in Noto Sans: '李' and
 * ' Łukasz') continues it, as a reader sees one word.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  // pdfjs takes ownership of the buffer it is given; a copy leaves the caller's bytes intact
  const loading = getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONT_DATA, verbosity: 0 });
  try {
    const pdf = await loading.promise;
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const items: PositionedText[] = [];
      for (const item of content.items) if ('str' in item && item.str !== '') items.push(item);
      pages.push(joinLines(items));
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}

/** All pages as one line, whitespace runs made one space: a phrase is found even where a line wraps it. */
export async function pdfFlatText(bytes: Uint8Array): Promise<string> {
  return (await pdfText(bytes)).join(' ').replace(/\s+/g, ' ');
}

/** Which of `expected` the text lacks: `assert.deepEqual(missingFrom(text, [...]), [])` names what is missing. */
export function missingFrom(text: string, expected: readonly string[]): string[] {
  return expected.filter((phrase) => !text.includes(phrase));
}

function joinLines(items: readonly PositionedText[]): string {
  let text = '';
  let baseline: number | null = null;
  let end = Number.NaN;
  for (const item of items) {
    const [x, y] = [item.transform[4]!, item.transform[5]!];
    if (baseline !== null) {
      const sameLine = Math.abs(y - baseline) < 1;
      if (!sameLine) text += '\n';
      else if (Math.abs(x - end) > 0.5) text += ' ';
    }
    text += item.str;
    baseline = y;
    end = x + item.width;
  }
  return text;
}

/** Four distinct marque vehicles; the sample policy has the first two. */
export const SAMPLE_VEHICLES: readonly DocumentVehicle[] = [
  {
    carNumber: 1, year: 2021, make: 'Porsche', model: '911 Carrera S', bodyStyle: 'Coupe',
    vin: porscheVin({ type: '992', year: 2021, body: 'A' }),
    statedValueDollars: 128_500, financing: 'OWN', billingType: 'per_mile', baseRateDollars: 61.4, perMileRateDollars: 0.072,
    monthlyChargeCents: 9_740, termPremiumCents: 58_440, // 500 miles a month
    coverages: [
      { name: 'Comprehensive deductible', limit: '$500', code: 'COMP' },
      { name: 'Collision deductible', limit: '$1,000', code: 'COLL' },
      { name: 'Rental reimbursement', limit: '$40 a day, $1,200 a loss', code: 'RENT' },
    ],
    lienholder: null,
  },
  {
    carNumber: 2, year: 2019, make: 'Porsche', model: '718 Boxster', bodyStyle: 'Cabriolet',
    vin: porscheVin({ type: '982', year: 2019, body: 'C', serial: '60713' }),
    statedValueDollars: 58_900, financing: 'FINANCE', billingType: 'capped', baseRateDollars: 148.15, perMileRateDollars: 0.061,
    monthlyChargeCents: 22_237, termPremiumCents: 133_422, // about 6 x 148.15 + 0.061 x 7,300 miles
    coverages: [
      { name: 'Comprehensive deductible', limit: '$250', code: 'COMP' },
      { name: 'Collision deductible', limit: '$500', code: 'COLL' },
      { name: 'Rental reimbursement', limit: 'Not carried', code: 'RENT' },
    ],
    lienholder: {
      name: FINANCING_COMPANIES.PFS.name,
      street: '200 W Washington St',
      city: 'Phoenix',
      state: 'AZ',
      zip: '85003',
    },
  },
  {
    carNumber: 3, year: 2014, make: 'Porsche', model: '911 Targa 4S', bodyStyle: 'Targa',
    vin: porscheVin({ type: '991', year: 2014, body: 'B', serial: '40388' }),
    statedValueDollars: 96_000, financing: 'LEASE', billingType: 'per_mile', baseRateDollars: 52.9, perMileRateDollars: 0.065,
    monthlyChargeCents: 7_890, termPremiumCents: 47_340,
    coverages: [
      { name: 'Comprehensive deductible', limit: '$1,000', code: 'COMP' },
      { name: 'Collision deductible', limit: '$1,000', code: 'COLL' },
    ],
    lienholder: {
      name: FINANCING_COMPANIES.PLL.name,
      street: '1 Lease Plaza',
      city: 'Scottsdale',
      state: 'AZ',
      zip: '85251',
    },
  },
  {
    carNumber: 4, year: 2020, make: 'Porsche', model: 'Cayenne', bodyStyle: 'Sport Utility',
    vin: porscheVin({ type: '9YA', year: 2020, body: 'A', wmi: 'WP1', plant: 'L', serial: '82214' }),
    statedValueDollars: null, financing: 'OWN', billingType: 'per_mile', baseRateDollars: 44.75, perMileRateDollars: 0.058,
    monthlyChargeCents: 6_215, termPremiumCents: 37_290,
    coverages: [{ name: 'Comprehensive deductible', limit: '$500', code: 'COMP' }],
    lienholder: null,
  },
];

/** Four drivers of one household; the sample policy has the first two. */
export const SAMPLE_DRIVERS: readonly DocumentDriver[] = [
  {
    driverNumber: 1, name: { firstName: 'Dana', middleName: 'K.', lastName: 'Whitaker' }, dob: '1978-06-14',
    relation: 'INSURED', licenseState: 'TX', licenseNumberLast4: '5678',
  },
  {
    driverNumber: 2, name: { firstName: 'Alex', lastName: 'Whitaker' }, dob: '1980-11-02',
    relation: 'SPOUSE', licenseState: 'TX', licenseNumberLast4: '9012',
  },
  {
    driverNumber: 3, name: { firstName: 'Jordan', lastName: 'Whitaker', suffix: 'Jr.' }, dob: '2004-01-30',
    relation: 'CHILD', licenseState: 'TX', licenseNumberLast4: '3456',
  },
  {
    driverNumber: 4, name: { firstName: 'Morgan', lastName: 'Ellery' }, dob: '1955-09-09',
    relation: 'OTHER', licenseState: null, licenseNumberLast4: null,
  },
];

/** A Texas policy, bound, paid monthly; `overrides` replace whole fields. */
export function sampleModel(overrides: Partial<PolicyDocumentModel> = {}): PolicyDocumentModel {
  return {
    insurerName: 'Example Casualty Insurance Company',
    programName: BRAND.productName,
    policyNumber: 'PPMP-7KD2-XW9M',
    binderNumber: 'PPMB-3QF8-T2NA',
    status: 'BOUND',
    statusSince: new Date('2026-03-02T15:04:05.000Z'),
    effectiveDate: '2026-03-03',
    expirationDate: '2026-09-03',
    namedInsured: SAMPLE_DRIVERS[0]!.name,
    emailAddress: 'dana.whitaker@example.com',
    mailingAddress: { street: '2407 Lakeview Drive', city: 'Austin', state: 'TX', zip: '78701' },
    garagingAddress: { street: '2407 Lakeview Drive', city: 'Austin', state: 'TX', zip: '78701' },
    ratedState: 'TX',
    drivers: SAMPLE_DRIVERS.slice(0, 2),
    vehicles: SAMPLE_VEHICLES.slice(0, 2),
    policyCoverages: [
      { name: 'Bodily Injury Liability', limit: '$50,000/$100,000', code: 'BI' },
      { name: 'Property Damage Liability', limit: '$25,000', code: 'PD' },
      { name: 'Uninsured/Underinsured Motorist Bodily Injury', limit: '$50,000/$100,000', code: 'UMBI' },
      { name: 'Uninsured/Underinsured Motorist Property Damage', limit: '$25,000', code: 'UMPD' },
      { name: 'Personal Injury Protection', limit: '$2,500', code: 'PIP' },
    ],
    fees: [
      { name: 'Monthly policy fee', cents: 500, per: 'month' },
      { name: 'Mileage monitoring fee (car 1)', cents: 500, per: 'month' },
      { name: 'Convenience fee', cents: 500, per: 'payment' },
    ],
    billing: {
      frequency: 'monthly',
      payPlan: 1,
      // the two vehicles' charges plus the fees
      downPaymentCents: 33_477,
      estimatedMonthlyPaymentCents: 33_477,
      estimatedTotalWrittenCents: 191_862,
    },
    rateTableVersion: 'TX-2025-01-01.1',
    createdAt: new Date('2026-03-02T15:04:05.000Z'),
    ...overrides,
  };
}

/** The sample policy as an application to sign: the wizard's answers and the statements attested. */
export function sampleApplication(overrides: Partial<ApplicationModel> = {}): ApplicationModel {
  return {
    ...sampleModel(),
    answers: [
      { question: 'How did you hear about us?', answer: BRAND.club },
      { question: `Member of the ${BRAND.club}`, answer: 'Yes' },
      { question: 'Home owner', answer: 'Yes' },
      { question: 'Currently insured', answer: 'Yes, for 3 years or more' },
      { question: 'Prior bodily injury limit', answer: '$100,000/$300,000' },
      { question: 'Prior policy expiration date', answer: '03/02/2026' },
      { question: 'Car 1 annual miles', answer: '6,000' },
      { question: 'Car 1 prior damage', answer: 'No' },
      { question: 'Car 2 annual miles', answer: '15,000' },
      { question: 'Car 2 prior damage', answer: 'No' },
      { question: 'Driver 1 violations or accidents in the last 3 years', answer: 'None' },
      { question: 'Driver 2 violations or accidents in the last 3 years', answer: 'None' },
      { question: 'Policy effective date', answer: '03/03/2026' },
    ],
    declarations: [
      'The answers in this application are true and complete to the best of my knowledge.',
      'Every member of my household of driving age and every regular driver of the vehicles is listed above.',
      'The vehicles are kept at the garaging address and are not used to carry people or goods for a fee, for ' +
        'ride-share or for delivery.',
      'For each Pay-Per-Mile vehicle, I will send a photo of its odometer when asked each billing period.',
      'I understand that false or misleading answers may void the policy or lead to a claim being denied.',
    ],
    ...overrides,
  };
}

/** A signature as the e-sign page records it, for the application bytes hashed by the caller. */
export function sampleSignature(documentSha256: string, overrides: Partial<SignatureRecord> = {}): SignatureRecord {
  return {
    signerName: 'Dana K. Whitaker',
    signedAt: new Date('2026-03-02T16:20:31.000Z'),
    documentSha256,
    ipAddress: '198.51.100.23',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/18.3 Mobile/15E148 Safari/604.1',
    consentText:
      'I agree to do business electronically: to receive, read and sign my application and policy documents ' +
      'electronically, and to receive notices by e-mail. I can ask for paper copies at no charge and withdraw ' +
      'this consent at any time.',
    consentedAt: new Date('2026-03-02T16:19:58.000Z'),
    ...overrides,
  };
}

/**
 * What is wrong with the glyphs of each TrueType font program `bytes` embeds (FontFile2), read the way a
 * rasteriser reads them: `loca` gives each glyph's bytes, and each must hold a whole outline, its header,
 * contour ends, instructions, flags and coordinates, within its length. FreeType (poppler, MuPDF, Chrome's
 * PDFium) draws a glyph that fails this as nothing. Empty when every glyph is whole.
 */
export async function brokenGlyphs(bytes: Uint8Array): Promise<string[]> {
  return (await embeddedFontFiles(bytes)).flatMap((file, index) => brokenGlyphsOfFont(file).map((problem) => `font file ${index + 1}: ${problem}`));
}

/** The font files (FontFile2) a PDF embeds, inflated, in the order pdf-lib wrote them. */
export async function embeddedFontFiles(bytes: Uint8Array): Promise<Buffer[]> {
  const doc = await PDFDocument.load(bytes);
  const files: Buffer[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type'))?.toString() !== '/FontDescriptor') continue;
    const file = doc.context.lookup(object.get(PDFName.of('FontFile2')));
    if (file instanceof PDFRawStream) files.push(inflateSync(file.contents));
  }
  return files;
}

/** brokenGlyphs of one TrueType font file. */
export function brokenGlyphsOfFont(font: Buffer): string[] {
  const tables = new Map<string, { offset: number; length: number }>();
  for (let entry = 0; entry < font.readUInt16BE(4); entry += 1) {
    const at = 12 + entry * 16;
    tables.set(font.toString('latin1', at, at + 4), { offset: font.readUInt32BE(at + 8), length: font.readUInt32BE(at + 12) });
  }
  const [head, maxp, loca, glyf] = ['head', 'maxp', 'loca', 'glyf'].map((tag) => tables.get(tag));
  if (!head || !maxp || !loca || !glyf) return ['head, maxp, loca or glyf missing'];
  const longOffsets = font.readInt16BE(head.offset + 50) === 1;
  const offsetOf = (glyph: number) => (longOffsets ? font.readUInt32BE(loca.offset + glyph * 4) : font.readUInt16BE(loca.offset + glyph * 2) * 2);
  const problems: string[] = [];
  for (let glyph = 0; glyph < font.readUInt16BE(maxp.offset + 4); glyph += 1) {
    const start = offsetOf(glyph);
    const end = offsetOf(glyph + 1);
    if (end < start || end > glyf.length) problems.push(`glyph ${glyph}: its bytes ${start} to ${end} are not in glyf (${glyf.length} bytes)`);
    else if (end > start) {
      const problem = outlineProblem(font.subarray(glyf.offset + start, glyf.offset + end));
      if (problem) problems.push(`glyph ${glyph}: ${problem}`);
    }
  }
  return problems;
}

/** Why one glyph's bytes are not a whole outline, or null (a composite glyph: its header alone is read). */
function outlineProblem(glyph: Buffer): string | null {
  if (glyph.length < 10) return `${glyph.length} bytes, less than a glyph header`;
  const contours = glyph.readInt16BE(0);
  const [xMin, yMin, xMax, yMax] = [2, 4, 6, 8].map((at) => glyph.readInt16BE(at)) as [number, number, number, number];
  if (xMin > xMax || yMin > yMax) return `its box ${xMin},${yMin} to ${xMax},${yMax} is upside down`;
  if (contours < 0) return contours === -1 ? null : `${contours} contours`;
  let at = 10 + contours * 2;
  if (at + 2 > glyph.length) return `${contours} contours do not fit in ${glyph.length} bytes`;
  const points = contours === 0 ? 0 : glyph.readUInt16BE(at - 2) + 1;
  at += 2 + glyph.readUInt16BE(at);
  let coordinateBytes = 0;
  for (let point = 0; point < points; ) {
    if (at >= glyph.length) return `its flags run past its ${glyph.length} bytes`;
    const flag = glyph[at++]!;
    let times = 1;
    if (flag & 0x08) {
      if (at >= glyph.length) return `its flags run past its ${glyph.length} bytes`;
      times += glyph[at++]!;
    }
    const x = flag & 0x02 ? 1 : flag & 0x10 ? 0 : 2;
    const y = flag & 0x04 ? 1 : flag & 0x20 ? 0 : 2;
    coordinateBytes += (x + y) * times;
    point += times;
  }
  return at + coordinateBytes > glyph.length ? `its ${points} points need ${at + coordinateBytes} bytes, it has ${glyph.length}` : null;
}
