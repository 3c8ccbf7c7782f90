// The pipeline on the project's own fixture set (tests/fixtures/scan, made by
// `npm run fixtures:scan`): issue 5's "done means" — every QR photo a person could scan,
// every PDF, the OCR images' issuer NIF, date, number and total, and the bad files' codes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import {
  ensureScanFixtures,
  scanFixturePath,
  type ScanFixture,
} from '#tests/fixtures/scan-fixtures.ts';
import { createScanner } from './scanner.ts';

// Generated on first use (chromium + sharp, tens of seconds); read before the tests are
// collected so each file is a test of its own.
const { files } = await ensureScanFixtures();
const scanner = createScanner();
afterAll(() => scanner.close());

const named = (fixtures: ScanFixture[]) => fixtures.map((f) => [f.file, f] as const);
const bad = files.filter((f) => f.kind === 'bad');
// Photos nobody could scan only count towards the bench's share.
const readable = files.filter((f) => f.kind !== 'bad' && f.humanScannable !== false);

test('the set holds every kind of file', () => {
  expect([...new Set(files.map((f) => f.kind))].sort()).toEqual([
    'bad',
    'ocr-image',
    'pdf',
    'qr-photo',
  ]);
});

async function scanFixture(fixture: ScanFixture) {
  const bytes = await readFile(scanFixturePath(fixture));
  return scanner.scan(bytes, { fileName: path.basename(fixture.file) });
}

test.each(named(bad))('%s gives its coded refusal', async (_, fixture) => {
  if (fixture.expect.ok) throw new Error('a bad file should expect a refusal');
  const result = await scanFixture(fixture);
  expect(result.ok ? result.source : result.error.code).toBe(fixture.expect.code);
});

test.each(named(readable))('%s gives its checked fields', async (_, fixture) => {
  const want = fixture.expect;
  if (!want.ok) throw new Error('a readable file should expect a reading');
  const result = await scanFixture(fixture);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  expect(result.source).toBe(want.source);
  for (const field of want.check) {
    expect(result.fields[field], field).toEqual(want.fields[field]);
  }
});
