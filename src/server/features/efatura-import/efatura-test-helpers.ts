// Helpers for the e-Fatura import's API tests: an account on a plan, the fixtures of
// tests/fixtures/efatura, and the upload as the import page sends it (multipart, field `file`).
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { invoices, suppliers } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { accountIdOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import type { PlanId } from '#shared/plans.ts';
import { TEST_CSRF_TOKEN, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';
import type { EfaturaImportDto } from './efatura-import-dto.ts';

export type ImportAccount = { accountId: string; cookie: string };

let sequence = 0;

/** A fresh signed-in account on `planId`. */
export async function importAccount(
  t: TestApp,
  planId: PlanId = 'professional',
): Promise<ImportAccount> {
  sequence += 1;
  const cookie = await signUpVerified(t, `efatura-${sequence}-${Date.now()}@exemplo.pt`);
  const accountId = await accountIdOf(t, cookie);
  if (planId !== 'free') {
    await grantPlan({ db: t.db.db, events: t.events }, { accountId, planId });
    // The session cache forgets the plan it read for accountIdOf through the event bus.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { accountId, cookie };
}

export function efaturaFixture(name: string): Uint8Array<ArrayBuffer> {
  const url = new URL(`../../../../tests/fixtures/efatura/${name}`, import.meta.url);
  return new Uint8Array(readFileSync(url));
}

export type UploadOptions = { markPaid?: boolean; fileName?: string; headers?: HeadersInit };

/** POST /api/efatura-import/<step> with the file in the multipart field `file`. */
export function upload(
  t: TestApp,
  account: ImportAccount,
  step: 'preview' | 'commit',
  bytes: Uint8Array<ArrayBuffer>,
  { markPaid, fileName = 'faturas.csv', headers }: UploadOptions = {},
): Promise<Response> {
  const form = new FormData();
  form.set('file', new File([bytes], fileName, { type: 'text/csv' }));
  if (markPaid !== undefined) form.set('markPaid', String(markPaid));
  return Promise.resolve(
    t.app.request(`/api/efatura-import/${step}`, {
      method: 'POST',
      headers: {
        cookie: account.cookie,
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
        ...Object.fromEntries(new Headers(headers)),
      },
      body: form,
    }),
  );
}

/** The answer of a step that must succeed. */
export async function imported(response: Response | Promise<Response>): Promise<EfaturaImportDto> {
  const res = await response;
  if (res.status !== 200) throw new Error(`${res.status}: ${await res.text()}`);
  return res.json();
}

export async function countRows(t: TestApp, accountId: string) {
  const [invoiceCount] = await t.db.db
    .select({ value: count() })
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  const [supplierCount] = await t.db.db
    .select({ value: count() })
    .from(suppliers)
    .where(eq(suppliers.accountId, accountId));
  return { invoices: invoiceCount?.value ?? 0, suppliers: supplierCount?.value ?? 0 };
}
