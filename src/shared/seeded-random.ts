// mulberry32: a small seeded generator of numbers in [0, 1) — the same seed gives the same
// sequence on every run and machine (the demo's year of data, the crash test's burst, the load
// bench's deck of requests). Not for anything secret.
export function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
