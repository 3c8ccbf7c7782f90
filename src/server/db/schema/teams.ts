// Teams (issue 18, spec accounts §3, ADR 024): PIN profiles on a shared device (sub-users),
// members who sign in with their own login, their invitations, and the server-side team
// sessions that say who acts in which account for one signed-in browser.
//
// The spec's `teams` table (id, owner_id) is the account itself: an account has at most one
// team, owned by its main user, so team_id is the account id.
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
  integer,
  varchar,
} from 'drizzle-orm/pg-core';
import { SUB_USER_ROLES, type SubUserRole } from '#shared/permissions.ts';
import { TEAM_SESSION_KINDS, type TeamSessionKind } from '#shared/team.ts';
import { accounts } from './accounts.ts';
import { authSessions, authUsers } from './auth.ts';
import { timestamps, valueIn } from './columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** A PIN profile of the account's shared device (spec team_sub_users). */
export const teamSubUsers = pgTable(
  'team_sub_users',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: varchar('name', { length: 60 }).notNull(),
    role: text('role').$type<SubUserRole>().notNull().default('user'),
    /** argon2id of the 4–6 digit PIN; never returned by any route. */
    pinHash: text('pin_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('team_sub_users_role_check', valueIn(t.role, SUB_USER_ROLES)),
    // Two profiles of one device with the same name could not be told apart in the list.
    uniqueIndex('team_sub_users_account_name_unique').on(t.accountId, sql`lower(${t.name})`),
  ],
);

/** A person with their own login who acts in this account with a role. */
export const teamMembers = pgTable(
  'team_members',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').$type<SubUserRole>().notNull().default('user'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    check('team_members_role_check', valueIn(t.role, SUB_USER_ROLES)),
    // The accounts a person may switch to (the drawer).
    index('team_members_user_idx').on(t.userId),
  ],
);

/** An invitation by email: single use, 7 days; only the SHA-256 of its token is kept. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    role: text('role').$type<SubUserRole>().notNull().default('user'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    acceptedByUserId: text('accepted_by_user_id').references(() => authUsers.id, {
      onDelete: 'set null',
    }),
    revokedAt: instant('revoked_at'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('team_invitations_role_check', valueIn(t.role, SUB_USER_ROLES)),
    uniqueIndex('team_invitations_token_hash_unique').on(t.tokenHash),
  ],
);

/**
 * Who acts in which account for one signed-in browser (issue 18.3): the row behind the
 * httpOnly team cookie, found by the SHA-256 of the cookie's token. Bound to the Better Auth
 * session that made it: signing out deletes that session and, with it, this row. Deleted too
 * when its sub-user is deactivated or gets a new PIN, or its member is removed (cascades and
 * team-sessions.ts).
 */
export const teamSessions = pgTable(
  'team_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    authSessionId: text('auth_session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** The signed-in person (the account holder, or a member acting in another account). */
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TeamSessionKind>().notNull(),
    /** kind 'sub-user': the profile chosen with its PIN. */
    subUserId: uuid('sub_user_id'),
    /** kind 'member': the membership it acts through (its role is read on every lookup). */
    memberUserId: text('member_user_id'),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('team_sessions_kind_check', valueIn(t.kind, TEAM_SESSION_KINDS)),
    check(
      'team_sessions_kind_fields_check',
      sql`(${t.kind} = 'sub-user') = (${t.subUserId} is not null) and (${t.kind} = 'member') = (${t.memberUserId} is not null)`,
    ),
    foreignKey({
      name: 'team_sessions_sub_user_fk',
      columns: [t.accountId, t.subUserId],
      foreignColumns: [teamSubUsers.accountId, teamSubUsers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'team_sessions_member_fk',
      columns: [t.accountId, t.memberUserId],
      foreignColumns: [teamMembers.accountId, teamMembers.userId],
    }).onDelete('cascade'),
    index('team_sessions_account_sub_user_idx').on(t.accountId, t.subUserId),
    index('team_sessions_auth_session_idx').on(t.authSessionId),
    index('team_sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** A 6-character main-PIN recovery code (issue 18.7): 15 minutes, single use, hashed. */
export const pinRecoveryCodes = pgTable('pin_recovery_codes', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: instant('expires_at').notNull(),
  /** Wrong codes typed against this one; past the limit it is spent. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export type TeamSubUser = typeof teamSubUsers.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type TeamInvitation = typeof teamInvitations.$inferSelect;
export type TeamSession = typeof teamSessions.$inferSelect;
