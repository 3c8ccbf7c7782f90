// `npm run bench`: runs every benchmark, writes bench/results/<timestamp>.json and rewrites
// docs/benchmarks.md. BENCH_DATABASE_URL names the PostgreSQL server for the list
// and endpoint benchmarks (each creates a fresh papelada_bench_<ts> database there and drops it
// at the end). BENCH_LOAD_SECONDS shortens the load mix's runs (60 s per concurrency and
// database by default) and BENCH_LOAD_CLIENTS picks its concurrencies (default 50,200).
import { benchInvoiceEndpoints } from './invoice-endpoints.ts';
import { benchExports } from './exports.ts';
import { benchInvoiceList } from './invoice-list.ts';
import { benchLoadMix } from './load-mix.ts';
import { benchQrParse } from './qr-parse.ts';
import { benchScan } from './scan.ts';
import { benchWeb } from './web-bundle.ts';
import { describeMachine, renderSection, writeReport, type Section } from './report.ts';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  const started = performance.now();
  const log = (line: string) => console.log(line);
  const sections: Section[] = [];
  const machineAtStart = describeMachine();

  // BENCH_ONLY=web,qr runs some sections and prints them, leaving docs/benchmarks.md alone.
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const wanted = (name: string) => !only || only.includes(name);
  const versions: Record<string, string> = {};

  if (wanted('qr')) {
    log('AT QR parse…');
    sections.push(benchQrParse());
  }
  if (wanted('list')) {
    log('Invoice list…');
    const list = await benchInvoiceList({
      postgresUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL,
      log,
    });
    sections.push(list.section);
    Object.assign(versions, list.versions);
  }
  if (wanted('endpoints')) {
    log('Invoice endpoints over HTTP…');
    const endpoints = await benchInvoiceEndpoints({
      postgresUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL,
      log,
    });
    sections.push(endpoints.section);
    Object.assign(versions, endpoints.versions);
  }
  if (wanted('exports')) {
    log('Exports over HTTP…');
    const exports = await benchExports({
      postgresUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL,
      log,
    });
    sections.push(exports.section);
    Object.assign(versions, exports.versions);
  }
  if (wanted('load')) {
    log('Load mix over HTTP (autocannon)…');
    const load = await benchLoadMix({
      postgresUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL,
      log,
    });
    sections.push(load.section);
    Object.assign(versions, load.versions);
  }
  if (wanted('scan')) {
    log('Scanner on the fixture set…');
    const scan = await benchScan({ log });
    sections.push(scan.section);
    Object.assign(versions, scan.versions);
  }
  if (wanted('web')) {
    log('Web bundle and dashboard scroll…');
    sections.push(await benchWeb({ log }));
  }

  // BENCH_WRITE_DOCS=1 with BENCH_ONLY: those sections replace theirs in docs/benchmarks.md.
  const mergeDocs = only !== undefined && process.env.BENCH_WRITE_DOCS === '1';
  if (only && !mergeDocs) {
    console.log(sections.map(renderSection).join('\n'));
    return;
  }
  const machine = {
    ...machineAtStart,
    extra: { ...versions, ...machineAtStart.extra },
  };
  const resultFile = writeReport(machine, sections, {
    resultsDir: new URL('./results/', import.meta.url),
    docsFile: new URL('../docs/benchmarks.md', import.meta.url),
    merge: mergeDocs,
  });
  log(
    `Done in ${((performance.now() - started) / 1000).toFixed(0)} s: ${resultFile}, docs/benchmarks.md`,
  );
}

await main();
