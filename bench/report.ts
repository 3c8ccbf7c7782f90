// The benchmark report: one JSON file per run under bench/results/, and docs/benchmarks.md
// rewritten from the same data.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    ...sections.map(renderSection),
  ].join('\n');
}

/** One section as markdown: its title, what it measured, its tables and notes. */
export function renderSection(section: Section): string {
  return [
    `## ${section.title}`,
    '',
    ...section.intro.flatMap((paragraph) => [paragraph, '']),
    ...section.tables.flatMap((table) => [renderTable(table), '']),
    ...section.notes.map((note) => `- ${note}`),
    ...(section.notes.length > 0 ? [''] : []),
  ].join('\n');
}

/**
 * Replaces, in docs already written, the machine table and the sections of this run (matched
 * by title), keeping the others as an earlier run left them (BENCH_ONLY with
 * BENCH_WRITE_DOCS=1). A section not there yet is appended.
 */
function mergeMarkdown(previous: string, fresh: string, sections: Section[]): string {
  const split = (markdown: string) => {
    const parts = markdown.split(/^(?=## )/m);
    return { head: parts[0] ?? '', bodies: parts.slice(1) };
  };
  const titleOf = (body: string) => body.slice(3, body.indexOf('\n')).trim();
  const old = split(previous);
  const now = split(fresh);
  const replaced = new Map(now.bodies.map((body) => [titleOf(body), body]));
  const wanted = new Set(['Machine', ...sections.map((section) => section.title)]);
  const kept = old.bodies.map((body) => {
    const title = titleOf(body);
    const next = wanted.has(title) ? replaced.get(title) : undefined;
    if (next) replaced.delete(title);
    return next ?? body;
  });
  const note = `Sections not re-run keep the figures of their last run; the machine table describes this run (${sections.map((s) => s.title.split(' (')[0]).join(', ')}).\n\n`;
  return [
    now.head,
    ...kept.map((body) => (titleOf(body) === 'Machine' ? body + note : body)),
    ...replaced.values(),
  ].join('');
}

export function writeReport(
  machine: Machine,
  sections: Section[],
  paths: { resultsDir: URL; docsFile: URL; merge?: boolean },
): string {
  mkdirSync(paths.resultsDir, { recursive: true });
  const stamp = machine.date.replace(/[:.]/g, '-');
  const resultUrl = new URL(`${stamp}.json`, paths.resultsDir);
  const data = { machine, sections: sections.map(({ title, data }) => ({ title, data })) };
  writeFileSync(resultUrl, `${JSON.stringify(data, null, 2)}\n`);
  const resultFile = `bench/results/${stamp}.json`;
  const fresh = renderMarkdown(machine, sections, resultFile);
  const merged =
    paths.merge && existsSync(paths.docsFile)
      ? mergeMarkdown(readFileSync(paths.docsFile, 'utf8'), fresh, sections)
      : fresh;
  writeFileSync(paths.docsFile, merged);
  return resultFile;
}
