// Helpers for the export tests: an account on a plan, the download as bytes, the XLSX opened
// back with exceljs and the CSV split the way a spreadsheet reads it.
import ExcelJS from 'exceljs';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  accountIdOf,
  invoiceApi,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import { readCsvRecords } from '#shared/csv-records.ts';
import type { PlanId } from '#shared/plans.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

export type ExportAccount = { api: InvoiceApi; accountId: string; cookie: string };

let sequence = 0;

/** A fresh signed-in account on `planId` (exports need enterprise rights). */
export async function exportAccount(
  t: TestApp,
  planId: PlanId = 'enterprise_500',
): Promise<ExportAccount> {
  sequence += 1;
  const cookie = await signUpVerified(t, `exporta-${sequence}-${Date.now()}@exemplo.pt`);
  const accountId = await accountIdOf(t, cookie);
  // Through the event bus, so the session cache forgets the plan it read for accountIdOf.
  if (planId !== 'free') {
    await grantPlan({ db: t.db.db, events: t.events }, { accountId, planId });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { api: invoiceApi(t, cookie), accountId, cookie };
}

export async function bytesOf(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

export async function openXlsx(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's types predate Node's generic Buffer.
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

export function sheetOf(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet;
}

/** Every row of a sheet as its cell values (1-based columns dropped to 0-based). */
export function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values: ExcelJS.CellValue[] = [];
    for (let column = 1; column <= sheet.columnCount; column++) {
      values.push(row.getCell(column).value);
    }
    rows.push(values);
  });
  return rows;
}

/** The cached result of a formula cell, or the value itself. */
export function resultOf(value: ExcelJS.CellValue): unknown {
  if (value !== null && typeof value === 'object' && 'formula' in value) return value.result;
  return value;
}

/** RFC 4180 with `;` (or `separator`), read by the app's one CSV reader. */
export function parseCsv(text: string, separator = ';'): string[][] {
  const read = readCsvRecords(text, separator);
  if (!read.ok) throw new Error(`unclosed quote on line ${read.unclosedQuoteLine}`);
  return read.records.map((record) => record.fields);
}
