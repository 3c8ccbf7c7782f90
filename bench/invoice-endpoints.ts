// The invoice list, stats and counter endpoints over real HTTP (issue 4 "Done means"): the
// app from createApp served by @hono/node-server, a real session, 100 000 invoices in the
// account among 1 000 accounts, against the bare SQL of the same work (DESIGN.md budget:
// see BUDGET below), beside a bare Hono round trip measured in the same run.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { z } from 'zod';
import { asOwner, withAccount } from '#server/db/account-context.ts';
import type { DbHandle } from '#server/db/client.ts';
import { listInvoices } from '#server/features/invoices/invoices.queries.ts';
import { addDays, startOfMonth, todayInLisbon } from '#shared/dates.ts';
import { startHttpLoad, type HttpLoad, type HttpRequestSpec, type TimedRun } from './http-load.ts';
import {
  openPgliteTarget,
  openPostgresTarget,
  type ListTarget,
  type Statement,
} from './list-targets.ts';
import type { Section, Table } from './report.ts';
import { serveApp, signUpVerified } from './serve-app.ts';
import {
  BENCH_ACCOUNTS,
  BENCH_MAIN_INVOICES,
  BENCH_OTHER_INVOICES,
  seedStatements,
} from './seed-invoices.ts';
import {
  fmtMs,
  measureConcurrent,
  measureSerial,
  planRuns,
  summarize,
  waitForQuietMachine,
  type LatencySummary,
} from './stats.ts';

const CLIENTS = 50;
const DEEP_PAGE = 120;
const PROBE = { warmup: 3, iterations: 5 };
const SESSION_SERIAL = { warmup: 20, iterations: 200 };
/**
 * Requests per endpoint before any is timed: a server that has been running has every path
 * through V8's optimising compiler, and without this the first endpoint measured paid for it
 * (its HTTP p50 came out 1–2 ms above the same request a minute later).
 */
const SERVER_WARMUP = { warmup: 0, iterations: 60 };
/** The 1-client series (HTTP, HTTP without compression, bare SQL) alternate in this many rounds. */
const SERIAL_ROUNDS = 5;
// DESIGN.md "Budgets" (issue 13.3): at 1 client HTTP p50 ≤ the bare SQL (session lookup
// included) + 1 ms; at 50 clients HTTP throughput ≥ 60 % of the bare SQL's; any search ≤ 10 ms
// (HTTP p50 at 1 client); the monthly summary ≤ 50 ms.
const BUDGET = { extraMs: 1, throughputShare: 0.6, searchP50: 10, summaryP50: 50 };
const BENCH_EMAIL = 'benchmark@example.com';

type Budget = 'list' | 'search' | 'summary' | 'none';
type Endpoint = { label: string; path: string; budget: Budget };

/** One endpoint at one concurrency: through HTTP, and its bare SQL. */
type Run = {
  target: string;
  endpoint: string;
  budget: Budget;
  clients: number;
  http: LatencySummary;
  bare: LatencySummary;
  overhead: number;
  httpRequestsPerSecond: number;
  bareRequestsPerSecond: number;
};

/** What one request does (1 client): its statements, its response, where its time goes. */
type Profile = {
  target: string;
  endpoint: string;
  path: string;
  rows: number | null;
  jsonBytes: number;
  contentEncoding: string;
  endpointStatements: number;
  sessionStatements: number;
  httpP50: number;
  /** The same request without Accept-Encoding: what compression costs the server. */
  httpWithoutGzipP50: number;
  endpointSqlP50: number;
  /** The same statements as the tables' owner: no row-level-security policy applies. */
  withoutRlsSqlP50: number;
  samples: { serial: number; concurrent: number };
};

const FIRST_PAGE_LABEL = 'list thisMonth, first page';
const COUNTER: Endpoint = { label: 'counter', path: '/api/invoices/counter', budget: 'none' };

function endpointsFor(deepPage: { page: number; cursor: string | undefined }): Endpoint[] {
  const list = (query: string) => `/api/invoices?${query}`;
  return [
    { label: FIRST_PAGE_LABEL, path: list('period=thisMonth'), budget: 'list' },
    {
      label: `list thisMonth, page ${deepPage.page} (cursor)`,
      path: list(
        `period=thisMonth${deepPage.cursor ? `&cursor=${encodeURIComponent(deepPage.cursor)}` : ''}`,
      ),
      budget: 'list',
    },
    {
      label: 'list all, status Pendente+Vencida',
      path: list('period=all&status=Pendente,Vencida'),
      budget: 'list',
    },
    {
      label: 'list all, search "janeiro" (a month)',
      path: list('period=all&search=janeiro'),
      budget: 'search',
    },
    {
      label: 'list all, search "continente" (many match)',
      path: list('period=all&search=continente'),
      budget: 'search',
    },
    {
      label: 'list all, search "77777" (one matches)',
      path: list('period=all&search=77777'),
      budget: 'search',
    },
    {
      label: 'list all, search "inexistente" (none match)',
      path: list('period=all&search=inexistente'),
      budget: 'search',
    },
    {
      label: 'stats thisMonth',
      path: '/api/invoices/stats?period=thisMonth',
      budget: 'summary',
    },
    { label: 'stats all', path: '/api/invoices/stats?period=all', budget: 'none' },
    // The monthly summary (/resumo, issue 16) of the last whole month: ~2 700 invoices.
    { label: 'summary, last month', path: lastMonthSummaryPath(), budget: 'summary' },
    COUNTER,
  ];
}

/** GET /api/summary for the month before today's (Europe/Lisbon), as /resumo asks for it. */
function lastMonthSummaryPath(): string {
  const lastMonth = addDays(startOfMonth(todayInLisbon()), -1);
  return `/api/summary?year=${Number(lastMonth.slice(0, 4))}&month=${Number(lastMonth.slice(5, 7))}`;
}

/**
 * The session lookup — Better Auth's, then the request scope's read of the account's
 * subscription (ADR 017) — as opposed to the statements of the endpoint itself.
 */
const isSessionStatement = (statement: Statement) =>
  /"auth_(sessions|users)"|"subscriptions"/.test(statement.sql);

const listBodySchema = z.object({ items: z.array(z.unknown()) });

/** The cursor of page `DEEP_PAGE` of "Este mês", as a user scrolling down would reach it. */
async function deepCursor(db: DbHandle['db'], accountId: string, today: string) {
  let cursor: string | undefined;
  let page = 1;
  for (; page < DEEP_PAGE; page++) {
    const result = await listInvoices(db, { accountId, period: 'thisMonth', today, cursor });
    if (result.nextCursor === null) break;
    cursor = result.nextCursor;
  }
  return { page, cursor };
}

/** `total` iterations as `rounds` near-equal parts (none empty). */
function splitInRounds(total: number, rounds: number): number[] {
  const count = Math.min(rounds, total);
  return Array.from(
    { length: count },
    (_, i) => Math.floor((total * (i + 1)) / count) - Math.floor((total * i) / count),
  );
}

const rate = (run: TimedRun) => (run.samples.length / run.wallMs) * 1000;
const runAll = (target: ListTarget, statements: Statement[]) => async () => {
  for (const statement of statements) await target.raw(statement);
};

/**
 * The request's SQL as the app runs it (ADR 027): the session lookup as system work, then the
 * endpoint's statements for the account, under its row-level-security policies.
 */
const runAsApp = (
  target: ListTarget,
  session: Statement[],
  endpoint: Statement[],
  accountId: string,
) => {
  const lookup = runAll(target, session);
  const own = runAll(target, endpoint);
  return async () => {
    await lookup();
    await withAccount(accountId, own);
  };
};

/** One request with the statement recorder on: its response and the statements it sent. */
async function recordRequest(target: ListTarget, load: HttpLoad, request: HttpRequestSpec) {
  const { result: response, statements } = await target.recording.capture(() => load.once(request));
  if (response.status !== 200)
    throw new Error(`${request.url}: ${response.status} ${response.body.slice(0, 200)}`);
  return {
    response,
    session: statements.filter(isSessionStatement),
    endpoint: statements.filter((s) => !isSessionStatement(s)),
  };
}

async function measureEndpoint(
  target: ListTarget,
  load: HttpLoad,
  request: HttpRequestSpec,
  endpoint: Endpoint,
  options: { concurrent: boolean; session: Statement[]; accountId: string },
): Promise<{ profile: Profile; runs: Run[] }> {
  const recorded = await recordRequest(target, load, request);
  if (recorded.endpoint.length === 0) throw new Error(`${endpoint.path}: no statement recorded`);
  // The request's whole SQL: the session lookup (a cold one, as Better Auth sends it) and the
  // endpoint's own statements, one after another as the server sends them.
  // under row-level security as the app runs them (ADR 027); "without RLS" replays the same
  // statements as the tables' owner, which the policies do not bind: the difference is their cost.
  const bare = runAsApp(target, options.session, recorded.endpoint, options.accountId);
  const allStatements = runAll(target, [...options.session, ...recorded.endpoint]);
  const bareWithoutRls = () => asOwner(allStatements);
  const listBody = listBodySchema.safeParse(JSON.parse(recorded.response.body));

  const probe = summarize(await load.serial(request, PROBE));
  // 4 s per 1-client series (up to 200 calls): the medians of the slower endpoints (a summary
  // on PGlite, ~28 ms) rest on ~140 calls instead of ~50, so they move less from run to run.
  const plan = planRuns(probe.p50, CLIENTS, { serialMs: 4_000, concurrentMs: 5_000 });
  const common = { target: target.name, endpoint: endpoint.label, budget: endpoint.budget };

  const { 'accept-encoding': _encoding, ...plainHeaders } = request.headers;
  const plainRequest = { ...request, headers: plainHeaders };
  // The three series take turns in short rounds, so a stretch of load from elsewhere on the
  // machine falls on all of them alike instead of on whichever ran at that moment.
  const serial = {
    http: [] as number[],
    plain: [] as number[],
    bare: [] as number[],
    owner: [] as number[],
  };
  const roundOf = (iterations: number) => ({ warmup: 2, iterations });
  for (const iterations of splitInRounds(plan.serial.iterations, SERIAL_ROUNDS)) {
    serial.http.push(...(await load.serial(request, roundOf(iterations))));
    serial.plain.push(...(await load.serial(plainRequest, roundOf(iterations))));
    serial.bare.push(...(await measureSerial(bare, roundOf(iterations))));
    serial.owner.push(...(await measureSerial(bareWithoutRls, roundOf(iterations))));
  }
  const httpSerial = summarize(serial.http);
  const plainSerial = summarize(serial.plain);
  const bareSerial = summarize(serial.bare);
  const runs: Run[] = [
    {
      ...common,
      clients: 1,
      http: httpSerial,
      bare: bareSerial,
      overhead: httpSerial.p50 / bareSerial.p50,
      httpRequestsPerSecond: 1000 / httpSerial.mean,
      bareRequestsPerSecond: 1000 / bareSerial.mean,
    },
  ];
  if (options.concurrent) {
    const httpRun = await load.concurrent(request, plan.concurrent);
    const bareRun = await measureConcurrent(bare, plan.concurrent);
    const http = summarize(httpRun.samples);
    const bareSummary = summarize(bareRun.samples);
    runs.push({
      ...common,
      clients: plan.concurrent.clients,
      http,
      bare: bareSummary,
      overhead: http.p50 / bareSummary.p50,
      httpRequestsPerSecond: rate(httpRun),
      bareRequestsPerSecond: rate(bareRun),
    });
  }
  return {
    profile: {
      target: target.name,
      endpoint: endpoint.label,
      path: endpoint.path,
      rows: listBody.success ? listBody.data.items.length : null,
      jsonBytes: Buffer.byteLength(recorded.response.body),
      contentEncoding: recorded.response.contentEncoding ?? 'identity',
      endpointStatements: recorded.endpoint.length,
      sessionStatements: options.session.length,
      httpP50: httpSerial.p50,
      httpWithoutGzipP50: plainSerial.p50,
      endpointSqlP50: bareSerial.p50,
      withoutRlsSqlP50: summarize(serial.owner).p50,
      samples: {
        serial: plan.serial.iterations,
        concurrent: options.concurrent
          ? plan.concurrent.clients * plan.concurrent.iterationsPerClient
          : 0,
      },
    },
    runs,
  };
}

type TargetResult = {
  today: string;
  seedMs: number;
  loadAverage: { start: number[]; end: number[] };
  /** How long the machine was given to settle after the seed (bench/stats.ts waitForQuietMachine). */
  quietWaitMs: number;
  /** Better Auth's session lookup, replayed bare: the same statements for every endpoint. */
  session: { statements: number; sql: LatencySummary };
  /** Endpoints measured at 50 clients (all on PostgreSQL; PGlite only queues them). */
  concurrentEndpoints: string[];
  profiles: Profile[];
  runs: Run[];
};

async function runTarget(target: ListTarget, log: (line: string) => void): Promise<TargetResult> {
  // The app sends its statements through the recording drizzle, so each can be replayed bare.
  const appHandle: DbHandle = { ...target.handle, db: target.recording.db };
  const app = await serveApp(appHandle);
  const load = startHttpLoad();
  try {
    const { cookie, accountId } = await signUpVerified(app, appHandle, BENCH_EMAIL);
    // The server reads "today" from the clock, so the invoices lead up to the real today.
    const today = todayInLisbon();
    const seedStart = performance.now();
    for (const sql of seedStatements({ mainAccountId: accountId, today }))
      await target.raw({ sql, params: [] });
    const seedMs = performance.now() - seedStart;
    log(`  ${target.name}: seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const quiet = await waitForQuietMachine();
    const loadStart = os.loadavg();

    // BENCH_ENDPOINTS=counter,stats thisMonth,…: only the endpoints whose label starts so.
    const only = process.env.BENCH_ENDPOINTS?.split(',').map((prefix) => prefix.trim());
    const endpoints = endpointsFor(await deepCursor(target.handle.db, accountId, today)).filter(
      (endpoint) => !only || only.some((prefix) => endpoint.label.startsWith(prefix)),
    );
    const headers = {
      cookie,
      accept: 'application/json',
      // What a browser sends; the app compresses JSON answers of 1 KB or more, brotli first (http/compression.ts).
      'accept-encoding': 'gzip, deflate, br',
    };
    const requestOf = (endpoint: Endpoint) => ({ url: `${app.origin}${endpoint.path}`, headers });

    // The first request of the session: the request scope's session cache is cold, so Better
    // Auth looks the session up (and the scope the subscription) and its statements are recorded
    // (later requests may be served from the cache, but the bare SQL always pays for the lookup).
    const sessionStatements = (await recordRequest(target, load, requestOf(COUNTER))).session;
    if (sessionStatements.length === 0) throw new Error('no session lookup recorded');
    const session = {
      statements: sessionStatements.length,
      sql: summarize(await measureSerial(runAll(target, sessionStatements), SESSION_SERIAL)),
    };

    // PGlite serves one statement at a time: at 50 clients every endpoint only queues, so one
    // shows it and the time goes to the others at 1 client.
    const concurrentEndpoints = endpoints
      .filter((e) => target.maxClients > 1 || e === endpoints[0])
      .map((e) => e.label);
    for (const endpoint of endpoints) await load.serial(requestOf(endpoint), SERVER_WARMUP);
    const profiles: Profile[] = [];
    const runs: Run[] = [];
    for (const endpoint of endpoints) {
      const measured = await measureEndpoint(target, load, requestOf(endpoint), endpoint, {
        concurrent: concurrentEndpoints.includes(endpoint.label),
        session: sessionStatements,
        accountId,
      });
      profiles.push(measured.profile);
      runs.push(...measured.runs);
      log(`  ${target.name}: ${endpoint.label}`);
    }
    return {
      today,
      seedMs,
      loadAverage: { start: loadStart, end: os.loadavg() },
      quietWaitMs: quiet.waitedMs,
      session,
      concurrentEndpoints,
      profiles,
      runs,
    };
  } finally {
    load.close();
    await app.close();
  }
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

function verdict(run: Run): string {
  const checks: string[] = [];
  if (run.clients === 1) {
    checks.push(
      `${mark(run.http.p50 <= run.bare.p50 + BUDGET.extraMs)} ≤ bare + ${BUDGET.extraMs} ms`,
    );
    if (run.budget === 'search')
      checks.push(`${mark(run.http.p50 <= BUDGET.searchP50)} search ≤ ${BUDGET.searchP50} ms`);
    if (run.budget === 'summary')
      checks.push(`${mark(run.http.p50 <= BUDGET.summaryP50)} summary ≤ ${BUDGET.summaryP50} ms`);
  } else {
    const share = run.httpRequestsPerSecond / run.bareRequestsPerSecond;
    checks.push(
      `${mark(share >= BUDGET.throughputShare)} throughput ${Math.round(share * 100)} % of bare`,
    );
  }
  return checks.join(', ');
}

const triple = (s: LatencySummary) => `${fmtMs(s.p50)} / ${fmtMs(s.p95)} / ${fmtMs(s.p99)}`;
const perSecond = (n: number) => `${Math.round(n)} req/s`;

function tables(results: Record<string, TargetResult>): Table[] {
  const runs = Object.values(results).flatMap((r) => r.runs);
  return [
    {
      caption: `Latency in ms, p50 / p95 / p99; "bare SQL" = the session lookup + the endpoint's statements — budgets (DESIGN.md): at 1 client HTTP p50 ≤ bare SQL p50 + ${BUDGET.extraMs} ms, any search ≤ ${BUDGET.searchP50} ms, stats of the month (DESIGN's "monthly summary") ≤ ${BUDGET.summaryP50} ms; at ${CLIENTS} clients HTTP throughput ≥ ${BUDGET.throughputShare * 100} % of the bare SQL's`,
      columns: [
        'Database',
        'Endpoint',
        'Clients',
        'HTTP',
        'bare SQL',
        'Overhead',
        'HTTP throughput',
        'bare SQL throughput',
        'Budget',
      ],
      rows: runs.map((r) => [
        r.target,
        r.endpoint,
        String(r.clients),
        triple(r.http),
        triple(r.bare),
        `${r.overhead.toFixed(2)}×`,
        perSecond(r.httpRequestsPerSecond),
        perSecond(r.bareRequestsPerSecond),
        verdict(r),
      ]),
    },
    {
      caption: `One request at 1 client: what it sends and answers, and where its time goes (p50, ms). "rest" = HTTP − bare SQL (session lookup + endpoint): Hono, the session cache, zod, JSON, compression and the loopback round trip — the bare Hono round trip below is its floor. The four series (HTTP, HTTP without compression, bare SQL, bare SQL without RLS) alternate in ${SERIAL_ROUNDS} rounds, so a burst of load elsewhere falls on all of them; on a busy machine the difference is still noisy and can come out negative.`,
      columns: [
        'Database',
        'Endpoint',
        'Request',
        'Response',
        'Statements (endpoint + session)',
        'HTTP',
        'HTTP without compression',
        'bare SQL (session + endpoint)',
        'bare SQL without RLS',
        'RLS cost',
        'session SQL alone',
        'rest',
        'Samples (1 / 50 clients)',
      ],
      rows: Object.values(results).flatMap((result) =>
        result.profiles.map((p) => [
          p.target,
          p.endpoint,
          `\`GET ${p.path.length > 60 ? `${p.path.slice(0, 57)}…` : p.path}\``,
          `${p.rows === null ? '' : `${p.rows} rows, `}${p.jsonBytes.toLocaleString('en')} B JSON, ${p.contentEncoding}`,
          `${p.endpointStatements} + ${p.sessionStatements}`,
          fmtMs(p.httpP50),
          fmtMs(p.httpWithoutGzipP50),
          fmtMs(p.endpointSqlP50),
          fmtMs(p.withoutRlsSqlP50),
          `${Math.round((p.endpointSqlP50 / p.withoutRlsSqlP50 - 1) * 100)} %`,
          fmtMs(result.session.sql.p50),
          fmtMs(p.httpP50 - p.endpointSqlP50),
          `${p.samples.serial} / ${p.samples.concurrent || '–'}`,
        ]),
      ),
    },
  ];
}

function targetNotes(name: string, result: TargetResult): string[] {
  const [start1 = 0, start5 = 0] = result.loadAverage.start;
  const [end1 = 0, end5 = 0] = result.loadAverage.end;
  const load = `${start1.toFixed(2)} / ${start5.toFixed(2)} at the start, ${end1.toFixed(2)} / ${end5.toFixed(2)} at the end (1 / 5 min)`;
  const concurrent = result.runs.filter((r) => r.clients === CLIENTS);
  const firstPage = concurrent.find((r) => r.endpoint === FIRST_PAGE_LABEL);
  const peak = Math.max(...concurrent.map((r) => r.httpRequestsPerSecond));
  const notes = [
    `${name}: seeded in ${(result.seedMs / 1000).toFixed(1)} s for "today" ${result.today} (Europe/Lisbon: the server reads the clock, so "Este mês" holds this month's days so far plus the earlier unpaid invoices, and its size depends on the day of the run). Then ${(result.quietWaitMs / 1000).toFixed(0)} s of waiting for the machine to settle (1-minute load below ¾ of the cores, at most 60 s). Load average ${load}.`,
  ];
  if (firstPage && concurrent.length > 1) {
    notes.push(
      `${name}, ${CLIENTS} clients: the clients send back to back with no think time, so the latency is queueing: p50 ≈ clients ÷ throughput (Little's law). The first page went at ${Math.round(firstPage.httpRequestsPerSecond)} req/s through HTTP (${Math.round(firstPage.bareRequestsPerSecond)} req/s for its bare SQL), the fastest endpoint at ${Math.round(peak)} req/s, with the server, the load generator and the database sharing the machine's cores.`,
    );
  } else if (firstPage) {
    notes.push(
      `${name}, ${CLIENTS} clients: measured for the first page only. PGlite runs one statement at a time in the server's thread, so ${CLIENTS} clients wait in line and p50 ≈ ${CLIENTS} × the 1-client time (measured: ${fmtMs(firstPage.http.p50)} ms at ${Math.round(firstPage.httpRequestsPerSecond)} req/s). Every other endpoint would queue the same way; PGlite is the single-user default, PostgreSQL the multi-user target.`,
    );
  }
  return notes;
}

type RoundTrip = { serial: LatencySummary; concurrent: LatencySummary; requestsPerSecond: number };

/**
 * The floor of any request: a minimal Hono app (one route answering a small JSON) served by
 * @hono/node-server on this machine, through the same load generator as the real app.
 */
async function measureHonoRoundTrip(): Promise<RoundTrip> {
  const app = new Hono().get('/', (c) => c.json({ ok: true }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const load = startHttpLoad();
  try {
    const { port } = server.address() as AddressInfo;
    const request = { url: `http://127.0.0.1:${port}/`, headers: { accept: 'application/json' } };
    const serial = summarize(await load.serial(request, { warmup: 200, iterations: 1000 }));
    const run = await load.concurrent(request, {
      clients: CLIENTS,
      iterationsPerClient: 40,
      warmup: 5,
    });
    return { serial, concurrent: summarize(run.samples), requestsPerSecond: rate(run) };
  } finally {
    load.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
  }
}

export async function benchInvoiceEndpoints(options: {
  postgresUrl: string;
  log: (line: string) => void;
}): Promise<{ section: Section; versions: Record<string, string> }> {
  const versions: Record<string, string> = {};
  const results: Record<string, TargetResult> = {};
  const notes: string[] = [];
  const honoRoundTrip = await measureHonoRoundTrip();
  options.log(`  bare Hono round trip: p50 ${fmtMs(honoRoundTrip.serial.p50)} ms`);

  // PGlite first: its runs are one client, and after PostgreSQL's 50-client runs the machine
  // is still busy for a while (the load average was 13 on 2 cores when PGlite started).
  const openers: Array<[string, () => Promise<ListTarget | null>]> = [
    ['PGlite', openPgliteTarget],
    ['PostgreSQL', () => openPostgresTarget(options.postgresUrl, CLIENTS)],
  ];
  // BENCH_TARGETS=PostgreSQL: one database only.
  const targets = process.env.BENCH_TARGETS?.split(',').map((name) => name.trim());
  for (const [name, open] of openers) {
    if (targets && !targets.includes(name)) continue;
    const target = await open();
    if (!target) {
      notes.push(
        `${name} skipped: no server answered at ${new URL(options.postgresUrl).host} (set BENCH_DATABASE_URL).`,
      );
      continue;
    }
    versions[name] = target.version;
    try {
      results[name] = await runTarget(target, options.log);
    } finally {
      await target.close();
    }
  }

  const sessionNote = Object.entries(results)
    .map(
      ([name, r]) =>
        `${name} ${r.session.statements} statement(s), ${fmtMs(r.session.sql.p50)} ms bare`,
    )
    .join('; ');
  return {
    versions,
    section: {
      title: 'Invoice endpoints over HTTP (`GET /api/invoices`, `/stats`, `/counter`)',
      intro: [
        `The real app (createApp with the deps bench/serve-app.ts assembles: Better Auth, request log at info level written asynchronously to /dev/null as in production, compression of answers from 1 KB, CSRF guard, security headers) served by @hono/node-server on 127.0.0.1. A user signs up and verifies through the API; its account then gets the list benchmark's seed: ${BENCH_MAIN_INVOICES.toLocaleString('en')} invoices over three years among ${BENCH_ACCOUNTS.toLocaleString('en')} accounts (the others ${BENCH_OTHER_INVOICES} each), and the 20 suppliers they name. Every request carries the session cookie, so the figures include routing, the session lookup (or its cache), validation, the queries, JSON and compression (brotli at quality 1, as a browser over HTTPS accepts it).`,
        `"HTTP" is timed by a load generator in a child process (bench/http-load.ts: node:http on keep-alive connections, every response checked to be a 200 and read to the end). "bare SQL" replays the statements the endpoint sends (recorded from one real request), preceded by Better Auth's session lookup as a cold request sends it (the server keeps a looked-up session for a few seconds, src/server/features/auth/session-cache.ts, but the reference pays for the lookup every time), one after another as the server does, straight on the driver from the bench process — the lookup as system work and the endpoint's statements as the app role for the account, so its row-level-security policies apply (ADR 027); "bare SQL without RLS" replays them as the tables' owner, whom the policies do not bind, and "RLS cost" is the difference (target ≤ 10 % on the list and the summary, issue 19). The server is warmed up first, as a running one is: ${SERVER_WARMUP.iterations} requests to every endpoint before any is timed. 1 client: sequential calls after a warm-up; ${CLIENTS} clients: ${CLIENTS} concurrent loops on a Pool of ${CLIENTS} connections, every call timed from the caller, so queueing is included. Slower endpoints get fewer samples (bench/stats.ts planRuns; counts in the second table).`,
      ],
      tables: [
        ...tables(results),
        {
          caption:
            'Bare Hono round trip on this machine, same run and load generator: a minimal Hono app (one route, `c.json({ ok: true })`) served by @hono/node-server — the floor under every HTTP figure above',
          columns: ['Clients', 'p50 / p95 / p99 (ms)', 'Throughput'],
          rows: [
            ['1', triple(honoRoundTrip.serial), perSecond(1000 / honoRoundTrip.serial.mean)],
            [
              String(CLIENTS),
              triple(honoRoundTrip.concurrent),
              perSecond(honoRoundTrip.requestsPerSecond),
            ],
          ],
        },
      ],
      notes: [
        ...notes,
        ...Object.entries(results).flatMap(([name, result]) => targetNotes(name, result)),
        `Statements per request: the endpoint's own (the list: the page, then its suppliers by NIF; stats: the grouped totals, the account's invoice count, its supplier count; counter: the month's count, against the limit of the plan the request scope read with the session) plus Better Auth's session lookup (${sessionNote}). "rest" is HTTP p50 minus both SQL p50s: the JavaScript and the loopback round trip.`,
      ],
      data: { results, honoRoundTrip },
    },
  };
}
