// Whom the database statements of the current async call chain act for (ADR 027): the
// request's account, system work, or the tables' owner. The request scope runs the rest of a
// signed-in request inside `withAccount`; the database layer (client.ts) reads `dbContext()`
// before each statement and sets the connection's `app.account_id` (and role) to match, so the
// row-level-security policies of migration 0018 show that account's rows and no other's.
import { AsyncLocalStorage } from 'node:async_hooks';

export type DbContext = {
  /** The account whose rows are visible; '' for system work (every row visible). */
  accountId: string;
  /** As the connecting role (the tables' owner): migrations and the admin CLI only. */
  owner: boolean;
};

const SYSTEM: DbContext = { accountId: '', owner: false };
const OWNER: DbContext = { accountId: '', owner: true };
const storage = new AsyncLocalStorage<DbContext>();

/** The context of the statements issued here; system work outside any. */
export function dbContext(): DbContext {
  return storage.getStore() ?? SYSTEM;
}

/** Runs `fn` with the statements it issues limited to `accountId`'s rows. */
export function withAccount<T>(accountId: string, fn: () => T): T {
  if (!accountId) throw new Error('withAccount needs an account id');
  return storage.run({ accountId, owner: false }, fn);
}

/**
 * Runs `fn` as system work inside a request: every account's rows are visible. Only for the
 * few reads and writes that belong to more than the request's account by nature (a person's
 * memberships of other teams, accepting another account's invitation); each use says why.
 */
export function acrossAccounts<T>(fn: () => T): T {
  return storage.run(SYSTEM, fn);
}

/** Runs `fn` as the tables' owner (DDL allowed): migrations and the admin CLI. */
export function asOwner<T>(fn: () => T): T {
  return storage.run(OWNER, fn);
}
