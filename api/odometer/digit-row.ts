/**
 * Finds the row of digits in a greyscale photo and redraws it alone, black on white and cropped: what the
 * readers read well. Pure pixel work on raw bytes, no I/O (ocr.ts decodes, levels and reads).
 *
 * Tesseract given a whole photo reads bezels, drum separators and the unlit segments of an LCD as digits,
 * or nothing at all; given a clean line of text it is reliable. So, on a binary image (ink = 1):
 * 1. ink either way round: an odometer shows light digits on dark or dark digits on light, and the photo's
 *    overall brightness does not say which (a light LCD in a dark dashboard), so both are tried;
 * 2. connected components; a digit is a component of digit shape: taller than wide, not a solid block (a
 *    drum window or a panel is one), not touching the photo's edge;
 * 3. the row: digits of about one height, side by side, a neighbour at most a digit's height away; the
 *    chain that explains most of the photo wins. Seven-segment digits are up to seven strokes each, none of digit shape, so the
 *    search is repeated with strokes grouped by a growing distance (a dilation decides which pixels belong
 *    together; boxes and drawing stay those of the strokes) until the segments make up digits;
 * 4. the redraw keeps every component inside the row's band (a '1' of one stroke, two digits run together)
 *    and nothing that crosses it (a separator, the bezel), and reports the row's slope so it can be levelled.
 */

/** One channel, one byte a pixel, rows top to bottom. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface Box {
  left: number;
  top: number;
  /** Exclusive */
  right: number;
  /** Exclusive */
  bottom: number;
}

export interface Component extends Box {
  label: number;
  area: number;
}

export interface DigitRow {
  /** The digit-shaped components the row was found from, left to right. */
  digits: Component[];
  /** Their median height: the row's scale. */
  digitHeight: number;
  /** The row's slope in degrees (positive: it falls to the right). */
  slopeDegrees: number;
  /** Digits made of separate strokes: a seven-segment display. */
  segmented: boolean;
  /** The row, black ink on white, cropped to its band with a margin. */
  image: GreyImage;
}

const width = (box: Box) => box.right - box.left;
const height = (box: Box) => box.bottom - box.top;
const centreX = (box: Box) => (box.left + box.right) / 2;
const centreY = (box: Box) => (box.top + box.bottom) / 2;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Otsu's threshold: the grey level that best splits the histogram in two classes. */
export function otsuThreshold(image: GreyImage): number {
  const histogram = new Float64Array(256);
  for (const value of image.data) histogram[value]! += 1;
  const total = image.data.length;
  let sumAll = 0;
  for (let level = 0; level < 256; level += 1) sumAll += level * histogram[level]!;
  let best = 0;
  let bestVariance = -1;
  let countBelow = 0;
  let sumBelow = 0;
  for (let level = 0; level < 256; level += 1) {
    countBelow += histogram[level]!;
    sumBelow += level * histogram[level]!;
    const countAbove = total - countBelow;
    if (countBelow === 0 || countAbove === 0) continue;
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sumAll - sumBelow) / countAbove;
    const variance = countBelow * countAbove * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = level;
    }
  }
  return best;
}

/** Ink where the pixel is above (light digits) or at most (dark digits) the threshold. */
export function thresholdMask(image: GreyImage, threshold: number, lightInk: boolean): Uint8Array {
  const mask = new Uint8Array(image.data.length);
  for (let i = 0; i < mask.length; i += 1) mask[i] = (image.data[i]! > threshold) === lightInk ? 1 : 0;
  return mask;
}

/** A running-window pass along rows (step 1) or columns (step w): ink wherever ink lies within `radius`. */
function dilateLines(source: Uint8Array, lines: number, length: number, lineStride: number, step: number, radius: number): Uint8Array {
  const out = new Uint8Array(source.length);
  for (let line = 0; line < lines; line += 1) {
    const base = line * lineStride;
    let inWindow = 0;
    for (let position = 0; position < Math.min(radius, length); position += 1) inWindow += source[base + position * step]!;
    for (let position = 0; position < length; position += 1) {
      if (position + radius < length) inWindow += source[base + (position + radius) * step]!;
      if (position - radius - 1 >= 0) inWindow -= source[base + (position - radius - 1) * step]!;
      out[base + position * step] = inWindow > 0 ? 1 : 0;
    }
  }
  return out;
}

/** Square dilation: ink grown by `radius` pixels every way, so strokes less than twice that apart touch. */
export function dilate(mask: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  if (radius <= 0) return mask;
  return dilateLines(dilateLines(mask, h, w, w, 1, radius), w, h, 1, w, radius);
}

/**
 * 8-connected components of `connect`, measured on `ink` (by default the same mask): a label per ink pixel
 * (0 elsewhere) and each component's box and area over its ink. With `connect` a dilation of `ink`, the
 * strokes of one seven-segment digit form one component while its box and area stay those of the strokes.
 * Two passes with union-find: each pixel joins its already-seen neighbours (left, and the three above).
 */
export function labelComponents(connect: Uint8Array, w: number, h: number, ink: Uint8Array = connect): { labels: Int32Array; components: Component[] } {
  const provisional = new Int32Array(connect.length);
  const parent: number[] = [0];
  const find = (label: number): number => {
    let root = label;
    while (parent[root] !== root) root = parent[root]!;
    while (parent[label] !== root) {
      const next = parent[label]!;
      parent[label] = root;
      label = next;
    }
    return root;
  };
  const join = (a: number, b: number): number => {
    if (a === b) return a;
    const rootA = find(a);
    const rootB = find(b);
    if (rootA === rootB) return rootA;
    const [low, high] = rootA < rootB ? [rootA, rootB] : [rootB, rootA];
    parent[high] = low;
    return low;
  };
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const index = y * w + x;
      if (connect[index] === 0) continue;
      let label = x > 0 ? provisional[index - 1]! : 0;
      if (y > 0) {
        // Above-left and above-right only matter where directly above is paper: otherwise they touch it.
        const above = provisional[index - w]!;
        if (above !== 0) label = label === 0 ? above : join(label, above);
        else {
          const aboveLeft = x > 0 ? provisional[index - w - 1]! : 0;
          const aboveRight = x < w - 1 ? provisional[index - w + 1]! : 0;
          if (aboveLeft !== 0) label = label === 0 ? aboveLeft : join(label, aboveLeft);
          if (aboveRight !== 0) label = label === 0 ? aboveRight : join(label, aboveRight);
        }
      }
      if (label === 0) {
        label = parent.length;
        parent.push(label);
      }
      provisional[index] = label;
    }
  }
  const labels = new Int32Array(connect.length);
  const byRoot = new Map<number, Component>();
  for (let index = 0; index < connect.length; index += 1) {
    if (ink[index] === 0) continue;
    const root = find(provisional[index]!);
    let component = byRoot.get(root);
    if (component === undefined) {
      component = { label: byRoot.size + 1, area: 0, left: w, top: h, right: 0, bottom: 0 };
      byRoot.set(root, component);
    }
    const x = index % w;
    const y = (index - x) / w;
    labels[index] = component.label;
    component.area += 1;
    if (x < component.left) component.left = x;
    if (x >= component.right) component.right = x + 1;
    if (y < component.top) component.top = y;
    if (y >= component.bottom) component.bottom = y + 1;
  }
  return { labels, components: [...byRoot.values()] };
}

/** Smallest digit we try to read, in pixels of the working image. */
const MIN_DIGIT_HEIGHT = 12;

/** A bare upright stroke: a 1, or one segment of an LCD digit. */
const isStroke = (component: Component) => width(component) < height(component) * 0.3;

/**
 * Digit-shaped: taller than wide (a '1' may be a bare stroke), not a solid block unless it is that stroke,
 * clear of the photo's edge (the paper around a display touches it), at most most of the photo's height.
 */
function isDigitShaped(component: Component, w: number, h: number): boolean {
  const boxWidth = width(component);
  const boxHeight = height(component);
  if (boxHeight < MIN_DIGIT_HEIGHT || boxHeight > h * 0.9) return false;
  if (component.left === 0 || component.top === 0 || component.right === w || component.bottom === h) return false;
  const aspect = boxWidth / boxHeight;
  if (aspect < 0.08 || aspect > 1.1) return false;
  const fill = component.area / (boxWidth * boxHeight);
  return isStroke(component) || (fill > 0.1 && fill < 0.72);
}

/** Two digits of one row: about one height, centres level, the gap between them at most a digit's height. */
function areNeighbours(a: Component, b: Component): boolean {
  const tall = Math.max(height(a), height(b));
  const short = Math.min(height(a), height(b));
  if (tall / short > 1.3) return false;
  if (Math.abs(centreY(a) - centreY(b)) > tall * 0.3) return false;
  const gap = Math.max(a.left, b.left) - Math.min(a.right, b.right);
  return gap <= tall * 1.2;
}

/**
 * How much of the photo a row of digits explains: its length in digit heights, near enough, a bare stroke
 * counting half. Loose segments of an LCD can outnumber its digits (a 0 has four upright segments) but are
 * half as tall and bare strokes, so the grouped digits win; digits run together by too large a grouping
 * distance are fewer at the same height, so they lose.
 */
const rowWeight = (digits: readonly Component[]) => digits.reduce((sum, digit) => sum + height(digit) * (isStroke(digit) ? 0.5 : 1), 0);

/** The weightiest chain of neighbouring digit-shaped components, left to right (empty when none). */
function bestChain(candidates: readonly Component[]): Component[] {
  const group = candidates.map((_, index) => index);
  const root = (index: number): number => (group[index] === index ? index : (group[index] = root(group[index]!)));
  for (let i = 0; i < candidates.length; i += 1) {
    for (let j = i + 1; j < candidates.length; j += 1) {
      if (areNeighbours(candidates[i]!, candidates[j]!)) group[root(i)] = root(j);
    }
  }
  const chains = new Map<number, Component[]>();
  for (const [index, candidate] of candidates.entries()) {
    const chain = chains.get(root(index)) ?? [];
    chain.push(candidate);
    chains.set(root(index), chain);
  }
  const best = [...chains.values()].reduce<Component[]>((heaviest, chain) => (rowWeight(chain) > rowWeight(heaviest) ? chain : heaviest), []);
  return best.sort((a, b) => a.left - b.left);
}

/** The slope of the line through the digits' centres (least squares), in degrees. */
function slopeOf(digits: readonly Component[]): number {
  if (digits.length < 2) return 0;
  const xs = digits.map(centreX);
  const ys = digits.map(centreY);
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  let covariance = 0;
  let variance = 0;
  xs.forEach((x, i) => {
    covariance += (x - meanX) * (ys[i]! - meanY);
    variance += (x - meanX) ** 2;
  });
  return variance === 0 ? 0 : (Math.atan(covariance / variance) * 180) / Math.PI;
}

/**
 * Redraws the row's band: every component lying wholly inside it and not a speck, black on white. The band
 * follows the row's slope, so a turned photo keeps a tight band.
 */
function drawRow(labels: Int32Array, components: readonly Component[], w: number, h: number, digits: readonly Component[]): GreyImage {
  const digitHeight = median(digits.map(height));
  const slope = Math.tan((slopeOf(digits) * Math.PI) / 180);
  const first = digits[0]!;
  const baseX = centreX(first);
  const baseY = median(digits.map((digit) => centreY(digit) - (centreX(digit) - baseX) * slope));
  const rowY = (x: number) => baseY + (x - baseX) * slope;
  const halfBand = digitHeight * 0.8;
  const left = Math.max(0, Math.floor(first.left - digitHeight));
  const right = Math.min(w, Math.ceil(digits[digits.length - 1]!.right + digitHeight));
  const inBand = (component: Component) =>
    component.left >= left && component.right <= right &&
    component.top >= rowY(centreX(component)) - halfBand && component.bottom <= rowY(centreX(component)) + halfBand &&
    height(component) >= digitHeight * 0.3;
  const kept = new Set(components.filter(inBand).map((component) => component.label));
  const top = Math.max(0, Math.floor(Math.min(rowY(left), rowY(right)) - halfBand));
  const bottom = Math.min(h, Math.ceil(Math.max(rowY(left), rowY(right)) + halfBand));
  const image: GreyImage = { width: right - left, height: bottom - top, data: new Uint8Array((right - left) * (bottom - top)).fill(255) };
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      if (kept.has(labels[y * w + x]!)) image.data[(y - top) * image.width + (x - left)] = 0;
    }
  }
  return image;
}

/** Grouping distances tried in turn, as fractions of the working image's longer side (0: digits already whole). */
const GROUPING_STEPS = [0, 0.002, 0.004, 0.006, 0.009] as const;

/** How many digits a row needs before we believe it is the reading. */
const MIN_ROW_LENGTH = 2;

interface Candidate {
  digits: Component[];
  digitHeight: number;
  labels: Int32Array;
  components: Component[];
}

/**
 * Whether the digits are drawn in separate strokes (most have two pieces or more before any grouping): a
 * segment display, which tesseract's English model misreads (ocr.ts reads it with seven-segment.ts).
 */
function isSegmented(digits: readonly Component[], strokes: readonly Component[], digitHeight: number): boolean {
  const pieces = digits.map((digit) =>
    strokes.filter((piece) => height(piece) >= digitHeight * 0.2 && piece.left >= digit.left && piece.right <= digit.right && piece.top >= digit.top && piece.bottom <= digit.bottom).length,
  );
  return median(pieces) >= 2;
}

/**
 * The row of digits in a binary image: the best row over grouping distances (the smallest that gives it, so
 * digits are not run together), or null when no row of at least two digits is found.
 */
export function findRowInMask(mask: Uint8Array, w: number, h: number): DigitRow | null {
  let best: Candidate | null = null;
  let strokes: Component[] = [];
  for (const step of GROUPING_STEPS) {
    const { labels, components } = labelComponents(dilate(mask, w, h, Math.round(step * Math.max(w, h))), w, h, mask);
    if (step === 0) strokes = components;
    const digits = bestChain(components.filter((component) => isDigitShaped(component, w, h)));
    if (digits.length < MIN_ROW_LENGTH) continue;
    const candidate = { digits, digitHeight: median(digits.map(height)), labels, components };
    if (best === null || rowWeight(digits) > rowWeight(best.digits)) best = candidate;
  }
  if (best === null) return null;
  return {
    digits: best.digits,
    digitHeight: best.digitHeight,
    slopeDegrees: slopeOf(best.digits),
    segmented: isSegmented(best.digits, strokes, best.digitHeight),
    image: drawRow(best.labels, best.components, w, h, best.digits),
  };
}

/** Whether most of `inner`'s digits sit inside `outer`'s: digits in their windows, seen the other way round. */
function liesWithin(inner: DigitRow, outer: DigitRow): boolean {
  const inside = inner.digits.filter((digit) =>
    outer.digits.some((box) => digit.left >= box.left && digit.right <= box.right && digit.top >= box.top && digit.bottom <= box.bottom),
  );
  return inside.length * 2 > inner.digits.length;
}

/**
 * The row of the two found in one photo (light ink, dark ink) that holds the reading. Text sits on its
 * background, never the reverse: where one row lies inside the other (the white faces of light drums, seen
 * as light ink, hold the digits seen as dark ink), the inner one is the text. Otherwise the row that
 * explains more.
 */
export function betterRow(a: DigitRow | null, b: DigitRow | null): DigitRow | null {
  if (a === null || b === null) return a ?? b;
  if (liesWithin(a, b)) return a;
  if (liesWithin(b, a)) return b;
  return rowWeight(b.digits) > rowWeight(a.digits) ? b : a;
}

/** Shears tried when looking for the slant, as horizontal shift per pixel of height. */
const SHEARS = Array.from({ length: 25 }, (_, index) => (index - 12) * 0.025);

/**
 * The slant of the digits in a clean row (dark ink), as the shear `s` that stands them upright when each
 * pixel moves by `s * (y - middle)`: upright strokes pile into few columns, so the shear whose column
 * histogram is most peaked (the largest sum of squares) wins. Most LCDs lean forward by 5 to 10 degrees.
 */
export function slantOf(row: GreyImage): number {
  const ink: [number, number][] = [];
  for (let y = 0; y < row.height; y += 1) {
    for (let x = 0; x < row.width; x += 1) if (row.data[y * row.width + x]! < 128) ink.push([x, y - row.height / 2]);
  }
  let best = 0;
  let bestPeakedness = -1;
  for (const shear of SHEARS) {
    const columns = new Map<number, number>();
    for (const [x, y] of ink) {
      const column = Math.round(x + shear * y);
      columns.set(column, (columns.get(column) ?? 0) + 1);
    }
    let peakedness = 0;
    for (const count of columns.values()) peakedness += count * count;
    if (peakedness > bestPeakedness) {
      bestPeakedness = peakedness;
      best = shear;
    }
  }
  return best;
}
