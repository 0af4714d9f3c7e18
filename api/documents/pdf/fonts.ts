/**
 * The documents' type: Noto Sans (regular and bold) for the Latin, Greek and Cyrillic scripts and
 * Vietnamese, with Noto Sans SC as the fallback for Chinese and Japanese, embedded through fontkit and
 * subset to printable ASCII and the other glyphs each document uses, so that a name prints as it was typed
 * ('李 Łukasz Nguyễn'). ASCII in every subset, whether drawn or not, makes most documents' subsets the same,
 * and a subset's font file is then built once (remembered): each document is about 4 KB larger and a third
 * faster to make.
 *
 * A line of text is drawn as runs: each character in the Latin face when it has the glyph, else in the
 * fallback (a space stays in the run it is in). The fallback is embedded only in a document whose data
 * has a character the Latin face lacks (`needsFallback` over the model), so most documents carry the
 * two Noto Sans subsets alone. What neither face has (an emoji, Hangul, Arabic) loses its accent if the
 * bare letter is there, else prints as '?': a character must never make a policy's documents fail.
 *
 * The font files are read and parsed once per process; pdf-lib asks fontkit for each document, and the
 * parsed font is handed back from a cache (subsetting never changes it).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import fontkit from '@pdf-lib/fontkit';
import { ColorTypes, numberToString, PDFOperator, type Color, type PDFOperatorNames, type PDFDocument, type PDFFont, type PDFName, type PDFPage } from 'pdf-lib';
import type { Fontkit, Font, Subset, SubsetStream } from 'pdf-lib/cjs/types/fontkit';

const require = createRequire(import.meta.url);
/** @embedpdf/fonts-latin exports only its file list; the files sit in fonts/ beside dist/. */
const fontFile = (pkg: string, file: string) => join(dirname(require.resolve(pkg)), '..', 'fonts', file);

const FILES = {
  regular: () => fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
  bold: () => fontFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
  // TrueType outlines: fontkit's CFF subsetter fails on CID-keyed CJK .otf files (@embedpdf/fonts-sc)
  fallbackRegular: () => require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  fallbackBold: () => require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
} as const;
type FaceFile = keyof typeof FILES;

const bytesCache = new Map<FaceFile, Uint8Array>();
const parsed = new WeakMap<Uint8Array, Font>();

function bytesOf(file: FaceFile): Uint8Array {
  let bytes = bytesCache.get(file);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(FILES[file]()));
    bytesCache.set(file, bytes);
  }
  return bytes;
}

/**
 * The parsed font, laid out one glyph per character: no ligatures (a reader's text layer keeps 'fi' two
 * letters), no kerning (pdf-lib's widths leave it out in any case), and no shaping pass on every line
 * drawn, which cost more than the rest of a document. The text is NFC, so an accented letter is its own
 * glyph.
 */
function parse(bytes: Uint8Array): Font {
  let font = parsed.get(bytes);
  if (!font) {
    const base = (fontkit as Fontkit).create(bytes);
    const files = new Map<string, Uint8Array>(); // the face's subsets' font files, by glyph list
    font = Object.create(base, {
      layout: {
        value: (text: string) => ({
          glyphs: Array.from(text, (char) => base.glyphForCodePoint(char.codePointAt(0)!)),
          positions: [],
        }),
      },
      createSubset: { value: () => remembered(glyphsAligned(base.createSubset()), files) },
    }) as Font;
    parsed.set(bytes, font);
  }
  return font;
}

/** What glyphsAligned reaches inside fontkit's TrueType subset (TTFSubset). */
interface TrueTypeSubsetInternals {
  _addGlyph(glyphId: number): number;
  glyf: Uint8Array[];
  offset: number;
}

/**
 * A subset whose glyphs each take a whole number of 4-byte words, so that its font file is valid.
 *
 * fontkit copies each glyph's bytes as they are in the font and, when the subset is under 128 KB, writes
 * `loca` in its short format, where an offset is stored halved: a glyph of odd length (Noto Sans has them;
 * its own loca is the long format) then puts every later glyph's offset one byte early. FreeType (poppler and
 * MuPDF, seen; Chrome's PDFium draws with it too) drew such glyphs as nothing ("invalid outline"), and most letters
 * of our documents were missing on screen while their text layer read right (pdf-lib issues 494 and 1232).
 * Bytes after a glyph's outline are allowed (its end is the next glyph's offset) and the OpenType spec asks
 * for 4-byte alignment. Both faces are TrueType outlines (FILES), the subset fontkit makes of them a TTFSubset.
 */
function glyphsAligned(subset: Subset): Subset {
  const trueType = subset as Subset & TrueTypeSubsetInternals;
  const addGlyph = trueType._addGlyph.bind(subset);
  trueType._addGlyph = (glyphId) => {
    const index = addGlyph(glyphId);
    const bytes = trueType.glyf[index]!;
    const padding = (4 - (bytes.length % 4)) % 4;
    if (padding > 0) {
      // of the Buffer class fontkit bundles, the one its encoder's stream takes: node's is refused
      const padded = (bytes.constructor as typeof Buffer).alloc(bytes.length + padding);
      padded.set(bytes);
      trueType.glyf[index] = padded;
      trueType.offset += padding;
    }
    return index;
  };
  return subset;
}

/** Font files kept for each face; past this many the oldest goes. */
const SUBSET_FILES_KEPT = 16;

/**
 * A subset whose font file is built once for each list of glyphs. Encoding a subset (fontkit decodes and
 * copies each glyph's outline, a tick at a time) was a third of an ID card's CPU, and nearly every document
 * draws the same glyphs: embedFonts puts printable ASCII first in every subset, in code point order, so only
 * a document with other characters has a list of its own. The list, the subset's glyph ids in the order they
 * were included, fixes the file byte for byte.
 */
function remembered(subset: Subset, files: Map<string, Uint8Array>): Subset {
  const { glyphs } = subset as Subset & { glyphs: number[] };
  const encode = subset.encodeStream.bind(subset);
  subset.encodeStream = () => {
    const key = glyphs.join(',');
    const file = files.get(key);
    if (file) return Readable.from([file]) as unknown as SubsetStream;
    const parts: Uint8Array[] = [];
    return encode()
      .on('data', (part) => parts.push(part))
      .on('end', () => {
        if (files.size >= SUBSET_FILES_KEPT) files.delete(files.keys().next().value!);
        files.set(key, Buffer.concat(parts));
      });
  };
  return subset;
}

/** fontkit for pdf-lib, with the parsed fonts kept between documents. */
const CACHED_FONTKIT: Fontkit = { create: (bytes) => parse(bytes) };

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
const ODD_SPACE = /[\s\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
const COMBINING_MARK = /\p{M}/gu;
const PLAIN_ASCII = /^[\x20-\x7E]*$/;
const PRINTABLE_ASCII = String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index));

/** Characters the Latin face has, asked once each (most documents ask about the same hundred). */
const latinHas = new Map<string, boolean>();

function latinCovers(char: string): boolean {
  let has = latinHas.get(char);
  if (has === undefined) {
    has = parse(bytesOf('regular')).hasGlyphForCodePoint(char.codePointAt(0)!);
    latinHas.set(char, has);
  }
  return has;
}

function fallbackCovers(char: string): boolean {
  return parse(bytesOf('fallbackRegular')).hasGlyphForCodePoint(char.codePointAt(0)!);
}

/** Every space a plain space, invisible characters gone, accents composed ('e\u0308' -> 'ë'). */
function normalise(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, '').replace(ODD_SPACE, ' ');
}

/** True when `text` has a character the Latin face lacks and the fallback has: the document embeds it. */
function needsFallback(text: string): boolean {
  for (const char of normalise(text)) if (!latinCovers(char) && fallbackCovers(char)) return true;
  return false;
}

export interface Run {
  text: string;
  font: PDFFont;
}

/**
 * One weight of the documents' type: the Latin face and, when the document embeds it, the fallback.
 * Measuring and drawing go through here, run by run.
 */
export class Face {
  readonly latin: PDFFont;
  readonly fallback: PDFFont | undefined;
  readonly #widths = new Map<string, number>();
  /** Each printable ASCII character's glyph in the Latin subset, as the four hex digits a string shows it by. */
  readonly #asciiCodes: Map<string, string>;

  /** `asciiHex`: what the Latin subset encoded PRINTABLE_ASCII as when it was embedded (embedFonts). */
  constructor(latin: PDFFont, asciiHex: string, fallback?: PDFFont) {
    this.latin = latin;
    this.fallback = fallback;
    this.#asciiCodes = new Map(Array.from(PRINTABLE_ASCII, (char, index) => [char, asciiHex.slice(index * 4, index * 4 + 4)]));
  }

  /** `text` as characters one of the faces has: odd spaces plain, unknown ones bare or '?'. */
  printable(text: string): string {
    if (PLAIN_ASCII.test(text)) return text; // most of every document: Noto Sans has it all, nothing to fold
    return Array.from(normalise(text), (char) => this.#printableChar(char)).join('');
  }

  #has(char: string): boolean {
    return latinCovers(char) || (this.fallback !== undefined && fallbackCovers(char));
  }

  #printableChar(char: string): string {
    if (this.#has(char)) return char;
    const bare = char.normalize('NFD').replace(COMBINING_MARK, '');
    return bare !== '' && [...bare].every((part) => this.#has(part)) ? bare : '?';
  }

  /** Printable text cut where the face changes. */
  runs(text: string): Run[] {
    const runs: Run[] = [];
    for (const char of this.printable(text)) {
      const font = latinCovers(char) || this.fallback === undefined ? this.latin : this.fallback;
      const last = runs.at(-1);
      if (last && (last.font === font || char === ' ')) last.text += char;
      else runs.push({ text: char, font });
    }
    return runs;
  }

  /**
   * The sum of the characters' advances, each asked of pdf-lib once: the fonts are laid out one glyph per
   * character (parse), so a run is exactly as wide as its characters.
   */
  widthOfTextAtSize(text: string, size: number): number {
    return this.#widthOfPrintable(this.printable(text), size);
  }

  #widthOfPrintable(printable: string, size: number): number {
    return this.extendWidth(0, printable) * size;
  }

  /**
   * `units` (a width at size 1) with the advances of `printable`'s characters added, one by one in order, as
   * widthOfTextAtSize sums a whole text: a line measured word by word (layout.ts wrapText) comes to the very
   * number it does measured whole, so it breaks where it did.
   */
  extendWidth(units: number, printable: string): number {
    let width = units;
    for (const char of printable) {
      let advance = this.#widths.get(char);
      if (advance === undefined) {
        const font = latinCovers(char) || this.fallback === undefined ? this.latin : this.fallback;
        advance = font.widthOfTextAtSize(char, 1);
        this.#widths.set(char, advance);
      }
      width += advance;
    }
    return width;
  }

  /**
   * `text` from `x` on baseline `y`, each run after the one before, as the text object pdf-lib's drawText writes
   * for one line, byte for byte, less its rotation and line height, which we never set. Not drawText itself: it
   * checked every option, laid the text out again, made an object of every number and gave the page a new font
   * resource on every call (its setFont), so a page of a few hundred runs carried a few hundred names for two
   * fonts. The object goes in as one PDFOperator whose name is its whole text: a content stream writes each
   * operator's text and a line end, so the bytes are the same as its eight operators'.
   */
  draw(page: PDFPage, text: string, x: number, y: number, size: number, color: Color): void {
    const fill = `${fillColour(color)}\n`;
    const fontSize = ` ${numberToString(size)} Tf\n`;
    let left = x;
    for (const run of this.runs(text)) {
      const shown = `<${this.#encode(run)}> Tj\n`;
      const at = `${numberToString(left)} ${numberToString(y)} Td\n`;
      page.pushOperators(PDFOperator.of(`q\nBT\n${fill}${fontKeyOn(page, run.font).toString()}${fontSize}${at}${shown}ET\nQ` as PDFOperatorNames));
      // the advances kept above, not pdf-lib's, which lays the run out again
      left += this.#widthOfPrintable(run.text, size);
    }
  }

  /**
   * A run as its glyphs' subset ids in hex. Printable ASCII in the Latin face from the codes it was given on
   * embedding: every such glyph is in the subset already, so asking fontkit again (a layout and a look-up a
   * character) changes nothing and gives the same digits.
   */
  #encode(run: Run): string {
    if (run.font === this.latin && PLAIN_ASCII.test(run.text)) {
      let hex = '';
      for (const char of run.text) hex += this.#asciiCodes.get(char)!;
      return hex;
    }
    return run.font.encodeText(run.text).asString();
  }
}

/** The operands and operator that set an RGB fill, as pdf-lib writes them (setFillingRgbColor). */
function fillColour(color: Color): string {
  if (color.type !== ColorTypes.RGB) throw new Error(`the documents draw text in RGB only, not ${color.type}`);
  return `${numberToString(color.red)} ${numberToString(color.green)} ${numberToString(color.blue)} rg`;
}

/** Each page's resource name for each font it draws with, given once. */
const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

function fontKeyOn(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) {
    keys = new Map();
    fontKeys.set(page, keys);
  }
  let key = keys.get(font);
  if (!key) {
    key = page.node.newFontDictionary(font.name, font.ref);
    keys.set(font, key);
  }
  return key;
}

export interface Fonts {
  regular: Face;
  bold: Face;
}

/**
 * Noto Sans regular and bold, subset to what `doc` draws, and the fallback's two weights when `text` (the
 * document's data, e.g. its model as JSON) has a character only the fallback has.
 */
export async function embedFonts(doc: PDFDocument, text: string): Promise<Fonts> {
  doc.registerFontkit(CACHED_FONTKIT);
  const embed = (file: FaceFile) => doc.embedFont(bytesOf(file), { subset: true });
  const [regular, bold] = await Promise.all([embed('regular'), embed('bold')]);
  // every subset starts with the same glyphs, so its font file is one already built (remembered)
  const regularAscii = regular.encodeText(PRINTABLE_ASCII).asString();
  const boldAscii = bold.encodeText(PRINTABLE_ASCII).asString();
  if (!needsFallback(text)) return { regular: new Face(regular, regularAscii), bold: new Face(bold, boldAscii) };
  const [fallbackRegular, fallbackBold] = await Promise.all([embed('fallbackRegular'), embed('fallbackBold')]);
  return { regular: new Face(regular, regularAscii, fallbackRegular), bold: new Face(bold, boldAscii, fallbackBold) };
}
