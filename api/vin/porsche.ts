/**
 * The marque's own VIN positions (North American VINs, model years 1981 on).
 *
 * Sources (facts/porsche-vin.md gathers them):
 * - 49 CFR 565.15 (and the 2008 rule, 73 FR 23367): check digit, model-year letter at position 10, and
 *   from model year 2010 a letter at position 7 of passenger cars, MPVs and light trucks.
 * - porschemag.com "Porsche VIN Decoder" table: WMI, position 4 body letters (A coupe, B targa,
 *   C cabriolet, D targa, E targa or cabriolet, J coupe), positions 7, 8 and 12 the type number.
 * - The wiki page "Porsche VIN numbers" (de/en): type numbers read from positions 7, 8 and 12
 *   (911 = 930, 964, 993, 996, 997, 991, 992; Boxster and Cayman 986, 987, 981, 982; Cayenne 9PA, 92A;
 *   Panamera 970; Carrera GT 980; 924 and 931; 944 and 951 (944 Turbo); 928; 959; 968).
 * - turbosition.com and facts/porsche-vin.md for the later lines: Panamera 971, Cayenne 9YA, Macan 95B,
 *   918 Spyder 918, Taycan Y1A.
 *
 * Model-year windows are the US model years of each type (first and last, as the wiki and porschemag
 * give them); they reject a well-formed VIN whose type could not have that year (an invented VIN
 * with a correct check digit, or a typo that happens to keep it). Body letters not listed for a type
 * are unknown combinations: the decoder answers "cannot locate vehicle" rather than guess. Letters we
 * could not confirm from the sources above are marked "ours" and are the first place to look if a real
 * VIN is refused.
 */

export const PORSCHE_WMIS = { WP0: 'passenger car', WP1: 'SUV' } as const;
export type PorscheWmi = keyof typeof PORSCHE_WMIS;

import type { ModelLine } from '../../contract/reference/model-lines.ts';

/** The model lines (what the VIN check answers as `model`) are a fact of the marque, kept in contract/. */
export { MODEL_LINES, type ModelLine } from '../../contract/reference/model-lines.ts';

const BODY_STYLES = [
  'Coupe', 'Cabriolet', 'Targa', 'Roadster', 'SUV', 'Sedan', 'Sport Turismo', 'Cross Turismo',
] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

interface TypeEntry {
  /** Which WMI the type is built under: cars WP0, SUVs WP1. */
  wmi: PorscheWmi;
  /** Model years sold in the US, inclusive; `to` null while the type is current. */
  from: number;
  to: number | null;
  /** Position 4 letter to model line and body. Mid-engine types carry two lines (Boxster, Cayman). */
  bodies: Readonly<Record<string, readonly [ModelLine, BodyStyle]>>;
}

// Position 4 sets shared by a family (porschemag.com: A coupe, B targa, C cabriolet, D targa,
// E targa or cabriolet, J coupe; facts/porsche-vin.md: from 2003 also K cabriolet).
const NINE_ELEVEN = {
  A: ['911', 'Coupe'], J: ['911', 'Coupe'], B: ['911', 'Targa'], D: ['911', 'Targa'],
  C: ['911', 'Cabriolet'], E: ['911', 'Cabriolet'], K: ['911', 'Cabriolet'],
} as const;
// Boxster is the open car (C, K), Cayman the coupe (A, J) of the same type number.
const MID_ENGINE = {
  A: ['Cayman', 'Coupe'], J: ['Cayman', 'Coupe'], C: ['Boxster', 'Roadster'], K: ['Boxster', 'Roadster'],
} as const;
type Bodies = TypeEntry['bodies'];
const frontEngine = (line: ModelLine, withCabriolet: boolean): Bodies =>
  withCabriolet
    ? { A: [line, 'Coupe'], J: [line, 'Coupe'], C: [line, 'Cabriolet'], K: [line, 'Cabriolet'] }
    : { A: [line, 'Coupe'], J: [line, 'Coupe'] };

/**
 * Type number (positions 7, 8, 12 with a leading A read as 9) to its line(s), bodies and years.
 */
export const TYPE_NUMBERS: Readonly<Record<string, TypeEntry>> = {
  // 911: the G-series Carrera and SC carry 911 itself; 930 the Turbo of the same era.
  '911': { wmi: 'WP0', from: 1981, to: 1989, bodies: NINE_ELEVEN },
  '930': { wmi: 'WP0', from: 1981, to: 1989, bodies: NINE_ELEVEN },
  '964': { wmi: 'WP0', from: 1989, to: 1994, bodies: NINE_ELEVEN },
  '993': { wmi: 'WP0', from: 1995, to: 1998, bodies: NINE_ELEVEN },
  '996': { wmi: 'WP0', from: 1999, to: 2005, bodies: NINE_ELEVEN },
  '997': { wmi: 'WP0', from: 2005, to: 2013, bodies: NINE_ELEVEN },
  '991': { wmi: 'WP0', from: 2012, to: 2019, bodies: NINE_ELEVEN },
  '992': { wmi: 'WP0', from: 2020, to: null, bodies: NINE_ELEVEN },
  // Front-engine transaxle cars.
  '924': { wmi: 'WP0', from: 1981, to: 1988, bodies: frontEngine('924', false) },
  '931': { wmi: 'WP0', from: 1981, to: 1982, bodies: frontEngine('924', false) },
  '928': { wmi: 'WP0', from: 1981, to: 1995, bodies: frontEngine('928', false) },
  '944': { wmi: 'WP0', from: 1982, to: 1991, bodies: frontEngine('944', true) },
  '951': { wmi: 'WP0', from: 1985, to: 1991, bodies: frontEngine('944', true) },
  '968': { wmi: 'WP0', from: 1992, to: 1995, bodies: frontEngine('968', true) },
  '959': { wmi: 'WP0', from: 1986, to: 1993, bodies: { A: ['959', 'Coupe'], J: ['959', 'Coupe'] } },
  // Mid-engine: 986 was the Boxster alone; the Cayman joined with the 987 (model year 2006).
  '986': { wmi: 'WP0', from: 1997, to: 2004, bodies: { C: ['Boxster', 'Roadster'], K: ['Boxster', 'Roadster'] } },
  '987': { wmi: 'WP0', from: 2005, to: 2013, bodies: MID_ENGINE },
  '981': { wmi: 'WP0', from: 2013, to: 2016, bodies: MID_ENGINE },
  '982': { wmi: 'WP0', from: 2017, to: null, bodies: MID_ENGINE },
  '980': { wmi: 'WP0', from: 2004, to: 2007, bodies: { C: ['Carrera GT', 'Roadster'] } },
  '918': { wmi: 'WP0', from: 2014, to: 2015, bodies: { C: ['918 Spyder', 'Roadster'] } },
  // Four-door cars. Sport Turismo (C) and Cross Turismo (B) letters: ours.
  '970': { wmi: 'WP0', from: 2010, to: 2016, bodies: { A: ['Panamera', 'Sedan'] } },
  '971': { wmi: 'WP0', from: 2017, to: 2024, bodies: { A: ['Panamera', 'Sedan'], C: ['Panamera', 'Sport Turismo'] } },
  Y1A: { wmi: 'WP0', from: 2020, to: null, bodies: { A: ['Taycan', 'Sedan'], B: ['Taycan', 'Cross Turismo'] } },
  // SUVs (WP1). The Cayenne Coupe's B letter and its 9YB type: ours.
  '9PA': { wmi: 'WP1', from: 2003, to: 2010, bodies: { A: ['Cayenne', 'SUV'] } },
  '92A': { wmi: 'WP1', from: 2011, to: 2018, bodies: { A: ['Cayenne', 'SUV'] } },
  '9YA': { wmi: 'WP1', from: 2019, to: null, bodies: { A: ['Cayenne', 'SUV'], B: ['Cayenne', 'Coupe'] } },
  '9YB': { wmi: 'WP1', from: 2020, to: null, bodies: { A: ['Cayenne', 'Coupe'], B: ['Cayenne', 'Coupe'] } },
  '95B': { wmi: 'WP1', from: 2015, to: null, bodies: { A: ['Macan', 'SUV'] } },
};

/**
 * The type number a VIN carries: positions 7, 8 and 12, where from model year 2010 position 7 holds a
 * letter in place of the leading 9 (49 CFR 565.15(c) needs a letter there), so A9 + 1 reads 991.
 * The Taycan's Y1A keeps its letter.
 */
export function typeNumber(vin: string): string {
  const seventh = vin[6] === 'A' ? '9' : vin[6];
  return `${seventh}${vin[7]}${vin[11]}`;
}
