/**
 * The page furniture every document shares, and a flow that lays blocks down a US letter page and starts
 * a new page when the next block does not fit: a header band with the programme's name on every page,
 * headings, label-and-value grids, paragraphs, numbered statements and tables whose cells wrap and whose
 * header row is repeated after a page break. Footers ('Page n of m') are stamped once every page exists.
 *
 * All text is measured and drawn through a Face (fonts.ts), which prints it in Noto Sans with the CJK
 * fallback where needed, so no builder can hand a font a character it cannot draw.
 */
import { PDFDocument, rgb, type Color, type PDFPage } from 'pdf-lib';
import { BRAND } from '../../../contract/index.ts';
import { embedFonts, type Face, type Fonts } from './fonts.ts';

export { embedFonts, type Face, type Fonts } from './fonts.ts';

/** US letter in points, with a margin most printers can reach. */
export const PAGE = { width: 612, height: 792, margin: 48 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BAND_HEIGHT = 58;
/** The footer's rule; nothing of the flow goes below it. */
export const FOOTER_TOP = 44;
/** Leading as a multiple of the type size. */
const LEADING = 1.3;

function hexColour(hex: string): Color {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

export const COLOURS = {
  ink: hexColour(BRAND.colours.ink),
  muted: hexColour(BRAND.colours.muted),
  line: hexColour(BRAND.colours.line),
  accent: hexColour(BRAND.colours.accent),
  accentInk: hexColour(BRAND.colours.accentInk),
  /** Table headers and notices: a tint light enough to print on any printer. */
  wash: rgb(0.955, 0.96, 0.965),
  tint: rgb(0.985, 0.94, 0.94),
  white: rgb(1, 1, 1),
} as const;

export interface DocumentInfo {
  title: string;
  subject: string;
  programName: string;
  createdAt: Date;
}

/**
 * A new document whose information dictionary comes from the data alone: pdf-lib would otherwise write the
 * time of the run into it, and two runs over the same policy would differ. `data` (the model) tells
 * whether the document needs the CJK fallback font.
 */
export async function newDocument(info: DocumentInfo, data: unknown): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(info.title, { showInWindowTitleBar: true });
  doc.setSubject(info.subject);
  doc.setAuthor(info.programName);
  doc.setCreator(info.programName);
  doc.setProducer(`${info.programName} documents (pdf-lib)`);
  doc.setLanguage('en-US');
  doc.setCreationDate(info.createdAt);
  doc.setModificationDate(info.createdAt);
  return { doc, fonts: await embedFonts(doc, JSON.stringify(data)) };
}

export interface TextStyle {
  font: Face;
  size: number;
  color?: Color;
}

export function lineHeight(size: number): number {
  return size * LEADING;
}

function textWidth(text: string, style: TextStyle): number {
  return style.font.widthOfTextAtSize(text, style.size);
}

/** The type size, at most `maxSize`, at which `text` fits `width` on one line (a long name on a signature line). */
export function sizeToFit(text: string, font: Face, maxSize: number, width: number): number {
  const widthAtMax = font.widthOfTextAtSize(text, maxSize);
  return widthAtMax <= width ? maxSize : (maxSize * width) / widthAtMax;
}

/** One line of text; `y` is its baseline. */
export function drawLine(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void {
  style.font.draw(page, text, x, y, style.size, style.color ?? COLOURS.ink);
}

export function drawRightAligned(page: PDFPage, text: string, right: number, y: number, style: TextStyle): void {
  drawLine(page, text, right - textWidth(text, style), y, style);
}

/** A word too long for the width (a VIN in a narrow cell) is cut where it must, never lost past the edge. */
function breakWord(word: string, style: TextStyle, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && style.font.widthOfTextAtSize(piece + char, style.size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  return piece === '' ? pieces : [...pieces, piece];
}

/** The lines `text` takes at `width`, words kept whole where they fit. */
export function wrapText(text: string, style: TextStyle, width: number): string[] {
  const { font, size } = style;
  const words = font.printable(text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  // the line's width at size 1, carried from word to word rather than measured again with each (extendWidth)
  let lineUnits = 0;
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`;
    const candidateUnits = font.extendWidth(line === '' ? 0 : font.extendWidth(lineUnits, ' '), word);
    if (candidateUnits * size <= width) {
      line = candidate;
      lineUnits = candidateUnits;
      continue;
    }
    if (line !== '') lines.push(line);
    const pieces = breakWord(word, style, width);
    line = pieces.pop() ?? '';
    lineUnits = font.extendWidth(0, line);
    lines.push(...pieces);
  }
  return line === '' && lines.length > 0 ? lines : [...lines, line];
}

export interface Band {
  programName: string;
  /** 'Underwritten by ...' under the programme's name, when known. */
  insurerName?: string;
  /** The document's name, at the band's right: 'Policy Declarations'. */
  title: string;
  /** Under the title: 'Policy APX-TX-000123'. */
  reference: string;
}

/** The coloured band at the top of every page: who we are on the left, what this is on the right. */
function drawBand(page: PDFPage, fonts: Fonts, band: Band): void {
  const top = PAGE.height;
  page.drawRectangle({ x: 0, y: top - BAND_HEIGHT, width: PAGE.width, height: BAND_HEIGHT, color: COLOURS.accent });
  const white = { color: COLOURS.accentInk };
  // alone, the programme's name sits in the band's middle; with the insurer under it, the pair does
  drawLine(page, band.programName, PAGE.margin, top - (band.insurerName ? 27 : 34), { font: fonts.bold, size: 15, ...white });
  if (band.insurerName) {
    drawLine(page, `Underwritten by ${band.insurerName}`, PAGE.margin, top - 42, { font: fonts.regular, size: 8, ...white });
  }
  const right = PAGE.width - PAGE.margin;
  drawRightAligned(page, band.title, right, top - 27, { font: fonts.bold, size: 12, ...white });
  drawRightAligned(page, band.reference, right, top - 42, { font: fonts.regular, size: 8, ...white });
}

/** Below the band, where a page's content starts. */
const CONTENT_TOP = PAGE.height - BAND_HEIGHT - 26;

/**
 * The footer of each of `pages`: a rule, `left` (policy number and document date) and 'Page n of m'. Drawn
 * after the flow ends, when m is known.
 */
export function stampFooters(fonts: Fonts, pages: readonly PDFPage[], left: string, pageLabel = 'Page'): void {
  const style = { font: fonts.regular, size: 7.5, color: COLOURS.muted };
  pages.forEach((page, index) => {
    page.drawLine({
      start: { x: PAGE.margin, y: FOOTER_TOP },
      end: { x: PAGE.width - PAGE.margin, y: FOOTER_TOP },
      thickness: 0.5,
      color: COLOURS.line,
    });
    drawLine(page, left, PAGE.margin, FOOTER_TOP - 14, style);
    drawRightAligned(page, `${pageLabel} ${index + 1} of ${pages.length}`, PAGE.width - PAGE.margin, FOOTER_TOP - 14, style);
  });
}

export interface TableColumn {
  header: string;
  /** Share of the content width; a table's shares add up to 1. */
  share: number;
  align?: 'left' | 'right';
}

export interface Field {
  label: string;
  /** Several lines for an address. */
  value: string | string[];
}

const SIZE = { body: 9, small: 8, label: 6.8, heading: 11 } as const;
const CELL_PAD_X = 5;
const CELL_PAD_Y = 4;
const BLOCK_GAP = 14;
const ROWS_KEPT_WITH_HEADER = 3;

/**
 * Lays blocks down the pages of one document, top to bottom. Each block asks for the height it needs
 * first, so a table row, a grid row or a heading and the line after it never split across pages.
 */
export class PageFlow {
  readonly #doc: PDFDocument;
  readonly #fonts: Fonts;
  readonly #band: Band;
  #page: PDFPage;
  #y = CONTENT_TOP;

  constructor(doc: PDFDocument, fonts: Fonts, band: Band) {
    this.#doc = doc;
    this.#fonts = fonts;
    this.#band = band;
    this.#page = this.#addPage();
  }

  get page(): PDFPage {
    return this.#page;
  }

  /** Where the next block starts on the current page, in points from the page's foot. */
  get y(): number {
    return this.#y;
  }

  #addPage(): PDFPage {
    const page = this.#doc.addPage([PAGE.width, PAGE.height]);
    drawBand(page, this.#fonts, this.#band);
    this.#y = CONTENT_TOP;
    return page;
  }

  /** A new page unless the flow is still above `floor` (a block drawn at a fixed place at the page's foot). */
  keepAbove(floor: number): void {
    if (this.#y < floor) this.#page = this.#addPage();
  }

  /** A new page unless `height` still fits above the footer; true when a page was started. */
  ensure(height: number): boolean {
    if (this.#y - height >= FOOTER_TOP + 12) return false;
    this.#page = this.#addPage();
    return true;
  }

  space(height = BLOCK_GAP): void {
    this.#y -= height;
  }

  /** A section heading with a rule under it, kept on the page with what follows. */
  heading(text: string): void {
    this.ensure(lineHeight(SIZE.heading) + 60);
    const style = { font: this.#fonts.bold, size: SIZE.heading };
    this.#y -= SIZE.heading;
    drawLine(this.#page, text, PAGE.margin, this.#y, style);
    this.#y -= 6;
    this.#page.drawLine({
      start: { x: PAGE.margin, y: this.#y },
      end: { x: PAGE.margin + CONTENT_WIDTH, y: this.#y },
      thickness: 1,
      color: COLOURS.accent,
    });
    this.#y -= 10;
  }

  /** Wrapped text; a long paragraph continues on the next page line by line. */
  paragraph(text: string, size: number = SIZE.body): void {
    const style = { font: this.#fonts.regular, size };
    for (const line of wrapText(text, style, CONTENT_WIDTH)) {
      this.ensure(lineHeight(size));
      this.#y -= lineHeight(size);
      drawLine(this.#page, line, PAGE.margin, this.#y + (lineHeight(size) - size), style);
    }
    this.#y -= 4;
  }

  /** Statements numbered 1., 2., ... with a hanging indent. */
  numbered(items: readonly string[]): void {
    const style = { font: this.#fonts.regular, size: SIZE.body };
    const indent = 18;
    items.forEach((item, index) => {
      const lines = wrapText(item, style, CONTENT_WIDTH - indent);
      this.ensure(lineHeight(style.size) * Math.min(lines.length, 2));
      lines.forEach((line, lineIndex) => {
        this.ensure(lineHeight(style.size));
        this.#y -= lineHeight(style.size);
        const baseline = this.#y + (lineHeight(style.size) - style.size);
        if (lineIndex === 0) drawLine(this.#page, `${index + 1}.`, PAGE.margin, baseline, { ...style, font: this.#fonts.bold });
        drawLine(this.#page, line, PAGE.margin + indent, baseline, style);
      });
      this.#y -= 4;
    });
  }

  /** Labels over values in `columns` columns, rows as tall as their tallest value. */
  fields(fields: readonly Field[], columns = 3): void {
    const width = CONTENT_WIDTH / columns;
    const labelStyle = { font: this.#fonts.bold, size: SIZE.label, color: COLOURS.muted };
    const valueStyle = { font: this.#fonts.regular, size: SIZE.body };
    for (let start = 0; start < fields.length; start += columns) {
      const row = fields.slice(start, start + columns).map((field) => ({
        label: field.label.toUpperCase(),
        lines: (Array.isArray(field.value) ? field.value : [field.value]).flatMap((value) =>
          wrapText(value, valueStyle, width - 12),
        ),
      }));
      const height = lineHeight(SIZE.label) + Math.max(...row.map((cell) => cell.lines.length)) * lineHeight(SIZE.body) + 8;
      this.ensure(height);
      row.forEach((cell, index) => {
        const x = PAGE.margin + index * width;
        let y = this.#y - SIZE.label;
        drawLine(this.#page, cell.label, x, y, labelStyle);
        y -= 2;
        for (const line of cell.lines) {
          y -= lineHeight(SIZE.body);
          drawLine(this.#page, line, x, y + 2, valueStyle);
        }
      });
      this.#y -= height;
    }
    this.#y -= BLOCK_GAP - 8;
  }

  /** A tinted box with an accent bar: a binder notice, a statement the reader must not miss. */
  notice(title: string, text: string): void {
    const titleStyle = { font: this.#fonts.bold, size: 9.5, color: COLOURS.accent };
    const textStyle = { font: this.#fonts.regular, size: SIZE.small + 0.5 };
    const inner = CONTENT_WIDTH - 24;
    const lines = wrapText(text, textStyle, inner);
    const height = 12 + lineHeight(titleStyle.size) + lines.length * lineHeight(textStyle.size) + 8;
    this.ensure(height);
    const bottom = this.#y - height;
    this.#page.drawRectangle({ x: PAGE.margin, y: bottom, width: CONTENT_WIDTH, height, color: COLOURS.tint });
    this.#page.drawRectangle({ x: PAGE.margin, y: bottom, width: 3, height, color: COLOURS.accent });
    let y = this.#y - 10 - titleStyle.size;
    drawLine(this.#page, title, PAGE.margin + 14, y, titleStyle);
    y -= 4;
    for (const line of lines) {
      y -= lineHeight(textStyle.size);
      drawLine(this.#page, line, PAGE.margin + 14, y + 2, textStyle);
    }
    this.#y = bottom - BLOCK_GAP;
  }

  /**
   * A table: a tinted header row, cells that wrap, right-aligned figures, a hairline under each row. A row
   * that does not fit starts the next page, under the header row again.
   */
  table(columns: readonly TableColumn[], rows: readonly (readonly string[])[]): void {
    const headerStyle = { font: this.#fonts.bold, size: SIZE.label, color: COLOURS.muted };
    const cellStyle = { font: this.#fonts.regular, size: SIZE.small + 0.5 };
    const widths = columns.map((column) => column.share * CONTENT_WIDTH);
    const wrapCell = (text: string, style: TextStyle, index: number) => wrapText(text, style, widths[index]! - 2 * CELL_PAD_X);
    const header = columns.map((column, index) => wrapCell(column.header.toUpperCase(), headerStyle, index));
    const headerHeight = Math.max(...header.map((lines) => lines.length)) * lineHeight(headerStyle.size) + 2 * CELL_PAD_Y;
    const bodyRows = rows.map((row) => row.map((cell, index) => wrapCell(cell, cellStyle, index)));

    const drawRow = (cells: string[][], style: TextStyle, height: number, fill?: Color) => {
      const top = this.#y;
      if (fill) this.#page.drawRectangle({ x: PAGE.margin, y: top - height, width: CONTENT_WIDTH, height, color: fill });
      let x = PAGE.margin;
      cells.forEach((lines, index) => {
        const width = widths[index]!;
        lines.forEach((line, lineIndex) => {
          const baseline = top - CELL_PAD_Y - style.size - lineIndex * lineHeight(style.size) + 1;
          if (columns[index]!.align === 'right') drawRightAligned(this.#page, line, x + width - CELL_PAD_X, baseline, style);
          else drawLine(this.#page, line, x + CELL_PAD_X, baseline, style);
        });
        x += width;
      });
      this.#page.drawLine({
        start: { x: PAGE.margin, y: top - height },
        end: { x: PAGE.margin + CONTENT_WIDTH, y: top - height },
        thickness: 0.5,
        color: COLOURS.line,
      });
      this.#y -= height;
    };

    // the header row never stands alone at the foot of a page: it keeps its first rows with it
    const leadHeight = bodyRows.slice(0, ROWS_KEPT_WITH_HEADER).reduce((sum, cells) => sum + rowHeight(cells, cellStyle.size), 0);
    this.ensure(headerHeight + leadHeight);
    drawRow(header, headerStyle, headerHeight, COLOURS.wash);
    for (const cells of bodyRows) {
      const height = rowHeight(cells, cellStyle.size);
      if (this.ensure(height)) drawRow(header, headerStyle, headerHeight, COLOURS.wash);
      drawRow(cells, cellStyle, height);
    }
    this.#y -= BLOCK_GAP;
  }
}

function rowHeight(cells: readonly string[][], size: number): number {
  return Math.max(1, ...cells.map((lines) => lines.length)) * lineHeight(size) + 2 * CELL_PAD_Y;
}
