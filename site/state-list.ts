import { stateName } from '../contract/reference/states.ts';

/** State names in a sentence: "Arizona, Colorado and Texas" (the home page, the FAQ, the unavailable page). */
export function stateList(codes: readonly string[]): string {
  const names = codes.map((code) => stateName(code) ?? code);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
