/**
 * mulberry32: a small, fast seeded PRNG for tests and generated test data. The same seed gives the same
 * sequence on every machine, so a failure found with a seed can be found again. Not for anything secret
 * (api/random.ts is the CSPRNG).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
