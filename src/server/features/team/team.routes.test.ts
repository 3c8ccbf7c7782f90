// /api/team on the server (issue 18.1, 18.5): the holder sets the main PIN, switches team
// management on and keeps working, manages PIN profiles and members and invites people by email;
// a new PIN, a deactivation or a removal ends the sessions it concerns at once; no answer ever
// carries a PIN hash or an invitation's token hash.
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import {
  accounts,
  rateLimits,
  teamInvitations,
  teamMembers,
  teamSessions,
  teamSubUsers,
} from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { hashSecretToken, SECRET_TOKEN_PATTERN } from '#server/http/secret-token.ts';
import { FORBIDDEN_MESSAGE } from '#shared/capabilities.ts';
import { INVITATION_TTL_MS, TEAM_MESSAGES } from '#shared/team.ts';
import { createTestApp, type SignedInTestApp } from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { pinKeys } from './pin-attempts.ts';
import { verifyPin } from './pin-hash.ts';
import {
  errorOf,
  latestMail,
  mailerWithServerDown,
  signInAgain,
  teamCall,
  type Answer,
  type Browser,
} from './team-test-helpers.ts';

const db = await createTestDb();
const apps: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
  await db.close();
});

type Holder = {
  t: SignedInTestApp;
  /** The holder's browser that manages the team (its team cookie once it has one). */
  manager: Browser;
  call(method: string, path: string, body?: unknown, browser?: Browser): Promise<Answer>;
};

/** A new account on Empresarial 500, its holder signed in, team management off. */
async function holder(): Promise<Holder> {
  const t = await createTestApp({ plan: 'enterprise_500', db });
  apps.push(t);
  const manager: Browser = { cookie: t.cookie };
  return {
    t,
    manager,
    call: (method, path, body, browser = manager) => teamCall(t.app, browser, method, path, body),
  };
}

/** Main PIN 2468, team management on: the manager browser acts as main user through its cookie. */
async function withTeam(h: Holder): Promise<void> {
  expect((await h.call('PUT', '/api/team/main-pin', { pin: '2468' })).status).toBe(200);
  const on = await h.call('PATCH', '/api/team', { enabled: true });
  expect(on.status).toBe(200);
  h.manager.team = on.teamCookie!;
}

type SubUserBody = { subUser: { id: string; name: string; role: string; isActive: boolean } };

async function addSubUser(h: Holder, name: string, role: string, pin: string): Promise<string> {
  const res = await h.call('POST', '/api/team/sub-users', { name, role, pin });
  expect(res.status).toBe(201);
  return (res.body as SubUserBody).subUser.id;
}

/** The shared device: another browser of the holder, signed in as the PIN profile. */
async function deviceAs(h: Holder, subUserId: string, pin: string): Promise<Browser> {
  const device: Browser = { cookie: await signInAgain(h.t, h.t.email) };
  const login = await h.call('POST', '/api/team-access/sub-user', { subUserId, pin }, device);
  expect(login.status).toBe(200);
  device.team = login.teamCookie!;
  return device;
}

/** Everything stored for the account's team, flattened: no PIN may appear in it as typed. */
const noHashIn = (answer: Answer) => {
  const text = JSON.stringify(answer.body);
  expect(text).not.toContain('argon2');
  expect(text).not.toMatch(/pinHash|tokenHash|pin_hash|token_hash/);
};

test('a new account has no team: off, no main PIN, no profiles, members or invitations', async () => {
  const h = await holder();
  const res = await h.call('GET', '/api/team');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    enabled: false,
    mainPinSet: false,
    subUsers: [],
    members: [],
    invitations: [],
  });
});

test('team management cannot be switched on before a main PIN is set', async () => {
  const h = await holder();
  const res = await h.call('PATCH', '/api/team', { enabled: true });
  expect(res.status).toBe(409);
  expect(res.body).toEqual({
    error: { code: 'MAIN_PIN_NOT_SET', message: TEAM_MESSAGES.mainPinNotSet },
  });
  const [row] = await db.db.select().from(accounts).where(eq(accounts.id, h.t.accountId));
  expect(row?.teamManagementEnabled).toBe(false);
  expect((await h.call('PATCH', '/api/team', { enabled: 'sim' })).status).toBe(400);
});

test('the main PIN is stored as an argon2 hash and never answered', async () => {
  const h = await holder();
  const set = await h.call('PUT', '/api/team/main-pin', { pin: '2468' });
  expect(set.status).toBe(200);
  expect(set.body).toEqual({ mainPinSet: true });
  const [row] = await db.db.select().from(accounts).where(eq(accounts.id, h.t.accountId));
  expect(row?.mainPinHash).toMatch(/^\$argon2id\$/);
  expect(await verifyPin(row!.mainPinHash!, '2468')).toBe(true);
  const team = await h.call('GET', '/api/team');
  expect(team.body).toMatchObject({ mainPinSet: true });
  noHashIn(team);
  const bad = await h.call('PUT', '/api/team/main-pin', { pin: '12' });
  expect(bad.status).toBe(400);
  expect(errorOf(bad)?.message).toBe(TEAM_MESSAGES.pinFormat);
});

test('changing the main PIN needs the current one, counted by the main PIN’s limiter', async () => {
  const h = await holder();
  await h.call('PUT', '/api/team/main-pin', { pin: '2468' });
  const wrongAnswer = {
    error: { code: 'CURRENT_PIN_WRONG', message: TEAM_MESSAGES.currentPinWrong },
  };
  const missing = await h.call('PUT', '/api/team/main-pin', { pin: '1357' });
  expect(missing.status).toBe(400);
  expect(missing.body).toEqual(wrongAnswer);
  for (let i = 0; i < 3; i += 1) {
    const wrong = await h.call('PUT', '/api/team/main-pin', { pin: '1357', currentPin: '0000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(wrongAnswer);
  }
  // The fourth try in 15 minutes is refused even with the right PIN.
  const locked = await h.call('PUT', '/api/team/main-pin', { pin: '1357', currentPin: '2468' });
  expect(locked.status).toBe(429);
  expect(errorOf(locked)?.code).toBe('PIN_LOCKED');
  const [before] = await db.db.select().from(accounts).where(eq(accounts.id, h.t.accountId));
  expect(await verifyPin(before!.mainPinHash!, '2468')).toBe(true);

  await db.db.delete(rateLimits).where(eq(rateLimits.key, pinKeys.main(h.t.accountId)));
  const ok = await h.call('PUT', '/api/team/main-pin', { pin: '1357', currentPin: '2468' });
  expect(ok.status).toBe(200);
  const [after] = await db.db.select().from(accounts).where(eq(accounts.id, h.t.accountId));
  expect(await verifyPin(after!.mainPinHash!, '1357')).toBe(true);
});

test('switching it on keeps the holder’s browser working as main user; others choose a profile', async () => {
  const h = await holder();
  await h.call('PUT', '/api/team/main-pin', { pin: '2468' });
  const on = await h.call('PATCH', '/api/team', { enabled: true });
  expect(on.status).toBe(200);
  expect(on.body).toEqual({ enabled: true });
  expect(on.teamCookie).toEqual(expect.any(String));
  const sessions = await db.db
    .select()
    .from(teamSessions)
    .where(eq(teamSessions.accountId, h.t.accountId));
  expect(sessions.map((s) => s.kind)).toEqual(['main']);
  expect(sessions[0]?.tokenHash).toBe(hashSecretToken(on.teamCookie!));

  const withCookie = { cookie: h.t.cookie, team: on.teamCookie! };
  expect((await h.call('GET', '/api/invoices', undefined, withCookie)).status).toBe(200);
  const profile = await h.call('GET', '/api/profile', undefined, withCookie);
  expect((profile.body as { acting: unknown }).acting).toMatchObject({
    kind: 'main',
    teamManagement: true,
  });
  // Another browser of the holder has no profile chosen yet.
  const other = { cookie: await signInAgain(h.t, h.t.email) };
  const refused = await h.call('GET', '/api/invoices', undefined, other);
  expect(refused.status).toBe(403);
  expect(errorOf(refused)?.code).toBe('PROFILE_SELECTION_REQUIRED');
  expect((await h.call('GET', '/api/team', undefined, withCookie)).body).toMatchObject({
    enabled: true,
  });
});

test('a PIN profile is created with its role, listed by name, and its PIN never answered', async () => {
  const h = await holder();
  const created = await h.call('POST', '/api/team/sub-users', {
    name: '  Balcão ',
    role: 'user',
    pin: '2222',
  });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({
    subUser: {
      id: expect.any(String),
      name: 'Balcão',
      role: 'user',
      isActive: true,
      createdAt: expect.any(String),
    },
  });
  noHashIn(created);
  await addSubUser(h, 'Ana Gestora', 'manager', '1111');
  const [row] = await db.db
    .select()
    .from(teamSubUsers)
    .where(eq(teamSubUsers.id, (created.body as SubUserBody).subUser.id));
  expect(await verifyPin(row!.pinHash, '2222')).toBe(true);
  const team = await h.call('GET', '/api/team');
  expect((team.body as { subUsers: { name: string }[] }).subUsers.map((s) => s.name)).toEqual([
    'Ana Gestora',
    'Balcão',
  ]);
  noHashIn(team);
});

test('two profiles of one account cannot share a name, in any letter case', async () => {
  const h = await holder();
  const id = await addSubUser(h, 'Balcão', 'user', '2222');
  await addSubUser(h, 'Caixa', 'user', '3333');
  const taken = { error: { code: 'NAME_TAKEN', message: TEAM_MESSAGES.nameTaken } };
  const dup = await h.call('POST', '/api/team/sub-users', {
    name: 'BALCÃO',
    role: 'manager',
    pin: '4444',
  });
  expect(dup.status).toBe(409);
  expect(dup.body).toEqual(taken);
  const rename = await h.call('PATCH', `/api/team/sub-users/${id}`, { name: 'caixa' });
  expect(rename.status).toBe(409);
  expect(rename.body).toEqual(taken);
  // Another account may use the name.
  const other = await holder();
  await addSubUser(other, 'Balcão', 'user', '2222');
  for (const body of [
    { name: '', role: 'user', pin: '1234' },
    { name: 'X', role: 'chefe', pin: '1234' },
    { name: 'X', role: 'user', pin: '12a4' },
  ]) {
    expect((await h.call('POST', '/api/team/sub-users', body)).status).toBe(400);
  }
});

test('a profile is renamed and given another role; unknown and malformed ids are 404', async () => {
  const h = await holder();
  const id = await addSubUser(h, 'Balcão', 'user', '2222');
  const res = await h.call('PATCH', `/api/team/sub-users/${id}`, {
    name: 'Loja',
    role: 'manager',
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    subUser: { id, name: 'Loja', role: 'manager', isActive: true },
  });
  noHashIn(res);
  for (const path of [
    '/api/team/sub-users/00000000-0000-4000-8000-000000000000',
    '/api/team/sub-users/nao-e-um-id',
  ]) {
    const missing = await h.call('PATCH', path, { name: 'Outro' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing)?.code).toBe('SUB_USER_NOT_FOUND');
  }
  // Another account's profile is not found from here.
  const other = await holder();
  const theirs = await addSubUser(other, 'Deles', 'user', '2222');
  expect((await h.call('PATCH', `/api/team/sub-users/${theirs}`, { name: 'Meu' })).status).toBe(
    404,
  );
  expect((await h.call('PATCH', `/api/team/sub-users/${id}`, {})).status).toBe(400);
});

test('a new PIN ends the profile’s sessions at once, and the new PIN signs it in', async () => {
  const h = await holder();
  await withTeam(h);
  const id = await addSubUser(h, 'Balcão', 'user', '2222');
  const device = await deviceAs(h, id, '2222');
  expect((await h.call('GET', '/api/invoices', undefined, device)).status).toBe(200);

  const changed = await h.call('PATCH', `/api/team/sub-users/${id}`, { pin: '5555' });
  expect(changed.status).toBe(200);
  const ended = await h.call('GET', '/api/invoices', undefined, device);
  expect(ended.status).toBe(403);
  expect(ended.body).toEqual({
    error: { code: 'TEAM_SESSION_ENDED', message: TEAM_MESSAGES.teamSessionEnded },
  });
  // The manager's own session goes on.
  expect((await h.call('GET', '/api/invoices')).status).toBe(200);
  expect(
    (
      await h.call(
        'POST',
        '/api/team-access/sub-user',
        { subUserId: id, pin: '2222' },
        {
          cookie: device.cookie,
        },
      )
    ).status,
  ).toBe(401);
  await deviceAs(h, id, '5555');
});

test('deactivating a profile ends its sessions; it can no longer sign in; reactivated it can', async () => {
  const h = await holder();
  await withTeam(h);
  const id = await addSubUser(h, 'Balcão', 'user', '2222');
  const device = await deviceAs(h, id, '2222');

  const off = await h.call('PATCH', `/api/team/sub-users/${id}`, { isActive: false });
  expect(off.status).toBe(200);
  expect(off.body).toMatchObject({ subUser: { id, isActive: false } });
  const ended = await h.call('GET', '/api/invoices', undefined, device);
  expect(ended.status).toBe(403);
  expect(errorOf(ended)?.code).toBe('TEAM_SESSION_ENDED');
  expect(await db.db.select().from(teamSessions).where(eq(teamSessions.subUserId, id))).toEqual([]);
  const again = await h.call(
    'POST',
    '/api/team-access/sub-user',
    { subUserId: id, pin: '2222' },
    { cookie: device.cookie },
  );
  expect(errorOf(again)?.code).toBe('SUB_USER_INACTIVE');

  expect((await h.call('PATCH', `/api/team/sub-users/${id}`, { isActive: true })).status).toBe(200);
  await deviceAs(h, id, '2222');
});

test('an Administrador profile manages the team but not the main PIN; a Utilizador neither', async () => {
  const h = await holder();
  await withTeam(h);
  const adminId = await addSubUser(h, 'Chefe', 'administrator', '7777');
  const userId = await addSubUser(h, 'Balcão', 'user', '2222');
  const admin = await deviceAs(h, adminId, '7777');

  expect((await h.call('GET', '/api/team', undefined, admin)).status).toBe(200);
  const added = await h.call(
    'POST',
    '/api/team/sub-users',
    { name: 'Novo', role: 'user', pin: '8888' },
    admin,
  );
  expect(added.status).toBe(201);
  const pin = await h.call('PUT', '/api/team/main-pin', { pin: '1111', currentPin: '2468' }, admin);
  expect(pin.status).toBe(403);
  expect(pin.body).toEqual({ error: { code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE } });

  const user = await deviceAs(h, userId, '2222');
  const refused = await h.call('GET', '/api/team', undefined, user);
  expect(refused.status).toBe(403);
  expect(errorOf(refused)?.code).toBe('FORBIDDEN');
});

test('switching it off ends every PIN session and clears this browser’s team cookie', async () => {
  const h = await holder();
  await withTeam(h);
  const id = await addSubUser(h, 'Balcão', 'user', '2222');
  const device = await deviceAs(h, id, '2222');

  const off = await h.call('PATCH', '/api/team', { enabled: false });
  expect(off.status).toBe(200);
  expect(off.body).toEqual({ enabled: false });
  expect(off.teamCookie).toBeNull();
  expect(
    await db.db.select().from(teamSessions).where(eq(teamSessions.accountId, h.t.accountId)),
  ).toEqual([]);
  // The holder acts as main user with no PIN; the device's profile session has ended.
  const holderNow = await h.call('GET', '/api/profile', undefined, { cookie: h.t.cookie });
  expect((holderNow.body as { acting: unknown }).acting).toMatchObject({
    kind: 'main',
    teamManagement: false,
  });
  const ended = await h.call('GET', '/api/invoices', undefined, device);
  expect(errorOf(ended)?.code).toBe('TEAM_SESSION_ENDED');
});

test('an Administrador profile may not switch it off (that would hand it the holder’s rights)', async () => {
  const h = await holder();
  await withTeam(h);
  const id = await addSubUser(h, 'Chefe de loja', 'administrator', '4444');
  const admin = await deviceAs(h, id, '4444');
  const refused = await h.call('PATCH', '/api/team', { enabled: false }, admin);
  expect(refused.status).toBe(403);
  expect(errorOf(refused)?.code).toBe('FORBIDDEN');
  const [row] = await db.db.select().from(accounts).where(eq(accounts.id, h.t.accountId));
  expect(row?.teamManagementEnabled).toBe(true);
  // It still manages the profiles.
  expect((await h.call('GET', '/api/team', undefined, admin)).status).toBe(200);
});

type InvitationBody = {
  invitation: { id: string; email: string; role: string; expiresAt: string; createdAt: string };
};

const INVITE_SUBJECT = 'Convite para a equipa';

/** The token in the newest invitation link mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mail = await latestMail(db.db, email, INVITE_SUBJECT);
  const link = mail.links.find((l) => l.includes('invite_token='));
  if (!link) throw new Error('no invitation link');
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe('http://localhost/auth');
  return url.searchParams.get('invite_token')!;
}

test('an invitation is emailed with a link to /auth, lasts 7 days, and only its hash is kept', async () => {
  const h = await holder();
  const before = Date.now();
  const res = await h.call('POST', '/api/team/invitations', {
    email: ' Rita@Exemplo.PT ',
    role: 'manager',
  });
  expect(res.status).toBe(201);
  const { invitation } = res.body as InvitationBody;
  expect(invitation).toEqual({
    id: expect.any(String),
    email: 'rita@exemplo.pt',
    role: 'manager',
    expiresAt: expect.any(String),
    createdAt: expect.any(String),
  });
  const expiresIn = Date.parse(invitation.expiresAt) - before;
  expect(expiresIn).toBeGreaterThanOrEqual(INVITATION_TTL_MS);
  expect(expiresIn).toBeLessThan(INVITATION_TTL_MS + 60_000);

  const token = await invitationToken('rita@exemplo.pt');
  expect(token).toMatch(SECRET_TOKEN_PATTERN);
  const mail = await latestMail(db.db, 'rita@exemplo.pt', INVITE_SUBJECT);
  expect(mail.text).toContain('com a função Gestor');
  const [row] = await db.db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.id, invitation.id));
  expect(row?.tokenHash).toBe(hashSecretToken(token));
  expect(Object.values(row ?? {}).map(String)).not.toContain(token);
  noHashIn(res);

  const team = await h.call('GET', '/api/team');
  expect((team.body as { invitations: unknown }).invitations).toEqual([invitation]);
  noHashIn(team);
});

test('inviting the same email again revokes the earlier link', async () => {
  const h = await holder();
  const first = await h.call('POST', '/api/team/invitations', {
    email: 'rui@exemplo.pt',
    role: 'user',
  });
  const firstId = (first.body as InvitationBody).invitation.id;
  const second = await h.call('POST', '/api/team/invitations', {
    email: 'rui@exemplo.pt',
    role: 'administrator',
  });
  expect(second.status).toBe(201);
  const secondId = (second.body as InvitationBody).invitation.id;
  const team = await h.call('GET', '/api/team');
  expect(
    (team.body as { invitations: { id: string; role: string }[] }).invitations.map((i) => [
      i.id,
      i.role,
    ]),
  ).toEqual([[secondId, 'administrator']]);
  const [old] = await db.db.select().from(teamInvitations).where(eq(teamInvitations.id, firstId));
  expect(old?.revokedAt).toBeInstanceOf(Date);
});

test('an invitation is revoked with DELETE; an unknown, malformed or used-up id is 404', async () => {
  const h = await holder();
  const made = await h.call('POST', '/api/team/invitations', {
    email: 'eva@exemplo.pt',
    role: 'user',
  });
  const { id } = (made.body as InvitationBody).invitation;
  const gone = await h.call('DELETE', `/api/team/invitations/${id}`);
  expect(gone.status).toBe(204);
  expect((await h.call('GET', '/api/team')).body).toMatchObject({ invitations: [] });
  const notFound = {
    error: { code: 'INVITATION_NOT_FOUND', message: TEAM_MESSAGES.invitationNotFound },
  };
  for (const path of [
    `/api/team/invitations/${id}`,
    '/api/team/invitations/00000000-0000-4000-8000-000000000000',
    '/api/team/invitations/1%27%20or%201=1',
  ]) {
    const res = await h.call('DELETE', path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound);
  }
});

test('the holder and existing members cannot be invited: 409 ALREADY_MEMBER', async () => {
  const h = await holder();
  const own = await h.call('POST', '/api/team/invitations', {
    email: h.t.email.toUpperCase(),
    role: 'user',
  });
  expect(own.status).toBe(409);
  expect(own.body).toEqual({
    error: { code: 'ALREADY_MEMBER', message: TEAM_MESSAGES.alreadyMember },
  });
  const memberEmail = `membro.${Date.now()}@exemplo.pt`;
  const memberCookie = await signUpVerified(h.t, memberEmail);
  await h.call('POST', '/api/team/invitations', { email: memberEmail, role: 'user' });
  const accept = await teamCall(
    h.t.app,
    { cookie: memberCookie },
    'POST',
    '/api/team-access/invitations/accept',
    {
      token: await invitationToken(memberEmail),
    },
  );
  expect(accept.status).toBe(200);
  const again = await h.call('POST', '/api/team/invitations', { email: memberEmail, role: 'user' });
  expect(again.status).toBe(409);
  expect(errorOf(again)?.code).toBe('ALREADY_MEMBER');
});

test('an invitation whose email cannot be sent is 502 and leaves nothing pending', async () => {
  const h = await holder();
  await h.call('POST', '/api/team/invitations', { email: 'ze@exemplo.pt', role: 'user' });
  const earlier = (await h.call('GET', '/api/team')).body as { invitations: unknown[] };
  // The same account, served by an app whose mail server is down.
  const down = await createTestApp({ db, mailer: await mailerWithServerDown(db.db) });
  apps.push(down);
  const res = await teamCall(down.app, { cookie: h.t.cookie }, 'POST', '/api/team/invitations', {
    email: 'ze@exemplo.pt',
    role: 'administrator',
  });
  expect(res.status).toBe(502);
  expect(res.body).toEqual({
    error: {
      code: 'INVITATION_SEND_FAILED',
      message: 'Não foi possível enviar o convite. Tente novamente.',
    },
  });
  // The earlier invitation still stands; the failed one is gone.
  expect(
    ((await h.call('GET', '/api/team')).body as { invitations: unknown[] }).invitations,
  ).toEqual(earlier.invitations);
  const rows = await db.db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.accountId, h.t.accountId));
  expect(rows).toHaveLength(1);
});

test('a member is listed, given another role, and removed: their session in the account ends', async () => {
  const h = await holder();
  const email = `bruno.${Date.now()}@exemplo.pt`;
  const member: Browser = { cookie: await signUpVerified(h.t, email) };
  await h.call('POST', '/api/team/invitations', { email, role: 'user' });
  const accept = await teamCall(h.t.app, member, 'POST', '/api/team-access/invitations/accept', {
    token: await invitationToken(email),
  });
  member.team = accept.teamCookie!;
  const memberId = (
    await db.db.select().from(teamMembers).where(eq(teamMembers.accountId, h.t.accountId))
  )[0]!.userId;

  const team = await h.call('GET', '/api/team');
  expect((team.body as { members: unknown }).members).toEqual([
    { userId: memberId, name: 'Ana Silva', email, role: 'user', joinedAt: expect.any(String) },
  ]);
  // As a Utilizador the member may not read the summary; as Gestor they may, at once.
  expect((await h.call('GET', '/api/summary', undefined, member)).status).toBe(403);
  const promoted = await h.call('PATCH', `/api/team/members/${memberId}`, { role: 'manager' });
  expect(promoted.status).toBe(200);
  expect(promoted.body).toEqual({
    member: {
      userId: memberId,
      name: 'Ana Silva',
      email,
      role: 'manager',
      joinedAt: expect.any(String),
    },
  });
  expect((await h.call('GET', '/api/summary', undefined, member)).status).toBe(200);
  expect((await h.call('PATCH', `/api/team/members/${memberId}`, { role: 'dono' })).status).toBe(
    400,
  );

  const removed = await h.call('DELETE', `/api/team/members/${memberId}`);
  expect(removed.status).toBe(204);
  const ended = await h.call('GET', '/api/invoices', undefined, member);
  expect(ended.status).toBe(403);
  expect(errorOf(ended)?.code).toBe('TEAM_SESSION_ENDED');
  const notFound = { error: { code: 'MEMBER_NOT_FOUND', message: TEAM_MESSAGES.memberNotFound } };
  for (const [method, path, body] of [
    ['DELETE', `/api/team/members/${memberId}`, undefined],
    ['PATCH', `/api/team/members/${memberId}`, { role: 'user' }],
    ['DELETE', '/api/team/members/nao%20existe%3B', undefined],
    ['PATCH', `/api/team/members/${'x'.repeat(200)}`, { role: 'user' }],
  ] as const) {
    const res = await h.call(method, path, body);
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(res.body).toEqual(notFound);
  }
});

test('another account’s members and invitations are out of reach', async () => {
  const a = await holder();
  const b = await holder();
  const made = await b.call('POST', '/api/team/invitations', {
    email: 'x@exemplo.pt',
    role: 'user',
  });
  const { id } = (made.body as InvitationBody).invitation;
  expect((await a.call('DELETE', `/api/team/invitations/${id}`)).status).toBe(404);
  expect(
    ((await b.call('GET', '/api/team')).body as { invitations: unknown[] }).invitations,
  ).toHaveLength(1);
  expect(
    ((await a.call('GET', '/api/team')).body as { invitations: unknown[] }).invitations,
  ).toEqual([]);
});

test('every change is published as team.changed to the account', async () => {
  const h = await holder();
  const seen: string[] = [];
  const stop = h.t.events.subscribe(h.t.accountId, (event) => {
    if (event.type === 'team.changed') seen.push(event.type);
  });
  try {
    await h.call('PUT', '/api/team/main-pin', { pin: '2468' });
    const id = await addSubUser(h, 'Balcão', 'user', '2222');
    await h.call('PATCH', `/api/team/sub-users/${id}`, { role: 'manager' });
    const made = await h.call('POST', '/api/team/invitations', {
      email: 'y@exemplo.pt',
      role: 'user',
    });
    await h.call('DELETE', `/api/team/invitations/${(made.body as InvitationBody).invitation.id}`);
    await h.call('PATCH', '/api/team', { enabled: true });
    expect(seen).toHaveLength(6);
  } finally {
    stop();
  }
});

test('on Personal every team route is refused PLAN_REQUIRED, naming Empresarial 500', async () => {
  const t = await createTestApp({ plan: 'professional', db });
  apps.push(t);
  for (const [method, path, body] of [
    ['GET', '/api/team', undefined],
    ['PATCH', '/api/team', { enabled: false }],
    ['PUT', '/api/team/main-pin', { pin: '1234' }],
    ['POST', '/api/team/sub-users', { name: 'A', role: 'user', pin: '1234' }],
    ['POST', '/api/team/invitations', { email: 'z@exemplo.pt', role: 'user' }],
  ] as const) {
    const res = await teamCall(t.app, { cookie: t.cookie }, method, path, body);
    expect(res.status, `${method} ${path}`).toBe(403);
    expect(errorOf(res)?.code).toBe('PLAN_REQUIRED');
  }
  const [row] = await db.db.select().from(accounts).where(eq(accounts.id, t.accountId));
  expect(row?.mainPinHash).toBeNull();
});
