// The two accounts of the isolation suite (isolation.test.ts), both on Empresarial 1000 so that
// every feature is open to B, with real data made through the API: invoices (one with a photo),
// suppliers (one with an email that is told of payments), a custom category marked for resale,
// sales, a savings goal, a team with a main PIN and a PIN profile, a feed secret, a kept scan,
// a profile photo and the emails all that sent. A has more: a member with their own login, a
// pending invitation, a live PIN recovery code, and an overdue invoice the daily run counted and
// one it has not reached. Every value of A's that B must never see is a marker; both pay into
// one bank (NIFS.shared), so a query joined by NIF without its account shows itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { postJson, signUpVerified } from '#server/features/auth/test-helpers.ts';
import { invoiceExpiryJob } from '#server/features/invoices/invoice-expiry.job.ts';
import { INVOICE_EXPIRY_JOB } from '#server/features/invoices/invoice-expiry.queries.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import { latestMail, signInAgain } from '#server/features/team/team-test-helpers.ts';
import { createScheduler } from '#server/services/scheduler/scheduler.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { INVITE_TOKEN_PARAM } from '#shared/team.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';
import {
  browserOf,
  created,
  fingerprinter,
  NIFS,
  photoForm,
  PINS,
  saleDay,
  scanForm,
  type Browser,
  type Fingerprint,
} from './isolation-test-kit.ts';

/** A's rows that B aims at, and the secrets B must never get. */
export type AccountA = {
  id: string;
  email: string;
  browser: Browser;
  invoiceId: string;
  /** Pendente and overdue: the daily run has not reached it yet. */
  overdueInvoiceId: string;
  photoPath: string;
  avatarPath: string;
  supplierId: string;
  categoryId: string;
  saleId: string;
  saleDate: string;
  goalId: string;
  subUserId: string;
  /** The user id of A's member (a person with their own login). */
  memberUserId: string;
  invitationId: string;
  /** The token of the pending invitation, emailed to someone who is not B. */
  invitationToken: string;
  emailAuditId: string;
  scanId: string;
  feedToken: string;
  /** The main-PIN recovery code mailed to A and not used yet. */
  recoveryCode: string;
};

export type AccountB = { browser: Browser; invoiceId: string; photoPath: string };

/** Changes A makes to its own data, each to something new (its new markers included). */
export type ChangesOfA = {
  /** An invoice issued today (lists, counts, the month's summary, exports, usage). */
  invoice(): Promise<void>;
  /** A paid deposit today at the bank both accounts use (its totals, savings). */
  bankDeposit(): Promise<void>;
  /** A day's sales in SALES_MONTH (the CMV report). */
  sale(): Promise<void>;
};

export type World = {
  t: TestApp;
  a: AccountA;
  b: AccountB;
  /** A's distinctive values: none may appear in any answer to B. */
  markers: Set<string>;
  changesOfA: ChangesOfA;
  /** A second browser of B's (a new sign-in, acting as B's main user), to end its own session. */
  signInB(): Promise<Browser>;
  fingerprintOfA(): Promise<Fingerprint>;
  close(): Promise<void>;
};

type Id = { id: string };
type Mark = (...values: string[]) => string;

/** A verified person on Empresarial 1000, signed in. */
async function signedUp(t: TestApp, email: string, fullName: string) {
  const browser = browserOf(t, await signUpVerified(t, email, { fullName }));
  const { accountId } = await browser.json<{ accountId: string }>('GET', '/api/profile');
  await grantPlan({ db: t.db.db, events: t.events }, { accountId, planId: 'enterprise_1000' });
  // The session cache forgets the plan it read for the profile through the event bus.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { browser, id: accountId, email };
}

/** The team switched on: the main PIN, the switch (this browser acts as main), a PIN profile. */
async function teamOn(browser: Browser, mainPin: string, subUser: { name: string; pin: string }) {
  await browser.json('PUT', '/api/team/main-pin', { pin: mainPin });
  await browser.json('PATCH', '/api/team', { enabled: true });
  const body = { ...subUser, role: 'user' };
  return (await created<{ subUser: Id }>(browser, '/api/team/sub-users', body)).subUser.id;
}

async function invitationToken(t: TestApp, to: string): Promise<string> {
  const mail = await latestMail(t.db.db, to, 'Convite para a equipa');
  const link = mail.links.find((l) => l.includes(`${INVITE_TOKEN_PARAM}=`));
  const token = link ? new URL(link).searchParams.get(INVITE_TOKEN_PARAM) : null;
  if (!token) throw new Error(`no invitation link to ${to}`);
  return token;
}

async function recoveryCodeMailedTo(t: TestApp, to: string): Promise<string> {
  const mail = await latestMail(t.db.db, to, 'Código de recuperação do PIN');
  const code = /^([A-Z2-9]{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error('no code in the recovery email');
  return code;
}

/** The daily overdue run, now: what each account had overdue becomes Vencida. */
async function runDailyExpiry(t: TestApp): Promise<void> {
  const logger = pino({ level: 'silent' });
  const jobs = [invoiceExpiryJob({ events: t.events })];
  const scheduler = createScheduler({ db: t.db.db, logger, jobs });
  const outcome = await scheduler.runDue(INVOICE_EXPIRY_JOB);
  await scheduler.stop();
  if (outcome.kind !== 'ran') throw new Error(`the daily run did not run: ${outcome.kind}`);
}

async function seedA(t: TestApp, mark: Mark) {
  const today = todayInLisbon();
  const a = await signedUp(t, 'marcador-a.ana@exemplo.pt', 'Marcador-A Ana');
  const carla = await signedUp(t, 'carla.membro@exemplo.pt', 'Marcador-A Carla');
  mark(a.id, a.email, 'Marcador-A', carla.id);
  const A = a.browser;
  // A sign-in with a wrong password: a security event of A's account, its email in it.
  const wrong = await postJson(t, '/api/auth/sign-in/email', { email: a.email, password: 'x1' });
  if (wrong.status !== 401) throw new Error(`a wrong password answered ${wrong.status}`);

  await A.json('PATCH', '/api/profile', { personalNif: NIFS.aPersonal, phone: '912000111' });
  const avatar = await A.json<{ photoUrl: string }>(
    'PUT',
    '/api/profile/photo',
    await photoForm('#a00'),
  );
  const avatarPath = decodeURIComponent(new URL(avatar.photoUrl, TEST_ORIGIN).pathname).slice(
    '/api/files/'.length,
  );
  const category = await created(A, '/api/categories', {
    name: 'Marcador-A-Categoria',
    icon: 'tag',
    color: 'pink',
  });
  await A.json('PUT', '/api/sales/resale-categories', { builtIn: [], customIds: [category.id] });
  const supplier = await created(A, '/api/suppliers', {
    name: 'Marcador-A-Fornecedor, Lda',
    nif: NIFS.aOnly,
    category: 'Marcador-A-Categoria',
    email: 'marcador-a.fornecedor@exemplo.pt',
    notifyByEmail: true,
    limit: { amountCents: 50_000, active: true, period: 'mensal', resetDay: 1 },
  });
  const poupanca = { mainCategory: 'Poupanca' };
  const bank = await created(A, '/api/suppliers', {
    name: 'Marcador-A-Banco',
    nif: NIFS.shared,
    ...poupanca,
  });
  const fund = await created(A, '/api/suppliers', {
    name: 'Marcador-A-Fundo',
    nif: NIFS.aSavings,
    ...poupanca,
  });
  mark(NIFS.aPersonal, '912000111', category.id, supplier.id, bank.id, fund.id);
  mark(NIFS.aOnly, NIFS.aSavings, 'marcador-a.fornecedor@exemplo.pt');

  const invoice = async (n: number, body: Record<string, unknown> = {}) =>
    mark(
      (
        await created(A, '/api/invoices', {
          supplierNif: NIFS.aOnly,
          supplierName: 'Marcador-A-Fornecedor, Lda',
          number: `FT MARCA/${n}`,
          atcud: `AAAA1111-${n}`,
          issueDate: today,
          dueDate: addDays(today, 30),
          totalCents: 432_100 + n,
          vatCents: 23_000,
          ...body,
        })
      ).id,
    );
  const paid = (id: string) =>
    A.json('POST', `/api/invoices/${id}/payment`, { paid: true, method: 'Cartão' });
  mark('FT MARCA/', 'AAAA1111-');
  const invoiceId = await invoice(1, { notes: 'Marcador-A-nota' });
  await paid(await invoice(2, { supplierNif: NIFS.shared, supplierName: 'Marcador-A-Banco' }));
  // Paid, it tells the supplier that asked for it by email (A's email history).
  await paid(await invoice(3));
  // Bought for resale in the CMV report's month.
  await invoice(4, { issueDate: saleDay(15), dueDate: saleDay(30) });
  const photos = await created<{ imagePaths: string[] }>(
    A,
    `/api/invoices/${invoiceId}/photos`,
    await photoForm('#0a0'),
  );

  const saleDate = saleDay(10);
  const sale = await created(A, '/api/sales', {
    date: saleDate,
    salesValueCents: 777_123,
    vatCollectedCents: 17_000,
  });
  const goal = await created(A, '/api/savings/goals', {
    name: 'Marcador-A-Objetivo',
    targetCents: 900_000,
    targetDate: addDays(today, 400),
    startDate: addDays(today, -400),
    supplierNif: NIFS.shared,
  });
  mark(sale.id, goal.id);

  const subUserId = mark(
    await teamOn(A, PINS.aMain, { name: 'Marcador-A-Caixa', pin: PINS.aSubUser }),
  );
  // A member with their own login, and an invitation nobody has accepted yet.
  await created(A, '/api/team/invitations', { email: carla.email, role: 'manager' });
  await carla.browser.json('POST', '/api/team-access/invitations/accept', {
    token: await invitationToken(t, carla.email),
  });
  const invitee = 'marcador-a.convite@exemplo.pt';
  const pending = await created<{ invitation: Id }>(A, '/api/team/invitations', {
    email: invitee,
    role: 'user',
  });
  const token = mark(await invitationToken(t, invitee));
  mark(pending.invitation.id, invitee);

  const feed = await created<{ token: string }>(A, '/api/integrations/feed');
  await A.json('POST', '/api/team-access/recovery/send');
  const scan = await A.json<{ scanId: string }>('POST', '/api/scan', await scanForm());
  mark(feed.token, scan.scanId);

  // The daily run on an overdue invoice of A's (B has none: its count stays 0); then one the run
  // has not reached yet. Inserted directly: the API stores a Pendente past its due date as
  // Vencida at once, and only the daily run leaves one behind until it comes.
  const overdue = {
    supplierNif: NIFS.aOnly,
    dueDate: addDays(today, -1),
    issueDate: addDays(today, -40),
  };
  const expired = await insertInvoice(t.db.db, a.id, { ...overdue, number: 'FT MARCA/90' });
  await runDailyExpiry(t);
  const stillPending = await insertInvoice(t.db.db, a.id, { ...overdue, number: 'FT MARCA/91' });
  mark(expired.id, stillPending.id);

  const { items: emails } = await A.json<{ items: Id[] }>('GET', '/api/emails');
  mark(...emails.map((e) => e.id));

  let count = 0;
  const freeSaleDays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23];
  const changesOfA: ChangesOfA = {
    async invoice() {
      await invoice(100 + (count += 1), { totalCents: 1_000 + count, vatCents: 0 });
    },
    async bankDeposit() {
      const body = { supplierNif: NIFS.shared, supplierName: 'Marcador-A-Banco', vatCents: 0 };
      await paid(await invoice(100 + (count += 1), { ...body, totalCents: 2_000 + count }));
    },
    async sale() {
      const day = freeSaleDays.shift();
      if (day === undefined) throw new Error(`no free day left in ${saleDay(0)}`);
      const body = { date: saleDay(day), salesValueCents: 50_000 + day, vatCollectedCents: 0 };
      mark((await created(A, '/api/sales', body)).id);
    },
  };

  const account: AccountA = {
    id: a.id,
    email: a.email,
    browser: A,
    invoiceId,
    overdueInvoiceId: stillPending.id,
    photoPath: photos.imagePaths[0] ?? '',
    avatarPath,
    supplierId: supplier.id,
    categoryId: category.id,
    saleId: sale.id,
    saleDate,
    goalId: goal.id,
    subUserId,
    memberUserId: carla.id,
    invitationId: pending.invitation.id,
    invitationToken: token,
    emailAuditId: emails[0]?.id ?? '',
    scanId: scan.scanId,
    feedToken: feed.token,
    recoveryCode: await recoveryCodeMailedTo(t, a.email),
  };
  return { account, changesOfA, addresses: [a.email, 'marcador-a.fornecedor@exemplo.pt', invitee] };
}

/** B: the same kinds of rows under its own names, and the bank both pay into. */
async function seedB(t: TestApp): Promise<AccountB & { email: string }> {
  const today = todayInLisbon();
  const b = await signedUp(t, 'bruno.b@exemplo.pt', 'Bruno B');
  const B = b.browser;
  const category = await created(B, '/api/categories', {
    name: 'Categoria de B',
    icon: 'tag',
    color: 'slate',
  });
  await B.json('PUT', '/api/sales/resale-categories', { builtIn: [], customIds: [category.id] });
  await created(B, '/api/suppliers', {
    name: 'Fornecedor de B',
    nif: NIFS.bOnly,
    category: 'Categoria de B',
  });
  await created(B, '/api/suppliers', {
    name: 'Banco de B',
    nif: NIFS.shared,
    mainCategory: 'Poupanca',
  });
  const invoice = (n: number, supplierNif: string, supplierName: string, totalCents: number) =>
    created(B, '/api/invoices', {
      supplierNif,
      supplierName,
      number: `FT BRUNO/${n}`,
      atcud: `BBBB2222-${n}`,
      issueDate: today,
      dueDate: addDays(today, 10),
      totalCents,
      vatCents: 0,
    });
  const { id: invoiceId } = await invoice(1, NIFS.bOnly, 'Fornecedor de B', 5_000);
  const deposit = await invoice(2, NIFS.shared, 'Banco de B', 20_000);
  await B.json('POST', `/api/invoices/${deposit.id}/payment`, { paid: true, method: 'Cartão' });
  const photos = await created<{ imagePaths: string[] }>(
    B,
    `/api/invoices/${invoiceId}/photos`,
    await photoForm('#00a'),
  );
  await B.json('PUT', '/api/profile/photo', await photoForm('#aa0'));
  await created(B, '/api/sales', {
    date: saleDay(20),
    salesValueCents: 10_000,
    vatCollectedCents: 1_000,
  });
  await created(B, '/api/savings/goals', {
    name: 'Objetivo de B',
    targetCents: 100_000,
    targetDate: addDays(today, 200),
    startDate: addDays(today, -200),
    supplierNif: NIFS.shared,
  });
  await teamOn(B, PINS.bMain, { name: 'Caixa de B', pin: PINS.bSubUser });
  await created(B, '/api/integrations/feed');
  return { browser: B, email: b.email, invoiceId, photoPath: photos.imagePaths[0] ?? '' };
}

export async function createWorld(): Promise<World> {
  // Our own file store, so the fingerprint can read A's files.
  const filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-isolation-'));
  const storage = createStorage({ root: filesDir, secret: 'isolation-'.padEnd(48, 'x') });
  const t = await createTestApp({ storage });
  const close = async () => {
    await t.close();
    rmSync(filesDir, { recursive: true, force: true });
  };
  try {
    const markers = new Set<string>();
    const mark: Mark = (...values) => {
      for (const value of values) markers.add(value);
      return values[0] ?? '';
    };
    const { account: a, changesOfA, addresses } = await seedA(t, mark);
    const { email: bEmail, ...b } = await seedB(t);
    const fingerprintOfA = await fingerprinter(t, {
      accountId: a.id,
      email: a.email,
      addresses,
      filesDir,
    });
    return {
      t,
      a,
      b,
      markers,
      changesOfA,
      async signInB() {
        const browser = browserOf(t, await signInAgain(t, bEmail));
        await browser.json('POST', '/api/team-access/main', { pin: PINS.bMain });
        return browser;
      },
      fingerprintOfA,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
