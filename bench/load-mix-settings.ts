// The load-mix benchmark's settings, read by the server process that applies them
// (bench/load-mix-server.ts) and by the section that describes them (bench/load-mix.ts).
import type { PlanId } from '#shared/plans.ts';
import type { LoadKind } from './load-mix-protocol.ts';

/** Requests of each kind per 100: mostly reading, as people use the app. */
export const MIX: Record<LoadKind, number> = {
  list: 40,
  stats: 20,
  detail: 25,
  pay: 8,
  create: 5,
  scan: 2,
};
export const DEFAULT_LEVELS = [50, 200];
export const DEFAULT_SECONDS = 60;
/**
 * At most this long for the connections to be answered once before the mix starts. A server
 * whose event loop is busy accepts about one new connection per turn of it, so 200
 * connections opened at once into a loaded server would wait in the accept queue for minutes:
 * they open while it answers health checks, as behind a load balancer.
 */
export const RAMP_SECONDS = 30;
/** The untimed run before the timed ones, at the first level's clients. */
export const WARMUP_SECONDS = 5;
/** autocannon's default: a request unanswered this long counts as a timeout. */
export const TIMEOUT_SECONDS = 10;
/**
 * People scanning at the same moment. The scanner reads 2 at once and lets 8 wait
 * (scanner.ts DEFAULT_SCAN_CONCURRENCY, DEFAULT_SCAN_QUEUE: "a few people scanning at once")
 * and refuses more with 503 SCANNER_BUSY; 200 clients drawing 2 % scans with no think time
 * keep more than 10 unanswered (a scan takes seconds under that load): the generator's pace,
 * not people's.
 */
export const MAX_SCANS_IN_FLIGHT = 8;
/** The accounts that send the creates and the scans (see the section's notes). */
export const POOL_ACCOUNTS = 64;
export const POOL_PLAN: PlanId = 'enterprise_1000';
/** A phone photo of a restaurant receipt with its AT QR code (scripts/make-scan-fixtures.ts). */
export const SCAN_FIXTURE = 'qr/restaurante-q70.jpg';
export const RSS_SAMPLE_MS = 250;
/** The endpoint benchmark's pool: the app and the bare SQL share it (list-targets.ts). */
export const POSTGRES_POOL = 50;
export const DETAIL_IDS = 2_000;
export const PAY_IDS = 1_000;
/** A well-formed X-CSRF-Token (64 hex digits, as the web client's); any such value passes. */
export const CSRF_TOKEN = 'b3'.repeat(32);
export const LIST_PATH = '/api/invoices?period=thisMonth';
