/**
 * The insurance ID card (issue 8, item 1): one card per vehicle, as US insurers issue them, laid out on US
 * letter pages, as many to a page as fit (two, at the sizes below). A card is a front and a back side by
 * side: cut along the dashed outline, fold on the middle line, and it is a wallet card printed on one side
 * of the paper. Letter pages, not card-sized ones, because people print at home, where a card-sized page
 * is scaled to fit the paper or printed at an unpredictable place on it; the same PDF on a phone still
 * shows the whole card.
 *
 * The front carries what proof of insurance must show in the states we write (insurer, policy number and
 * period, named insured and address, the vehicle and its VIN, liability limits); the back carries the
 * state's wording (state-card-wording.ts) and how to reach us. A BOUND policy's card is a binder and says
 * so on both sides. Everything on the front is set in 10-point type or larger: Texas asks that of Side A of
 * its card (28 TAC 5.204(c)), and an officer reads the card at the roadside, at night, through a window.
 * Cards grow taller rather than smaller when an address or an insurer's name needs a second line.
 */
import type { PDFPage } from 'pdf-lib';
import { BRAND } from '../../../contract/index.ts';
import { addressLines, formatDay, fullName, vehicleTitle } from './format.ts';
import {
  COLOURS, CONTENT_WIDTH, drawLine, drawRightAligned, lineHeight, newDocument, PAGE, PageFlow, stampFooters, wrapText,
  type Fonts, type TextStyle,
} from './layout.ts';
import type { DocumentCoverage, DocumentVehicle, PolicyDocumentModel } from './model.ts';
import { footerText, pdfTitle, policyBand } from './sections.ts';
import { cardWording, type CardWording } from './state-card-wording.ts';

const TITLE = 'Insurance ID Card';
/** A face: half the content width (3.58 inches), at least 2.33 inches tall; a little larger than a credit card. */
const FACE_WIDTH = CONTENT_WIDTH / 2;
const MIN_FACE_HEIGHT = 168;
/** The back's last line, where the vehicle is garaged, is pinned to its foot below the measured lines. */
const FOOT_LINE_HEIGHT = 12;
const PAD = 10;
const INNER_WIDTH = FACE_WIDTH - 2 * PAD;
const STRIP_HEIGHT = 20;
/** The front's labels ('Policy', 'VIN') stand in a column of their own. */
const LABEL_WIDTH = 54;
const CARD_GAP = 16;
/** The smallest type on the front (see the file comment). */
const FRONT_TYPE = 10;

interface CardContext {
  model: PolicyDocumentModel;
  wording: CardWording;
  fonts: Fonts;
}

/** One line of a face, measured before anything is drawn, so every card of a document can share one height. */
interface CardLine {
  text: string;
  style: TextStyle;
  /** Shown in the label column of the line's first row. */
  label?: string;
  /** Extra space above the line. */
  gap?: number;
}

export async function idCardPdf(model: PolicyDocumentModel): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument({
    title: pdfTitle(model, TITLE),
    subject: `Insurance identification cards for policy ${model.policyNumber}`,
    programName: model.programName,
    createdAt: model.createdAt,
  }, model);
  const context: CardContext = { model, wording: cardWording(model.ratedState), fonts };
  const back = backLines(context);
  const cards = model.vehicles.map((vehicle) => frontLines(vehicle, context));
  const faceHeight = Math.max(MIN_FACE_HEIGHT, faceHeightOf(back) + FOOT_LINE_HEIGHT, ...cards.map(faceHeightOf));

  const flow = new PageFlow(doc, fonts, policyBand(model, TITLE));
  flow.paragraph(
    `${model.vehicles.length === 1 ? 'Your card' : `One card for each of your ${model.vehicles.length} vehicles`}. ` +
      'Cut along the dashed outline, fold on the middle line, and keep each card in its vehicle.',
  );
  flow.space(8);
  cards.forEach((front, index) => {
    if (flow.ensure(faceHeight)) flow.space(6);
    const top = flow.y;
    const left = PAGE.margin;
    drawFace(flow.page, left, top, front, context, frontStripRight(model));
    drawFace(flow.page, left + FACE_WIDTH, top, back, context, `Car ${index + 1} of ${cards.length}`);
    drawLine(flow.page, garagedLine(model), left + FACE_WIDTH + PAD, top - faceHeight + FOOT_LINE_HEIGHT - 4, {
      font: fonts.regular,
      size: 6.5,
      color: COLOURS.muted,
    });
    drawCutAndFoldLines(flow.page, top, faceHeight);
    flow.space(faceHeight + CARD_GAP);
  });
  stampFooters(fonts, doc.getPages(), footerText(model, TITLE));
  return doc.save();
}

function frontStripRight(model: PolicyDocumentModel): string {
  return model.status === 'BOUND' ? `BINDER ${model.binderNumber}` : model.ratedState;
}

function garagedLine(model: PolicyDocumentModel): string {
  return `Garaged in ${addressLines(model.garagingAddress)[1]} · rated state ${model.ratedState}`;
}

function faceHeightOf(lines: readonly CardLine[]): number {
  return STRIP_HEIGHT + 4 + PAD + lines.reduce((height, line) => height + (line.gap ?? 0) + lineHeight(line.style.size), 0);
}

/** `value` wrapped beside its label, or across the face when it has none. */
function cardLines(value: string, style: TextStyle, label?: string, gap?: number): CardLine[] {
  const width = label === undefined ? INNER_WIDTH : INNER_WIDTH - LABEL_WIDTH;
  // a wrapped value's further lines keep its indent, under the value rather than under the label
  return wrapText(value, style, width).map((text, index) => ({
    text,
    style,
    ...(label === undefined ? {} : { label: index === 0 ? label : '' }),
    ...(gap && index === 0 ? { gap } : {}),
  }));
}

/** The coverage whose spec code is `code`, on the policy or else on the vehicle. */
function coverageByCode(model: PolicyDocumentModel, vehicle: DocumentVehicle, code: string): DocumentCoverage | undefined {
  return [...model.policyCoverages, ...vehicle.coverages].find((coverage) => coverage.code === code);
}

/** What proof of insurance shows: insurer, policy and period, insured and address, vehicle and VIN, limits. */
function frontLines(vehicle: DocumentVehicle, { model, wording, fonts }: CardContext): CardLine[] {
  const regular = { font: fonts.regular, size: FRONT_TYPE };
  const bold = { font: fonts.bold, size: FRONT_TYPE };
  const title = model.status === 'BOUND' ? `${wording.title} (Binder)` : wording.title;
  const company = model.insurerNaicCode ? `${model.insurerName} (NAIC ${model.insurerNaicCode})` : model.insurerName;
  const limits = wording.coverages.flatMap((wanted) => {
    const coverage = coverageByCode(model, vehicle, wanted.code);
    return coverage ? [`${wanted.label}: ${coverage.limit}`] : [];
  });
  return [
    ...cardLines(title, { font: fonts.bold, size: 10.5 }),
    ...cardLines(company, regular, 'Company', 3),
    ...cardLines(model.policyNumber, bold, 'Policy'),
    ...cardLines(formatDay(model.effectiveDate), regular, 'Effective'),
    ...cardLines(formatDay(model.expirationDate), regular, 'Expires'),
    ...cardLines(fullName(model.namedInsured), regular, 'Insured'),
    ...addressLines(model.mailingAddress).flatMap((line) => cardLines(line, regular, '')),
    ...cardLines(`Car ${vehicle.carNumber}: ${vehicleTitle(vehicle)}`, regular, 'Vehicle'),
    ...cardLines(vehicle.vin, bold, 'VIN'),
    ...limits.flatMap((line, index) => cardLines(line, regular, undefined, index === 0 ? 3 : 0)),
  ];
}

/** The state's wording, how long a binder lasts, and whom to call: the same on every card of a policy. */
function backLines({ model, wording, fonts }: CardContext): CardLine[] {
  const text = { font: fonts.regular, size: 8 };
  const strong = { font: fonts.bold, size: 8 };
  const label = { font: fonts.bold, size: 6.5, color: COLOURS.muted };
  const [heading = '', ...sentences] = wording.notice;
  const binder = model.status === 'BOUND'
    ? cardLines(`This binder is temporary evidence of insurance until policy ${model.policyNumber} is issued.`, strong)
    : [];
  return [
    ...cardLines(heading, { font: fonts.bold, size: 9 }),
    ...sentences.flatMap((sentence) => cardLines(sentence, text)),
    ...binder,
    ...cardLines('ACCIDENT OR LOSS', label, undefined, 6),
    ...cardLines(`Report a claim: ${BRAND.phone}, extension ${BRAND.claimsExtension}`, text),
    ...cardLines('Exchange names, insurers and policy numbers with the other drivers.', text),
    ...cardLines('CUSTOMER CARE', label, undefined, 4),
    ...cardLines(`${BRAND.phone}, extension ${BRAND.generalExtension} · ${BRAND.email}`, text),
  ];
}

/** The coloured strip with the programme's name and `right`, then the face's lines from the top. */
function drawFace(page: PDFPage, x: number, top: number, lines: readonly CardLine[], context: CardContext, right: string): void {
  const { fonts, model } = context;
  page.drawRectangle({ x, y: top - STRIP_HEIGHT, width: FACE_WIDTH, height: STRIP_HEIGHT, color: COLOURS.accent });
  const stripStyle = { font: fonts.bold, size: FRONT_TYPE, color: COLOURS.accentInk };
  drawLine(page, model.programName, x + PAD, top - 14, stripStyle);
  drawRightAligned(page, right, x + FACE_WIDTH - PAD, top - 14, stripStyle);
  const labelStyle = { font: fonts.regular, size: FRONT_TYPE, color: COLOURS.muted };
  let y = top - STRIP_HEIGHT - 4;
  for (const line of lines) {
    y -= (line.gap ?? 0) + lineHeight(line.style.size);
    if (line.label) drawLine(page, line.label, x + PAD, y, labelStyle);
    drawLine(page, line.text, x + PAD + (line.label === undefined ? 0 : LABEL_WIDTH), y, line.style);
  }
}

function drawCutAndFoldLines(page: PDFPage, top: number, height: number): void {
  page.drawRectangle({
    x: PAGE.margin, y: top - height, width: 2 * FACE_WIDTH, height,
    borderColor: COLOURS.muted, borderWidth: 0.75, borderDashArray: [4, 3],
  });
  const foldX = PAGE.margin + FACE_WIDTH;
  page.drawLine({
    start: { x: foldX, y: top - height }, end: { x: foldX, y: top },
    thickness: 0.5, color: COLOURS.line, dashArray: [1, 2],
  });
}
