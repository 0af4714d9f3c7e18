/**
 * Odometer photos made inside the tests (issue 8, item 6): nothing comes from outside the repository, and
 * the same seed draws the same picture, so a failing reading can be reproduced and looked at.
 *
 * Two styles of display:
 * - drum: a mechanical odometer, one rotating drum per digit behind a window, separated by thin bars, the
 *   drums a little out of line with each other as they are when the car has just moved;
 * - segments: an LCD or LED display of seven-segment digits, with the faint unlit segments an LCD shows.
 * Each in a dark and a light variant, turned a few degrees, with pixel noise, as PNG or JPEG.
 *
 * The digits are drawn as paths (ours, below), not with a font: sharp's SVG renderer would otherwise pick
 * whatever fonts the machine has, and the pictures would differ between a laptop and CI.
 */
import sharp from 'sharp';
import { seededRandom } from '../../testing/seeded-random.ts';

export type DisplayStyle = 'drum' | 'segments';

export interface OdometerImageOptions {
  /** The digits shown, leading zeros included (5 to 7 of them). */
  reading: string;
  style: DisplayStyle;
  /** Light digits on a dark display (true), or dark digits on a light one. */
  dark: boolean;
  format: 'png' | 'jpeg';
  /** Draws the turn, the drums' offsets and the noise. */
  seed: number;
  /** Degrees, clockwise; drawn from the seed (within ±3) when not given. */
  rotation?: number;
  /** Standard deviation of the pixel noise, in grey levels (default 12). */
  noise?: number;
  /** Width of the picture in pixels (default 900). */
  width?: number;
}

/**
 * Digit outlines in a 10 by 16 box, drawn as strokes (the face of a drum odometer is a plain sans-serif
 * with even strokes, which is what these are).
 */
const DRUM_GLYPHS: Readonly<Record<string, string>> = {
  '0': 'M5 0C8.6 0 10 3.4 10 8S8.6 16 5 16 0 12.6 0 8 1.4 0 5 0Z',
  '1': 'M2.2 3.4L6 0V16',
  '2': 'M0.6 4.2C0.6 1.6 2.6 0 5.1 0 7.9 0 9.6 1.8 9.6 4.3 9.6 7.1 7.4 8.9 0.4 16H10',
  '3': 'M0.8 2.1C1.9 0.7 3.4 0 5.1 0 7.9 0 9.6 1.6 9.6 4 9.6 6.3 7.6 7.6 4.4 7.6 8 7.6 10 9.2 10 11.8 10 14.5 8 16 5 16 3 16 1.3 15.3 0.2 13.9',
  '4': 'M7.6 16V0L0 11H10',
  '5': 'M9.2 0H1.6L0.9 7.3C2.1 6.4 3.5 6 5 6 8 6 10 7.8 10 10.9 10 14 8 16 4.8 16 3 16 1.3 15.4 0.2 14.1',
  '6': 'M8.9 1.3C7.9 0.4 6.7 0 5.4 0 2 0 0 3.2 0 8.8 0 13.6 2 16 5 16 8 16 10 14 10 11 10 8 8 6.2 5.2 6.2 2.8 6.2 0.8 7.6 0.2 10',
  '7': 'M0 0H10L3.8 16',
  '8': 'M5 7.6C2.3 7.6 0.6 6.2 0.6 3.8 0.6 1.4 2.4 0 5 0 7.6 0 9.4 1.4 9.4 3.8 9.4 6.2 7.7 7.6 5 7.6 2 7.6 0 9.2 0 11.8 0 14.5 2 16 5 16 8 16 10 14.5 10 11.8 10 9.2 8 7.6 5 7.6Z',
  '9': 'M1.1 14.7C2.1 15.6 3.3 16 4.6 16 8 16 10 12.8 10 7.2 10 2.4 8 0 5 0 2 0 0 2 0 5 0 8 2 9.8 4.8 9.8 7.2 9.8 9.2 8.4 9.8 6',
};

/** Which of the segments a..g each digit lights (a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle). */
const SEGMENTS_LIT: Readonly<Record<string, string>> = {
  '0': 'abcdef', '1': 'bc', '2': 'abdeg', '3': 'abcdg', '4': 'bcfg',
  '5': 'acdfg', '6': 'acdefg', '7': 'abc', '8': 'abcdefg', '9': 'abcdfg',
};

/**
 * One segment as a six-cornered bar in a 10 by 18 cell, `t` thick: each runs between two of the six points
 * where segments meet, its pointed ends a small gap short of them.
 */
function segmentPolygon(segment: string, t: number): string {
  const w = 10;
  const h = 18;
  const gap = 0.5;
  const half = t / 2;
  const horizontal = (y: number) => [
    [half + gap, y], [half + gap + half, y - half], [w - half - gap - half, y - half], [w - half - gap, y], [w - half - gap - half, y + half], [half + gap + half, y + half],
  ];
  const vertical = (x: number, top: number, bottom: number) => [
    [x, top + gap], [x + half, top + gap + half], [x + half, bottom - gap - half], [x, bottom - gap], [x - half, bottom - gap - half], [x - half, top + gap + half],
  ];
  const mid = h / 2;
  const corners: Record<string, number[][]> = {
    a: horizontal(half),
    g: horizontal(mid),
    d: horizontal(h - half),
    f: vertical(half, half, mid),
    b: vertical(w - half, half, mid),
    e: vertical(half, mid, h - half),
    c: vertical(w - half, mid, h - half),
  };
  return corners[segment]!.map(([x, y]) => `${x!.toFixed(2)},${y!.toFixed(2)}`).join(' ');
}

interface Scene {
  width: number;
  height: number;
  background: string;
  body: string;
  /** Where the digits are drawn, before the turn: the box a reader is trained to find. */
  digits: DigitBox;
}

/** A box in pixels of the picture. */
export interface DigitBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The drum odometer: a bezel, one window per digit with its drum, separators between them. */
function drumScene(reading: string, dark: boolean, random: () => number, width: number): Scene {
  const cellWidth = Math.min(110, (width * 0.8) / reading.length);
  const cellHeight = cellWidth * 1.55;
  const height = Math.round(cellHeight * 2.1);
  const glyphScale = (cellWidth * 0.56) / 10;
  const stroke = 1.75;
  const left = (width - cellWidth * reading.length) / 2;
  const top = (height - cellHeight) / 2;
  const drum = dark ? '#141414' : '#efeee8';
  const ink = dark ? '#f4f4ee' : '#1a1a1a';
  const separator = dark ? '#6b6b6b' : '#3a3a3a';
  const cells = [...reading].map((digit, index) => {
    const x = left + index * cellWidth;
    // A drum between two numbers shows a little of its neighbour; keep it small so the digit stays whole.
    const roll = (random() - 0.5) * cellHeight * 0.08;
    const glyphX = x + (cellWidth - 10 * glyphScale) / 2;
    const glyphY = top + (cellHeight - 16 * glyphScale) / 2 + roll;
    return [
      `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${cellWidth.toFixed(1)}" height="${cellHeight.toFixed(1)}" fill="${drum}"/>`,
      `<path transform="translate(${glyphX.toFixed(1)} ${glyphY.toFixed(1)}) scale(${glyphScale.toFixed(3)})" d="${DRUM_GLYPHS[digit]}" fill="none" stroke="${ink}" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round"/>`,
      index > 0 ? `<rect x="${(x - cellWidth * 0.03).toFixed(1)}" y="${top.toFixed(1)}" width="${(cellWidth * 0.06).toFixed(1)}" height="${cellHeight.toFixed(1)}" fill="${separator}"/>` : '',
    ].join('');
  });
  // Shading at the top and bottom of the window, where the drums curve away.
  const shade = `<linearGradient id="curve" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.18" stop-color="#000" stop-opacity="0"/>
    <stop offset="0.82" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient>`;
  const bezel = dark ? '#2c2c2c' : '#5a5a5a';
  const pad = cellWidth * 0.25;
  const glyphHeight = 16 * glyphScale;
  return {
    width,
    height,
    digits: { left, top: top + (cellHeight - glyphHeight) / 2, width: cellWidth * reading.length, height: glyphHeight },
    background: dark ? '#3a3a3a' : '#8a8a8a',
    body: [
      `<defs>${shade}</defs>`,
      `<rect x="${(left - pad).toFixed(1)}" y="${(top - pad).toFixed(1)}" width="${(cellWidth * reading.length + 2 * pad).toFixed(1)}" height="${(cellHeight + 2 * pad).toFixed(1)}" rx="${(pad / 2).toFixed(1)}" fill="${bezel}"/>`,
      ...cells,
      `<rect x="${left.toFixed(1)}" y="${top.toFixed(1)}" width="${(cellWidth * reading.length).toFixed(1)}" height="${cellHeight.toFixed(1)}" fill="url(#curve)"/>`,
    ].join('\n'),
  };
}

/** The seven-segment display: lit segments, the unlit ones faintly, slanted as most car displays are. */
function segmentScene(reading: string, dark: boolean, width: number): Scene {
  const cellWidth = Math.min(100, (width * 0.78) / reading.length);
  const scale = (cellWidth * 0.7) / 10;
  const height = Math.round(18 * scale * 2.2);
  const left = (width - cellWidth * reading.length) / 2;
  const top = (height - 18 * scale) / 2;
  const lit = dark ? '#ff8a3d' : '#1d2418';
  const unlit = dark ? '#2a1a12' : '#b4bca4';
  const panel = dark ? '#0c0b0a' : '#c6cfb4';
  const cells = [...reading].map((digit, index) => {
    const x = left + index * cellWidth + (cellWidth - 10 * scale) / 2;
    const polygons = [...'abcdefg'].map((segment) => {
      const fill = SEGMENTS_LIT[digit]!.includes(segment) ? lit : unlit;
      return `<polygon points="${segmentPolygon(segment, 1.9)}" fill="${fill}"/>`;
    });
    return `<g transform="translate(${x.toFixed(1)} ${top.toFixed(1)}) scale(${scale.toFixed(3)}) skewX(-6)">${polygons.join('')}</g>`;
  });
  const pad = cellWidth * 0.3;
  return {
    width,
    height,
    digits: { left, top, width: cellWidth * reading.length, height: 18 * scale },
    background: dark ? '#202020' : '#6f6f6f',
    body: [
      `<rect x="${(left - pad).toFixed(1)}" y="${(top - pad).toFixed(1)}" width="${(cellWidth * reading.length + 2 * pad).toFixed(1)}" height="${(18 * scale + 2 * pad).toFixed(1)}" rx="${(pad / 3).toFixed(1)}" fill="${panel}"/>`,
      ...cells,
    ].join('\n'),
  };
}

/** Adds Gaussian-looking noise (the sum of three uniform draws) to every channel of raw pixels. */
function addNoise(pixels: Buffer, amount: number, random: () => number): Buffer {
  const noisy = Buffer.alloc(pixels.length);
  for (let i = 0; i < pixels.length; i += 1) {
    const gauss = (random() + random() + random() - 1.5) * 2;
    noisy[i] = Math.max(0, Math.min(255, Math.round(pixels[i]! + gauss * amount)));
  }
  return noisy;
}

/** A photo of an odometer showing `reading`, as the encoded file a phone would send. */
export async function odometerImage(options: OdometerImageOptions): Promise<Uint8Array> {
  return (await drawnOdometer(options)).bytes;
}

/** The photo and where its digits are (the training script's drawn examples, scripts/odometer-reader/drawn.ts). */
export async function drawnOdometer(options: OdometerImageOptions): Promise<{ bytes: Uint8Array; digits: DigitBox }> {
  if (!/^\d{5,7}$/.test(options.reading)) throw new Error(`odometerImage draws 5 to 7 digits, not '${options.reading}'`);
  const random = seededRandom(options.seed);
  const rotation = options.rotation ?? (random() - 0.5) * 6;
  const width = options.width ?? 900;
  const scene = options.style === 'drum'
    ? drumScene(options.reading, options.dark, random, width)
    : segmentScene(options.reading, options.dark, width);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}">
    <rect width="100%" height="100%" fill="${scene.background}"/>
    <g transform="rotate(${rotation.toFixed(2)} ${scene.width / 2} ${scene.height / 2})">${scene.body}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const noisy = addNoise(data, options.noise ?? 12, random);
  const image = sharp(noisy, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const encoded = options.format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 82 }).toBuffer();
  return { bytes: new Uint8Array(encoded), digits: scene.digits };
}

export interface OdometerSample extends OdometerImageOptions {
  /** A short label for test output: '012345 drum dark png +1.8°'. */
  label: string;
}

/**
 * `count` varied samples of one style: readings of 5 and 6 digits with and without leading zeros, dark and
 * light in turn, PNG and JPEG in turn, each turned by up to 3 degrees either way.
 */
export function odometerSamples(style: DisplayStyle, count: number, seed: number): OdometerSample[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const length = index % 3 === 2 ? 5 : 6;
    const value = Math.floor(random() * 10 ** (length - (index % 4 === 0 ? 2 : 0)));
    const reading = String(value).padStart(length, '0');
    const rotation = Math.round((random() - 0.5) * 60) / 10;
    const format: OdometerImageOptions['format'] = index % 4 < 2 ? 'png' : 'jpeg';
    const sample = { reading, style, dark: index % 2 === 0, format, seed: Math.floor(random() * 2 ** 31), rotation };
    return { ...sample, label: `${reading} ${style} ${sample.dark ? 'dark' : 'light'} ${sample.format} ${rotation >= 0 ? '+' : ''}${rotation}°` };
  });
}
