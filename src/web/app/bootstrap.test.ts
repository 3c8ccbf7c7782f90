import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { invoiceKeys, categoryKeys, profileKeys, supplierKeys } from '#web/lib/query-keys.ts';
import { sessionQueryKey } from '#web/lib/session.ts';
import {
  BOOTSTRAP_FAILED,
  bootstrapPhases,
  runBootstrap,
  SECONDARY_DELAY_MS,
  whenIdle,
  type BootstrapPhases,
  type Prefetch,
} from './bootstrap.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Phases whose fetches only record when they ran; `failing` names the ones that reject. */
function recordingPhases(log: string[], failing: string[] = []): BootstrapPhases {
  const entry = (name: string): Prefetch => ({
    name,
    queryKey: [name],
    run: () => {
      log.push(name);
      return failing.includes(name) ? Promise.reject(new Error(name)) : Promise.resolve(name);
    },
  });
  return {
    critical: [entry('session'), entry('profile')],
    recent: [entry('invoices')],
    secondary: [entry('suppliers')],
  };
}

test('critical data first, then recent data, then secondary data after 2 s without idle callbacks', async () => {
  const log: string[] = [];
  const done = runBootstrap(new QueryClient(), recordingPhases(log), whenIdle);

  await vi.advanceTimersByTimeAsync(0);
  expect(log).toEqual(['session', 'profile', 'invoices']);
  await vi.advanceTimersByTimeAsync(SECONDARY_DELAY_MS - 1);
  expect(log).toEqual(['session', 'profile', 'invoices']);
  await vi.advanceTimersByTimeAsync(1);
  expect(log).toEqual(['session', 'profile', 'invoices', 'suppliers']);
  await done;
});

test('secondary data waits for the browser to be idle, at most 2 s', async () => {
  const idle = vi.fn<(callback: () => void, options?: { timeout: number }) => number>(() => 1);
  vi.stubGlobal('requestIdleCallback', idle);
  const log: string[] = [];
  const done = runBootstrap(new QueryClient(), recordingPhases(log), whenIdle);

  await vi.advanceTimersByTimeAsync(SECONDARY_DELAY_MS * 2);
  expect(log).not.toContain('suppliers');
  expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: SECONDARY_DELAY_MS });
  idle.mock.calls[0]?.[0]();
  await done;
  expect(log.at(-1)).toBe('suppliers');
});

test("a failed critical fetch is logged as 'Bootstrap failed' and stops the later phases", async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const log: string[] = [];
  await runBootstrap(new QueryClient(), recordingPhases(log, ['profile']), (resume) => resume());

  expect(log).toEqual(['session', 'profile']);
  expect(warn).toHaveBeenCalledWith(BOOTSTRAP_FAILED, [
    { name: 'profile', reason: expect.any(Error) },
  ]);
});

test('a failed recent fetch is logged and the secondary data still loads', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const log: string[] = [];
  await runBootstrap(new QueryClient(), recordingPhases(log, ['invoices']), (resume) => resume());

  expect(log).toEqual(['session', 'profile', 'invoices', 'suppliers']);
  expect(warn).toHaveBeenCalledWith(BOOTSTRAP_FAILED, [
    { name: 'invoices', reason: expect.any(Error) },
  ]);
});

const keysOf = (phase: Prefetch[]): QueryKey[] => phase.map((entry) => entry.queryKey);

test("the phases fetch under the keys the screens read: this month's invoices, the 50 most recent of 30 days, the month's stats, the top 20 suppliers", () => {
  const phases = bootstrapPhases();
  expect(keysOf(phases.critical)).toEqual([sessionQueryKey, profileKeys.all]);
  expect(keysOf(phases.recent)).toEqual([
    invoiceKeys.list({ period: 'thisMonth', statuses: [], search: '' }),
    invoiceKeys.recent({ days: 30, limit: 50 }),
    invoiceKeys.stats('thisMonth'),
  ]);
  expect(keysOf(phases.secondary)).toEqual([supplierKeys.top(20), categoryKeys.all]);
});

/** Runs every prefetch against a client whose fetches never reach the network. */
async function staleTimesUsed(): Promise<Record<string, unknown>> {
  const client = new QueryClient();
  const seen: Record<string, unknown> = {};
  const record = (name: string) => (options: { staleTime?: unknown }) => {
    seen[name] = options.staleTime;
    return Promise.resolve(undefined as never);
  };
  const phases = bootstrapPhases();
  for (const entry of [...phases.critical, ...phases.recent, ...phases.secondary]) {
    vi.spyOn(client, 'fetchQuery').mockImplementation(record(entry.name));
    vi.spyOn(client, 'fetchInfiniteQuery').mockImplementation(record(entry.name));
    await entry.run(client);
  }
  return seen;
}

test('each prefetch uses the spec’s stale time', async () => {
  const seen = await staleTimesUsed();
  expect(seen).toMatchObject({
    profile: 15 * 60_000,
    "this month's invoices": 60_000,
    'recent invoices': 10 * 60_000,
    "the month's stats": 20 * 60_000,
    'top suppliers': 15 * 60_000,
    categories: 30 * 60_000,
  });
});
