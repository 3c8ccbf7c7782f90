// Issue 17 "Done means": the XLSX opens in LibreOffice with the dashboard's totals. LibreOffice
// converts every sheet to CSV as a Portuguese user's Calc shows it (LC_ALL=pt_PT.UTF-8, each
// cell "as shown"), and the totals are read back from that text. CI installs LibreOffice
// (.ci/run: apt-get install libreoffice-calc-nogui); without soffice on the machine the test is
// skipped and says why.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { InvoiceStats } from '#server/features/invoices/invoice-stats.queries.ts';
import { addDays, startOfMonth, todayInLisbon } from '#shared/dates.ts';
import { parseEuros, sumCents } from '#shared/money.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { bytesOf, exportAccount, parseCsv, type ExportAccount } from './export-test-helpers.ts';

const SOFFICE = ['/usr/bin/soffice', '/usr/local/bin/soffice'].find((file) => existsSync(file));
const SKIP_REASON =
  'LibreOffice (soffice) is not installed here: apt-get install libreoffice-calc-nogui (CI does)';
// Filter options: `;`, `"`, UTF-8, line 1, –, pt-PT, quote text cells no, –, cells as shown,
// formulas no, –, every sheet (one file each).
const CSV_FILTER =
  'csv:Text - txt - csv (StarCalc):59,34,76,1,,2070,false,true,true,false,false,-1';

let t: TestApp;
let owner: ExportAccount;
let dir: string;
const today = todayInLisbon();
const earlier = addDays(startOfMonth(today), -3);

beforeAll(async () => {
  if (!SOFFICE) return;
  dir = mkdtempSync(path.join(tmpdir(), 'papelada-soffice-'));
  t = await createTestApp();
  owner = await exportAccount(t);
  await insertInvoices(t.db.db, owner.accountId, [
    { number: 'A1', supplierName: 'Talho; "Moderno"', totalCents: 123_456, issueDate: today },
    { number: 'A2', documentType: 'NC', totalCents: 2_099, issueDate: earlier },
    { number: 'A3', totalCents: 1_000_000, paymentStatus: 'Paga', isPaid: true, issueDate: today },
    { number: 'A4', totalCents: 1, issueDate: earlier, dueDate: earlier },
  ]);
});

afterAll(async () => {
  if (!SOFFICE) return;
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every sheet of the file as LibreOffice Calc shows it, by sheet name. */
async function openInLibreOffice(xlsx: Buffer): Promise<Map<string, string[][]>> {
  if (!SOFFICE) throw new Error(SKIP_REASON);
  const file = path.join(dir, 'faturas.xlsx');
  writeFileSync(file, xlsx);
  await promisify(execFile)(
    SOFFICE,
    [
      `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
      '--headless',
      '--convert-to',
      CSV_FILTER,
      '--outdir',
      dir,
      file,
    ],
    { env: { ...process.env, LC_ALL: 'pt_PT.UTF-8' }, timeout: 90_000 },
  );
  const sheets = new Map<string, string[][]>();
  for (const name of ['Faturas', 'Por fornecedor', 'Por categoria']) {
    const text = readFileSync(path.join(dir, `faturas-${name}.csv`), 'utf8');
    sheets.set(name, parseCsv(text.replaceAll(/\r?\n/g, '\r\n')));
  }
  return sheets;
}

const euros = (text: string | undefined) => parseEuros(text ?? '') ?? Number.NaN;

test.skipIf(!SOFFICE)(
  `the XLSX opens in LibreOffice with the dashboard's totals${SOFFICE ? '' : ` — skipped: ${SKIP_REASON}`}`,
  async () => {
    const res = await owner.api.get('/api/exports/invoices.xlsx?period=all');
    expect(res.status).toBe(200);
    const sheets = await openInLibreOffice(await bytesOf(res));
    const stats: InvoiceStats = await (
      await owner.api.get('/api/invoices/stats?period=all')
    ).json();
    const dashboardTotal = sumCents(Object.values(stats.byStatus).map((s) => s.totalCents));
    expect(dashboardTotal).toBe(123_456 - 2_099 + 1_000_000 + 1);

    const invoices = sheets.get('Faturas') ?? [];
    const [header, ...rest] = invoices;
    expect(header?.[0]).toBe('Data de emissão');
    const data = rest.slice(0, -1);
    const totals = rest.at(-1);
    expect(data).toHaveLength(4);
    expect(totals?.[0]).toBe('Total');
    // Calc shows the dates and the EUR format as a Portuguese user reads them.
    for (const row of data) expect(row[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const a3 = data.find((row) => row[3] === 'A3');
    expect(a3?.[12]?.replaceAll(/\s/g, ' ')).toBe('10 000,00 €');
    expect(data.find((row) => row[3] === 'A1')?.[5]).toBe('Talho; "Moderno"');
    expect(euros(data.find((row) => row[3] === 'A2')?.[12])).toBe(-2_099);

    expect(euros(totals?.[12])).toBe(dashboardTotal);
    expect(sumCents(data.map((row) => euros(row[12])))).toBe(dashboardTotal);
    expect(euros(sheets.get('Por fornecedor')?.at(-1)?.at(-1))).toBe(dashboardTotal);
    expect(euros(sheets.get('Por categoria')?.at(-1)?.at(-1))).toBe(dashboardTotal);
  },
  120_000,
);
