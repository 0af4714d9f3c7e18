/**
 * Turns a side-view shape (in metres, front of the car at x = 0, ground at y = 0) into a small, static
 * SVG: one body path with wheel arches, glass, wheels and a ground shadow. Every number is ours and every
 * string is a constant, so the output holds no script, no external reference and nothing a caller sent.
 */

/** A point in metres; 'corner' keeps the outline sharp there instead of smoothing through it. */
export type Pt = readonly [number, number] | readonly [number, number, 'corner'];

export interface Shape {
  /** Bumper to bumper, metres. */
  length: number;
  /** Distance of the front and rear axle from the front bumper. */
  axles: readonly [number, number];
  /** Wheel radius (tyre included). */
  wheel: number;
  /** Height of the lower body edge between the wheels. */
  sill: number;
  /** Outline from the front lower corner over the roof to the rear lower corner. */
  body: readonly Pt[];
  /** Side glass, each a closed outline. */
  glass: readonly (readonly Pt[])[];
  /** Extra body-coloured pieces drawn on top: a windscreen frame, headrests, a wing. */
  parts?: readonly (readonly Pt[])[];
  /** Bright trim drawn on top: the targa hoop. */
  trim?: readonly (readonly Pt[])[];
  /** Dark openings: air intakes, vents. */
  dark?: readonly (readonly Pt[])[];
  /** Panel lines (door cuts), drawn as thin strokes. */
  lines?: readonly (readonly Pt[])[];
}

const WIDTH = 400;
const HEIGHT = 160;
const MARGIN = 24;
const GROUND = 146;

const COLOURS = {
  body: '#59626e',
  glass: '#d3d9e0',
  dark: '#2f343b',
  line: '#4a525d',
  tyre: '#262a30',
  rim: '#b3b9c2',
  hub: '#5d646e',
  shadow: '#000000',
} as const;

const round = (n: number) => Math.round(n * 10) / 10;

/** Catmull-Rom through the points as cubic Béziers; corner points get no tangent. */
function spline(points: readonly (readonly [number, number, boolean])[], closed: boolean): string {
  const n = points.length;
  const at = (i: number) => points[closed ? (i + n) % n : Math.max(0, Math.min(n - 1, i))]!;
  const tangent = (i: number): [number, number] => {
    const p = at(i);
    if (p[2]) return [0, 0];
    const prev = at(i - 1);
    const next = at(i + 1);
    return [(next[0] - prev[0]) / 6, (next[1] - prev[1]) / 6];
  };
  let d = '';
  const segments = closed ? n : n - 1;
  for (let i = 0; i < segments; i += 1) {
    const p = at(i);
    const q = at(i + 1);
    const [tx, ty] = tangent(i);
    const [ux, uy] = tangent(i + 1);
    d += ` C${round(p[0] + tx)} ${round(p[1] + ty)} ${round(q[0] - ux)} ${round(q[1] - uy)} ${round(q[0])} ${round(q[1])}`;
  }
  return d;
}

export function renderSvg(shape: Shape, title: string): string {
  const scale = (WIDTH - 2 * MARGIN) / shape.length;
  const X = (x: number) => MARGIN + x * scale;
  const Y = (y: number) => GROUND - y * scale;
  const toScreen = (pts: readonly Pt[]) => pts.map((p) => [X(p[0]), Y(p[1]), p[2] === 'corner'] as const);
  const start = (pts: readonly (readonly [number, number, boolean])[]) => `M${round(pts[0]![0])} ${round(pts[0]![1])}`;

  // Body: over the top from front to rear, then back along the sill with an arch over each wheel.
  const top = toScreen(shape.body);
  const archGap = 0.05;
  const arch = (axle: number) => {
    const R = shape.wheel + archGap;
    const dy = Math.max(0, shape.wheel - shape.sill);
    const dx = Math.sqrt(Math.max(R * R - dy * dy, 0));
    return { from: X(axle + dx), to: X(axle - dx), r: R * scale };
  };
  const sillY = round(Y(shape.sill));
  const [frontAxle, rearAxle] = shape.axles;
  const rear = arch(rearAxle);
  const front = arch(frontAxle);
  const bodyPath =
    `${start(top)}${spline(top, false)}` +
    ` L${round(rear.from)} ${sillY} A${round(rear.r)} ${round(rear.r)} 0 1 0 ${round(rear.to)} ${sillY}` +
    ` L${round(front.from)} ${sillY} A${round(front.r)} ${round(front.r)} 0 1 0 ${round(front.to)} ${sillY} Z`;

  const closedPath = (pts: readonly Pt[]) => {
    const s = toScreen(pts);
    return `${start(s)}${spline(s, true)} Z`;
  };
  const openPath = (pts: readonly Pt[]) => {
    const s = toScreen(pts);
    return `${start(s)}${spline(s, false)}`;
  };

  // The wheel well: the dark space between tyre and arch, above the sill line.
  const well = (a: { from: number; to: number; r: number }) =>
    `<path d="M${round(a.from)} ${sillY} A${round(a.r)} ${round(a.r)} 0 1 0 ${round(a.to)} ${sillY} Z" fill="${COLOURS.dark}"/>`;

  const wheel = (axle: number) => {
    const cx = round(X(axle));
    const cy = round(Y(shape.wheel));
    const r = shape.wheel * scale;
    return (
      `<circle cx="${cx}" cy="${cy}" r="${round(r)}" fill="${COLOURS.tyre}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.64)}" fill="${COLOURS.rim}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.5)}" fill="none" stroke="${COLOURS.hub}" stroke-width="1.2"/>` +
      `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.16)}" fill="${COLOURS.hub}"/>`
    );
  };

  const shadow = `<ellipse cx="${round(X(shape.length / 2))}" cy="${GROUND + 1}" rx="${round((shape.length / 2) * scale * 1.02)}" ry="4" fill="${COLOURS.shadow}" fill-opacity="0.12"/>`;
  const paths = (list: readonly (readonly Pt[])[] | undefined, fill: string) =>
    (list ?? []).map((pts) => `<path d="${closedPath(pts)}" fill="${fill}"/>`).join('');
  const lines = (shape.lines ?? [])
    .map((pts) => `<path d="${openPath(pts)}" fill="none" stroke="${COLOURS.line}" stroke-width="1" stroke-linecap="round"/>`)
    .join('');

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img">` +
    `<title>${escapeText(title)}</title>` +
    shadow +
    `<path d="${bodyPath}" fill="${COLOURS.body}"/>` +
    paths(shape.parts, COLOURS.body) +
    paths(shape.glass, COLOURS.glass) +
    paths(shape.trim, COLOURS.rim) +
    paths(shape.dark, COLOURS.dark) +
    lines +
    well(front) +
    well(rear) +
    wheel(frontAxle) +
    wheel(rearAxle) +
    `</svg>`
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
