// The server's permission check on a route (spec accounts §6, invoice-work §6): the actor set by
// requireAccount must hold the capability, or the request is refused before it touches data.
import { createMiddleware } from 'hono/factory';
import { AppError } from '#server/http/errors.ts';
import { can, type PermissionKey } from '#shared/permissions.ts';
import type { AccountEnv } from './require-account.ts';

export const PERMISSION_MESSAGES = {
  forbidden: 'Não tem permissão para esta ação.',
} as const;

/** Mount after requireAccount. 403 FORBIDDEN when the actor lacks `capability`. */
export function requirePermission(capability: PermissionKey) {
  return createMiddleware<AccountEnv>(async (c, next) => {
    if (!can(c.var.actor, capability)) {
      throw new AppError(403, 'FORBIDDEN', PERMISSION_MESSAGES.forbidden);
    }
    await next();
  });
}
