// Test custom categories, every field overridable.
import type { Database } from '#server/db/client.ts';
import {
  customCategories,
  type CustomCategory,
  type NewCustomCategory,
} from '#server/db/schema/index.ts';

export type CustomCategoryOverrides = Partial<Omit<NewCustomCategory, 'accountId'>>;

let sequence = 0;

export async function insertCustomCategory(
  db: Database,
  accountId: string,
  overrides: CustomCategoryOverrides = {},
): Promise<CustomCategory> {
  sequence += 1;
  const [category] = await db
    .insert(customCategories)
    .values({
      name: `Categoria ${sequence}`,
      iconName: 'tag',
      color: 'slate',
      ...overrides,
      accountId,
    })
    .returning();
  if (!category) throw new Error('insertCustomCategory: no row returned');
  return category;
}
