// Test suppliers: a unique NIF per call, every field overridable.
import type { Database } from '#server/db/client.ts';
import { suppliers, type NewSupplier, type Supplier } from '#server/db/schema/index.ts';
import { nextNif } from './nif.ts';

export type SupplierOverrides = Partial<Omit<NewSupplier, 'accountId'>>;

export function buildSupplier(overrides: SupplierOverrides = {}): Omit<NewSupplier, 'accountId'> {
  return { nif: nextNif(), name: 'Fornecedor Exemplo, Lda', category: 'Outros', ...overrides };
}

export async function insertSupplier(
  db: Database,
  accountId: string,
  overrides: SupplierOverrides = {},
): Promise<Supplier> {
  const [supplier] = await db
    .insert(suppliers)
    .values({ ...buildSupplier(overrides), accountId })
    .returning();
  if (!supplier) throw new Error('insertSupplier: no row returned');
  return supplier;
}
