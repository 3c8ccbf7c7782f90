// The server process of the load-mix benchmark, one per database (started by
// bench/load-mix.ts): the app served as bench/serve-app.ts serves it, the endpoint
// benchmark's seed, the accounts that send the creates and scans, then at each level the bare
// SQL of the list and a run of the mix by the load generator (bench/load-mix-generator.ts),
// with this process's RSS sampled throughout: the server's memory, and nothing else's.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, eq, gte, inArray, like, sql } from 'drizzle-orm';
import type { DbHandle } from '#server/db/client.ts';
import { invoices, rateLimits, subscriptions } from '#server/db/schema/index.ts';
import { startOfMonth, todayInLisbon } from '#shared/dates.ts';
import { computeNifCheckDigit } from '#shared/nif.ts';
import {
  openPgliteTarget,
  openPostgresTarget,
  type ListTarget,
  type Statement,
} from './list-targets.ts';
import {
  answerParent,
  errorCount,
  loadRunResultSchema,
  runInChild,
  targetJobSchema,
  type LevelResult,
  type LoadRunConfig,
  type TargetJob,
  type TargetOutcome,
  type TargetResult,
} from './load-mix-protocol.ts';
import {
  CSRF_TOKEN,
  DETAIL_IDS,
  LIST_PATH,
  MAX_SCANS_IN_FLIGHT,
  MIX,
  PAY_IDS,
  POOL_ACCOUNTS,
  RAMP_SECONDS,
  POOL_PLAN,
  POSTGRES_POOL,
  RSS_SAMPLE_MS,
  TIMEOUT_SECONDS,
  WARMUP_SECONDS,
} from './load-mix-settings.ts';
import { serveApp, signUpVerified, type ServedApp } from './serve-app.ts';
import { seedStatements } from './seed-invoices.ts';
import { fmtMs, measureConcurrent, measureSerial, planRuns, summarize } from './stats.ts';

const MAIN_EMAIL = 'load-mix@example.com';
const SETTLE_MAX_MS = 30_000;
const log = (line: string) => console.log(line);

/** As bench/invoice-endpoints.ts tells Better Auth's session lookup from the endpoint's own SQL. */
const isSessionStatement = (statement: Statement) =>
  /"auth_(sessions|users)"|"subscriptions"/.test(statement.sql);

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Samples this process's RSS while `fn` runs, and how late its event loop ran timers: the
 * time every request waited while the thread was busy with another (PGlite's statements, the
 * scanner's QR decoding, JSON).
 */
async function watchServer<T>(fn: () => Promise<T>) {
  const startMb = mb(process.memoryUsage.rss());
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, RSS_SAMPLE_MS);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    const result = await fn();
    const end = process.memoryUsage.rss();
    return {
      result,
      rss: { startMb, endMb: mb(end), peakMb: mb(Math.max(peak, end)) },
      eventLoopDelay: {
        p50: delay.percentile(50) / 1e6,
        p99: delay.percentile(99) / 1e6,
        max: delay.max / 1e6,
      },
    };
  } finally {
    delay.disable();
    clearInterval(timer);
  }
}

/**
 * Waits until the server has finished what a run left in flight (autocannon drops its
 * connections at the end, but the server still completes their requests: a scan takes
 * seconds): its event loop on time, every 10 ms timer within 30 ms, for two half-seconds in a
 * row, or SETTLE_MAX_MS. Returns how long that took.
 */
async function settle(): Promise<number> {
  const start = performance.now();
  let quietHalves = 0;
  while (quietHalves < 2 && performance.now() - start < SETTLE_MAX_MS) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await new Promise((resolve) => setTimeout(resolve, 500));
    delay.disable();
    quietHalves = delay.max / 1e6 < 30 ? quietHalves + 1 : 0;
  }
  return performance.now() - start;
}

/** Valid supplier NIFs (right check digit), as a person would type them. */
function supplierNifs(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const firstEight = String(50_100_000 + i * 37);
    return `${firstEight}${computeNifCheckDigit(firstEight)}`;
  });
}

/** Invoices of the big account to open: spread over its three years. */
async function detailIds(db: DbHandle['db'], accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.accountId, accountId))
    .orderBy(sql`random()`)
    .limit(DETAIL_IDS);
  return rows.map((row) => row.id);
}

/**
 * Pendente invoices of this month to mark paid and back: "Este mês" lists them whatever their
 * status, so the changes leave the list's rows where they were.
 */
async function payIds(db: DbHandle['db'], accountId: string, today: string): Promise<string[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        gte(invoices.issueDate, startOfMonth(today)),
        eq(invoices.paymentStatus, 'Pendente'),
      ),
    )
    .orderBy(sql`random()`)
    .limit(PAY_IDS);
  if (rows.length === 0) throw new Error('no Pendente invoice this month to pay');
  return rows.map((row) => row.id);
}

async function countInvoices(db: DbHandle['db'], accountIds: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(inArray(invoices.accountId, accountIds));
  return row?.n ?? 0;
}

/** The list request with the statement recorder on: the session lookup and its own SQL. */
async function recordList(target: ListTarget, app: ServedApp, cookie: string) {
  const { result: status, statements } = await target.recording.capture(async () => {
    const response = await fetch(`${app.origin}${LIST_PATH}`, {
      headers: { cookie, accept: 'application/json' },
    });
    await response.arrayBuffer();
    return response.status;
  });
  if (status !== 200) throw new Error(`${LIST_PATH}: ${status}`);
  const session = statements.filter(isSessionStatement);
  const endpoint = statements.filter((s) => !isSessionStatement(s));
  // A cold request: the reference pays for the lookup every time, as the endpoint bench's does.
  if (session.length === 0 || endpoint.length === 0)
    throw new Error(`list recorded ${session.length} session, ${endpoint.length} own statements`);
  return { session, endpoint };
}

/** One scan through the app before any timed run: loads the scanner (zxing, sharp, pdfjs). */
async function scanOnce(app: ServedApp, cookie: string, file: string) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'image/jpeg' }), 'foto.jpg');
  const response = await fetch(`${app.origin}/api/scan`, {
    method: 'POST',
    headers: { cookie, origin: app.origin, 'x-csrf-token': CSRF_TOKEN },
    body: form,
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`scan: ${response.status} ${body.slice(0, 200)}`);
}

/** The bare SQL of the list (session lookup + its statements) by `clients` concurrent loops. */
async function measureBare(target: ListTarget, statements: Statement[], clients: number) {
  const bare = async () => {
    for (const statement of statements) await target.raw(statement);
  };
  const probe = summarize(await measureSerial(bare, { warmup: 3, iterations: 5 }));
  const plan = planRuns(probe.p50, clients, { serialMs: 4_000, concurrentMs: 5_000 });
  const run = await measureConcurrent(bare, plan.concurrent);
  return {
    latency: summarize(run.samples),
    requestsPerSecond: (run.samples.length / run.wallMs) * 1000,
    samples: run.samples.length,
  };
}

/** The other accounts: signed up through the API, Empresarial 1000 granted by the operator. */
async function signUpPool(app: ServedApp, appHandle: DbHandle) {
  const pool: Array<{ cookie: string; accountId: string }> = [];
  for (let i = 0; i < POOL_ACCOUNTS; i++)
    pool.push(await signUpVerified(app, appHandle, `load-mix-${i}@example.com`));
  // As the seed grants the big account its plan: the manual provider's row.
  await appHandle.db
    .insert(subscriptions)
    .values(
      pool.map((p) => ({
        accountId: p.accountId,
        planId: POOL_PLAN,
        status: 'active' as const,
        provider: 'manual' as const,
      })),
    )
    .onConflictDoUpdate({
      target: subscriptions.accountId,
      set: { planId: POOL_PLAN, status: 'active' },
    });
  return pool;
}

async function measureTarget(target: ListTarget, job: TargetJob): Promise<TargetResult> {
  const name = target.name;
  const appHandle: DbHandle = { ...target.handle, db: target.recording.db };
  const db = target.handle.db;
  const app = await serveApp(appHandle);
  const idleRssMb = mb(process.memoryUsage.rss());
  try {
    const main = await signUpVerified(app, appHandle, MAIN_EMAIL);
    const today = todayInLisbon();
    const seedStart = performance.now();
    for (const statement of seedStatements({ mainAccountId: main.accountId, today }))
      await target.raw({ sql: statement, params: [] });
    const seedMs = performance.now() - seedStart;
    log(`  ${name}: seeded in ${(seedMs / 1000).toFixed(1)} s`);

    const poolStart = performance.now();
    const pool = await signUpPool(app, appHandle);
    const poolSignUpMs = performance.now() - poolStart;
    log(`  ${name}: ${POOL_ACCOUNTS} accounts signed up in ${(poolSignUpMs / 1000).toFixed(1)} s`);

    const list = await recordList(target, app, main.cookie);
    const bareStatements = [...list.session, ...list.endpoint];
    await scanOnce(app, pool[0]!.cookie, job.scanFile);
    const ids = {
      detail: await detailIds(db, main.accountId),
      pay: await payIds(db, main.accountId, today),
    };
    const stamp = Date.now().toString(36).slice(-4);
    const runMix = (clients: number, seconds: number, runTag: string) =>
      runInChild(
        './load-mix-generator.ts',
        {
          origin: app.origin,
          clients,
          seconds,
          rampSeconds: RAMP_SECONDS,
          timeoutSeconds: TIMEOUT_SECONDS,
          mix: MIX,
          maxScansInFlight: MAX_SCANS_IN_FLIGHT,
          mainCookie: main.cookie,
          poolCookies: pool.map((p) => p.cookie),
          csrfToken: CSRF_TOKEN,
          detailIds: ids.detail,
          payIds: ids.pay,
          scanFile: job.scanFile,
          runTag,
          today,
          supplierNifs: supplierNifs(20),
          seed: clients,
        } satisfies LoadRunConfig,
        loadRunResultSchema,
      );

    const warmup = await runMix(job.levels[0]!, WARMUP_SECONDS, `w${stamp}`);
    await settle();
    log(
      `  ${name}: warm-up ${Math.round(warmup.requestsPerSecond)} req/s, ${errorCount(warmup)} errors`,
    );

    const levels: LevelResult[] = [];
    for (const clients of job.levels) {
      // Between runs, never during one: each run starts with the pool's whole scan allowance,
      // as after five minutes without scanning.
      await db.delete(rateLimits).where(like(rateLimits.key, 'scan:%'));
      const bare = await measureBare(target, bareStatements, clients);
      const loadStart = os.loadavg();
      const {
        result: load,
        rss,
        eventLoopDelay,
      } = await watchServer(() => runMix(clients, job.seconds, `${clients}${stamp}`));
      const settleMs = await settle();
      const level: LevelResult = {
        clients,
        load,
        settleMs,
        errors: errorCount(load),
        bare,
        ratio: load.requestsPerSecond / bare.requestsPerSecond,
        rss,
        eventLoopDelay,
        loadAverage: { start: loadStart, end: os.loadavg() },
      };
      levels.push(level);
      const latency = (p: 'p50' | 'p99') => fmtMs(load.latency?.[p] ?? Number.NaN);
      log(
        `  ${name}, ${clients} clients: ${Math.round(load.requestsPerSecond)} req/s, p50 ${latency('p50')} ms, p99 ${latency('p99')} ms, ${level.errors} errors; bare SQL of the list ${Math.round(bare.requestsPerSecond)} req/s; RSS ${rss.endMb} MB (peak ${rss.peakMb} MB); event loop delay p99 ${fmtMs(eventLoopDelay.p99)} ms, max ${fmtMs(eventLoopDelay.max)} ms; longest without an answer ${fmtMs(load.longestSilenceMs)} ms; ramp ${load.rampSeconds.toFixed(1)} s (${load.connectionsUnreadyAtStart} connections unanswered at its end)`,
      );
      for (const sample of load.errorSamples)
        log(`    ${sample.kind} ${sample.status}: ${sample.body.slice(0, 160)}`);
    }
    return {
      version: target.version,
      today,
      idleRssMb,
      seedMs,
      poolSignUpMs,
      listStatements: { session: list.session.length, endpoint: list.endpoint.length },
      warmup,
      mainInvoicesAfter: await countInvoices(db, [main.accountId]),
      poolInvoicesAfter: await countInvoices(
        db,
        pool.map((p) => p.accountId),
      ),
      levels,
    };
  } finally {
    await app.close();
  }
}

async function run(job: TargetJob): Promise<TargetOutcome> {
  const target =
    job.target === 'PGlite'
      ? await openPgliteTarget()
      : await openPostgresTarget(job.postgresUrl, POSTGRES_POOL);
  if (!target) return { kind: 'unreachable' };
  try {
    return { kind: 'measured', result: await measureTarget(target, job) };
  } finally {
    await target.close();
  }
}

answerParent(targetJobSchema, run);
