import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accounts, profiles } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUpVerified(t, 'perfil@exemplo.pt', {
    fullName: 'Ana Silva',
    phone: '912 345 678',
  });
});

afterAll(async () => {
  await t.close();
});

function patch(body: unknown, as = cookie) {
  return t.app.request('/api/profile', {
    method: 'PATCH',
    headers: {
      cookie: as,
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

test('GET /api/profile needs a session', async () => {
  const res = await t.app.request('/api/profile');
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({
    error: { code: 'UNAUTHENTICATED', message: 'Sessão expirada. Inicie sessão novamente.' },
  });
});

test('GET /api/profile returns the contract shape for the signed-in account', async () => {
  const res = await t.app.request('/api/profile', { headers: { cookie } });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toEqual({
    accountId: expect.any(String),
    email: 'perfil@exemplo.pt',
    fullName: 'Ana Silva',
    companyName: null,
    personalNif: null,
    companyNif: null,
    phone: '912 345 678',
    accountType: 'particular',
    invoiceViewMode: 'grid',
    pushNotifications: false,
    photoUrl: null,
    planId: 'free',
    monthlyInvoiceLimit: 15,
    teamManagementEnabled: false,
    displayName: 'Ana Silva',
    acting: { kind: 'main', name: 'Ana Silva', teamManagement: false },
    // The main user on Gratuito: every role flag, none of the paid features.
    capabilities: {
      'resumo.view': true,
      'analytics.view': true,
      'invoices.view': true,
      'invoices.viewAll': true,
      'invoices.create': true,
      'invoices.edit': true,
      'invoices.delete': true,
      'invoices.multipleImages': false,
      'suppliers.view': true,
      'suppliers.viewAll': true,
      'suppliers.create': true,
      'suppliers.edit': true,
      'suppliers.delete': true,
      'suppliers.spendingLimits': false,
      'scanner.use': true,
      'scanner.autoComplete': false,
      'categories.manage': false,
      'savings.view': false,
      'cmv.view': false,
      'team.manage': false,
      'team.mainPin': false,
      'integrations.view': false,
      'integrations.configure': false,
      'exports.create': false,
      'settings.manage': true,
      'billing.manage': true,
      'account.manage': true,
    },
    planRequired: {
      'invoices.multipleImages': 'professional',
      'suppliers.spendingLimits': 'professional',
      'scanner.autoComplete': 'professional',
      'categories.manage': 'enterprise_500',
      'savings.view': 'professional',
      'cmv.view': 'enterprise_500',
      'team.manage': 'enterprise_500',
      'team.mainPin': 'enterprise_500',
      'integrations.view': 'enterprise_500',
      'integrations.configure': 'enterprise_500',
      'exports.create': 'enterprise_500',
    },
    // Spec §6 needsUpgrade on free, and the business features of issue 15 like teams and CMV.
    needsUpgrade: {
      savings: true,
      spendingLimits: false,
      teamManagement: true,
      cmv: true,
      integrations: true,
      multipleImages: true,
      autoComplete: true,
      customCategories: true,
      exports: true,
    },
    imagesPerInvoice: 1,
  });
});

test('PATCH /api/profile saves every editable field, sanitised, and keeps it', async () => {
  const nif = nextNif();
  const res = await patch({
    fullName: '  Ana <b>Maria</b>   Silva ',
    personalNif: nif,
    phone: '+351 912 000 111',
    invoiceViewMode: 'list',
    pushNotifications: true,
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    fullName: 'Ana Maria Silva',
    personalNif: nif,
    phone: '+351 912 000 111',
    invoiceViewMode: 'list',
    pushNotifications: true,
    displayName: 'Ana Maria Silva',
  });
  const again = await (await t.app.request('/api/profile', { headers: { cookie } })).json();
  expect(again).toMatchObject({
    fullName: 'Ana Maria Silva',
    invoiceViewMode: 'list',
    pushNotifications: true,
  });
});

test('switching to empresa needs the company name and NIF, then shows the company name', async () => {
  const refused = await patch({ accountType: 'empresa', companyName: 'Padaria Lda' });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({
    error: { code: 'VALIDATION', message: 'Nome da empresa e NIF são obrigatórios para empresas' },
  });
  const companyNif = nextNif();
  const res = await patch({ accountType: 'empresa', companyName: 'Padaria Lda', companyNif });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    accountType: 'empresa',
    companyName: 'Padaria Lda',
    companyNif,
    displayName: 'Padaria Lda',
  });
  // A later partial update cannot leave the company without its name.
  const cleared = await patch({ companyName: '' });
  expect(cleared.status).toBe(400);
  expect((await cleared.json()).error.message).toBe(
    'Nome da empresa e NIF são obrigatórios para empresas',
  );
  await patch({ accountType: 'particular' });
});

test('every validation rule answers its pt-PT message and stores nothing', async () => {
  const cases: [unknown, string][] = [
    [
      { personalNif: '123456780' },
      'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto',
    ],
    [{ companyNif: '12345' }, 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto'],
    [
      { phone: '12ab' },
      'Telefone deve ter pelo menos 9 dígitos e conter apenas números, espaços, + ou -',
    ],
    [{ fullName: 'x'.repeat(121) }, 'O nome deve ter no máximo 120 caracteres'],
    [{ companyName: 'x'.repeat(121) }, 'O nome deve ter no máximo 120 caracteres'],
    [
      { accountType: 'particular', fullName: null },
      'Nome completo é obrigatório para particulares',
    ],
    [{ accountType: 'empresa' }, 'Nome da empresa e NIF são obrigatórios para empresas'],
  ];
  const before = await (await t.app.request('/api/profile', { headers: { cookie } })).json();
  for (const [body, message] of cases) {
    const res = await patch(body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect((await res.json()).error, JSON.stringify(body)).toMatchObject({
      code: 'VALIDATION',
      message,
    });
  }
  for (const body of [
    { accountType: 'outro' },
    { invoiceViewMode: 'tabela' },
    { pushNotifications: 'sim' },
  ]) {
    const res = await patch(body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect((await res.json()).error.code).toBe('VALIDATION');
  }
  const after = await (await t.app.request('/api/profile', { headers: { cookie } })).json();
  expect(after).toEqual(before);
});

test('a particular with no name shows the email local part', async () => {
  const other = await signUpVerified(t, 'sem.nome@exemplo.pt', { fullName: 'Temp' });
  const me = await (await t.app.request('/api/profile', { headers: { cookie: other } })).json();
  await t.db.db
    .update(profiles)
    .set({ fullName: null })
    .where(eq(profiles.accountId, me.accountId));
  const body = await (await t.app.request('/api/profile', { headers: { cookie: other } })).json();
  expect(body.displayName).toBe('sem.nome');
});

test('plan fields come from the subscription, the team flag from the account row', async () => {
  const me = await (await t.app.request('/api/profile', { headers: { cookie } })).json();
  await grantPlan(
    { db: t.db.db, events: t.events },
    { accountId: me.accountId, planId: 'enterprise_500' },
  );
  const granted = await (await t.app.request('/api/profile', { headers: { cookie } })).json();
  expect(granted).toMatchObject({
    planId: 'enterprise_500',
    monthlyInvoiceLimit: 500,
    teamManagementEnabled: false,
    planRequired: {},
    imagesPerInvoice: 10,
    acting: { kind: 'main', teamManagement: false },
  });
  // The plan change applies at once: every capability of the main user is now allowed.
  expect(Object.values(granted.capabilities).every((allowed) => allowed === true)).toBe(true);
  expect(Object.values(granted.needsUpgrade).some((marker) => marker === true)).toBe(false);

  await t.db.db
    .update(accounts)
    .set({ teamManagementEnabled: true })
    .where(eq(accounts.id, me.accountId));
  await t.events.publish(me.accountId, { type: 'team.changed' });
  const team = await (await t.app.request('/api/profile', { headers: { cookie } })).json();
  // With team management on, nobody acts until a profile is chosen (issue 18.2).
  expect(team).toMatchObject({ teamManagementEnabled: true, acting: { kind: 'pending' } });
  expect(Object.values(team.capabilities).some((allowed) => allowed === true)).toBe(false);
});

test('the account id in a request body is ignored: PATCH only changes the session account', async () => {
  const other = await signUpVerified(t, 'outra@exemplo.pt', { fullName: 'Outra Pessoa' });
  const mine = await (await t.app.request('/api/profile', { headers: { cookie } })).json();
  const res = await patch({ accountId: mine.accountId, fullName: 'Intrusa' }, other);
  expect(res.status).toBe(200);
  expect((await res.json()).accountId).not.toBe(mine.accountId);
  const stillMine = await (await t.app.request('/api/profile', { headers: { cookie } })).json();
  expect(stillMine.fullName).toBe(mine.fullName);
  expect(stillMine.email).toBe('perfil@exemplo.pt');
});
