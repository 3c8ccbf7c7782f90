import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { planRequiredMessage } from '#shared/capabilities.ts';
import type { Actor } from '#shared/permissions.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { createTestApp, type TestApp, refusalOf } from '#tests/setup/test-app.ts';
import { exportAccount } from './export-test-helpers.ts';

// The actor of every request is read from a header the test sets, as team sessions will set
// one from the PIN profile (request-scope.ts `actorOf`).
const ACTOR_HEADER = 'x-test-actor';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    actorOf: (c) => {
      const raw = c.req.header(ACTOR_HEADER);
      return raw ? (JSON.parse(raw) as Actor) : { kind: 'main' };
    },
  });
});

afterAll(() => t.close());

const PATHS = [
  '/api/exports/invoices.xlsx',
  '/api/exports/invoices.csv',
  '/api/exports/suppliers/500000000/invoices.xlsx',
  '/api/exports/suppliers/500000000/invoices.csv',
];

test('without a session every export is a 401', async () => {
  for (const path of PATHS) {
    const res = await t.app.request(path);
    expect(res.status, path).toBe(401);
    expect((await errorOf(res)).code).toBe('UNAUTHENTICATED');
  }
});

test('Gratuito and Personal are refused with the plan to get; the enterprise plans export', async () => {
  for (const planId of ['free', 'professional'] as const) {
    const { api, accountId } = await exportAccount(t, planId);
    await insertInvoices(t.db.db, accountId, [{ number: 'X-1' }]);
    for (const path of PATHS) {
      const res = await api.get(path);
      expect(res.status, `${planId} ${path}`).toBe(403);
      const error = await errorOf(res);
      expect(error).toMatchObject({
        code: 'PLAN_REQUIRED',
        message: planRequiredMessage('exports', 'enterprise_500'),
        details: { feature: 'exports', requiredPlan: 'enterprise_500' },
      });
      expect(error.message).toBe(
        'A exportação para Sheets e Excel está disponível a partir do plano Empresarial 500.',
      );
    }
  }
  for (const planId of ['enterprise_500', 'enterprise_1000'] as const) {
    const { api } = await exportAccount(t, planId);
    for (const path of PATHS) {
      const res = await api.get(path);
      expect(res.status, `${planId} ${path}`).toBe(200);
      await res.arrayBuffer();
    }
  }
});

test('only roles with canExportData export: the administrator may, the manager and the user may not', async () => {
  const { cookie } = await exportAccount(t);
  const as = (actor: Actor, path: string) =>
    t.app.request(path, { headers: { cookie, [ACTOR_HEADER]: JSON.stringify(actor) } });
  for (const path of PATHS) {
    for (const actor of [
      { kind: 'sub-user', role: 'manager', subUserId: 'm1' },
      { kind: 'sub-user', role: 'user', subUserId: 'u1' },
      { kind: 'pending' },
    ] satisfies Actor[]) {
      const res = await as(actor, path);
      expect(res.status, `${actor.kind} ${path}`).toBe(403);
      expect(await errorOf(res)).toEqual(refusalOf(actor.kind));
    }
    const admin = await as({ kind: 'sub-user', role: 'administrator', subUserId: 'a1' }, path);
    expect(admin.status).toBe(200);
    await admin.arrayBuffer();
  }
});

test('a bad query or NIF is a 400 in pt-PT, never a 500', async () => {
  const { api } = await exportAccount(t);
  const cases = [
    '/api/exports/invoices.xlsx?period=semana',
    '/api/exports/invoices.csv?status=Talvez',
    '/api/exports/invoices.csv?urgent=talvez',
    `/api/exports/invoices.xlsx?search=${'x'.repeat(201)}`,
    '/api/exports/invoices.csv?supplierNif=12',
    '/api/exports/suppliers/12/invoices.xlsx',
    '/api/exports/suppliers/abc/invoices.csv',
  ];
  for (const path of cases) {
    const res = await api.get(path);
    expect(res.status, path).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION');
    // pt-PT, not zod's English default.
    expect(error.message, path).not.toMatch(/invalid|expected|too (big|long)/i);
  }
  expect((await api.get('/api/exports/invoices.pdf')).status).toBe(404);
});
