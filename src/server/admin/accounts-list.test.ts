// `accounts`: every account with the plan in force, its subscription, this month's usage and
// its creation date, as a table and as JSON.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { subscriptions } from '#server/db/schema/index.ts';
import { formatDateShort, todayInLisbon } from '#shared/dates.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { createAdminTestContext, type AdminTestContext } from './admin-test-helpers.ts';

let admin: AdminTestContext;
let free: { email: string; accountId: string };
let paid: { email: string; accountId: string };
let lapsed: { email: string; accountId: string };

beforeAll(async () => {
  admin = await createAdminTestContext();
  free = await admin.signedUp('gratuito');
  paid = await admin.signedUp('personal');
  lapsed = await admin.signedUp('terminado');
  await insertInvoices(admin.t.db.db, free.accountId, [{}, {}, {}]);
  // Last year's invoice is not this month's.
  await insertInvoices(admin.t.db.db, free.accountId, [{ createdAt: new Date('2024-03-01') }]);
  await admin.run({
    command: 'set-plan',
    email: paid.email,
    plan: 'professional',
    until: '2099-12-31',
  });
  await admin.t.db.db.insert(subscriptions).values({
    accountId: lapsed.accountId,
    planId: 'enterprise_500',
    status: 'active',
    provider: 'manual',
    endsAt: new Date('2025-01-01T00:00:00Z'),
  });
});

afterAll(() => admin.close());

function lineOf(table: string, email: string): string[] {
  const line = table.split('\n').find((l) => l.startsWith(`${email} `));
  if (!line) throw new Error(`no line for ${email} in\n${table}`);
  return line.split(/ {2,}/);
}

test('accounts prints a table with plan in force, subscription, usage and creation date', async () => {
  const output = await admin.run({ command: 'accounts', json: false });

  expect(output.exitCode).toBe(0);
  const [header] = output.stdout.split('\n');
  expect(header?.split(/ {2,}/)).toEqual([
    'Email',
    'Nome',
    'Plano',
    'Subscrição',
    'Fim',
    'Faturas (mês)',
    'Criada',
  ]);
  const today = formatDateShort(todayInLisbon());
  expect(lineOf(output.stdout, free.email)).toEqual([
    free.email,
    'Ana Silva',
    'Gratuito',
    '—',
    '—',
    '3/15',
    today,
  ]);
  expect(lineOf(output.stdout, paid.email)).toEqual([
    paid.email,
    'Ana Silva',
    'Personal',
    'ativa, manual',
    '31/12/2099',
    '0/120',
    today,
  ]);
  // Its end date passed: Gratuito's rights, the subscription still shown for what it was.
  expect(lineOf(output.stdout, lapsed.email)).toEqual([
    lapsed.email,
    'Ana Silva',
    'Gratuito',
    'ativa, manual (Empresarial 500, terminado)',
    // Midnight in Lisbon: the end of the day before.
    '31/12/2024',
    '0/15',
    today,
  ]);
  expect(output.stdout.trimEnd().endsWith('3 contas.')).toBe(true);
});

test('accounts --json gives the same facts with ISO instants', async () => {
  const output = await admin.run({ command: 'accounts', json: true });

  const entries = JSON.parse(output.stdout) as Array<Record<string, unknown>>;
  expect(entries.find((e) => e.email === paid.email)).toMatchObject({
    accountId: paid.accountId,
    name: 'Ana Silva',
    plan: 'professional',
    planName: 'Personal',
    subscription: {
      plan: 'professional',
      status: 'active',
      provider: 'manual',
      // The end of 31/12/2099 in Lisbon (winter: UTC).
      endsAt: '2100-01-01T00:00:00.000Z',
    },
    invoicesThisMonth: 0,
    monthlyInvoiceLimit: 120,
  });
  expect(entries.find((e) => e.email === free.email)).toMatchObject({
    plan: 'free',
    subscription: null,
    invoicesThisMonth: 3,
    monthlyInvoiceLimit: 15,
  });
  expect(entries.find((e) => e.email === lapsed.email)).toMatchObject({
    plan: 'free',
    subscription: { plan: 'enterprise_500', endsAt: '2025-01-01T00:00:00.000Z' },
  });
});
