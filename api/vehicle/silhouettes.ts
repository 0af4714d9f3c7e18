/**
 * Side-view silhouettes, one per model line and body style the VIN decoder names. Drawn by us from the
 * published exterior dimensions of each line (length, wheelbase, height; a representative generation:
 * 992 for the 911, 982 for Boxster and Cayman, 9YA Cayenne, 95B Macan, 971 Panamera, J1 Taycan) and
 * their well-known profiles. Lines of one family share a shape (924/944/968; every 911 generation).
 * Open cars are shown with the top down, which is what tells them apart at this size.
 */
import type { BodyStyle, ModelLine } from '../vin/porsche.ts';
import { renderSvg, type Pt, type Shape } from './draw.ts';

const C = 'corner' as const;

// --- 911 (992 proportions: 4.52 m long, 2.45 m wheelbase, 1.30 m high)
const NINE_ELEVEN_NOSE: readonly Pt[] = [
  [0.03, 0.2, C], [0, 0.3], [0.06, 0.44], [0.28, 0.56], [0.62, 0.68], [0.97, 0.78], [1.35, 0.81], [1.7, 0.86, C],
];
const NINE_ELEVEN_TAIL: readonly Pt[] = [[3.95, 0.93], [4.35, 0.88], [4.5, 0.78], [4.52, 0.55], [4.47, 0.22, C]];
const NINE_ELEVEN_BASE = { length: 4.52, axles: [0.97, 3.42], wheel: 0.34, sill: 0.2 } as const;

const nineElevenCoupe: Shape = {
  ...NINE_ELEVEN_BASE,
  body: [...NINE_ELEVEN_NOSE, [2.18, 1.24], [2.5, 1.3], [2.95, 1.22], [3.45, 1.04], ...NINE_ELEVEN_TAIL],
  glass: [[[1.82, 0.92, C], [2.2, 1.21], [2.5, 1.25], [2.9, 1.17], [3.2, 1.0], [3.28, 0.93, C]]],
  lines: [[[2.74, 0.3], [2.76, 0.9]]],
};

const nineElevenTarga: Shape = {
  ...NINE_ELEVEN_BASE,
  body: [...NINE_ELEVEN_NOSE, [2.18, 1.24], [2.5, 1.3], [2.95, 1.22], [3.45, 1.04], ...NINE_ELEVEN_TAIL],
  glass: [
    [[1.82, 0.92, C], [2.2, 1.21], [2.5, 1.25], [2.64, 1.25, C], [2.64, 0.92, C]],
    [[3.0, 0.94, C], [3.0, 1.18, C], [3.2, 1.08], [3.36, 0.96, C]],
  ],
  // The targa hoop: a wide brushed band behind the doors.
  trim: [[[2.66, 0.92, C], [2.66, 1.27, C], [2.96, 1.2, C], [2.96, 0.92, C]]],
  lines: [[[2.74, 0.3], [2.76, 0.9]]],
};

const nineElevenCabriolet: Shape = {
  ...NINE_ELEVEN_BASE,
  body: [...NINE_ELEVEN_NOSE, [2.3, 0.93], [3.0, 0.95], [3.55, 0.95], ...NINE_ELEVEN_TAIL],
  parts: [
    [[1.7, 0.86, C], [2.08, 1.18, C], [2.2, 1.18, C], [1.9, 0.88, C]],
    [[2.5, 0.92, C], [2.53, 1.08], [2.63, 1.12], [2.72, 1.07], [2.7, 0.92, C]],
    [[3.0, 0.94, C], [3.12, 1.0], [3.5, 1.01], [3.66, 0.94, C]],
  ],
  glass: [],
  lines: [[[2.74, 0.3], [2.76, 0.9]]],
};

// --- Boxster and Cayman (982: 4.38 m long, 2.48 m wheelbase)
const MID_NOSE: readonly Pt[] = [
  [0.03, 0.2, C], [0, 0.3], [0.06, 0.44], [0.28, 0.55], [0.62, 0.67], [0.96, 0.77], [1.35, 0.8], [1.68, 0.85, C],
];
const MID_TAIL: readonly Pt[] = [[4.22, 0.93], [4.36, 0.86], [4.38, 0.6], [4.34, 0.22, C]];
const MID_BASE = { length: 4.38, axles: [0.96, 3.44], wheel: 0.34, sill: 0.2 } as const;
// The side intake ahead of the rear wheel: the mid-engine cars' mark.
const MID_INTAKE: readonly Pt[] = [[2.76, 0.44, C], [2.86, 0.64, C], [2.98, 0.64, C], [2.96, 0.44, C]];

const boxsterRoadster: Shape = {
  ...MID_BASE,
  body: [...MID_NOSE, [2.3, 0.91], [2.75, 0.93], [3.0, 1.0], [3.3, 0.99], [3.75, 0.94], ...MID_TAIL],
  parts: [
    [[1.68, 0.85, C], [2.02, 1.15, C], [2.14, 1.15, C], [1.87, 0.87, C]],
    [[2.46, 0.91, C], [2.49, 1.07], [2.59, 1.11], [2.68, 1.06], [2.66, 0.91, C]],
  ],
  glass: [],
  dark: [MID_INTAKE],
  lines: [[[2.62, 0.3], [2.64, 0.88]]],
};

const caymanCoupe: Shape = {
  ...MID_BASE,
  body: [...MID_NOSE, [2.12, 1.22], [2.42, 1.28], [2.85, 1.22], [3.3, 1.08], [3.8, 0.98], ...MID_TAIL],
  glass: [[[1.8, 0.91, C], [2.14, 1.19], [2.42, 1.24], [2.78, 1.18], [3.1, 1.04, C], [3.02, 0.93, C]]],
  dark: [MID_INTAKE],
  lines: [[[2.62, 0.3], [2.64, 0.9]]],
};

// --- Cayenne (9YA: 4.92 m, 2.90 m wheelbase, 1.70 m high) and Macan (95B: 4.70 m, 2.81 m, 1.62 m)
const CAYENNE_NOSE: readonly Pt[] = [
  [0.03, 0.4, C], [0, 0.62], [0.04, 0.84], [0.22, 0.95], [0.7, 1.01], [1.2, 1.06], [1.62, 1.12, C],
];
const CAYENNE_BASE = { length: 4.92, axles: [0.99, 3.89], wheel: 0.39, sill: 0.4 } as const;
// Dark sill cladding between the wheels, and roof rails: what says SUV at this size.
const suvDetails = (frontAxle: number, rearAxle: number, sill: number, wheel: number) =>
  [[[frontAxle + wheel + 0.08, sill, C], [frontAxle + wheel + 0.08, sill + 0.08, C], [rearAxle - wheel - 0.08, sill + 0.08, C],
    [rearAxle - wheel - 0.08, sill, C]]] as const;
const CAYENNE_FRONT_GLASS: readonly Pt[] = [[1.76, 1.18, C], [2.25, 1.55], [2.58, 1.62], [2.62, 1.62, C], [2.62, 1.18, C]];

const cayenneSuv: Shape = {
  ...CAYENNE_BASE,
  body: [...CAYENNE_NOSE, [2.22, 1.58], [2.6, 1.67], [3.4, 1.68], [4.2, 1.63], [4.62, 1.54], [4.82, 1.36], [4.9, 1.1],
    [4.92, 0.8], [4.86, 0.42, C]],
  glass: [
    CAYENNE_FRONT_GLASS,
    [[2.72, 1.18, C], [2.72, 1.62, C], [3.55, 1.63, C], [3.7, 1.18, C]],
    [[3.8, 1.18, C], [3.66, 1.62, C], [4.18, 1.58], [4.46, 1.46], [4.52, 1.3, C], [4.4, 1.18, C]],
  ],
  parts: [[[2.7, 1.67, C], [2.72, 1.71, C], [4.1, 1.66, C], [4.14, 1.62, C]]],
  dark: suvDetails(0.99, 3.89, 0.4, 0.39),
  lines: [[[2.67, 0.5], [2.67, 1.14]], [[3.75, 0.5], [3.75, 1.14]]],
};

const cayenneCoupe: Shape = {
  ...CAYENNE_BASE,
  body: [...CAYENNE_NOSE, [2.22, 1.58], [2.6, 1.66], [3.3, 1.64], [3.95, 1.54], [4.45, 1.4], [4.78, 1.24], [4.9, 1.08],
    [4.92, 0.8], [4.86, 0.42, C]],
  glass: [
    CAYENNE_FRONT_GLASS,
    [[2.72, 1.18, C], [2.72, 1.6, C], [3.4, 1.58, C], [3.65, 1.18, C]],
    [[3.75, 1.18, C], [3.56, 1.55, C], [3.95, 1.49], [4.3, 1.36, C], [4.24, 1.18, C]],
  ],
  dark: suvDetails(0.99, 3.89, 0.4, 0.39),
  lines: [[[2.67, 0.5], [2.67, 1.14]], [[3.7, 0.5], [3.7, 1.14]]],
};

const macanSuv: Shape = {
  length: 4.7,
  axles: [0.97, 3.78],
  wheel: 0.38,
  sill: 0.38,
  body: [[0.03, 0.38, C], [0, 0.56], [0.05, 0.78], [0.25, 0.89], [0.7, 0.96], [1.15, 1.02], [1.56, 1.08, C], [2.14, 1.5],
    [2.5, 1.59], [3.3, 1.58], [3.95, 1.48], [4.4, 1.32], [4.62, 1.14], [4.7, 0.9], [4.66, 0.4, C]],
  glass: [
    [[1.7, 1.14, C], [2.17, 1.47], [2.5, 1.54], [2.55, 1.54, C], [2.55, 1.14, C]],
    [[2.65, 1.14, C], [2.65, 1.54, C], [3.3, 1.53], [3.62, 1.42, C], [3.7, 1.14, C]],
    [[3.8, 1.14, C], [3.78, 1.38, C], [4.05, 1.32], [4.24, 1.2, C], [4.2, 1.14, C]],
  ],
  parts: [[[2.6, 1.58, C], [2.62, 1.62, C], [3.9, 1.53, C], [3.94, 1.48, C]]],
  dark: suvDetails(0.97, 3.78, 0.38, 0.38),
  lines: [[[2.6, 0.48], [2.6, 1.1]], [[3.75, 0.48], [3.75, 1.1]]],
};

// --- Panamera (971: 5.05 m, 2.95 m wheelbase, 1.42 m) and Taycan (J1: 4.96 m, 2.90 m, 1.38 m)
const PANAMERA_NOSE: readonly Pt[] = [
  [0.03, 0.22, C], [0, 0.34], [0.07, 0.5], [0.32, 0.63], [0.68, 0.76], [1.0, 0.84], [1.35, 0.87], [1.72, 0.9, C], [2.34, 1.36],
  [2.75, 1.42],
];
const PANAMERA_BASE = { length: 5.05, axles: [1.0, 3.95], wheel: 0.37, sill: 0.22 } as const;
const PANAMERA_FRONT_GLASS: readonly Pt[] = [[1.84, 0.96, C], [2.36, 1.33], [2.74, 1.38], [2.78, 1.38, C], [2.78, 0.96, C]];
const PANAMERA_DOOR_LINE: readonly Pt[] = [[2.83, 0.3], [2.83, 0.92]];

const panameraSedan: Shape = {
  ...PANAMERA_BASE,
  body: [...PANAMERA_NOSE, [3.45, 1.36], [4.1, 1.18], [4.6, 1.04], [4.92, 0.98], [5.05, 0.84], [5.04, 0.55], [5.0, 0.24, C]],
  glass: [PANAMERA_FRONT_GLASS, [[2.88, 0.96, C], [2.88, 1.38, C], [3.45, 1.32], [3.85, 1.16], [4.02, 1.04, C], [3.85, 0.96, C]]],
  lines: [PANAMERA_DOOR_LINE],
};

const panameraSportTurismo: Shape = {
  ...PANAMERA_BASE,
  body: [...PANAMERA_NOSE, [3.6, 1.41], [4.35, 1.33], [4.8, 1.18], [4.98, 1.0], [5.05, 0.84], [5.04, 0.55], [5.0, 0.24, C]],
  glass: [
    PANAMERA_FRONT_GLASS,
    [[2.88, 0.96, C], [2.88, 1.38, C], [3.6, 1.37, C], [3.98, 1.33, C], [4.05, 0.96, C]],
    [[4.14, 0.98, C], [4.1, 1.3, C], [4.42, 1.25], [4.62, 1.12, C], [4.55, 0.98, C]],
  ],
  lines: [PANAMERA_DOOR_LINE],
};

const TAYCAN_NOSE: readonly Pt[] = [
  [0.03, 0.2, C], [0, 0.3], [0.08, 0.44], [0.35, 0.58], [0.7, 0.72], [0.97, 0.81], [1.35, 0.85], [1.72, 0.88, C], [2.36, 1.33],
  [2.8, 1.38],
];
const TAYCAN_BASE = { length: 4.96, axles: [0.97, 3.87], wheel: 0.36, sill: 0.2 } as const;
const TAYCAN_FRONT_GLASS: readonly Pt[] = [[1.84, 0.94, C], [2.38, 1.3], [2.78, 1.34], [2.82, 1.34, C], [2.82, 0.94, C]];

const taycanSedan: Shape = {
  ...TAYCAN_BASE,
  body: [...TAYCAN_NOSE, [3.45, 1.32], [4.1, 1.14], [4.62, 1.0], [4.9, 0.94], [4.96, 0.8], [4.95, 0.55], [4.91, 0.22, C]],
  glass: [TAYCAN_FRONT_GLASS, [[2.92, 0.94, C], [2.92, 1.34, C], [3.45, 1.28], [3.85, 1.12], [4.0, 1.02, C], [3.82, 0.94, C]]],
  lines: [[[2.87, 0.28], [2.87, 0.9]]],
};

const taycanCrossTurismo: Shape = {
  ...TAYCAN_BASE,
  sill: 0.24,
  body: [...TAYCAN_NOSE, [3.7, 1.38], [4.4, 1.29], [4.8, 1.12], [4.94, 0.94], [4.96, 0.8], [4.95, 0.55], [4.91, 0.24, C]],
  glass: [
    TAYCAN_FRONT_GLASS,
    [[2.92, 0.94, C], [2.92, 1.34, C], [3.6, 1.34, C], [3.98, 1.3, C], [4.04, 0.94, C]],
    [[4.12, 0.96, C], [4.08, 1.27, C], [4.42, 1.22], [4.62, 1.08, C], [4.52, 0.96, C]],
  ],
  // The Cross Turismo's dark wheel-arch and sill cladding.
  dark: [[[1.45, 0.24, C], [1.45, 0.3, C], [3.4, 0.3, C], [3.4, 0.24, C]]],
  lines: [[[2.87, 0.3], [2.87, 0.9]]],
};

// --- Front-engine transaxle cars: 928 (4.52 m, 2.50 m) and 924/944/968 (4.23 m, 2.40 m)
const nineTwentyEight: Shape = {
  length: 4.52,
  axles: [0.87, 3.37],
  wheel: 0.32,
  sill: 0.22,
  body: [[0.03, 0.22, C], [0, 0.32], [0.1, 0.46], [0.4, 0.6], [0.87, 0.74], [1.3, 0.8], [1.65, 0.86, C], [2.15, 1.22],
    [2.5, 1.28], [3.05, 1.19], [3.6, 1.03], [4.15, 0.88], [4.42, 0.78], [4.52, 0.62], [4.49, 0.24, C]],
  glass: [[[1.77, 0.92, C], [2.17, 1.19], [2.5, 1.23], [2.95, 1.15], [3.35, 1.0], [3.5, 0.92, C]]],
  lines: [[[2.62, 0.3], [2.64, 0.9]]],
};

const TRANSAXLE_NOSE: readonly Pt[] = [
  [0.03, 0.22, C], [0, 0.32], [0.1, 0.46], [0.42, 0.6], [0.85, 0.72], [1.35, 0.8], [1.72, 0.86, C],
];
const TRANSAXLE_TAIL: readonly Pt[] = [[4.15, 0.93, C], [4.22, 0.88], [4.23, 0.6], [4.2, 0.24, C]];
const TRANSAXLE_BASE = { length: 4.23, axles: [0.85, 3.25], wheel: 0.31, sill: 0.22 } as const;

const transaxleCoupe: Shape = {
  ...TRANSAXLE_BASE,
  body: [...TRANSAXLE_NOSE, [2.2, 1.22], [2.52, 1.27], [2.9, 1.23], [3.45, 1.05], [3.95, 0.94], ...TRANSAXLE_TAIL],
  glass: [
    [[1.84, 0.92, C], [2.22, 1.19], [2.52, 1.22], [2.66, 1.21, C], [2.66, 0.92, C]],
    [[2.76, 0.92, C], [2.76, 1.2, C], [2.9, 1.19], [3.4, 1.02], [3.55, 0.95, C]],
  ],
  lines: [[[2.6, 0.3], [2.62, 0.88]]],
};

const transaxleCabriolet: Shape = {
  ...TRANSAXLE_BASE,
  body: [...TRANSAXLE_NOSE, [2.4, 0.92], [3.0, 0.94], [3.6, 0.95], [3.95, 0.94], ...TRANSAXLE_TAIL],
  parts: [
    [[1.72, 0.86, C], [2.08, 1.17, C], [2.2, 1.17, C], [1.92, 0.88, C]],
    [[2.48, 0.92, C], [2.51, 1.07], [2.61, 1.11], [2.7, 1.06], [2.68, 0.92, C]],
    [[2.95, 0.93, C], [3.08, 0.99], [3.45, 1.0], [3.6, 0.94, C]],
  ],
  glass: [],
  lines: [[[2.6, 0.3], [2.62, 0.88]]],
};

// --- Supercars: Carrera GT (4.61 m, 2.73 m, 1.17 m), 918 Spyder (4.64 m, 2.73 m), 959 (4.26 m, 2.30 m)
const SUPERCAR_NOSE: readonly Pt[] = [
  [0.03, 0.17, C], [0, 0.28], [0.1, 0.42], [0.45, 0.57], [0.8, 0.72], [1.05, 0.8], [1.4, 0.79], [1.8, 0.8, C], [2.4, 0.84],
  [2.78, 0.87],
];
const SUPERCAR_PARTS: readonly (readonly Pt[])[] = [
  [[1.8, 0.8, C], [2.18, 1.08, C], [2.3, 1.08, C], [1.98, 0.82, C]],
  [[2.45, 0.84, C], [2.49, 0.99], [2.6, 1.02], [2.68, 0.97], [2.66, 0.85, C]],
];
const SUPERCAR_INTAKE: readonly Pt[] = [[2.86, 0.3, C], [2.96, 0.62, C], [3.28, 0.62, C], [3.34, 0.3, C]];

const carreraGt: Shape = {
  length: 4.61,
  axles: [1.05, 3.78],
  wheel: 0.34,
  sill: 0.16,
  body: [...SUPERCAR_NOSE, [2.98, 1.04], [3.3, 1.03], [3.85, 0.94], [4.3, 0.9], [4.5, 0.9, C], [4.61, 0.72], [4.58, 0.17, C]],
  parts: [...SUPERCAR_PARTS, [[4.12, 0.9, C], [4.14, 0.98, C], [4.54, 0.99, C], [4.52, 0.9, C]]],
  glass: [],
  dark: [SUPERCAR_INTAKE],
};

const nineEighteen: Shape = {
  length: 4.64,
  axles: [1.03, 3.76],
  wheel: 0.35,
  sill: 0.15,
  body: [...SUPERCAR_NOSE, [3.0, 1.12], [3.4, 1.1], [3.95, 0.98], [4.4, 0.92], [4.58, 0.88, C], [4.64, 0.7], [4.6, 0.17, C]],
  parts: [...SUPERCAR_PARTS],
  glass: [],
  dark: [SUPERCAR_INTAKE],
};

const nineFiftyNine: Shape = {
  length: 4.26,
  axles: [0.95, 3.25],
  wheel: 0.33,
  sill: 0.2,
  body: [[0.03, 0.2, C], [0, 0.3], [0.07, 0.44], [0.3, 0.56], [0.62, 0.68], [0.95, 0.77], [1.3, 0.8], [1.62, 0.86, C],
    [2.1, 1.23], [2.42, 1.29], [2.85, 1.2], [3.3, 1.05], [3.65, 1.0], [3.95, 1.05], [4.18, 1.03], [4.26, 0.85], [4.24, 0.22, C]],
  glass: [[[1.74, 0.92, C], [2.12, 1.2], [2.42, 1.24], [2.8, 1.15], [3.1, 0.99], [3.18, 0.93, C]]],
  dark: [[[2.72, 0.5, C], [2.78, 0.66, C], [2.92, 0.66, C], [2.9, 0.5, C]]],
  lines: [[[2.6, 0.3], [2.62, 0.9]]],
};

const SHAPES: Readonly<Record<string, Shape>> = {
  '911-coupe': nineElevenCoupe,
  '911-targa': nineElevenTarga,
  '911-cabriolet': nineElevenCabriolet,
  'boxster-roadster': boxsterRoadster,
  'cayman-coupe': caymanCoupe,
  'cayenne-suv': cayenneSuv,
  'cayenne-coupe': cayenneCoupe,
  'macan-suv': macanSuv,
  'panamera-sedan': panameraSedan,
  'panamera-sport-turismo': panameraSportTurismo,
  'taycan-sedan': taycanSedan,
  'taycan-cross-turismo': taycanCrossTurismo,
  '928-coupe': nineTwentyEight,
  '924-coupe': transaxleCoupe,
  '944-coupe': transaxleCoupe,
  '944-cabriolet': transaxleCabriolet,
  '968-coupe': transaxleCoupe,
  '968-cabriolet': transaxleCabriolet,
  'carrera-gt-roadster': carreraGt,
  '918-spyder-roadster': nineEighteen,
  '959-coupe': nineFiftyNine,
};

/** The silhouette key of a line and body: '911-coupe', 'panamera-sport-turismo'. */
export function silhouetteKey(model: ModelLine, bodyStyle: BodyStyle): string {
  const slug = (text: string) => text.toLowerCase().replace(/\s+/g, '-');
  return `${slug(model)}-${slug(bodyStyle)}`;
}

export function hasSilhouette(key: string): boolean {
  return Object.hasOwn(SHAPES, key);
}

export const SILHOUETTE_KEYS: readonly string[] = Object.keys(SHAPES);

const rendered = new Map<string, string>();

/** The SVG text of a silhouette, rendered once per process; undefined for an unknown key. */
export function silhouetteSvg(key: string): string | undefined {
  if (!hasSilhouette(key)) return undefined;
  let svg = rendered.get(key);
  if (svg === undefined) {
    svg = renderSvg(SHAPES[key]!, `Side view of a ${key.replace(/-/g, ' ')}`);
    rendered.set(key, svg);
  }
  return svg;
}
