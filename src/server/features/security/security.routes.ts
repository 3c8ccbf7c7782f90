// /api/security-events (issue 19 point 8): the account's security events for its owner in
// /configuracoes, newest first (at most the 100 latest; the table keeps up to 1 000 for 7 days).
// Owner only (account.manage): a team member or a PIN profile does not read who failed
// to sign in where.
//   GET /   { events: SecurityEventDto[] }
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import type { SecurityEventDto } from '#shared/security-events.ts';
import { listSecurityEvents } from './security-events.ts';

export type SecurityRoutesDeps = { db: Database };

export function securityRoutes({ db }: SecurityRoutesDeps) {
  return new Hono<ScopeEnv>().get('/', requireCapability('account.manage'), async (c) => {
    const events: SecurityEventDto[] = await listSecurityEvents(db, c.var.scope.accountId);
    return c.json({ events });
  });
}
