/**
 * The marque's model lines as people name them: what the VIN check answers as `model` (api/vin/porsche.ts
 * reads them from the VIN) and what the rate tables carry a factor for (api/rating/table.ts). Kept here so
 * that neither module has to import the other.
 */
export const MODEL_LINES = [
  '911', '924', '928', '944', '968', '959', 'Boxster', 'Cayman', 'Carrera GT', '918 Spyder',
  'Cayenne', 'Macan', 'Panamera', 'Taycan',
] as const;
export type ModelLine = (typeof MODEL_LINES)[number];
