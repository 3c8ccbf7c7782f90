// 'Acesso à Conta' on the server (issue 18.2, 18.3, 18.6): with team management on, a signed-in
// browser acts as nobody until it picks a profile with its PIN; the team session lives on the
// server behind an httpOnly cookie, is checked on every request, and ends when its profile is
// deactivated or signed out; PIN guesses are limited whatever the browser does.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, rateLimits, teamSessions, teamSubUsers } from '#server/db/schema/index.ts';
import { TEAM_COOKIE, TEAM_MESSAGES } from '#shared/team.ts';
import {
  createTestApp,
  LOOPBACK_ENV,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type SignedInTestApp,
} from '#tests/setup/test-app.ts';
import { invoiceBody } from '#server/features/invoices/invoice-test-helpers.ts';
import { hashPin } from './pin-hash.ts';
import { teamCall, type Answer } from './team-test-helpers.ts';

let t: SignedInTestApp;
let gestorId: string;
let utilizadorId: string;
let inativoId: string;

/** A request from the signed-in browser, with its team cookie when given. */
const call = (
  method: string,
  path: string,
  { team, body }: { team?: string; body?: unknown } = {},
): Promise<Answer> => teamCall(t.app, { cookie: t.cookie, team }, method, path, body);

const code = (a: Answer) => (a.body as { error?: { code: string } }).error?.code;

beforeAll(async () => {
  t = await createTestApp({ plan: 'enterprise_500' });
  const db = t.db.db;
  await db
    .update(accounts)
    .set({ teamManagementEnabled: true, mainPinHash: await hashPin('2468') })
    .where(eq(accounts.id, t.accountId));
  const [gestor, utilizador, inativo] = await db
    .insert(teamSubUsers)
    .values([
      {
        accountId: t.accountId,
        name: 'Gestora Rita',
        role: 'manager',
        pinHash: await hashPin('1111'),
      },
      { accountId: t.accountId, name: 'Balcão', role: 'user', pinHash: await hashPin('2222') },
      {
        accountId: t.accountId,
        name: 'Antigo',
        role: 'user',
        pinHash: await hashPin('3333'),
        isActive: false,
      },
    ])
    .returning({ id: teamSubUsers.id });
  gestorId = gestor!.id;
  utilizadorId = utilizador!.id;
  inativoId = inativo!.id;
});

afterAll(() => t.close());

describe('before a profile is chosen', () => {
  test('the API refuses everything but the profile and Acesso à Conta', async () => {
    const list = await call('GET', '/api/invoices');
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      error: {
        code: 'PROFILE_SELECTION_REQUIRED',
        message: TEAM_MESSAGES.profileSelectionRequired,
      },
    });
    const profile = await call('GET', '/api/profile');
    expect(profile.status).toBe(200);
    expect((profile.body as { acting: unknown }).acting).toEqual({
      kind: 'pending',
      name: expect.any(String),
    });
    expect(
      (profile.body as { capabilities: Record<string, boolean> }).capabilities['invoices.view'],
    ).toBe(false);
    expect((await call('PATCH', '/api/profile', { body: { phone: '912345678' } })).status).toBe(
      403,
    );
  });

  test('Acesso à Conta lists the active profiles by name, never a PIN hash', async () => {
    const res = await call('GET', '/api/team-access');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      teamManagementEnabled: true,
      mainPinSet: true,
      subUsers: [
        { id: utilizadorId, name: 'Balcão', role: 'user' },
        { id: gestorId, name: 'Gestora Rita', role: 'manager' },
      ],
      acting: { kind: 'pending', name: expect.any(String) },
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });
});

describe('choosing a profile', () => {
  test('a sub-user with its PIN acts with its role, kept on the server', async () => {
    const login = await call('POST', '/api/team-access/sub-user', {
      body: { subUserId: utilizadorId, pin: '2222' },
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      acting: { kind: 'sub-user', name: 'Balcão', role: 'user', subUserId: utilizadorId },
    });
    const team = login.teamCookie;
    expect(team).toEqual(expect.any(String));
    // Only a hash is stored.
    const rows = await t.db.db.select().from(teamSessions);
    expect(rows.map((r) => r.tokenHash)).not.toContain(team);

    expect((await call('GET', '/api/invoices', { team: team! })).status).toBe(200);
    const summary = await call('GET', '/api/summary', { team: team! });
    expect(summary.status).toBe(403);
    expect(code(summary)).toBe('FORBIDDEN');
    const profile = await call('GET', '/api/profile', { team: team! });
    expect((profile.body as { acting: unknown }).acting).toMatchObject({
      kind: 'sub-user',
      name: 'Balcão',
    });

    // 'Sair': the session ends and the browser is back to choosing.
    const out = await call('DELETE', '/api/team-access/session', { team: team! });
    expect(out.status).toBe(200);
    expect(out.teamCookie).toBeNull();
    expect((out.body as { acting: { kind: string } }).acting.kind).toBe('pending');
    const after = await call('GET', '/api/invoices', { team: team! });
    expect(after.status).toBe(403);
    expect(code(after)).toBe('TEAM_SESSION_ENDED');
    expect(after.teamCookie).toBeNull();
  });

  test('wrong PIN, inactive and unknown profiles get the spec’s messages', async () => {
    const wrong = await call('POST', '/api/team-access/sub-user', {
      body: { subUserId: gestorId, pin: '9999' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: {
        code: 'WRONG_PIN',
        message: TEAM_MESSAGES.wrongSubUserPin('Gestora Rita'),
        details: { failures: 1 },
      },
    });
    const inactive = await call('POST', '/api/team-access/sub-user', {
      body: { subUserId: inativoId, pin: '3333' },
    });
    expect(inactive.status).toBe(403);
    expect((inactive.body as { error: { message: string } }).error.message).toBe(
      TEAM_MESSAGES.inactiveSubUser('Antigo'),
    );
    const unknown = await call('POST', '/api/team-access/sub-user', {
      body: { subUserId: '00000000-0000-4000-8000-000000000000', pin: '1234' },
    });
    expect(code(unknown)).toBe('TEAM_ACCESS_DENIED');
    const malformed = await call('POST', '/api/team-access/sub-user', { body: { pin: '12' } });
    expect(malformed.status).toBe(400);
  });

  test('deactivating a profile ends its session at once', async () => {
    const login = await call('POST', '/api/team-access/sub-user', {
      body: { subUserId: gestorId, pin: '1111' },
    });
    expect(login.status).toBe(200);
    expect((await call('GET', '/api/summary', { team: login.teamCookie! })).status).toBe(200);
    await t.db.db
      .update(teamSubUsers)
      .set({ isActive: false })
      .where(eq(teamSubUsers.id, gestorId));
    await t.events.publish(t.accountId, { type: 'team.changed' });
    const after = await call('GET', '/api/summary', { team: login.teamCookie! });
    expect(code(after)).toBe('TEAM_SESSION_ENDED');
    await t.db.db.update(teamSubUsers).set({ isActive: true }).where(eq(teamSubUsers.id, gestorId));
  });

  test('the main PIN: hint counts, then the lock, whatever the browser does', async () => {
    await t.db.db.delete(rateLimits);
    for (const failures of [1, 2, 3]) {
      const res = await call('POST', '/api/team-access/main', { body: { pin: '0000' } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 'WRONG_PIN', message: TEAM_MESSAGES.wrongMainPin, details: { failures } },
      });
    }
    // The fourth attempt is refused even with the right PIN.
    const locked = await call('POST', '/api/team-access/main', { body: { pin: '2468' } });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: { code: 'PIN_LOCKED', message: TEAM_MESSAGES.locked } });
    await t.db.db.delete(rateLimits);
    const ok = await call('POST', '/api/team-access/main', { body: { pin: '2468' } });
    expect(ok.status).toBe(200);
    expect((ok.body as { acting: { kind: string } }).acting.kind).toBe('main');
    expect(
      (
        await call('DELETE', '/api/invoices/00000000-0000-4000-8000-000000000000', {
          team: ok.teamCookie!,
        })
      ).status,
    ).toBe(404);
  });

  test('a team cookie of another browser session is not accepted', async () => {
    const login = await call('POST', '/api/team-access/sub-user', {
      body: { subUserId: utilizadorId, pin: '2222' },
    });
    const other = await createTestApp({ plan: 'enterprise_500', db: t.db });
    try {
      const res = await other.app.request(
        `${TEST_ORIGIN}/api/invoices`,
        {
          headers: {
            origin: TEST_ORIGIN,
            cookie: `${other.cookie}; ${TEAM_COOKIE}=${login.teamCookie!}`,
          },
        },
        LOOPBACK_ENV,
      );
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'TEAM_SESSION_ENDED',
      );
    } finally {
      await other.close();
    }
  });
});

describe('who wrote what (issue 18.4)', () => {
  type Invoice = { id: string; createdByName: string | null; updatedByName: string | null };
  const items = (a: Answer) => (a.body as { items: Invoice[] }).items;

  test('writes record the acting profile; a Utilizador sees only the invoices it created', async () => {
    await t.db.db.delete(rateLimits);
    const balcao = await call('POST', '/api/team-access/sub-user', {
      body: { subUserId: utilizadorId, pin: '2222' },
    });
    const gestora = await call('POST', '/api/team-access/sub-user', {
      body: { subUserId: gestorId, pin: '1111' },
    });
    // Two browsers of the same sign-in: the second login replaced the first browser's session.
    const asBalcao = async (method: string, path: string, body?: unknown) => {
      const again = await call('POST', '/api/team-access/sub-user', {
        body: { subUserId: utilizadorId, pin: '2222' },
      });
      return call(method, path, { team: again.teamCookie!, body });
    };
    expect(balcao.status).toBe(200);
    expect(gestora.status).toBe(200);

    const mine = await asBalcao('POST', '/api/invoices', invoiceBody());
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ createdByName: 'Balcão', updatedByName: 'Balcão' });
    const mineId = (mine.body as Invoice).id;

    const asGestora = async (method: string, path: string, body?: unknown) => {
      const again = await call('POST', '/api/team-access/sub-user', {
        body: { subUserId: gestorId, pin: '1111' },
      });
      return call(method, path, { team: again.teamCookie!, body });
    };
    const theirs = await asGestora('POST', '/api/invoices', invoiceBody());
    expect(theirs.status).toBe(201);
    const theirsId = (theirs.body as Invoice).id;
    const paid = await asGestora('POST', `/api/invoices/${mineId}/payment`, {
      paid: true,
      method: 'Cartão',
    });
    expect(paid.status).toBe(200);
    expect((paid.body as { invoice: Invoice }).invoice).toMatchObject({
      createdByName: 'Balcão',
      updatedByName: 'Gestora Rita',
    });

    // The Gestora sees both; the Utilizador only its own, in lists, counts and by id.
    const gestoraIds = items(await asGestora('GET', '/api/invoices')).map((i) => i.id);
    expect(gestoraIds).toEqual(expect.arrayContaining([mineId, theirsId]));
    const balcaoList = items(await asBalcao('GET', '/api/invoices'));
    expect(balcaoList.map((i) => i.id)).toEqual([mineId]);
    const stats = (await asBalcao('GET', '/api/invoices/stats')).body as { invoiceCount: number };
    expect(stats.invoiceCount).toBe(1);
    expect((await asBalcao('GET', `/api/invoices/${theirsId}`)).status).toBe(404);
    expect((await asBalcao('GET', `/api/invoices/${mineId}`)).status).toBe(200);
  });
});

describe('without team management', () => {
  test('the holder acts as main user with no PIN, and PIN routes are refused', async () => {
    const plain = await createTestApp({ plan: 'free', db: t.db });
    try {
      const res = await plain.client.api.profile.$get();
      const body = (await res.json()) as { acting: unknown };
      expect(body.acting).toEqual({
        kind: 'main',
        name: expect.any(String),
        teamManagement: false,
      });
      const pin = await plain.client.api['team-access'].main.$post({ json: { pin: '1234' } });
      expect(pin.status).toBe(403);
    } finally {
      await plain.close();
    }
  });

  test('signing out clears the team cookie, so no stale one is sent next time', async () => {
    const other = await createTestApp({ plan: 'free', db: t.db });
    try {
      const res = await other.app.request(
        `${TEST_ORIGIN}/api/auth/sign-out`,
        {
          method: 'POST',
          headers: {
            origin: TEST_ORIGIN,
            'x-csrf-token': TEST_CSRF_TOKEN,
            cookie: `${other.cookie}; ${TEAM_COOKIE}=qualquer`,
          },
        },
        LOOPBACK_ENV,
      );
      expect(res.status).toBe(200);
      const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${TEAM_COOKIE}=`));
      expect(cleared).toMatch(/Max-Age=0/);
    } finally {
      await other.close();
    }
  });

  test('an emptied team cookie counts as none', async () => {
    const other = await createTestApp({ plan: 'free', db: t.db });
    try {
      const res = await other.app.request(
        `${TEST_ORIGIN}/api/invoices`,
        { headers: { origin: TEST_ORIGIN, cookie: `${other.cookie}; ${TEAM_COOKIE}=` } },
        LOOPBACK_ENV,
      );
      expect(res.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
