// The load run of issue 19 point 5: a realistic mix of requests — the invoice list, its stats,
// an invoice's detail, a payment change, a create and the scan of a QR photo — sent by
// autocannon to the real app on 127.0.0.1, at 50 and 200 concurrent clients for 60 s each,
// with the endpoint benchmark's seed (100 000 invoices in the account). Figures: throughput,
// p50/p99, every error (non-2xx, timeout, socket error, lost request: all must be 0), the
// server process's RSS, and the ratio to the bare SQL of the list at the same concurrency,
// measured as bench/invoice-endpoints.ts measures it. The processes: load-mix-protocol.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { SCAN_RULE } from '#server/features/scan/scan.routes.ts';
import { PLANS } from '#shared/plans.ts';
import { ensureScanFixtures, scanFixturePath } from '#tests/fixtures/scan-fixtures.ts';
import {
  errorCount,
  LOAD_KINDS,
  runInChild,
  TARGET_NAMES,
  targetOutcomeSchema,
  type LevelResult,
  type LoadKind,
  type TargetResult,
} from './load-mix-protocol.ts';
import {
  DEFAULT_LEVELS,
  RAMP_SECONDS,
  DEFAULT_SECONDS,
  DETAIL_IDS,
  LIST_PATH,
  MAX_SCANS_IN_FLIGHT,
  MIX,
  PAY_IDS,
  POOL_ACCOUNTS,
  POOL_PLAN,
  POSTGRES_POOL,
  RSS_SAMPLE_MS,
  SCAN_FIXTURE,
  TIMEOUT_SECONDS,
  WARMUP_SECONDS,
} from './load-mix-settings.ts';
import type { Section, Table } from './report.ts';
import { BENCH_MAIN_INVOICES } from './seed-invoices.ts';
import { fmtMs, type LatencySummary } from './stats.ts';

const REQUEST_OF: Record<LoadKind, string> = {
  list: `list: \`GET ${LIST_PATH}\` (first page)`,
  stats: 'stats: `GET /api/invoices/stats?period=thisMonth`',
  detail: 'detail: `GET /api/invoices/:id`',
  pay: 'pay: `POST /api/invoices/:id/payment`',
  create: 'create: `POST /api/invoices`',
  scan: 'scan: `POST /api/scan` (QR photo)',
};

type Measured = TargetResult & { target: string };

const triple = (s: LatencySummary | null) =>
  s ? `${fmtMs(s.p50)} / ${fmtMs(s.p95)} / ${fmtMs(s.p99)}` : '–';
const perSecond = (n: number) => `${Math.round(n)} req/s`;
const share = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '–';

function errorCell({ errors, load }: LevelResult): string {
  const { non2xx, timeouts, connectionErrors, lost } = load;
  return `${errors === 0 ? '✓' : '✗'} ${errors} (non-2xx ${non2xx}, timeouts ${timeouts}, socket ${connectionErrors}, lost ${lost})`;
}

function tables(results: Measured[]): Table[] {
  const levels = results.flatMap((r) => r.levels.map((level) => ({ target: r.target, level })));
  return [
    {
      caption: `The mix at each concurrency: latency of every response in ms (p50 / p95 / p99), errors (target: 0), the server process's RSS, and the mix's throughput as a share of the bare SQL's of the list at the same clients ("bare SQL": the list's session lookup and statements, replayed on the driver)`,
      columns: [
        'Database',
        'Clients',
        'Responses',
        'Throughput',
        'Latency',
        'Errors',
        'Bare SQL of the list (p50 / p95 / p99)',
        'Mix ÷ bare SQL',
        'Server RSS: end / peak (at the start)',
        'Server event loop delay p99 / max',
      ],
      rows: levels.map(({ target, level }) => [
        target,
        String(level.clients),
        `${level.load.responses.toLocaleString('en')} in ${level.load.durationSeconds.toFixed(1)} s`,
        perSecond(level.load.requestsPerSecond),
        triple(level.load.latency),
        errorCell(level),
        `${perSecond(level.bare.requestsPerSecond)} (${triple(level.bare.latency)})`,
        `${Math.round(level.ratio * 100)} %`,
        `${level.rss.endMb} / ${level.rss.peakMb} MB (${level.rss.startMb} MB)`,
        `${fmtMs(level.eventLoopDelay.p99)} / ${fmtMs(level.eventLoopDelay.max)} ms`,
      ]),
    },
    {
      caption:
        'Per kind of request: its share of the responses (of the deck: the mix), its responses by status ("unanswered": given up after a timeout, a socket error or a closed connection), and their latency in ms (p50 / p95 / p99)',
      columns: [
        'Database',
        'Clients',
        'Request',
        'Share (mix)',
        'Responses',
        'Statuses',
        'Latency',
      ],
      rows: levels.flatMap(({ target, level }) =>
        LOAD_KINDS.map((kind) => {
          const k = level.load.kinds[kind];
          const statuses = [
            ...Object.entries(k.statuses).map(
              ([status, n]) => `${status}: ${n.toLocaleString('en')}`,
            ),
            ...(k.unanswered > 0 ? [`unanswered: ${k.unanswered}`] : []),
          ].join(', ');
          return [
            target,
            String(level.clients),
            REQUEST_OF[kind],
            `${share(k.responses, level.load.responses)} (${MIX[kind]} %)`,
            k.responses.toLocaleString('en'),
            statuses || '–',
            triple(k.latency),
          ];
        }),
      ),
    },
  ];
}

function loadNote(level: LevelResult): string {
  const [s1 = 0, s5 = 0] = level.loadAverage.start;
  const [e1 = 0, e5 = 0] = level.loadAverage.end;
  return `${level.clients} clients ${s1.toFixed(2)} / ${s5.toFixed(2)} → ${e1.toFixed(2)} / ${e5.toFixed(2)}`;
}

function targetNotes(r: Measured): string[] {
  const notes = [
    `${r.target}: seeded in ${(r.seedMs / 1000).toFixed(1)} s for "today" ${r.today}; ${POOL_ACCOUNTS} accounts signed up in ${(r.poolSignUpMs / 1000).toFixed(1)} s; the server process's RSS once it listened, before the seed: ${r.idleRssMb} MB. The list's bare SQL: ${r.listStatements.session} session + ${r.listStatements.endpoint} own statements. Warm-up (${WARMUP_SECONDS} s, untimed): ${Math.round(r.warmup.requestsPerSecond)} req/s, ${errorCount(r.warmup)} errors. Per level: the ramp until every connection had an answer, the scans held back (${MAX_SCANS_IN_FLIGHT} unanswered), the longest time without any answer, and the time the server took after the run to finish what it left in flight: ${r.levels.map((l) => `${l.clients} clients ${l.load.rampSeconds.toFixed(1)} s, ${l.load.scansHeldBack}, ${fmtMs(l.load.longestSilenceMs)} ms, ${(l.settleMs / 1000).toFixed(1)} s`).join('; ')}. Load average (1 / 5 min) before → after each run: ${r.levels.map(loadNote).join('; ')}. After the runs the big account holds ${r.mainInvoicesAfter.toLocaleString('en')} invoices and the ${POOL_ACCOUNTS} others ${r.poolInvoicesAfter.toLocaleString('en')} together.`,
  ];
  for (const level of r.levels) {
    const { connectionsUnreadyAtStart: unready, connectionsNeverAnswered: silent } = level.load;
    if (unready > 0 || silent > 0)
      notes.push(
        `${r.target}, ${level.clients} clients: ${unready} connections were still without an answer when the ${RAMP_SECONDS} s ramp ran out, and ${silent} got none in the whole run: a connection opened or reopened (after a timeout) while the server's event loop is busy (here p99 ${fmtMs(level.eventLoopDelay.p99)} ms between turns) waits in the accept queue.`,
      );
    if (level.load.errorSamples.length === 0) continue;
    const samples = level.load.errorSamples
      .slice(0, 3)
      .map((s) => `${s.kind} ${s.status} \`${s.body.slice(0, 120).replaceAll('|', '\\|')}\``)
      .join('; ');
    notes.push(`${r.target}, ${level.clients} clients, first errors: ${samples}.`);
  }
  return notes;
}

function autocannonVersion(): string {
  const require = createRequire(import.meta.url);
  return z.object({ version: z.string() }).parse(require('autocannon/package.json')).version;
}

function settingsFromEnv() {
  // BENCH_LOAD_SECONDS=5 for a quick check; BENCH_LOAD_CLIENTS=50 for one level.
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? DEFAULT_SECONDS);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error('BENCH_LOAD_SECONDS: a number of seconds');
  const levels =
    process.env.BENCH_LOAD_CLIENTS?.split(',').map((n) => Number(n.trim())) ?? DEFAULT_LEVELS;
  if (levels.length === 0 || levels.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error('BENCH_LOAD_CLIENTS: whole numbers of clients, comma-separated');
  // BENCH_TARGETS=PostgreSQL: one database only.
  const only = process.env.BENCH_TARGETS?.split(',').map((name) => name.trim());
  return { seconds, levels, targets: TARGET_NAMES.filter((t) => !only || only.includes(t)) };
}

export async function benchLoadMix(options: {
  postgresUrl: string;
  log: (line: string) => void;
}): Promise<{ section: Section; versions: Record<string, string> }> {
  const { seconds, levels, targets } = settingsFromEnv();
  const { files } = await ensureScanFixtures();
  const fixture = files.find((f) => f.file === SCAN_FIXTURE);
  if (!fixture) throw new Error(`${SCAN_FIXTURE} is not in the scan fixture set`);
  const scanFile = scanFixturePath(fixture);
  const scanKb = Math.round(readFileSync(scanFile).length / 1024);

  const versions: Record<string, string> = { autocannon: autocannonVersion() };
  const results: Measured[] = [];
  const skipped: string[] = [];
  // PGlite first, as in the endpoint benchmark. Each database in a fresh server process.
  for (const target of targets) {
    options.log(`  ${target}: server process starting`);
    const outcome = await runInChild(
      './load-mix-server.ts',
      { target, postgresUrl: options.postgresUrl, levels, seconds, scanFile },
      targetOutcomeSchema,
    );
    if (outcome.kind === 'unreachable') {
      skipped.push(
        `${target} skipped: no server answered at ${new URL(options.postgresUrl).host} (set BENCH_DATABASE_URL).`,
      );
      continue;
    }
    versions[target] = outcome.result.version;
    results.push({ ...outcome.result, target });
  }

  const mix = LOAD_KINDS.map((kind) => `${kind} ${MIX[kind]} %`).join(', ');
  const monthly = PLANS[POOL_PLAN].monthlyInvoiceLimit.toLocaleString('en');
  // Imported here, not at the top: the scanner's modules take a second and ~300 MB to load,
  // which bench/run.ts should not pay for the other sections.
  const { DEFAULT_SCAN_CONCURRENCY, DEFAULT_SCAN_QUEUE } =
    await import('#server/services/scan/scanner.ts');
  const scanSlots = DEFAULT_SCAN_CONCURRENCY + DEFAULT_SCAN_QUEUE;
  return {
    versions,
    section: {
      title: 'Load mix over HTTP (autocannon: list, stats, detail, pay, create, scan)',
      intro: [
        `The real app as the endpoint benchmark serves it (bench/serve-app.ts: createApp with Better Auth, the request log, compression, the CSRF guard, the scanner loaded on first use; @hono/node-server on 127.0.0.1), in a server process of its own per database, loaded by autocannon ${versions.autocannon} from a child process of that one (bench/load-mix-generator.ts): ${levels.join(' and ')} concurrent clients, each on its own keep-alive connection sending its next request as soon as the last one is answered (no think time), for ${seconds} s per level and database (the timed window), after one scan that loads the scanner and a ${WARMUP_SECONDS} s warm-up run. Each run opens its connections first, asking \`GET /api/health\` (one \`select 1\`, no session) as a load balancer's check would, and starts the mix and the window once every connection has had an answer (at most ${RAMP_SECONDS} s): a Node server accepts about one new connection per turn of its event loop, so 200 connections opened at once into a loaded server wait in the accept queue for a minute or more, which is the generator's burst, not 200 people's arrival. After each run the bench waits for the server to finish the requests the run left in flight (its event loop quiet for a second) before it measures anything else. The account has the endpoint benchmark's seed: ${BENCH_MAIN_INVOICES.toLocaleString('en')} invoices over three years among 1 000 accounts.`,
        `The mix, per 100 requests: ${mix}, drawn from a shuffled deck of 100 (seeded, so every run at the same clients sends the same sequence). The big account's session sends the list (\`GET ${LIST_PATH}\`, the first page the dashboard opens), the stats of the month, the detail of one of ${DETAIL_IDS.toLocaleString('en')} of its invoices picked at random over the three years, and the payment change of one of up to ${PAY_IDS.toLocaleString('en')} of this month's Pendente invoices (marked paid with 'Cartão', back to unpaid the next time the same one comes up). Creates (a manual invoice, a new number and ATCUD each, one of 20 suppliers) and scans (the fixture photo \`${SCAN_FIXTURE}\`, ${scanKb} KB, in the multipart field \`file\`: its AT QR code read and the photo kept for the invoice to take) come from ${POOL_ACCOUNTS} other accounts in turn (see the notes). At most ${MAX_SCANS_IN_FLIGHT} scans are unanswered at once: a scan drawn while ${MAX_SCANS_IN_FLIGHT} are gives way to the next card, so the scans' share of the responses can fall below ${MIX.scan} % (the per-kind table shows it). Writes carry the Origin and X-CSRF-Token headers the CSRF guard asks for; every request sends \`Accept-Encoding: gzip, deflate, br\` as a browser does.`,
        `Errors: every response that is not a 2xx, every timeout (no answer within ${TIMEOUT_SECONDS} s, autocannon's default), every socket error, and every request left unanswered on a connection the server closed. Latency: each response's time from the request's write to the end of its answer, taken by the load generator; throughput: responses ÷ the run's length. Server RSS: the server process's (on PGlite it holds the database too; PostgreSQL's own processes are not in it), sampled every ${RSS_SAMPLE_MS} ms during the run. Server event loop delay: how late the server's event loop ran a 10 ms timer during the run (perf_hooks.monitorEventLoopDelay), the wait of every request that arrives while the thread is busy with another's work (PGlite's statements, the QR decoding, JSON). "Bare SQL of the list" as the endpoint benchmark measures it: the statements one list request sends (recorded from a real, cold request: Better Auth's session lookup included), replayed one after another straight on the driver by as many concurrent loops as the run has clients, right before the run, in the server process. On PostgreSQL the app and the bare SQL share a pool of ${POSTGRES_POOL} connections (the endpoint benchmark's; this server allows 100), so 200 loops queue for a connection as 200 clients' requests do.`,
      ],
      tables: tables(results),
      notes: [
        ...skipped,
        `Why the creates and scans come from ${POOL_ACCOUNTS} other accounts: an account may create ${monthly} invoices a month on the largest plan (Empresarial 1000), and the big account's seed is some 2 700 a month (${BENCH_MAIN_INVOICES.toLocaleString('en')} over three years), so from about the 11th of a month every create there is a 403 MONTHLY_LIMIT_REACHED, and before it the runs would use up the month's allowance within minutes; it may also scan ${SCAN_RULE.max} times in ${SCAN_RULE.windowMs / 60_000} minutes (SCAN_RULE, then a 429). Clients with no think time send hundreds of each a minute, which the limits rightly refuse from one account; traffic of that size comes from many. The ${POOL_ACCOUNTS} accounts sign up through the API and get Empresarial 1000 as an operator grant (the manual provider's row, as the seed grants the big account's plan). Between runs, never during one, the bench deletes the \`scan:\` rate-limit counters, so each run starts with the allowance five quiet minutes would give: ${POOL_ACCOUNTS} × ${SCAN_RULE.max} scans. No limit is switched off: a create or scan past one counts as an error. Left out: the creates of one account wait for each other on its row's lock (invoice-create.queries.ts), which a team creating this fast in one account would meet.`,
        `The big account does not grow: its list, stats and details read the same ${BENCH_MAIN_INVOICES.toLocaleString('en')} invoices in every run, and the other accounts share the creates (their total is in the notes below), each far under its ${monthly} a month. Payment changes touch only this month's invoices, which "Este mês" lists whatever their status, so the list keeps its rows; the stats' sums move a little as statuses change.`,
        `Scans are the heavy request: the photo's decoding and the QR search (sharp, zxing-wasm) and the kept JPEG run in a worker thread of their own (qr-reader.ts), beside the server's thread, which hears back once; the upload, the checks and the statements stay on it, and the kept photo is written to DATA_DIR synchronously (storage.ts: ten asynchronous file operations had cost a scan 9-15 s of turns of a saturated event loop). The scanner reads ${DEFAULT_SCAN_CONCURRENCY} at once and lets ${DEFAULT_SCAN_QUEUE} wait (scanner.ts: "a few people scanning at once"), refusing more with 503 SCANNER_BUSY. Without the cap of ${MAX_SCANS_IN_FLIGHT}, 200 clients drawing ${MIX.scan} % scans with no think time pile up more unanswered scans than the ${scanSlots} the scanner holds, because a scan takes seconds under this load, and the excess is refused (503s seen at 200 clients on both databases in 5 s runs while this bench was written); that is the generator's pace, not people's, and the 503 is the designed answer to it. A scan given up after the timeout is no longer counted by the cap, though the server may still be reading it.`,
        ...results.flatMap(targetNotes),
      ],
      data: { mix: MIX, seconds, levels, poolAccounts: POOL_ACCOUNTS, results },
    },
  };
}
