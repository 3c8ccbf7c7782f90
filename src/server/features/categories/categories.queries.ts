// Custom categories (spec invoice-work §7 "Categories": select, insert, update and delete by the
// account). Suppliers name their category by text, so a rename carries over to the account's
// suppliers of that category and a deletion leaves them without one, in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { customCategories, suppliers, type CustomCategory } from '#server/db/schema/index.ts';
import { categoryKey } from '#shared/categories.ts';
import type { CategoryInput } from '#shared/schemas/category.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type ListCustomCategoriesParams = { accountId: string };

const byName = new Intl.Collator('pt-PT', { sensitivity: 'base', numeric: true });

/**
 * In Portuguese alphabetical order ('Água' before 'Bar'), which the C collation's order would
 * not give. Served by custom_categories_account_name_unique (account_id, lower(name)).
 */
export async function listCustomCategories(
  db: Database,
  { accountId }: ListCustomCategoriesParams,
): Promise<CustomCategory[]> {
  const rows = await db
    .select()
    .from(customCategories)
    .where(eq(customCategories.accountId, accountId));
  return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

type NameTakenParams = { accountId: string; name: string; exceptId?: string };

/**
 * Compared in JavaScript, as the web matches names: under a C collation PostgreSQL's lower()
 * folds only ASCII letters, and the unique index alone would then let 'Água' and 'água' both
 * in. An account has a handful of categories; served by custom_categories_account_name_unique.
 */
async function isNameTaken(db: Database | Transaction, params: NameTakenParams): Promise<boolean> {
  const rows = await db
    .select({ id: customCategories.id, name: customCategories.name })
    .from(customCategories)
    .where(eq(customCategories.accountId, params.accountId));
  const key = categoryKey(params.name);
  return rows.some((row) => row.id !== params.exceptId && categoryKey(row.name) === key);
}

/** PostgreSQL's unique_violation, however deep the driver or drizzle wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; typeof e === 'object' && e !== null;) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

export type CreateCustomCategoryParams = { accountId: string; input: CategoryInput };

/** 'exists' when the account already has a category of that name (any letter case). */
export async function createCustomCategory(
  db: Database,
  { accountId, input }: CreateCustomCategoryParams,
): Promise<CustomCategory | 'exists'> {
  if (await isNameTaken(db, { accountId, name: input.name })) return 'exists';
  // ON CONFLICT without a target covers the expression index on lower(name), so two requests
  // racing with one name give one row and one 'exists', never a 500.
  const [row] = await db
    .insert(customCategories)
    .values({ accountId, name: input.name, iconName: input.icon, color: input.color })
    .onConflictDoNothing()
    .returning();
  return row ?? 'exists';
}

export type CategoryChange = {
  category: CustomCategory;
  /** The account's suppliers whose category name followed the change. */
  supplierIds: string[];
};

export type UpdateCustomCategoryParams = { accountId: string; id: string; input: CategoryInput };

/** null for an id the account does not have; 'exists' when another category has the name. */
export async function updateCustomCategory(
  db: Database,
  { accountId, id, input }: UpdateCustomCategoryParams,
): Promise<CategoryChange | 'exists' | null> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ name: customCategories.name })
        .from(customCategories)
        .where(and(eq(customCategories.accountId, accountId), eq(customCategories.id, id)))
        .for('update');
      if (!current) return null;
      if (await isNameTaken(tx, { accountId, name: input.name, exceptId: id })) return 'exists';
      const [category] = await tx
        .update(customCategories)
        .set({ name: input.name, iconName: input.icon, color: input.color })
        .where(and(eq(customCategories.accountId, accountId), eq(customCategories.id, id)))
        .returning();
      if (!category) return null;
      const supplierIds =
        current.name === input.name
          ? []
          : await setSuppliersCategory(tx, { accountId, from: current.name, to: input.name });
      return { category, supplierIds };
    });
  } catch (err) {
    // Another request took the name between the check and the update.
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
}

export type DeleteCustomCategoryParams = { accountId: string; id: string };

/** null for an id the account does not have. */
export async function deleteCustomCategory(
  db: Database,
  { accountId, id }: DeleteCustomCategoryParams,
): Promise<CategoryChange | null> {
  return db.transaction(async (tx) => {
    const [category] = await tx
      .delete(customCategories)
      .where(and(eq(customCategories.accountId, accountId), eq(customCategories.id, id)))
      .returning();
    if (!category) return null;
    const supplierIds = await setSuppliersCategory(tx, {
      accountId,
      from: category.name,
      to: null,
    });
    return { category, supplierIds };
  });
}

type SetSuppliersCategoryParams = { accountId: string; from: string; to: string | null };

/**
 * The account's suppliers filed under `from` (any letter case, as categories are matched) move
 * to `to`. Scans the account's suppliers through their primary key (account_id, id): an
 * account has tens of them, and a rename is rare.
 */
async function setSuppliersCategory(
  tx: Transaction,
  { accountId, from, to }: SetSuppliersCategoryParams,
): Promise<string[]> {
  const rows = await tx
    .update(suppliers)
    .set({ category: to })
    .where(
      and(
        eq(suppliers.accountId, accountId),
        eq(sql`lower(btrim(${suppliers.category}))`, sql`lower(${from})`),
      ),
    )
    .returning({ id: suppliers.id });
  return rows.map((row) => row.id);
}
