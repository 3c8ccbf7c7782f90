// The OCR group's per-field accuracy (issue 14): of the files read by OCR (photos without a
// QR, scans without a text layer), the share whose issuer NIF, date, number and total came
// out right — and all four at once — beside the time a scan took, and which files had which
// field wrong, with what was read. The real-world photos (`accuracyOnly` in the manifest)
// are the set the goal (≥ 90 %) is measured on; the first set is shown beside them.
import type { Table } from './report.ts';
import { fmtMs, summarize } from './stats.ts';

/** One OCR file as the bench scanned it. */
export type OcrRun = {
  file: string;
  /** A real-world photo of issue 14 (held to a floor as a set, not one by one). */
  accuracyOnly: boolean;
  /** Checked fields that differed from the truth in some scan. */
  wrongFields: string[];
  /** The first scan's wrong values: 'total: 14.8 (truth 36.91)'. */
  misreads: string[];
  samples: number[];
};

const FIELDS = [
  ['issuerNif', 'Issuer NIF'],
  ['issueDate', 'Date'],
  ['documentNumber', 'Number'],
  ['total', 'Total'],
] as const;

const share = (right: number, of: number) =>
  of === 0 ? '—' : `${right}/${of} (${Math.round((right / of) * 100)} %)`;

function accuracyRow(label: string, runs: OcrRun[]): string[] {
  const right = (isRight: (run: OcrRun) => boolean) =>
    share(runs.filter(isRight).length, runs.length);
  const time = summarize(runs.flatMap((run) => run.samples));
  return [
    label,
    String(runs.length),
    ...FIELDS.map(([field]) => right((run) => !run.wrongFields.includes(field))),
    right((run) => run.wrongFields.length === 0),
    runs.length === 0 ? '—' : fmtMs(time.p50),
    runs.length === 0 ? '—' : fmtMs(time.p95),
  ];
}

export function ocrAccuracyTables(runs: OcrRun[]): Table[] {
  const realWorld = runs.filter((run) => run.accuracyOnly);
  const first = runs.filter((run) => !run.accuracyOnly);
  const wrong = runs.filter((run) => run.wrongFields.length > 0);
  return [
    {
      caption:
        'OCR files (no QR): the share with each required field right in every scan, and the ms per scan',
      columns: [
        'Files',
        'Count',
        ...FIELDS.map(([, label]) => label),
        'All four',
        'p50 ms',
        'p95 ms',
      ],
      rows: [
        accuracyRow('real-world photos (issue 14)', realWorld),
        accuracyRow('first set (clean renders, light degradation)', first),
        accuracyRow('all', runs),
      ],
    },
    {
      caption: 'OCR files with a required field wrong (what the first scan read)',
      columns: ['File', 'Wrong fields', 'Read (truth)'],
      rows: wrong.map((run) => [
        `\`${run.file}\``,
        run.wrongFields.join(', '),
        run.misreads.join('; ') || '(right in the first scan, wrong in a later one)',
      ]),
    },
  ];
}
