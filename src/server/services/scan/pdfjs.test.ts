import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import {
  ensureScanFixtures,
  scanFixturePath,
  type ScanFixtureKind,
} from '#tests/fixtures/scan-fixtures.ts';

const PROBE = fileURLToPath(
  new URL('../../../../tests/setup/builtins-after-scan.ts', import.meta.url),
);

// pdfjs-dist's legacy build (and its worker) carry core-js, which replaced JSON.stringify,
// JSON.parse and Array.prototype.push with slower JavaScript for the whole server after its
// first scan (pdfjs.ts). Scanning must leave every built-in as it found it.
test('scanning a PDF, a photo and an OCR image replaces no built-in function', async () => {
  const manifest = await ensureScanFixtures();
  const firstOf = (kind: ScanFixtureKind) => {
    const found = manifest.files.find((f) => f.kind === kind);
    if (!found) throw new Error(`no ${kind} fixture`);
    return scanFixturePath(found);
  };
  const files = [firstOf('pdf'), firstOf('qr-photo'), firstOf('ocr-image')];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', PROBE, ...files],
    { cwd: fileURLToPath(new URL('../../../../', import.meta.url)) },
  );
  expect(JSON.parse(stdout)).toEqual([]);
}, 120_000);
