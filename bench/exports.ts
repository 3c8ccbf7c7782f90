// The exports over real HTTP (issue 17 "Done means": the XLSX export of 100 000 invoices, its
// time and the server's peak memory). The real app served by @hono/node-server, a signed-up
// user whose account gets the list benchmark's seed (100 000 invoices among 1 000 accounts),
// then GET /api/exports/invoices.xlsx and .csv downloaded to the end. The server runs in this
// process (as it does in production with PGlite, the database too), so its memory is sampled
// here while the download runs; the client reads the body chunk by chunk and keeps nothing.
import { todayInLisbon } from '#shared/dates.ts';
import { openPgliteTarget, openPostgresTarget, type ListTarget } from './list-targets.ts';
import type { Section } from './report.ts';
import { serveApp, signUpVerified, type ServedApp } from './serve-app.ts';
import { BENCH_ACCOUNTS, BENCH_MAIN_INVOICES, seedStatements } from './seed-invoices.ts';
import { fmtMs } from './stats.ts';

const BENCH_EMAIL = 'exportacao@example.com';
const MB = 1024 * 1024;

type Case = { label: string; path: string };

const CASES: Case[] = [
  { label: 'XLSX, every invoice', path: '/api/exports/invoices.xlsx?period=all' },
  { label: 'CSV, every invoice', path: '/api/exports/invoices.csv?period=all' },
  { label: 'XLSX, this month', path: '/api/exports/invoices.xlsx?period=thisMonth' },
];

type Run = {
  target: string;
  case: string;
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  /** CPU time of this process (server, and PGlite when it is the database) during the export. */
  cpuMs: number;
  /** Resident set size and V8 heap right before the request, and their peaks during it. */
  rssBeforeMb: number;
  rssPeakMb: number;
  heapBeforeMb: number;
  heapPeakMb: number;
};

/** Peaks of RSS and V8's used heap, sampled every 10 ms until stopped. */
function sampleMemory() {
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  }, 10);
  return {
    before,
    stop() {
      clearInterval(timer);
      return { rssPeak, heapPeak };
    },
  };
}

/** One download to its last byte; the body is counted, never kept. */
async function download(app: ServedApp, path: string, cookie: string) {
  const started = performance.now();
  const res = await fetch(`${app.origin}${path}`, { headers: { cookie } });
  const firstByteMs = performance.now() - started;
  if (res.status !== 200 || !res.body)
    throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    bytes += chunk.value.byteLength;
  }
  return {
    rows: Number(res.headers.get('x-export-count')),
    bytes,
    firstByteMs,
    totalMs: performance.now() - started,
  };
}

async function runTarget(target: ListTarget, log: (line: string) => void): Promise<Run[]> {
  const app = await serveApp(target.handle);
  try {
    const { cookie, accountId } = await signUpVerified(app, target.handle, BENCH_EMAIL);
    const seedStart = performance.now();
    for (const sql of seedStatements({ mainAccountId: accountId, today: todayInLisbon() }))
      await target.raw({ sql, params: [] });
    log(`  ${target.name}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    // Warm-up: every path through the JIT once, on a small file.
    for (const format of ['xlsx', 'csv'])
      await download(app, `/api/exports/invoices.${format}?period=all&search=padaria`, cookie);

    const runs: Run[] = [];
    for (const benchCase of CASES) {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const memory = sampleMemory();
      const cpuBefore = process.cpuUsage();
      const result = await download(app, benchCase.path, cookie);
      const cpu = process.cpuUsage(cpuBefore);
      const peaks = memory.stop();
      runs.push({
        target: target.name,
        case: benchCase.label,
        ...result,
        cpuMs: (cpu.user + cpu.system) / 1000,
        rssBeforeMb: memory.before.rss / MB,
        rssPeakMb: peaks.rssPeak / MB,
        heapBeforeMb: memory.before.heapUsed / MB,
        heapPeakMb: peaks.heapPeak / MB,
      });
      log(`  ${target.name}: ${benchCase.label} in ${fmtMs(result.totalMs)} ms`);
    }
    return runs;
  } finally {
    await app.close();
  }
}

const mb = (n: number) => n.toFixed(0);

export async function benchExports(options: {
  postgresUrl: string;
  log: (line: string) => void;
}): Promise<{ section: Section; versions: Record<string, string> }> {
  const versions: Record<string, string> = {};
  const runs: Run[] = [];
  const notes: string[] = [];
  const openers: Array<[string, () => Promise<ListTarget | null>]> = [
    ['PostgreSQL', () => openPostgresTarget(options.postgresUrl, 10)],
    ['PGlite', openPgliteTarget],
  ];
  const targets = process.env.BENCH_TARGETS?.split(',').map((name) => name.trim());
  for (const [name, open] of openers) {
    if (targets && !targets.includes(name)) continue;
    const target = await open();
    if (!target) {
      notes.push(`${name} skipped: no server answered at ${new URL(options.postgresUrl).host}.`);
      continue;
    }
    versions[name] = target.version;
    try {
      runs.push(...(await runTarget(target, options.log)));
    } finally {
      await target.close();
    }
  }
  return {
    versions,
    section: {
      title: 'Exports (`GET /api/exports/invoices.xlsx`, `.csv`)',
      intro: [
        `The real app (bench/serve-app.ts) served by @hono/node-server on 127.0.0.1; a user signs up and its account gets the list benchmark's seed: ${BENCH_MAIN_INVOICES.toLocaleString('en')} invoices over three years among ${BENCH_ACCOUNTS.toLocaleString('en')} accounts. Each export is downloaded with fetch to its last byte; the client counts the bytes and keeps none. The server streams: it reads the list's statement in pages of 1 000 through its keyset cursor, with a turn of the event loop between pages, and writes each through exceljs's streaming WorkbookWriter (or the CSV writer) into the response, waiting for the socket to take what it wrote (src/server/features/exports/export-stream.ts).`,
        "Memory is the server process (with PGlite the database lives in it too), sampled every 10 ms during the download: resident set size and V8 used heap before the request and their peaks. A bounded export shows a peak that does not grow with the row count (compare this month's export with the whole account).",
      ],
      tables: [
        {
          columns: [
            'Database',
            'Export',
            'Invoices',
            'File',
            'First byte (ms)',
            'Total (s)',
            'CPU (s)',
            'Invoices/s',
            'RSS before → peak (MB)',
            'Heap before → peak (MB)',
          ],
          rows: runs.map((r) => [
            r.target,
            r.case,
            r.rows.toLocaleString('en'),
            `${(r.bytes / MB).toFixed(1)} MB`,
            fmtMs(r.firstByteMs),
            (r.totalMs / 1000).toFixed(1),
            (r.cpuMs / 1000).toFixed(1),
            Math.round(r.rows / (r.totalMs / 1000)).toLocaleString('en'),
            `${mb(r.rssBeforeMb)} → ${mb(r.rssPeakMb)}`,
            `${mb(r.heapBeforeMb)} → ${mb(r.heapPeakMb)}`,
          ]),
        },
      ],
      notes: [
        ...notes,
        '"First byte" is the count query and the headers; the rows follow as they are read. "CPU" is this process\'s user + system time during the download (the server, zlib\'s threads, and PGlite when it is the database; PostgreSQL\'s own time is not in it): on a busy machine it is steadier than the wall time. The heap peak includes garbage not yet collected (no forced GC between samples).',
      ],
      data: { runs },
    },
  };
}
