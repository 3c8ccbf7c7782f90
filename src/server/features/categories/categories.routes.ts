// /api/categories (contracts "Categories API"): the ten built-in categories and the account's
// custom ones; creating, editing and deleting needs canManageCategories. Every change is heard
// by the account's other tabs (categories.changed), and suppliers.changed when suppliers of the
// category followed a rename or a deletion.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { requireAccount, type AccountEnv } from '#server/features/auth/require-account.ts';
import { requirePermission } from '#server/features/auth/require-permission.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import { isBuiltInCategoryName } from '#shared/categories.ts';
import { categoryInputSchema, type CategoryInput } from '#shared/schemas/category.ts';
import { BUILT_IN_CATEGORY_DTOS, toCustomCategoryDto, type CategoriesDto } from './category-dto.ts';
import { CATEGORY_API_MESSAGES } from './categories.messages.ts';
import {
  createCustomCategory,
  deleteCustomCategory,
  listCustomCategories,
  updateCustomCategory,
  type CategoryChange,
} from './categories.queries.ts';

export type CategoryDeps = { db: Database; auth: Auth; events: EventBus };

const notFound = () => new AppError(404, 'CATEGORY_NOT_FOUND', CATEGORY_API_MESSAGES.notFound);
const exists = () => new AppError(409, 'CATEGORY_EXISTS', CATEGORY_API_MESSAGES.exists);

/** A malformed id cannot name a category: answered as an unknown one, not with a DB error. */
function categoryId(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** A custom category may not take a built-in one's name (any letter case). */
function assertNotBuiltIn(input: CategoryInput): void {
  if (isBuiltInCategoryName(input.name)) throw exists();
}

/** Every route, behind a middleware that set the account and the actor (requireAccount). */
export function categoryHandlers({ db, events }: Omit<CategoryDeps, 'auth'>) {
  function announce(accountId: string, change: CategoryChange) {
    publishInBackground(events, accountId, { type: 'categories.changed' });
    if (change.supplierIds.length > 0) {
      publishInBackground(events, accountId, {
        type: 'suppliers.changed',
        ids: change.supplierIds,
      });
    }
  }

  return new Hono<AccountEnv>()
    .get('/', async (c) => {
      const custom = await listCustomCategories(db, { accountId: c.var.accountId });
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          builtIn: BUILT_IN_CATEGORY_DTOS,
          custom: custom.map(toCustomCategoryDto),
        } satisfies CategoriesDto,
        200,
      );
    })
    .post(
      '/',
      requirePermission('canManageCategories'),
      validate('json', categoryInputSchema),
      async (c) => {
        const accountId = c.var.accountId;
        const input = c.req.valid('json');
        assertNotBuiltIn(input);
        const category = await createCustomCategory(db, { accountId, input });
        if (category === 'exists') throw exists();
        announce(accountId, { category, supplierIds: [] });
        return c.json(toCustomCategoryDto(category), 201);
      },
    )
    .patch(
      '/:id',
      requirePermission('canManageCategories'),
      validate('json', categoryInputSchema),
      async (c) => {
        const accountId = c.var.accountId;
        const id = categoryId(c.req.param('id'));
        const input = c.req.valid('json');
        assertNotBuiltIn(input);
        const change = await updateCustomCategory(db, { accountId, id, input });
        if (change === null) throw notFound();
        if (change === 'exists') throw exists();
        announce(accountId, change);
        return c.json(toCustomCategoryDto(change.category), 200);
      },
    )
    .delete('/:id', requirePermission('canManageCategories'), async (c) => {
      const accountId = c.var.accountId;
      const change = await deleteCustomCategory(db, {
        accountId,
        id: categoryId(c.req.param('id')),
      });
      if (change === null) throw notFound();
      announce(accountId, change);
      return c.body(null, 204);
    });
}

export function categoryRoutes({ db, auth, events }: CategoryDeps) {
  return new Hono<AccountEnv>()
    .use(requireAccount(auth))
    .route('/', categoryHandlers({ db, events }));
}
