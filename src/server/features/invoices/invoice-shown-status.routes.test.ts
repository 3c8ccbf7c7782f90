// Issue 13 point 6: an invoice whose due date has passed is Vencida the moment anyone looks —
// stored Vencida when created or edited with a past due date, and shown and counted as Vencida
// by the list, its filters, the stats, the sheet and the supplier totals when a stored Pendente
// ages past its due date before the nightly job runs. And 'Urgente': Pendente due within 3 days.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invoices } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { addDays, startOfMonth, todayInLisbon } from '#shared/dates.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { InvoiceDto } from './invoice-dto.ts';
import type { InvoiceStats } from './invoice-stats.queries.ts';
import { accountIdOf, invoiceApi, invoiceBody, type InvoiceApi } from './invoice-test-helpers.ts';

let t: TestApp;

const today = todayInLisbon();

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function freshAccount(email: string): Promise<{ api: InvoiceApi; accountId: string }> {
  const cookie = await signUpVerified(t, email);
  return { api: invoiceApi(t, cookie), accountId: await accountIdOf(t, cookie) };
}

async function storedStatus(accountId: string, id: string) {
  const [row] = await t.db.db
    .select({ status: invoices.paymentStatus })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, id)));
  return row?.status;
}

async function listed(api: InvoiceApi, query = ''): Promise<InvoiceDto[]> {
  const res = await api.get(`/api/invoices${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: InvoiceDto[] }).items;
}

async function stats(api: InvoiceApi, period = 'all'): Promise<InvoiceStats> {
  const res = await api.get(`/api/invoices/stats?period=${period}`);
  expect(res.status).toBe(200);
  return res.json();
}

describe('a past due date is Vencida at once', () => {
  test('created with a due date two weeks ago: stored Vencida, and the Vencida card counts it', async () => {
    const { api, accountId } = await freshAccount('vencida-criada@exemplo.pt');
    const res = await api.send(
      'POST',
      '/api/invoices',
      invoiceBody({
        issueDate: addDays(today, -20),
        dueDate: addDays(today, -14),
        totalCents: 4_000,
        vatCents: 0,
      }),
    );
    expect(res.status).toBe(201);
    const created: InvoiceDto = await res.json();
    expect(created.paymentStatus).toBe('Vencida');
    expect(await storedStatus(accountId, created.id)).toBe('Vencida');
    expect((await stats(api)).byStatus.Vencida).toEqual({ count: 1, totalCents: 4_000 });
    expect((await stats(api)).byStatus.Pendente).toEqual({ count: 0, totalCents: 0 });
  });

  test('created Paga with a past due date stays Paga; due today stays Pendente', async () => {
    const { api } = await freshAccount('vencida-paga@exemplo.pt');
    const paid = await api.send(
      'POST',
      '/api/invoices',
      invoiceBody({ dueDate: addDays(today, -14), paymentStatus: 'Paga', paymentMethod: 'Cartão' }),
    );
    expect(((await paid.json()) as InvoiceDto).paymentStatus).toBe('Paga');
    const dueToday = await api.send('POST', '/api/invoices', invoiceBody({ dueDate: today }));
    expect(((await dueToday.json()) as InvoiceDto).paymentStatus).toBe('Pendente');
  });

  test('an edit that moves the due date into the past stores Vencida', async () => {
    const { api, accountId } = await freshAccount('vencida-editada@exemplo.pt');
    const created: InvoiceDto = await (
      await api.send('POST', '/api/invoices', invoiceBody())
    ).json();
    expect(created.paymentStatus).toBe('Pendente');
    const res = await api.send('PATCH', `/api/invoices/${created.id}`, {
      dueDate: addDays(today, -1),
      paymentStatus: 'Pendente',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as InvoiceDto).paymentStatus).toBe('Vencida');
    expect(await storedStatus(accountId, created.id)).toBe('Vencida');
  });

  test('a Pendente row aged past its due date (before the job runs) is shown and counted as Vencida', async () => {
    const { api, accountId } = await freshAccount('vencida-envelhecida@exemplo.pt');
    const [aged, current] = await insertInvoices(t.db.db, accountId, [
      // Stored as the job left it yesterday, due yesterday: Pendente in the table.
      { number: 'envelhecida', dueDate: addDays(today, -1), issueDate: addDays(today, -31) },
      { number: 'em-dia', dueDate: addDays(today, 10), issueDate: addDays(today, -31) },
    ]);
    expect(await storedStatus(accountId, aged!.id)).toBe('Pendente');

    const all = await listed(api);
    const byNumber = new Map(all.map((i) => [i.number, i.paymentStatus]));
    expect(byNumber.get('envelhecida')).toBe('Vencida');
    expect(byNumber.get('em-dia')).toBe('Pendente');

    expect((await listed(api, '?status=Vencida')).map((i) => i.number)).toEqual(['envelhecida']);
    expect((await listed(api, '?status=Pendente')).map((i) => i.number)).toEqual(['em-dia']);
    expect((await listed(api, '?status=Pendente,Vencida')).map((i) => i.number).sort()).toEqual([
      'em-dia',
      'envelhecida',
    ]);
    expect(await listed(api, '?status=Paga')).toEqual([]);

    const counts = await stats(api);
    expect(counts.byStatus.Vencida.count).toBe(1);
    expect(counts.byStatus.Pendente.count).toBe(1);

    const sheet: InvoiceDto = await (await api.get(`/api/invoices/${aged!.id}`)).json();
    expect(sheet.paymentStatus).toBe('Vencida');
    const onTime: InvoiceDto = await (await api.get(`/api/invoices/${current!.id}`)).json();
    expect(onTime.paymentStatus).toBe('Pendente');

    // The supplier page's totals follow the same rule.
    const supplierRes = await api.get(`/api/suppliers/by-nif/${aged!.supplierNif ?? ''}`);
    expect(supplierRes.status).toBe(200);
    const { totals } = (await supplierRes.json()) as {
      totals: { overdueCents: number; pendingCents: number };
    };
    expect(totals).toMatchObject({ overdueCents: aged!.totalCents, pendingCents: 0 });

    // Still Pendente in the table: reading never writes; the job keeps that job.
    expect(await storedStatus(accountId, aged!.id)).toBe('Pendente');
  });
});

describe('Urgente', () => {
  test('a Pendente due today through today + 3 is urgent in the DTO, the filter and the stats', async () => {
    const { api, accountId } = await freshAccount('urgente@exemplo.pt');
    await insertInvoices(t.db.db, accountId, [
      { number: 'hoje', dueDate: today, issueDate: today, totalCents: 100 },
      { number: 'em-3-dias', dueDate: addDays(today, 3), issueDate: today, totalCents: 200 },
      { number: 'em-4-dias', dueDate: addDays(today, 4), issueDate: today },
      { number: 'ontem', dueDate: addDays(today, -1), issueDate: today },
      {
        number: 'paga',
        dueDate: addDays(today, 1),
        issueDate: today,
        paymentStatus: 'Paga',
        isPaid: true,
      },
    ]);
    const urgentOf = new Map((await listed(api)).map((i) => [i.number, i.isUrgent]));
    expect(Object.fromEntries(urgentOf)).toEqual({
      hoje: true,
      'em-3-dias': true,
      'em-4-dias': false,
      ontem: false,
      paga: false,
    });
    expect((await listed(api, '?urgent=true')).map((i) => i.number).sort()).toEqual([
      'em-3-dias',
      'hoje',
    ]);
    expect((await stats(api)).urgent).toEqual({ count: 2, totalCents: 300 });
  });

  test("under 'Este mês' the Urgentes count is what its chip lists, earlier unpaid ones included", async () => {
    const { api, accountId } = await freshAccount('urgente-mes@exemplo.pt');
    const lastMonth = addDays(startOfMonth(today), -5);
    await insertInvoices(t.db.db, accountId, [
      { number: 'deste-mes', dueDate: addDays(today, 1), issueDate: today, totalCents: 100 },
      // Issued last month, still unpaid: "Este mês" lists it (highlighted), so it is counted.
      {
        number: 'do-mes-passado',
        dueDate: addDays(today, 2),
        issueDate: lastMonth,
        totalCents: 50,
      },
      { number: 'nao-urgente', dueDate: addDays(today, 9), issueDate: lastMonth },
    ]);
    const chipList = await listed(api, '?period=thisMonth&urgent=true');
    expect(chipList.map((i) => i.number).sort()).toEqual(['deste-mes', 'do-mes-passado']);
    const month = await stats(api, 'thisMonth');
    expect(month.urgent).toEqual({ count: chipList.length, totalCents: 150 });
    // The status cards keep the period's issue dates: only this month's invoice.
    expect(month.byStatus.Pendente).toEqual({ count: 1, totalCents: 100 });
    // Other periods count within their range, as their lists show.
    expect((await stats(api, 'previousMonths')).urgent).toEqual({ count: 1, totalCents: 50 });
  });
});
