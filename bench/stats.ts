// Timing helpers of the benchmarks: latency samples in milliseconds and their percentiles.
import os from 'node:os';

export type LatencySummary = { n: number; p50: number; p95: number; p99: number; mean: number };

/** Nearest-rank percentile of ascending samples (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no samples');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length;
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean,
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** One client: `warmup` untimed calls, then `iterations` timed calls one after another. */
export async function measureSerial(
  fn: () => Promise<unknown>,
  options: { warmup: number; iterations: number },
): Promise<number[]> {
  for (let i = 0; i < options.warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < options.iterations; i++) samples.push(await timed(fn));
  return samples;
}

/**
 * `clients` concurrent loops, each making `iterationsPerClient` timed calls back to back
 * after a shared warm-up; every call's latency is a sample.
 */
export async function measureConcurrent(
  fn: () => Promise<unknown>,
  options: { clients: number; iterationsPerClient: number; warmup: number },
): Promise<{ samples: number[]; wallMs: number }> {
  await Promise.all(Array.from({ length: options.clients }, () => fn()));
  for (let i = 1; i < options.warmup; i++)
    await Promise.all(Array.from({ length: options.clients }, () => fn()));
  const samples: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      for (let i = 0; i < options.iterationsPerClient; i++) samples.push(await timed(fn));
    }),
  );
  return { samples, wallMs: performance.now() - start };
}

export const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

export type RunPlan = {
  serial: { warmup: number; iterations: number };
  concurrent: { clients: number; iterationsPerClient: number; warmup: number };
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Iterations for a call that takes about `callMs` alone: up to 200 serial calls and 10 per
 * concurrent client for quick calls, fewer for slow ones so that a run stays within about
 * `serialMs` (serial) and `concurrentMs` of summed call time (concurrent), with a floor of
 * 20 serial samples and 2 per client.
 */
export function planRuns(
  callMs: number,
  clients: number,
  budget: { serialMs: number; concurrentMs: number } = { serialMs: 1_500, concurrentMs: 5_000 },
): RunPlan {
  const iterations = clamp(Math.floor(budget.serialMs / callMs), 20, 200);
  const iterationsPerClient = clamp(Math.floor(budget.concurrentMs / (callMs * clients)), 2, 10);
  return {
    serial: { warmup: clamp(Math.floor(iterations / 10), 3, 20), iterations },
    // A warm-up round is `clients` calls: one is enough for a slow call.
    concurrent: { clients, iterationsPerClient, warmup: iterationsPerClient >= 10 ? 2 : 1 },
  };
}

/**
 * Waits, at most `maxMs`, for the 1-minute load average to fall below three quarters of the
 * cores: a seed just written leaves the database busy (autovacuum, checkpoints) and a section
 * that follows another's 50-client run would otherwise time its 1-client series on a busy
 * machine. Returns what it waited and the load it found; the caller reports both.
 */
export async function waitForQuietMachine(
  maxMs = 60_000,
): Promise<{ waitedMs: number; load1: number }> {
  const threshold = os.availableParallelism() * 0.75;
  const start = performance.now();
  let load1 = os.loadavg()[0] ?? 0;
  while (load1 >= threshold && performance.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    load1 = os.loadavg()[0] ?? 0;
  }
  return { waitedMs: performance.now() - start, load1 };
}
