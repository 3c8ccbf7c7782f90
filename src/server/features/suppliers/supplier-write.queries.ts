// Creating, editing and deleting suppliers (spec invoice-work §2 "Suppliers screen", §5
// "Supplier form", "Creation is refused when the user already has a supplier with that tax
// number"). One supplier per NIF per account: suppliers_account_id_nif_unique decides, so two
// racing requests give one row and one 'exists', never a 500.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { suppliers, type NewSupplier, type Supplier } from '#server/db/schema/index.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { supplierEmailColumns } from '#server/services/crypto/sealed-fields.ts';
import type { SupplierData } from '#shared/schemas/supplier.ts';

type SupplierColumns = Omit<NewSupplier, 'accountId' | 'id' | 'createdAt' | 'updatedAt'>;

/**
 * The schema's body as columns: every editable field, so an edit is a full replace. The email
 * is sealed (ADR 028).
 */
function columnsOf(data: SupplierData, cipher: FieldCipher): SupplierColumns {
  return {
    nif: data.nif,
    name: data.name,
    category: data.category,
    mainCategory: data.mainCategory,
    ...supplierEmailColumns(cipher, data.email),
    phone: data.phone,
    notifyByEmail: data.notifyByEmail,
    sendCopy: data.sendCopy,
    customTemplate: data.customTemplate,
    tags: data.tags,
    spendingLimitCents: data.limit.amountCents,
    spendingLimitActive: data.limit.active,
    spendingLimitPeriod: data.limit.period,
    spendingLimitStart: data.limit.start,
    spendingLimitEnd: data.limit.end,
    spendingLimitAutoRenew: data.limit.autoRenew,
    spendingLimitResetDay: data.limit.resetDay,
    spendingLimitTimezone: data.limit.timezone,
  };
}

/** PostgreSQL's unique_violation, however deep the driver or drizzle wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; typeof e === 'object' && e !== null;) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

export type GetSupplierRowParams = { accountId: string; id: string };

/** Served by the primary key (account_id, id). */
export async function getSupplierRow(
  db: Database,
  { accountId, id }: GetSupplierRowParams,
): Promise<Supplier | null> {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), eq(suppliers.id, id)))
    .limit(1);
  return row ?? null;
}

export type CreateSupplierParams = { accountId: string; data: SupplierData; cipher: FieldCipher };

/** 'exists' when the account already has a supplier with this NIF. */
export async function createSupplier(
  db: Database,
  { accountId, data, cipher }: CreateSupplierParams,
): Promise<Supplier | 'exists'> {
  const [row] = await db
    .insert(suppliers)
    .values({ ...columnsOf(data, cipher), accountId })
    .onConflictDoNothing({ target: [suppliers.accountId, suppliers.nif] })
    .returning();
  return row ?? 'exists';
}

export type UpdateSupplierParams = {
  accountId: string;
  id: string;
  data: SupplierData;
  cipher: FieldCipher;
};

/** null when the account has no such supplier; 'exists' when the new NIF is another's. */
export async function updateSupplier(
  db: Database,
  { accountId, id, data, cipher }: UpdateSupplierParams,
): Promise<Supplier | 'exists' | null> {
  try {
    const [row] = await db
      .update(suppliers)
      .set(columnsOf(data, cipher))
      .where(and(eq(suppliers.accountId, accountId), eq(suppliers.id, id)))
      .returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
}

export type DeleteSupplierParams = { accountId: string; id: string };

/**
 * The supplier row only: its invoices keep their supplier name and NIF (they are the account's
 * records of what was paid), and show again under a supplier created later with that NIF.
 */
export async function deleteSupplier(
  db: Database,
  { accountId, id }: DeleteSupplierParams,
): Promise<boolean> {
  const rows = await db
    .delete(suppliers)
    .where(and(eq(suppliers.accountId, accountId), eq(suppliers.id, id)))
    .returning({ id: suppliers.id });
  return rows.length > 0;
}
