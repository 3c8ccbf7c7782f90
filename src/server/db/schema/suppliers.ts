// Suppliers (spec invoice-work §3 "Supplier", table fornecedores).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_TIMEZONE,
  SPENDING_LIMIT_PERIODS,
  type SpendingLimitPeriod,
} from '#shared/domain.ts';
import { accounts } from './accounts.ts';
import { timestamps, valueIn } from './columns.ts';

export type SupplierTag = { name: string; color?: string };

/**
 * Spec field → column: nif → nif · nome → name · categoria → category ·
 * main_category → main_category ('Poupanca' marks a savings supplier) · email · telefone → phone ·
 * notificar_por_email → notify_by_email · enviar_copia → send_copy ·
 * template_personalizado → custom_template · tags → tags ·
 * limite_despesa → spending_limit_cents · limite_despesa_ativo → spending_limit_active ·
 * limite_periodo → spending_limit_period · limite_periodo_inicio/fim → spending_limit_start/end ·
 * limite_renovacao_automatica → spending_limit_auto_renew · limite_reset_day →
 * spending_limit_reset_day · limite_timezone → spending_limit_timezone.
 * total_gasto and facturas_count are NOT stored: they are derived from the invoices (served by
 * the per-supplier invoice index) and a stored copy drifts whenever an invoice is edited,
 * deleted or changes status outside the one code path that would maintain it.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    nif: text('nif').notNull(),
    name: text('name').notNull(),
    category: text('category'),
    mainCategory: text('main_category'),
    // Encrypted at rest (ADR 028): sealed in email_encrypted (services/crypto/sealed-fields.ts).
    // No hash: nothing looks a supplier up by its email. `email` held it in the clear before
    // migration 0019; the start-up backfill empties it, and a later migration drops it.
    legacyEmail: text('email'),
    emailEncrypted: text('email_encrypted'),
    phone: text('phone'),
    notifyByEmail: boolean('notify_by_email').notNull().default(false),
    sendCopy: boolean('send_copy').notNull().default(false),
    customTemplate: text('custom_template'),
    tags: jsonb('tags').$type<SupplierTag[]>().notNull().default([]),
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    spendingLimitActive: boolean('spending_limit_active').notNull().default(false),
    spendingLimitPeriod: text('spending_limit_period')
      .$type<SpendingLimitPeriod>()
      .notNull()
      .default('mensal'),
    spendingLimitStart: date('spending_limit_start', { mode: 'string' }),
    spendingLimitEnd: date('spending_limit_end', { mode: 'string' }),
    spendingLimitAutoRenew: boolean('spending_limit_auto_renew').notNull().default(true),
    spendingLimitResetDay: smallint('spending_limit_reset_day'),
    spendingLimitTimezone: text('spending_limit_timezone').notNull().default(DEFAULT_TIMEZONE),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // One supplier per NIF per account ('Já existe um fornecedor com este NIF'); also serves
    // the look-ups by NIF (invoice card join, payment notification).
    unique('suppliers_account_id_nif_unique').on(t.accountId, t.nif),
    // The start-up backfill (services/crypto/sealed-backfill.ts): emails still in the clear,
    // written before migration 0019 (or by an older server). Empty once it has run.
    index('suppliers_unsealed_email_idx')
      .on(t.accountId, t.id)
      .where(sql`${t.legacyEmail} is not null`),
    check(
      'suppliers_spending_limit_period_check',
      valueIn(t.spendingLimitPeriod, SPENDING_LIMIT_PERIODS),
    ),
    check(
      'suppliers_spending_limit_reset_day_check',
      sql`${t.spendingLimitResetDay} between 1 and 31`,
    ),
    check('suppliers_spending_limit_cents_check', sql`${t.spendingLimitCents} >= 0`),
  ],
);

export type Supplier = typeof suppliers.$inferSelect;
export type NewSupplier = typeof suppliers.$inferInsert;
