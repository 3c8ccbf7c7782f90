// Accepting a team invitation (issue 18.5): the person it was emailed to, signed in with that
// email, becomes a member with its role and their browser switches into the inviting account;
// the link works once, for 7 days, and not after it was revoked or replaced — even two accepts
// at the same moment make one member.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import {
  accounts,
  authUsers,
  teamInvitations,
  teamMembers,
  teamSessions,
} from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { hashSecretToken, newSecretToken } from '#server/http/secret-token.ts';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { createTestApp, type SignedInTestApp } from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { acceptInvitation, findPendingInvitation } from './invitation-accept.queries.ts';
import { hashPin } from './pin-hash.ts';
import {
  errorOf,
  latestMail,
  signInAgain,
  teamCall,
  type Answer,
  type Browser,
} from './team-test-helpers.ts';

const db = await createTestDb();
const apps: SignedInTestApp[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
  await db.close();
});

let people = 0;

/** An account on Empresarial 500 ('Padaria Central', a company) whose holder invites people. */
async function team() {
  const t = await createTestApp({ plan: 'enterprise_500', db });
  apps.push(t);
  // A company account: members see its company name.
  await db.db.execute(
    sql`update profiles set account_type = 'empresa', company_name = 'Padaria Central' where account_id = ${t.accountId}`,
  );
  const holder: Browser = { cookie: t.cookie };
  const call = (browser: Browser, method: string, path: string, body?: unknown) =>
    teamCall(t.app, browser, method, path, body);

  /** Someone with their own login, signed in (a fresh email unless given). */
  async function person(email = `pessoa${(people += 1)}.${Date.now()}@exemplo.pt`) {
    return { email, browser: { cookie: await signUpVerified(t, email) } as Browser };
  }

  /** Invites `email` as `role`; the token of the link mailed. */
  async function invite(email: string, role = 'user'): Promise<string> {
    const res = await call(holder, 'POST', '/api/team/invitations', { email, role });
    expect(res.status).toBe(201);
    const mail = await latestMail(db.db, email.trim().toLowerCase(), 'Convite para a equipa');
    const link = mail.links.find((l) => l.includes('invite_token='));
    return new URL(link!).searchParams.get('invite_token')!;
  }

  const accept = (browser: Browser, token: unknown) =>
    call(browser, 'POST', '/api/team-access/invitations/accept', { token });

  return { t, holder, call, person, invite, accept };
}

const invalid = { error: { code: 'INVITATION_INVALID', message: TEAM_MESSAGES.inviteInvalid } };

const membersOf = (accountId: string) =>
  db.db.select().from(teamMembers).where(eq(teamMembers.accountId, accountId));

test('the invited person becomes a member and their browser acts in the inviting account', async () => {
  const { t, call, person, invite, accept } = await team();
  const rita = await person();
  const token = await invite(rita.email, 'manager');

  const res = await accept(rita.browser, token);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    accountId: t.accountId,
    accountName: 'Padaria Central',
    role: 'manager',
  });
  expect(res.teamCookie).toEqual(expect.any(String));
  const member = { ...rita.browser, team: res.teamCookie! };

  const [row] = await membersOf(t.accountId);
  expect(row).toMatchObject({ role: 'manager' });
  const [invitation] = await db.db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.accountId, t.accountId));
  expect(invitation?.acceptedAt).toBeInstanceOf(Date);
  expect(invitation?.acceptedByUserId).toBe(row?.userId);
  const [session] = await db.db
    .select()
    .from(teamSessions)
    .where(eq(teamSessions.tokenHash, hashSecretToken(res.teamCookie!)));
  expect(session).toMatchObject({ kind: 'member', accountId: t.accountId });

  const profile = await call(member, 'GET', '/api/profile');
  expect((profile.body as { acting: unknown }).acting).toEqual({
    kind: 'member',
    name: 'Ana Silva',
    role: 'manager',
    accountName: 'Padaria Central',
  });
  // As Gestor in the team's account: its summary yes, its team management no.
  expect((await call(member, 'GET', '/api/summary')).status).toBe(200);
  expect(errorOf(await call(member, 'GET', '/api/team'))?.code).toBe('FORBIDDEN');
  const accounts = await call(member, 'GET', '/api/team-access/accounts');
  expect(accounts.body).toMatchObject({
    accounts: [
      { accountId: row!.userId, role: 'owner', current: false },
      { accountId: t.accountId, name: 'Padaria Central', role: 'manager', current: true },
    ],
  });
});

test('a link works once: accepted, it is invalid; and two accepts at once make one member', async () => {
  const { t, person, invite, accept } = await team();
  const rui = await person();
  const first = await invite(rui.email);
  expect((await accept(rui.browser, first)).status).toBe(200);
  const again = await accept(rui.browser, first);
  expect(again.status).toBe(404);
  expect(again.body).toEqual(invalid);

  const eva = await person();
  const token = await invite(eva.email, 'administrator');
  const otherBrowserOfEva: Browser = { cookie: await signInAgain(t, eva.email) };
  const answers = await Promise.all([
    accept(eva.browser, token),
    accept(otherBrowserOfEva, token),
    accept(eva.browser, token),
  ]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
  expect(answers.filter((a) => a.teamCookie !== undefined)).toHaveLength(1);
  const members = await membersOf(t.accountId);
  expect(members.map((m) => m.role).sort()).toEqual(['administrator', 'user']);
  const sessions = await db.db
    .select()
    .from(teamSessions)
    .where(and(eq(teamSessions.accountId, t.accountId), eq(teamSessions.kind, 'member')));
  expect(sessions).toHaveLength(2);
});

test('two acceptances of an invitation both read as pending: only one is recorded', async () => {
  const { t, person, invite } = await team();
  const [a, b] = [await person(), await person()];
  // Both requests got past the lookup before either wrote: the write itself must decide.
  const invitation = await findPendingInvitation(db.db, {
    tokenHash: hashSecretToken(await invite(a.email)),
  });
  const [userA, userB] = await Promise.all(
    [a, b].map(async (p) => {
      const [row] = await db.db.select().from(authUsers).where(eq(authUsers.email, p.email));
      return row!.id;
    }),
  );
  const results = await Promise.all([
    acceptInvitation(db.db, { invitation: invitation!, userId: userA! }),
    acceptInvitation(db.db, { invitation: invitation!, userId: userB! }),
  ]);
  expect(results.sort()).toEqual([false, true]);
  expect(await membersOf(t.accountId)).toHaveLength(1);
});

test('an expired, revoked or replaced invitation is invalid', async () => {
  const { t, holder, call, person, invite, accept } = await team();
  const ana = await person();

  const expired = await invite(ana.email);
  await db.db
    .update(teamInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(teamInvitations.tokenHash, hashSecretToken(expired)));
  expect((await accept(ana.browser, expired)).body).toEqual(invalid);

  const replaced = await invite(ana.email);
  const current = await invite(ana.email, 'manager');
  expect((await accept(ana.browser, replaced)).body).toEqual(invalid);

  const [pending] = await db.db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashSecretToken(current)));
  expect((await call(holder, 'DELETE', `/api/team/invitations/${pending!.id}`)).status).toBe(204);
  const revoked = await accept(ana.browser, current);
  expect(revoked.status).toBe(404);
  expect(revoked.body).toEqual(invalid);
  expect(await membersOf(t.accountId)).toEqual([]);
});

test('an unknown or malformed token is invalid; a missing one is a validation error', async () => {
  const { person, accept } = await team();
  const ana = await person();
  for (const token of [newSecretToken(), 'abc', `${newSecretToken()}x`, "' or 1=1 --"]) {
    const res = await accept(ana.browser, token);
    expect(res.status, token).toBe(404);
    expect(res.body).toEqual(invalid);
  }
  for (const token of [undefined, '', 42]) {
    const res = await accept(ana.browser, token);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION',
      message: TEAM_MESSAGES.inviteInvalid,
    });
  }
});

test('someone signed in with another email is refused, and the invitation stays usable', async () => {
  const { t, person, invite, accept } = await team();
  const invited = `convidada.${Date.now()}@exemplo.pt`;
  const token = await invite(invited);
  const intruder = await person();
  const res = await accept(intruder.browser, token);
  expect(res.status).toBe(403);
  expect(res.body).toEqual({
    error: { code: 'INVITATION_OTHER_EMAIL', message: TEAM_MESSAGES.inviteOtherEmail },
  });
  expect(res.teamCookie).toBeUndefined();
  expect(await membersOf(t.accountId)).toEqual([]);

  // The right person signs up later: it works.
  const right = await person(invited);
  expect((await accept(right.browser, token)).status).toBe(200);

  // The email is compared in any letter case (a row written with capitals).
  const other = await person();
  const mixedCase = newSecretToken();
  await db.db.insert(teamInvitations).values({
    accountId: t.accountId,
    email: other.email.toUpperCase(),
    role: 'user',
    tokenHash: hashSecretToken(mixedCase),
    expiresAt: new Date(Date.now() + 60_000),
  });
  expect((await accept(other.browser, mixedCase)).status).toBe(200);
});

test('an invitation into one’s own account is refused 409', async () => {
  const { t, holder, accept } = await team();
  // The API refuses to invite the holder (ALREADY_MEMBER); a row made some other way is still
  // refused when accepted.
  const token = newSecretToken();
  await db.db.insert(teamInvitations).values({
    accountId: t.accountId,
    email: t.email,
    role: 'user',
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(Date.now() + 60_000),
  });
  const res = await accept(holder, token);
  expect(res.status).toBe(409);
  expect(res.body).toEqual({
    error: { code: 'INVITATION_OWN_ACCOUNT', message: TEAM_MESSAGES.inviteOwnAccount },
  });
  expect(await membersOf(t.accountId)).toEqual([]);
});

test('it answers before a profile is chosen in one’s own team account', async () => {
  const { t, invite, accept } = await team();
  // Bruno holds an Empresarial account of his own with team management on: he must choose a
  // profile there before anything else, but may still accept an invitation.
  const bruno = await createTestApp({ plan: 'enterprise_500', db });
  apps.push(bruno);
  await db.db
    .update(accounts)
    .set({ teamManagementEnabled: true, mainPinHash: await hashPin('2468') })
    .where(eq(accounts.id, bruno.accountId));
  const browser: Browser = { cookie: bruno.cookie };
  const pending: Answer = await teamCall(t.app, browser, 'GET', '/api/invoices');
  expect(errorOf(pending)?.code).toBe('PROFILE_SELECTION_REQUIRED');

  const token = await invite(bruno.email);
  const res = await accept(browser, token);
  expect(res.status).toBe(200);
  const inTeam = await teamCall(
    t.app,
    { ...browser, team: res.teamCookie! },
    'GET',
    '/api/invoices',
  );
  expect(inTeam.status).toBe(200);
});

test('a member accepting another invitation keeps one membership, with its role', async () => {
  const { t, person, invite, accept } = await team();
  const joao = await person();
  expect((await accept(joao.browser, await invite(joao.email, 'user'))).status).toBe(200);
  // The API refuses to invite a member (ALREADY_MEMBER); one sent before they joined still works.
  const token = newSecretToken();
  await db.db.insert(teamInvitations).values({
    accountId: t.accountId,
    email: joao.email,
    role: 'administrator',
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(Date.now() + 60_000),
  });
  const res = await accept(joao.browser, token);
  expect(res.body).toMatchObject({ role: 'administrator' });
  expect((await membersOf(t.accountId)).map((m) => m.role)).toEqual(['administrator']);
});
