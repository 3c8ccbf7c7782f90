import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { customCategories, suppliers } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  accountIdOf,
  errorOf,
  invoiceApi,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { BUILT_IN_CATEGORIES } from '#shared/domain.ts';
import type { CategoryInput } from '#shared/schemas/category.ts';
import { insertCustomCategory } from '#tests/factories/categories.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import type { PlanId } from '#shared/plans.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { CategoriesDto, CustomCategoryDto } from './category-dto.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

type Account = { id: string; api: InvoiceApi; heard: AccountEvent[] };

let accounts = 0;

/**
 * A signed-up account on `plan` (custom categories are an Empresarial feature), with every live
 * event published to it afterwards collected in `heard`.
 */
async function signedUp(plan: PlanId = 'enterprise_500'): Promise<Account> {
  accounts += 1;
  const cookie = await signUpVerified(t, `categorias${accounts}@exemplo.pt`);
  const id = await accountIdOf(t, cookie);
  await grantPlan({ db: t.db.db, events: t.events }, { accountId: id, planId: plan });
  const heard: AccountEvent[] = [];
  t.events.subscribe(id, (event) => heard.push(event));
  return { id, api: invoiceApi(t, cookie), heard };
}

const ginasio: CategoryInput = { name: 'Ginásio', icon: 'dumbbell', color: 'pink' };

async function create(account: Account, input: unknown = ginasio): Promise<CustomCategoryDto> {
  const res = await account.api.send('POST', '/api/categories', input);
  expect(res.status).toBe(201);
  return res.json();
}

async function list(account: Account): Promise<CategoriesDto> {
  const res = await account.api.get('/api/categories');
  expect(res.status).toBe(200);
  return res.json();
}

test('below Empresarial the categories are listed, and creating, editing or deleting one is refused naming the plan', async () => {
  for (const plan of ['free', 'professional'] as const) {
    const account = await signedUp(plan);
    const existing = await insertCustomCategory(t.db.db, account.id, { name: 'Antiga' });
    expect((await list(account)).custom).toMatchObject([{ id: existing.id, name: 'Antiga' }]);
    for (const res of [
      await account.api.send('POST', '/api/categories', ginasio),
      await account.api.send('PATCH', `/api/categories/${existing.id}`, ginasio),
      await account.api.send('DELETE', `/api/categories/${existing.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({
        code: 'PLAN_REQUIRED',
        message:
          'As categorias personalizadas estão disponíveis a partir do plano Empresarial 500.',
        details: {
          feature: 'customCategories',
          requiredPlan: 'enterprise_500',
          upgradeUrl: '/subscription?autostart=enterprise_500',
        },
      });
    }
    // A category made on a higher plan stays the account's, readable, after a downgrade.
    expect((await list(account)).custom).toHaveLength(1);
  }
});

test('every route needs a session', async () => {
  const anonymous = invoiceApi(t, '');
  for (const res of [
    await anonymous.get('/api/categories'),
    await anonymous.send('POST', '/api/categories', ginasio),
  ]) {
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('UNAUTHENTICATED');
  }
});

test('a new account has the ten built-in categories with their icons and colours, and no custom one', async () => {
  const me = await signedUp();
  expect(await list(me)).toEqual({
    builtIn: BUILT_IN_CATEGORIES.map(({ name, icon, color }) => ({ name, icon, color })),
    custom: [],
  });
});

test('a created category is answered and listed with its icon, colour and type, the name trimmed', async () => {
  const me = await signedUp();
  const created = await create(me, { name: '  Animais  ', icon: 'paw-print', color: 'teal' });
  expect(created).toEqual({
    id: expect.any(String),
    name: 'Animais',
    icon: 'paw-print',
    color: 'teal',
    type: 'custom',
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });
  await create(me, { name: 'Água', icon: 'droplet', color: 'blue' });
  await create(me, { name: 'bar', icon: 'coffee', color: 'orange' });
  // Portuguese alphabetical order, letter case and accents aside.
  expect((await list(me)).custom.map((c) => c.name)).toEqual(['Água', 'Animais', 'bar']);
});

test('a name of 1 to 50 characters, an icon of the set and one of the ten colours are required, in the spec words', async () => {
  const me = await signedUp();
  const cases: [unknown, string][] = [
    [{ ...ginasio, name: '' }, 'Nome da categoria é obrigatório'],
    [{ ...ginasio, name: '   ' }, 'Nome da categoria é obrigatório'],
    [{ icon: 'tag', color: 'red' }, 'Nome da categoria é obrigatório'],
    [{ ...ginasio, name: 'x'.repeat(51) }, 'Nome deve ter no máximo 50 caracteres'],
    [{ ...ginasio, icon: '' }, 'Ícone é obrigatório'],
    [{ name: 'Ginásio', color: 'pink' }, 'Ícone é obrigatório'],
    [{ ...ginasio, icon: 'skull' }, 'Ícone é obrigatório'],
    [{ ...ginasio, color: '' }, 'Cor é obrigatória'],
    [{ name: 'Ginásio', icon: 'dumbbell' }, 'Cor é obrigatória'],
    [{ ...ginasio, color: 'magenta' }, 'Cor é obrigatória'],
  ];
  for (const [body, message] of cases) {
    const res = await me.api.send('POST', '/api/categories', body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(await errorOf(res), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION', message });
  }
  const all = await errorOf(await me.api.send('POST', '/api/categories', {}));
  expect(all.issues?.map((i) => i.message)).toEqual([
    'Nome da categoria é obrigatório',
    'Ícone é obrigatório',
    'Cor é obrigatória',
  ]);
  expect((await list(me)).custom).toEqual([]);
  // Exactly 50 is allowed, by create and by edit.
  const fifty = await create(me, { ...ginasio, name: 'y'.repeat(50) });
  const edited = await me.api.send('PATCH', `/api/categories/${fifty.id}`, {
    ...ginasio,
    name: 'z'.repeat(51),
  });
  expect(await errorOf(edited)).toMatchObject({
    code: 'VALIDATION',
    message: 'Nome deve ter no máximo 50 caracteres',
  });
});

test('a name that differs only by letter case, or that is a built-in name, is refused with 409', async () => {
  const me = await signedUp();
  await create(me);
  await create(me, { name: 'Água', icon: 'droplet', color: 'blue' });
  for (const name of [
    'ginásio',
    'GINÁSIO',
    ' Ginásio ',
    'ÁGUA',
    'saúde e bem-estar',
    'Outras Despesas Pessoais',
  ]) {
    const res = await me.api.send('POST', '/api/categories', { ...ginasio, name });
    expect(res.status, name).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: 'CATEGORY_EXISTS',
      message: 'Já existe uma categoria com este nome',
    });
  }
  expect((await list(me)).custom.map((c) => c.name)).toEqual(['Água', 'Ginásio']);
});

test('an edit replaces name, icon and colour; taking another category’s or a built-in name is a 409', async () => {
  const me = await signedUp();
  const gym = await create(me);
  await create(me, { name: 'Viagens', icon: 'plane', color: 'indigo' });
  const path = `/api/categories/${gym.id}`;

  const res = await me.api.send('PATCH', path, {
    name: 'GINÁSIO',
    icon: 'heart-pulse',
    color: 'red',
  });
  expect(res.status).toBe(200);
  const edited: CustomCategoryDto = await res.json();
  expect(edited).toMatchObject({ id: gym.id, name: 'GINÁSIO', icon: 'heart-pulse', color: 'red' });
  expect(edited.createdAt).toBe(gym.createdAt);
  expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(gym.updatedAt));

  for (const name of ['viagens', 'Casa e Serviços']) {
    const taken = await me.api.send('PATCH', path, { ...ginasio, name });
    expect(taken.status, name).toBe(409);
    expect((await errorOf(taken)).code).toBe('CATEGORY_EXISTS');
  }
  expect((await list(me)).custom.find((c) => c.id === gym.id)?.name).toBe('GINÁSIO');
});

test('a deleted category is gone; deleting or editing it again is a 404', async () => {
  const me = await signedUp();
  const gym = await create(me);
  const path = `/api/categories/${gym.id}`;
  const res = await me.api.send('DELETE', path);
  expect(res.status).toBe(204);
  expect(await res.text()).toBe('');
  expect((await list(me)).custom).toEqual([]);
  for (const again of [
    await me.api.send('DELETE', path),
    await me.api.send('PATCH', path, ginasio),
  ]) {
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toEqual({
      code: 'CATEGORY_NOT_FOUND',
      message: 'Categoria não encontrada',
    });
  }
  // The name is free again.
  await create(me);
});

test("accounts never see nor touch each other's categories; a name is unique per account only", async () => {
  const me = await signedUp();
  const other = await signedUp();
  const mine = await create(me);
  expect((await list(other)).custom).toEqual([]);
  const theirs = await create(other);
  expect(theirs.id).not.toBe(mine.id);

  const path = `/api/categories/${mine.id}`;
  for (const res of [
    await other.api.send('PATCH', path, { ...ginasio, name: 'Roubada' }),
    await other.api.send('DELETE', path),
  ]) {
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('CATEGORY_NOT_FOUND');
  }
  expect((await list(me)).custom).toEqual([mine]);
  expect(other.heard).toEqual([{ type: 'categories.changed' }]);

  for (const id of ['nao-e-um-id', '00000000-0000-4000-8000-000000000000']) {
    expect((await me.api.send('DELETE', `/api/categories/${id}`)).status).toBe(404);
  }
});

test('each change tells the account’s other tabs, and only that account', async () => {
  const me = await signedUp();
  const other = await signedUp();
  const gym = await create(me);
  expect(me.heard).toEqual([{ type: 'categories.changed' }]);
  await me.api.send('PATCH', `/api/categories/${gym.id}`, { ...ginasio, color: 'purple' });
  expect(me.heard).toEqual([{ type: 'categories.changed' }, { type: 'categories.changed' }]);
  await me.api.send('DELETE', `/api/categories/${gym.id}`);
  expect(me.heard).toHaveLength(3);
  // Refused changes publish nothing.
  await me.api.send('POST', '/api/categories', { ...ginasio, name: '' });
  await me.api.send('POST', '/api/categories', { ...ginasio, name: 'Serviços Financeiros' });
  expect(me.heard).toHaveLength(3);
  expect(other.heard).toEqual([]);
});

test("a rename carries over to the account's suppliers of that category; a deletion leaves them without one", async () => {
  const me = await signedUp();
  const other = await signedUp();
  const gym = await create(me);
  const member = await insertSupplier(t.db.db, me.id, { category: 'Ginásio' });
  const spelledOtherwise = await insertSupplier(t.db.db, me.id, { category: 'ginásio' });
  const unrelated = await insertSupplier(t.db.db, me.id, { category: 'Outros' });
  const othersSupplier = await insertSupplier(t.db.db, other.id, { category: 'Ginásio' });
  const categoryOf = async (id: string) =>
    (await t.db.db.select().from(suppliers).where(eq(suppliers.id, id)))[0]?.category;

  me.heard.length = 0;
  await me.api.send('PATCH', `/api/categories/${gym.id}`, { ...ginasio, name: 'Desporto' });
  expect(await categoryOf(member.id)).toBe('Desporto');
  expect(await categoryOf(spelledOtherwise.id)).toBe('Desporto');
  expect(await categoryOf(unrelated.id)).toBe('Outros');
  expect(await categoryOf(othersSupplier.id)).toBe('Ginásio');
  expect(me.heard).toEqual([
    { type: 'categories.changed' },
    { type: 'suppliers.changed', ids: expect.arrayContaining([member.id, spelledOtherwise.id]) },
  ]);

  // An edit that keeps the name touches no supplier.
  me.heard.length = 0;
  await me.api.send('PATCH', `/api/categories/${gym.id}`, {
    name: 'Desporto',
    icon: 'shirt',
    color: 'red',
  });
  expect(me.heard).toEqual([{ type: 'categories.changed' }]);

  me.heard.length = 0;
  expect((await me.api.send('DELETE', `/api/categories/${gym.id}`)).status).toBe(204);
  expect(await categoryOf(member.id)).toBeNull();
  expect(await categoryOf(unrelated.id)).toBe('Outros');
  expect(await categoryOf(othersSupplier.id)).toBe('Ginásio');
  expect(me.heard).toEqual([
    { type: 'categories.changed' },
    { type: 'suppliers.changed', ids: expect.arrayContaining([member.id, spelledOtherwise.id]) },
  ]);
  const rows = await t.db.db
    .select()
    .from(customCategories)
    .where(eq(customCategories.accountId, me.id));
  expect(rows).toEqual([]);
});
