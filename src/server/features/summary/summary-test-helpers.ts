// Helpers for the summary API tests: a fresh signed-in account, GET /api/summary as the web
// client sends it, and the account's sales and own NIFs written as their screens would.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cmvSales, profiles } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { companyNifColumns, personalNifColumns } from '#server/services/crypto/sealed-fields.ts';
import {
  accountIdOf,
  invoiceApi,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import type { SummaryDto } from './summary-dto.ts';

export type SummaryAccount = { api: InvoiceApi; accountId: string };

let sequence = 0;

/** A fresh account, so each test sees only its own invoices. */
export async function newSummaryAccount(t: TestApp): Promise<SummaryAccount> {
  sequence += 1;
  const cookie = await signUpVerified(t, `resumo-${sequence}-${Date.now()}@exemplo.pt`);
  return { api: invoiceApi(t, cookie), accountId: await accountIdOf(t, cookie) };
}

/** GET /api/summary for a month; fails the test unless it answers 200. */
export async function summaryOf(
  { api }: SummaryAccount,
  year: number,
  month: number,
): Promise<SummaryDto> {
  const res = await api.get(`/api/summary?year=${year}&month=${month}`);
  expect(res.status).toBe(200);
  return res.json();
}

/** The profile's NIFs as PATCH /api/profile stores them: the personal one sealed, both hashed. */
export async function setOwnNifs(
  t: TestApp,
  accountId: string,
  nifs: { personalNif?: string; companyNif?: string },
) {
  await t.db.db
    .update(profiles)
    .set({
      ...personalNifColumns(t.cipher, nifs.personalNif ?? null),
      ...companyNifColumns(t.cipher, nifs.companyNif ?? null),
    })
    .where(eq(profiles.accountId, accountId));
}

export async function insertSales(
  t: TestApp,
  accountId: string,
  rows: Array<{ date: string; salesValueCents: number; vatCollectedCents: number }>,
) {
  await t.db.db.insert(cmvSales).values(rows.map((row) => ({ ...row, accountId })));
}
