import { createHash } from 'node:crypto';

/** A seeded pseudo-random source (mulberry32): the same seed always gives the same sequence. */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller). */
export const gaussian = (random: () => number): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** A Poisson draw with mean `lambda` (Knuth's method; a normal approximation for large means). */
export function poisson(lambda: number, random: () => number): number {
  if (lambda <= 0) return 0;
  if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * gaussian(random)));
  const limit = Math.exp(-lambda);
  let k = 0;
  for (let p = random(); p > limit; p *= random()) k += 1;
  return k;
}
