// `npm run scan -- FILE…` (DESIGN.md contract 6): the upload endpoint's scan pipeline on
// local files, one JSON object per file and per line on stdout, in the order given. Exit
// status 0 when every file was read, 1 when any was not, 2 on bad usage.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { MESSAGES } from '#server/http/errors.ts';
import { MAX_SCAN_BYTES } from '#server/services/scan/input-check.ts';
import { scanFailure, type ScanResult } from '#server/services/scan/scan-result.ts';
import type { Scanner } from '#server/services/scan/scanner.ts';

const SCANNABLE_EXTENSIONS = new Set([
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.heic',
  '.heif',
  '.avif',
  '.pdf',
]);

export const USAGE = `Usage: npm run scan -- FILE|DIRECTORY…

Reads each file with the scan pipeline of POST /api/scan (AT QR code, PDF text layer,
or OCR) and prints one JSON object per file, one per line, in the order given:
  {"file","ok":true,"source":"qr"|"pdf-text"|"ocr","fields":{…},"warnings":[…],"ms":n}
  {"file","ok":false,"error":{"code","message"}}

A DIRECTORY is expanded to the photos and PDFs inside it and its subfolders (by extension:
${[...SCANNABLE_EXTENSIONS].join(' ')}), sorted by path; hidden entries are
skipped. A file named on the command line is always read, whatever its name.
A missing file gives {"ok":false} with code FILE_NOT_FOUND.

Exit status: 0 when every file was read, 1 when any was not, 2 on bad usage.
Logs (warnings only; LOG_LEVEL=debug for each QR attempt) go to stderr.`;

export const CLI_MESSAGES = {
  fileNotFound: 'Ficheiro não encontrado.',
  notAFile: 'Não é um ficheiro.',
} as const;

type CliError = { code: string; message: string };
export type ScanLine =
  | {
      file: string;
      ok: true;
      source: string;
      fields: object;
      warnings: string[];
      ms: number;
    }
  | { file: string; ok: false; error: CliError };

class UsageError extends Error {}

/** Files and directories named on the command line, directories expanded. */
async function resolveTargets(args: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const arg of args) {
    const info = await stat(arg).catch(() => null);
    if (info?.isDirectory()) files.push(...(await scannableFilesIn(arg)));
    else files.push(arg); // a missing file is reported in its own line
  }
  return files;
}

const isHidden = (relative: string) =>
  relative.split(path.sep).some((part) => part.startsWith('.'));

async function scannableFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (entry) =>
        entry.isFile() &&
        SCANNABLE_EXTENSIONS.has(path.extname(entry.name).toLowerCase()) &&
        !isHidden(path.relative(dir, path.join(entry.parentPath, entry.name))),
    )
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function lineOf(file: string, result: ScanResult): ScanLine {
  if (!result.ok) return { file, ok: false, error: result.error };
  // Contract 6's keys, in its order (the API's per-field confidence is not part of it).
  const { source, fields, warnings, ms } = result;
  return { file, ok: true, source, fields, warnings, ms };
}

async function scanFile(scanner: Scanner, file: string): Promise<ScanLine> {
  const info = await stat(file).catch(() => null);
  if (!info)
    return {
      file,
      ok: false,
      error: { code: 'FILE_NOT_FOUND', message: CLI_MESSAGES.fileNotFound },
    };
  if (!info.isFile())
    return { file, ok: false, error: { code: 'FILE_NOT_FOUND', message: CLI_MESSAGES.notAFile } };
  // Not read into memory at all when it could only be refused.
  if (info.size > MAX_SCAN_BYTES) return lineOf(file, scanFailure('FILE_TOO_LARGE'));
  const bytes = await readFile(file);
  return lineOf(file, await scanner.scan(bytes, { fileName: path.basename(file) }));
}

/** Runs the CLI; returns the exit status. `write` takes one line (tests capture it). */
export async function runScanCli(
  args: readonly string[],
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    write(USAGE);
    return 0;
  }
  const files = args.filter((arg) => arg !== '--');
  try {
    const unknown = files.find((arg) => arg.startsWith('-'));
    if (unknown) throw new UsageError(`Unknown option: ${unknown}`);
    if (files.length === 0) throw new UsageError('No file given.');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }

  const targets = await resolveTargets(files);
  if (targets.length === 0) {
    process.stderr.write(`No photo or PDF in: ${files.join(', ')}\n\n${USAGE}\n`);
    return 2;
  }
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
  // Loaded only now: pdfjs, the OCR workers and zxing take a second, which --help need not wait.
  const { createScanner } = await import('#server/services/scan/scanner.ts');
  const scanner = createScanner({ logger });
  let allRead = true;
  try {
    for (const file of targets) {
      let line: ScanLine;
      try {
        line = await scanFile(scanner, file);
      } catch (error) {
        // A bug must not cost the other files their lines; it is logged in full on stderr.
        logger.error({ err: error, file }, 'scan failed');
        line = { file, ok: false, error: { code: 'INTERNAL', message: MESSAGES.internal } };
      }
      allRead &&= line.ok;
      write(JSON.stringify(line));
    }
  } finally {
    // The OCR workers are threads: the process would not exit while they run.
    await scanner.close();
  }
  return allRead ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runScanCli(process.argv.slice(2));
}
