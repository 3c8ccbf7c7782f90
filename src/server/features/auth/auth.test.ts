import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { accounts, profiles } from '#server/db/schema/index.ts';
import { createTestApp } from '#tests/setup/test-app.ts';
import { getPlanAccess } from '#server/features/plans/plan-access.queries.ts';

const t = await createTestApp();
afterAll(() => t.close());

test('a user created by Better Auth itself (as Google sign-up does) gets its account and profile', async () => {
  const context = await t.auth.$context;
  const user = await context.internalAdapter.createUser(
    { email: 'google.user@gmail.com', name: '', emailVerified: true },
    { method: 'oauth', oauth: { providerId: 'google' } },
  );
  const [account] = await t.db.db.select().from(accounts).where(eq(accounts.id, user.id));
  expect(account).toBeDefined();
  expect(await getPlanAccess(t.db.db, user.id)).toMatchObject({ planId: 'free' });
  const [profile] = await t.db.db.select().from(profiles).where(eq(profiles.accountId, user.id));
  expect(profile).toMatchObject({
    email: 'google.user@gmail.com',
    fullName: 'google.user',
    accountType: 'particular',
  });
});

test('session cookies are httpOnly and SameSite=Lax, and Secure under an https base URL', async () => {
  const context = await t.auth.$context;
  expect(context.authCookies.sessionToken.attributes).toMatchObject({
    httpOnly: true,
    sameSite: 'lax',
  });
  expect(context.authCookies.sessionToken.attributes.secure).toBeFalsy();
  const https = await createTestApp({ appUrl: 'https://papelada.example' });
  try {
    const secure = await https.auth.$context;
    expect(secure.authCookies.sessionToken.attributes.secure).toBe(true);
    expect(secure.authCookies.sessionToken.name).toBe('__Secure-better-auth.session_token');
  } finally {
    await https.close();
  }
});
