// Better Auth's core tables (user, session, account, verification) under our names, created
// by our migrations (research/stack-notes.md §2: the CLI cannot migrate a drizzle setup).
// The auth config maps the models: user → authUsers, session → authSessions,
// account → authIdentities (a sign-in method: password or Google; named so it is never
// confused with our tenant `accounts`), verification → authVerifications.
// A main user's id is also the id of the tenant account it owns (accounts.id), so these
// tables are keyed by that id rather than carrying a separate account_id.
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  // Revoking every session of a user (password reset, sign-out everywhere).
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authIdentities = pgTable(
  'auth_identities',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(), // Better Auth: the provider's id of the user
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: instant('access_token_expires_at'),
    refreshTokenExpiresAt: instant('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  // Sign-in: find the credential of a user.
  (t) => [index('auth_identities_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    ...timestamps(),
  },
  // Verification and reset links look the token up by identifier.
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/**
 * Attempt counters for login, password reset, PIN and recovery codes, kept in the database so
 * every app instance sees the same counts (DESIGN.md: nothing authoritative in memory).
 * `key` names the action and the subject, e.g. `reset:email:ana@x.pt` or `login:ip:1.2.3.4`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: instant('window_started_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  blockedUntil: instant('blocked_until'),
  ...timestamps(),
});

export type AuthUser = typeof authUsers.$inferSelect;
