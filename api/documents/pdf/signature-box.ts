/**
 * The signature area of the application: drawn empty at the foot of its last page when the application is
 * built, and filled in at that same place when it is signed. One fixed rectangle shared by both builders
 * is what lets the signed copy write into a PDF it did not lay out.
 */
import type { PDFPage } from 'pdf-lib';
import { formatInstant } from './format.ts';
import { COLOURS, CONTENT_WIDTH, drawLine, FOOTER_TOP, PAGE, sizeToFit, wrapText, type Fonts } from './layout.ts';
import type { SignatureRecord } from './model.ts';

export const SIGNATURE_BOX = { x: PAGE.margin, y: FOOTER_TOP + 16, width: CONTENT_WIDTH, height: 128 } as const;

const PAD = 14;
/** The signature line and the date line, side by side above the box's last line. */
const SIGNATURE_LINE = { x: SIGNATURE_BOX.x + PAD, y: SIGNATURE_BOX.y + 42, width: 300 } as const;
const DATE_LINE = { x: SIGNATURE_LINE.x + SIGNATURE_LINE.width + 24, y: SIGNATURE_LINE.y } as const;
const DATE_LINE_WIDTH = SIGNATURE_BOX.x + SIGNATURE_BOX.width - PAD - DATE_LINE.x;

function rule(page: PDFPage, x: number, y: number, width: number): void {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.75, color: COLOURS.ink });
}

/** The empty area: what signing means here, and the two lines signing fills. */
export function drawSignatureBox(page: PDFPage, fonts: Fonts, programName: string): void {
  const box = SIGNATURE_BOX;
  page.drawRectangle({ ...box, borderColor: COLOURS.line, borderWidth: 1 });
  page.drawRectangle({ x: box.x, y: box.y + box.height - 3, width: box.width, height: 3, color: COLOURS.accent });
  let y = box.y + box.height - PAD - 10;
  drawLine(page, 'Signature of the named insured', box.x + PAD, y, { font: fonts.bold, size: 10.5 });
  const explanation =
    `This application is signed electronically on ${programName}'s e-signature page: the named insured consents to do ` +
    'business electronically, types their full name and presses Sign. The name, the date and time of signing and an ' +
    'audit-trail page are then added to this document.';
  const textStyle = { font: fonts.regular, size: 8.5, color: COLOURS.muted };
  y -= 4;
  for (const line of wrapText(explanation, textStyle, box.width - 2 * PAD)) {
    y -= 11;
    drawLine(page, line, box.x + PAD, y, textStyle);
  }
  const labelStyle = { font: fonts.regular, size: 7, color: COLOURS.muted };
  rule(page, SIGNATURE_LINE.x, SIGNATURE_LINE.y, SIGNATURE_LINE.width);
  drawLine(page, 'Signature (signed electronically)', SIGNATURE_LINE.x, SIGNATURE_LINE.y - 10, labelStyle);
  rule(page, DATE_LINE.x, DATE_LINE.y, DATE_LINE_WIDTH);
  drawLine(page, 'Date and time (UTC)', DATE_LINE.x, DATE_LINE.y - 10, labelStyle);
}

/** Fills the area: the typed name as a conformed signature ('/s/ Name'), the time, and a statement of both. */
export function drawSignature(page: PDFPage, fonts: Fonts, signature: SignatureRecord): void {
  const when = formatInstant(signature.signedAt);
  const conformed = `/s/ ${signature.signerName}`;
  const nameSize = sizeToFit(conformed, fonts.bold, 12, SIGNATURE_LINE.width - 4);
  drawLine(page, conformed, SIGNATURE_LINE.x + 2, SIGNATURE_LINE.y + 5, { font: fonts.bold, size: nameSize });
  drawLine(page, when, DATE_LINE.x + 2, DATE_LINE.y + 5, { font: fonts.regular, size: 10 });
  const statement = `Electronically signed by ${signature.signerName} on ${when}. The audit trail follows this page.`;
  const statementSize = sizeToFit(statement, fonts.bold, 8, SIGNATURE_BOX.width - 2 * PAD);
  drawLine(page, statement, SIGNATURE_BOX.x + PAD, SIGNATURE_BOX.y + 11, {
    font: fonts.bold,
    size: statementSize,
    color: COLOURS.accent,
  });
}
