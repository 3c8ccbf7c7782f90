// The tenant (`accounts`) and its profile. Spec: accounts-access-plans §3, invoice-work §3.
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_TYPES,
  INVOICE_VIEW_MODES,
  type AccountType,
  type InvoiceViewMode,
} from '#shared/domain.ts';
import { timestamps, valueIn } from './columns.ts';

/**
 * One row per tenant. Every other table carries `account_id` as the first column of its key,
 * ready to be the distribution column of a sharded PostgreSQL (DESIGN.md).
 * The id is text, not uuid: Better Auth user ids are strings, and the main user's id becomes
 * the account id.
 */
export const accounts = pgTable('accounts', {
  id: text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`),
  // The spec reads it from the profile at login; it belongs to the tenant, so it lives here.
  teamManagementEnabled: boolean('team_management_enabled').notNull().default(false),
  /** argon2id of the main user's PIN (issue 18), null until set; never returned by any route. */
  mainPinHash: text('main_pin_hash'),
  // The plan is not here: it derives from the account's subscription (billing.ts).
  ...timestamps(),
});

/**
 * The account's profile, one per account. Spec field → column:
 * photo_url → photo_path (a storage path, not a URL: URLs are signed on read) ·
 * nome_completo → full_name · nome_empresa → company_name · email → email ·
 * notificacoes_push → push_notifications · tipo_usuario → account_type ·
 * user_type → user_type · nif_particular → personal_nif · nif_empresa → company_nif ·
 * telefone (sign-up) → phone · invoice_view_mode → invoice_view_mode ·
 * onesignal_player_id → push_device_id (our own Web Push, no third-party service).
 * The spec treats the profile as a company when tipo_usuario is 'Empresa' or user_type is
 * 'empresa'; `account_type` is the normalised answer (lower case, checked), and `user_type`
 * is kept verbatim (nullable) only for data carried over from the original app.
 */
export const profiles = pgTable(
  'profiles',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    photoPath: text('photo_path'),
    fullName: text('full_name'),
    companyName: text('company_name'),
    email: text('email').notNull(),
    pushNotifications: boolean('push_notifications').notNull().default(false),
    accountType: text('account_type').$type<AccountType>().notNull().default('particular'),
    userType: text('user_type'),
    // The personal NIF is personal data, encrypted at rest (ADR 028): sealed in
    // personal_nif_encrypted (services/crypto/sealed-fields.ts), with its keyed hash beside it
    // for the summary's own-spending comparison. personal_nif held it in the clear before
    // migration 0019; the start-up backfill empties it, and a later migration drops it.
    legacyPersonalNif: text('personal_nif'),
    personalNifEncrypted: text('personal_nif_encrypted'),
    personalNifHash: text('personal_nif_hash'),
    // A company's NIF is public: kept in the clear, with the same keyed hash as the personal
    // one so the summary compares invoices' buyer NIFs with either through the hashes.
    companyNif: text('company_nif'),
    companyNifHash: text('company_nif_hash'),
    phone: text('phone'),
    invoiceViewMode: text('invoice_view_mode').$type<InvoiceViewMode>().notNull().default('grid'),
    pushDeviceId: text('push_device_id'),
    ...timestamps(),
  },
  (t) => [
    check('profiles_account_type_check', valueIn(t.accountType, ACCOUNT_TYPES)),
    check('profiles_invoice_view_mode_check', valueIn(t.invoiceViewMode, INVOICE_VIEW_MODES)),
  ],
);

export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
