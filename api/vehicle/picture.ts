/**
 * Which silhouette shows a vehicle (doc 2 section 7: "by vin, with fallback to year and model").
 * The VIN decides when it decodes to a line and body we draw; otherwise the model text (what the VIN
 * check answered, or what a person typed: '911 Carrera Cabriolet', '718 Boxster') and the year pick one.
 * No picture when neither names a line that existed in that model year.
 */
import type { VehicleImageResponse } from '../../contract/index.ts';
import { decodeVin } from '../vin/decode.ts';
import { TYPE_NUMBERS, type BodyStyle, type ModelLine } from '../vin/porsche.ts';
import { hasSilhouette, silhouetteKey } from './silhouettes.ts';

/** Words in a model text that name a line; longer names first so 'Carrera GT' is not read as a 911. */
const LINE_WORDS: readonly (readonly [RegExp, ModelLine])[] = [
  [/\bcarrera\s*gt\b/, 'Carrera GT'],
  [/\b918\b/, '918 Spyder'],
  [/\bboxster\b/, 'Boxster'],
  [/\bcayman\b/, 'Cayman'],
  [/\bcayenne\b/, 'Cayenne'],
  [/\bmacan\b/, 'Macan'],
  [/\bpanamera\b/, 'Panamera'],
  [/\btaycan\b/, 'Taycan'],
  [/\b(911|930|964|993|996|997|991|992|carrera|targa)\b/, '911'],
  [/\b959\b/, '959'],
  [/\b968\b/, '968'],
  [/\b(944|951)\b/, '944'],
  [/\b928\b/, '928'],
  [/\b(924|931)\b/, '924'],
];

const BODY_WORDS: readonly (readonly [RegExp, BodyStyle])[] = [
  [/\bsport\s*turismo\b/, 'Sport Turismo'],
  [/\bcross\s*turismo\b/, 'Cross Turismo'],
  [/\btarga\b/, 'Targa'],
  [/\b(cabriolet|convertible|cabrio)\b/, 'Cabriolet'],
  [/\b(coupe|coupé)\b/, 'Coupe'],
];

const DEFAULT_BODY: Readonly<Record<ModelLine, BodyStyle>> = {
  '911': 'Coupe', '924': 'Coupe', '928': 'Coupe', '944': 'Coupe', '968': 'Coupe', '959': 'Coupe',
  Boxster: 'Roadster', Cayman: 'Coupe', 'Carrera GT': 'Roadster', '918 Spyder': 'Roadster',
  Cayenne: 'SUV', Macan: 'SUV', Panamera: 'Sedan', Taycan: 'Sedan',
};

/** First and last US model year of each line, from the type-number table. */
function lineYears(line: ModelLine): { from: number; to: number } {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const entry of Object.values(TYPE_NUMBERS)) {
    if (Object.values(entry.bodies).some(([l]) => l === line)) {
      from = Math.min(from, entry.from);
      to = Math.max(to, entry.to ?? Number.POSITIVE_INFINITY);
    }
  }
  return { from, to };
}

/** The silhouette key for a year and a model text, or undefined. */
export function silhouetteForModel(year: number, model: string): string | undefined {
  const text = model.toLowerCase();
  const line = LINE_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  if (!line) return undefined;
  const { from, to } = lineYears(line);
  if (year < from || year > to) return undefined;
  const named = BODY_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  // Boxster and Carrera GT are open cars: 'Boxster Cabriolet' means the roadster.
  const body = named === 'Cabriolet' && DEFAULT_BODY[line] === 'Roadster' ? 'Roadster' : named;
  for (const candidate of [body, DEFAULT_BODY[line]]) {
    if (!candidate) continue;
    const key = silhouetteKey(line, candidate);
    if (hasSilhouette(key)) return key;
  }
  return undefined;
}

/** The silhouette key for a vehicle: by VIN first, then by year and model. */
function silhouetteFor(vin: string, year: number, model: string, now: Date = new Date()): string | undefined {
  const decoded = decodeVin(vin, now);
  if (decoded.kind === 'porsche') {
    const key = silhouetteKey(decoded.model, decoded.bodyStyle);
    if (hasSilhouette(key)) return key;
  }
  return silhouetteForModel(year, model);
}

/** The view the widgets prefer (doc 1 section 2: extcam02 first). */
const SIDE_VIEW = 'extcam02';
const SILHOUETTE_PATH = '/api/vehicle/silhouette/';

/** The picture entries of a vehicle (doc 1 section 3: Vin.picture[], view and uri), or null when none applies. */
export function vehicleImageFor(vin: string, year: number, model: string, now: Date): VehicleImageResponse | null {
  const key = silhouetteFor(vin, year, model, now);
  return key ? { Vin: { picture: [{ view: SIDE_VIEW, uri: `${SILHOUETTE_PATH}${key}.svg` }] } } : null;
}
