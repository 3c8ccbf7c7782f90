// Seeded randomness for the real-world fixtures: a uniform generator and smooth value noise
// (blotches of faded ink, wood grain, granite, crumples), so a photo is the same bytes on
// every run.

/** A seeded uniform generator in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function lattice(seed: number, x: number, y: number): number {
  let h = seed ^ Math.imul(x, 374761393) ^ Math.imul(y, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in 0–1 with one lattice cell per unit. */
export function valueNoise(seed: number, x: number, y: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = lattice(seed, xi, yi);
  const b = lattice(seed, xi + 1, yi);
  const c = lattice(seed, xi, yi + 1);
  const d = lattice(seed, xi + 1, yi + 1);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

/** `octaves` layers of value noise, each twice as fine and half as strong, in 0–1. */
export function fbm(seed: number, x: number, y: number, octaves: number): number {
  let sum = 0;
  let total = 0;
  for (let i = 0, weight = 1, scale = 1; i < octaves; i++, weight /= 2, scale *= 2) {
    sum += weight * valueNoise(seed + i * 1013, x * scale, y * scale);
    total += weight;
  }
  return sum / total;
}

export const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);
export const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
};
