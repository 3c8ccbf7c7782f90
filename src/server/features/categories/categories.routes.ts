// /api/categories (contracts "Categories API"): the ten built-in categories and the account's
// custom ones, behind the request scope (app.ts); creating, editing and deleting needs
// categories.manage (canManageCategories, on a plan with customCategories). Every change is heard
// by the account's other tabs (categories.changed), and suppliers.changed when suppliers of the
// category followed a rename or a deletion.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
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

export type CategoryDeps = { db: Database; events: EventBus };

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

export function categoryRoutes({ db, events }: CategoryDeps) {
  function announce(accountId: string, change: CategoryChange) {
    publishInBackground(events, accountId, { type: 'categories.changed' });
    if (change.supplierIds.length > 0) {
      publishInBackground(events, accountId, {
        type: 'suppliers.changed',
        ids: change.supplierIds,
      });
    }
  }

  return (
    new Hono<ScopeEnv>()
      // Every signed-in actor picks categories (invoices, suppliers): no capability to read them.
      .get('/', async (c) => {
        const custom = await listCustomCategories(db, { accountId: c.var.scope.accountId });
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
        requireCapability('categories.manage'),
        validate('json', categoryInputSchema),
        async (c) => {
          const accountId = c.var.scope.accountId;
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
        requireCapability('categories.manage'),
        validate('json', categoryInputSchema),
        async (c) => {
          const accountId = c.var.scope.accountId;
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
      .delete('/:id', requireCapability('categories.manage'), async (c) => {
        const accountId = c.var.scope.accountId;
        const change = await deleteCustomCategory(db, {
          accountId,
          id: categoryId(c.req.param('id')),
        });
        if (change === null) throw notFound();
        announce(accountId, change);
        return c.body(null, 204);
      })
  );
}
