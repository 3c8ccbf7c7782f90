// The start-up backfill of the columns encrypted at rest (ADR 028). Migration 0019 added the
// sealed and hash columns, but SQL cannot encrypt without the key: the server does it here after
// migrating, before it serves — the NIFs and emails still in the clear (rows from before 0019,
// or from an older server during a rolling upgrade) are sealed and their clear column emptied.
// Idempotent and in batches: a second run finds nothing (through partial indexes that are empty
// by then), and a run cut short leaves every row either done or untouched.
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices, profiles, suppliers } from '#server/db/schema/index.ts';
import type { FieldCipher } from './field-encryption.ts';
import {
  buyerNifColumns,
  companyNifColumns,
  personalNifColumns,
  supplierEmailColumns,
} from './sealed-fields.ts';
import { ROWS_PER_STATEMENT, valuesTable } from './sealed-sql.ts';

export type BackfillResult = { profiles: number; invoices: number; suppliers: number };

/** Seals every value still in the clear; how many rows of each table it changed. */
export async function sealClearValues(db: Database, cipher: FieldCipher): Promise<BackfillResult> {
  return {
    profiles: await sealProfiles(db, cipher),
    invoices: await sealBuyerNifs(db, cipher),
    suppliers: await sealSupplierEmails(db, cipher),
  };
}

/**
 * Profiles with a personal NIF in the clear, or a company NIF without its hash. One row per
 * account, read whole (no index: a few thousand rows), one UPDATE each, guarded by the values
 * read so a concurrent edit is never overwritten.
 */
async function sealProfiles(db: Database, cipher: FieldCipher): Promise<number> {
  let changed = 0;
  for (;;) {
    const rows = await db
      .select({
        accountId: profiles.accountId,
        personalNif: profiles.legacyPersonalNif,
        companyNif: profiles.companyNif,
      })
      .from(profiles)
      .where(
        or(
          isNotNull(profiles.legacyPersonalNif),
          and(isNotNull(profiles.companyNif), isNull(profiles.companyNifHash)),
        ),
      )
      .limit(ROWS_PER_STATEMENT);
    let done = 0;
    for (const row of rows) {
      const updated = await db
        .update(profiles)
        .set({
          ...(row.personalNif === null ? {} : personalNifColumns(cipher, row.personalNif || null)),
          companyNifHash: companyNifColumns(cipher, row.companyNif || null).companyNifHash,
        })
        .where(
          and(
            eq(profiles.accountId, row.accountId),
            sql`${profiles.legacyPersonalNif} is not distinct from ${row.personalNif}`,
            sql`${profiles.companyNif} is not distinct from ${row.companyNif}`,
          ),
        )
        .returning({ accountId: profiles.accountId });
      done += updated.length;
    }
    changed += done;
    // Nothing changed: every row read was edited meanwhile, and the next read is of new rows.
    if (rows.length < ROWS_PER_STATEMENT || done === 0) return changed;
  }
}

/**
 * Invoices with a buyer NIF and no hash (invoices_unsealed_buyer_nif_idx): a person's NIF is
 * sealed and its clear column emptied, any other gets its hash.
 */
async function sealBuyerNifs(db: Database, cipher: FieldCipher): Promise<number> {
  let changed = 0;
  for (;;) {
    const rows = await db
      .select({ accountId: invoices.accountId, id: invoices.id, nif: invoices.buyerNifClear })
      .from(invoices)
      .where(and(isNotNull(invoices.buyerNifClear), isNull(invoices.buyerNifHash)))
      .limit(ROWS_PER_STATEMENT);
    if (rows.length === 0) return changed;
    const values = valuesTable(
      'v',
      [
        ['account_id', 'text'],
        ['id', 'uuid'],
        ['old', 'text'],
        ['clear', 'text'],
        ['sealed', 'text'],
        ['hash', 'text'],
      ],
      rows.map(({ accountId, id, nif }) => {
        const columns = buyerNifColumns(cipher, nif);
        return [
          accountId,
          id,
          nif,
          columns.buyerNifClear,
          columns.buyerNifEncrypted,
          columns.buyerNifHash,
        ];
      }),
    );
    const { rows: updated } = await db.execute(sql`
      update invoices as i
      set buyer_nif = v.clear, buyer_nif_encrypted = v.sealed, buyer_nif_hash = v.hash
      from ${values}
      where i.account_id = v.account_id and i.id = v.id
        and i.buyer_nif = v.old and i.buyer_nif_hash is null
      returning i.id`);
    changed += updated.length;
    if (rows.length < ROWS_PER_STATEMENT || updated.length === 0) return changed;
  }
}

/** Suppliers with an email in the clear (suppliers_unsealed_email_idx). */
async function sealSupplierEmails(db: Database, cipher: FieldCipher): Promise<number> {
  let changed = 0;
  for (;;) {
    const rows = await db
      .select({ accountId: suppliers.accountId, id: suppliers.id, email: suppliers.legacyEmail })
      .from(suppliers)
      .where(isNotNull(suppliers.legacyEmail))
      .limit(ROWS_PER_STATEMENT);
    if (rows.length === 0) return changed;
    const values = valuesTable(
      'v',
      [
        ['account_id', 'text'],
        ['id', 'uuid'],
        ['old', 'text'],
        ['sealed', 'text'],
      ],
      rows.map(({ accountId, id, email }) => [
        accountId,
        id,
        email,
        supplierEmailColumns(cipher, email?.trim() || null).emailEncrypted,
      ]),
    );
    const { rows: updated } = await db.execute(sql`
      update suppliers as s
      set email = null, email_encrypted = v.sealed
      from ${values}
      where s.account_id = v.account_id and s.id = v.id and s.email = v.old
      returning s.id`);
    changed += updated.length;
    if (rows.length < ROWS_PER_STATEMENT || updated.length === 0) return changed;
  }
}
