// The categories a company marks as goods for resale (issue 16 point 4): their suppliers'
// invoices are the cost of goods sold. Built-in categories are marked by name, custom ones by
// id (cmv_resale_categories); suppliers name their category by text, matched without case.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { cmvResaleCategories, customCategories, suppliers } from '#server/db/schema/index.ts';
import { categoryKey } from '#shared/categories.ts';
import { BUILT_IN_CATEGORIES } from '#shared/domain.ts';
import type { ResaleCategoryDto } from './sale-dto.ts';

const byName = new Intl.Collator('pt-PT', { sensitivity: 'base', numeric: true });

export type ListResaleCategoriesParams = { accountId: string };

/**
 * Every category the account can file a supplier under (the ten built-in, then its own in
 * alphabetical order), each with its mark and how many suppliers it has. Three small reads
 * of one account, each on a key led by account_id.
 */
export async function listResaleCategories(
  db: Database,
  { accountId }: ListResaleCategoriesParams,
): Promise<ResaleCategoryDto[]> {
  const [marks, custom, counts] = await Promise.all([
    db
      .select({
        builtInName: cmvResaleCategories.builtInName,
        customCategoryId: cmvResaleCategories.customCategoryId,
      })
      .from(cmvResaleCategories)
      .where(eq(cmvResaleCategories.accountId, accountId)),
    db.select().from(customCategories).where(eq(customCategories.accountId, accountId)),
    db
      .select({ category: suppliers.category, count: sql<number>`count(*)::int` })
      .from(suppliers)
      .where(eq(suppliers.accountId, accountId))
      .groupBy(suppliers.category),
  ]);
  const suppliersByKey = new Map<string, number>();
  for (const { category, count } of counts) {
    if (!category) continue;
    const key = categoryKey(category);
    suppliersByKey.set(key, (suppliersByKey.get(key) ?? 0) + count);
  }
  const markedBuiltIn = new Set(marks.map((m) => m.builtInName).filter(Boolean));
  const markedCustom = new Set(marks.map((m) => m.customCategoryId).filter(Boolean));
  const builtIn = BUILT_IN_CATEGORIES.map((c): ResaleCategoryDto => ({
    kind: 'built-in',
    key: c.name,
    name: c.name,
    icon: c.icon,
    color: c.color,
    isResale: markedBuiltIn.has(c.name),
    supplierCount: suppliersByKey.get(categoryKey(c.name)) ?? 0,
  }));
  const own = custom
    .sort((a, b) => byName.compare(a.name, b.name))
    .map((c): ResaleCategoryDto => ({
      kind: 'custom',
      key: c.id,
      name: c.name,
      icon: c.iconName,
      color: c.color,
      isResale: markedCustom.has(c.id),
      supplierCount: suppliersByKey.get(categoryKey(c.name)) ?? 0,
    }));
  return [...builtIn, ...own];
}

export type SetResaleCategoriesParams = {
  accountId: string;
  builtIn: readonly string[];
  customIds: readonly string[];
};

/** Replaces the account's marks; 'unknown' when a custom id is not one of its categories. */
export async function setResaleCategories(
  db: Database,
  { accountId, builtIn, customIds }: SetResaleCategoriesParams,
): Promise<'ok' | 'unknown'> {
  const uniqueBuiltIn = [...new Set(builtIn)];
  const uniqueCustom = [...new Set(customIds)];
  return db.transaction(async (tx) => {
    if (uniqueCustom.length > 0) {
      const found = await tx
        .select({ id: customCategories.id })
        .from(customCategories)
        .where(
          and(
            eq(customCategories.accountId, accountId),
            inArray(customCategories.id, uniqueCustom),
          ),
        );
      if (found.length !== uniqueCustom.length) return 'unknown';
    }
    await tx.delete(cmvResaleCategories).where(eq(cmvResaleCategories.accountId, accountId));
    const rows = [
      ...uniqueBuiltIn.map((builtInName) => ({ accountId, builtInName })),
      ...uniqueCustom.map((customCategoryId) => ({ accountId, customCategoryId })),
    ];
    if (rows.length > 0) await tx.insert(cmvResaleCategories).values(rows);
    return 'ok';
  });
}
