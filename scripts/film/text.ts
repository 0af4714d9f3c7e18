/**
 * Words as SVG paths: each glyph's outline from Noto Sans (the Latin fonts of @embedpdf/fonts-latin, already
 * installed for the PDFs), laid out with fontkit. A path renders the same on any machine, whatever fonts it
 * has, so the frames do not depend on the author's system; and a laid-out line can be measured and wrapped.
 */
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type Font = ReturnType<typeof fontkit.create>;

/** The package exports only its file list (dist/); the files sit in fonts/ beside it, as api/documents/pdf/fonts.ts reads them. */
const fontsDir = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-latin')), '..', 'fonts');
const fonts = new Map<string, Font>();

export type Weight = 'Regular' | 'SemiBold' | 'Bold';

function font(weight: Weight): Font {
  let found = fonts.get(weight);
  if (!found) {
    found = fontkit.create(readFileSync(join(fontsDir, `NotoSans-${weight}.ttf`)));
    fonts.set(weight, found);
  }
  return found;
}

/** The width of `text` at `size` px. */
export function measure(text: string, size: number, weight: Weight = 'Regular'): number {
  const face = font(weight);
  return (face.layout(text).advanceWidth * size) / face.unitsPerEm;
}

/** `text` split into lines no wider than `width`, at spaces. */
export function wrap(text: string, size: number, width: number, weight: Weight = 'Regular'): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next, size, weight) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export interface TextOptions {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  weight?: Weight;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
  /** Extra space between letters, in px. */
  tracking?: number;
}

/** One line of text as a <path>, its baseline at y. */
export function text(content: string, options: TextOptions): string {
  const face = font(options.weight ?? 'Regular');
  const scale = options.size / face.unitsPerEm;
  const run = face.layout(content);
  const tracking = (options.tracking ?? 0) / scale;
  const width = (run.advanceWidth + tracking * Math.max(0, run.glyphs.length - 1)) * scale;
  const left = options.x - (options.anchor === 'middle' ? width / 2 : options.anchor === 'end' ? width : 0);
  let pen = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    const d = glyph.path.toSVG();
    if (d) parts.push(`<path transform="translate(${(pen + position.xOffset).toFixed(1)} ${position.yOffset.toFixed(1)})" d="${d}"/>`);
    pen += position.xAdvance + tracking;
  });
  const opacity = options.opacity === undefined || options.opacity >= 1 ? '' : ` opacity="${options.opacity.toFixed(3)}"`;
  return `<g fill="${options.fill}"${opacity} transform="translate(${left.toFixed(1)} ${options.y.toFixed(1)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})">${parts.join('')}</g>`;
}
