import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { expect, test } from 'vitest';
import { handleError } from '#server/http/errors.ts';
import { createLogger } from '#server/logger.ts';
import type { Actor } from '#shared/permissions.ts';
import type { AccountEnv } from './require-account.ts';
import { PERMISSION_MESSAGES, requirePermission } from './require-permission.ts';

// The actor is set by requireAccount in the app; here it is set directly, so every kind of actor
// (team sessions do not exist yet) meets the same check the routes use.
function appActingAs(actor: Actor) {
  const logger = createLogger('silent');
  return new Hono<AccountEnv>()
    .use(
      createMiddleware<AccountEnv>(async (c, next) => {
        c.set('actor', actor);
        await next();
      }),
    )
    .delete('/fornecedor', requirePermission('canDeleteFornecedores'), (c) => c.body(null, 204))
    .onError((err, c) => handleError(err, c, logger));
}

test('the main user passes; a manager may not delete a supplier; a pending actor may nothing', async () => {
  expect(
    (await appActingAs({ kind: 'main' }).request('/fornecedor', { method: 'DELETE' })).status,
  ).toBe(204);
  for (const actor of [
    { kind: 'sub-user', role: 'manager', subUserId: 's1' },
    { kind: 'pending' },
  ] satisfies Actor[]) {
    const res = await appActingAs(actor).request('/fornecedor', { method: 'DELETE' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'FORBIDDEN', message: PERMISSION_MESSAGES.forbidden },
    });
  }
  const admin = { kind: 'sub-user', role: 'administrator', subUserId: 's2' } satisfies Actor;
  expect((await appActingAs(admin).request('/fornecedor', { method: 'DELETE' })).status).toBe(204);
});
