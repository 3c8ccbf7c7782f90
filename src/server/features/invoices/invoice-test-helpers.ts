// Helpers for the invoice API tests: requests as the signed-in web client sends them, a
// valid manual-entry body, and the account id behind a session cookie.
import type { ErrorBody } from '#server/http/errors.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import type { CreateInvoiceInput } from '#shared/schemas/invoice.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { TEST_CSRF_TOKEN, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';

export type InvoiceApi = {
  get(path: string): Promise<Response>;
  send(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Response>;
};

export function invoiceApi(t: TestApp, cookie: string): InvoiceApi {
  return {
    get: async (path) => t.app.request(path, { headers: { cookie } }),
    send: async (method, path, body) =>
      t.app.request(path, {
        method,
        headers: {
          cookie,
          origin: TEST_ORIGIN,
          'x-csrf-token': TEST_CSRF_TOKEN,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

let sequence = 0;

/** A valid POST /api/invoices body with a fresh supplier NIF, number and ATCUD. */
export function invoiceBody(overrides: Partial<CreateInvoiceInput> = {}): CreateInvoiceInput {
  sequence += 1;
  const today = todayInLisbon();
  return {
    supplierNif: nextNif(),
    supplierName: 'Padaria Central, Lda',
    number: `FT 2026/${sequence}`,
    issueDate: today,
    dueDate: addDays(today, 30),
    totalCents: 12_300,
    vatCents: 2_300,
    atcud: `JJ37MMRP-${sequence}`,
    ...overrides,
  };
}

/** The account id of a session (GET /api/profile). */
export async function accountIdOf(t: TestApp, cookie: string): Promise<string> {
  const res = await t.app.request('/api/profile', { headers: { cookie } });
  const body: unknown = await res.json();
  if (typeof body === 'object' && body !== null && 'accountId' in body) {
    const { accountId } = body;
    if (typeof accountId === 'string') return accountId;
  }
  throw new Error(`no account id: ${res.status}`);
}

/** The `error` object of an error response. */
export async function errorOf(res: Response): Promise<ErrorBody['error']> {
  const body: ErrorBody = await res.json();
  return body.error;
}
