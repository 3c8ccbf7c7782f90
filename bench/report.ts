// The benchmark report: one JSON file per run under bench/results/, and docs/benchmarks.md
// rewritten from the same data.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';

export type Table = { caption?: string; columns: string[]; rows: string[][] };

export type Section = {
  title: string;
  /** Paragraphs above the tables: what is measured and how. */
  intro: string[];
  tables: Table[];
  notes: string[];
  /** Raw figures for the JSON result. */
  data: unknown;
};

export type Machine = {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  date: string;
  extra: Record<string, string>;
};

/** Call at the start of the run: the load average then tells how busy the machine was. */
export function describeMachine(extra: Record<string, string> = {}): Machine {
  const [load1, load5] = os.loadavg();
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    date: new Date().toISOString(),
    extra: {
      ...extra,
      'Load average at start (1 / 5 min)': `${load1?.toFixed(2)} / ${load5?.toFixed(2)}`,
    },
  };
}

function renderTable(table: Table): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    ...(table.caption ? [`**${table.caption}**`, ''] : []),
    line(table.columns),
    line(table.columns.map(() => '---')),
    ...table.rows.map(line),
  ].join('\n');
}

export function renderMarkdown(machine: Machine, sections: Section[], resultFile: string): string {
  const machineRows = [
    ['CPU', machine.cpu],
    ['Cores', String(machine.cores)],
    ['Memory', `${machine.memoryGb} GB`],
    ['OS', machine.os],
    ['Node', machine.node],
    ...Object.entries(machine.extra),
    ['Date', machine.date],
  ];
  return [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` (bench/run.ts); edit the generator, not this file. -->',
    '',
    `What \`npm run bench\` measured on the machine below. Budgets are those of DESIGN.md "Budgets"; they are measured here and never asserted in tests. Raw figures: \`${resultFile}\` (not committed).`,
    '',
    '## Machine',
    '',
    renderTable({ columns: ['', ''], rows: machineRows }),
    '',
    ...sections.flatMap((section) => [
      `## ${section.title}`,
      '',
      ...section.intro.flatMap((paragraph) => [paragraph, '']),
      ...section.tables.flatMap((table) => [renderTable(table), '']),
      ...section.notes.map((note) => `- ${note}`),
      ...(section.notes.length > 0 ? [''] : []),
    ]),
  ].join('\n');
}

export function writeReport(
  machine: Machine,
  sections: Section[],
  paths: { resultsDir: URL; docsFile: URL },
): string {
  mkdirSync(paths.resultsDir, { recursive: true });
  const stamp = machine.date.replace(/[:.]/g, '-');
  const resultUrl = new URL(`${stamp}.json`, paths.resultsDir);
  const data = { machine, sections: sections.map(({ title, data }) => ({ title, data })) };
  writeFileSync(resultUrl, `${JSON.stringify(data, null, 2)}\n`);
  const resultFile = `bench/results/${stamp}.json`;
  writeFileSync(paths.docsFile, renderMarkdown(machine, sections, resultFile));
  return resultFile;
}
