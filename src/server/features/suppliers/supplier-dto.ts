// The supplier as the API sends it (issue 6 contract "Suppliers API"); the web imports these
// types type-only. Amounts in cents; `spending` is what the card's limit panel shows.
import type { Supplier } from '#server/db/schema/index.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { openSupplierEmail } from '#server/services/crypto/sealed-fields.ts';
import type { CalendarDate } from '#shared/dates.ts';
import { CATEGORY_COLORS, SAVINGS_MAIN_CATEGORY, type CategoryColor } from '#shared/domain.ts';
import type { SupplierEditableFields } from '#shared/schemas/supplier.ts';
import type { LimitState } from '#shared/spending-limit.ts';

// The editable fields are the shared form schema's; the DTO adds what the server knows.
export type SupplierTagDto = SupplierEditableFields['tags'][number];
export type SupplierLimitDto = SupplierEditableFields['limit'];

/** The current limit period of a supplier and what was spent in it (Paga, credit notes less). */
export type SupplierSpendingDto = {
  periodStart: CalendarDate;
  /** Null for an open-ended personalizado period. */
  periodEnd: CalendarDate | null;
  spentCents: number;
  limitCents: number;
  /** 0–100, capped (spec §4). */
  percentage: number;
  state: LimitState;
};

export type SupplierDto = {
  id: string;
  nif: string;
  name: string;
  category: string | null;
  mainCategory: typeof SAVINGS_MAIN_CATEGORY | null;
  email: string | null;
  phone: string | null;
  notifyByEmail: boolean;
  sendCopy: boolean;
  customTemplate: string | null;
  tags: SupplierTagDto[];
  limit: SupplierLimitDto;
  createdAt: string;
  updatedAt: string;
};

export type SupplierListItemDto = SupplierDto & {
  invoiceCount: number;
  /** Non-null only on a plan with spending limits, for an active limit with a positive amount. */
  spending: SupplierSpendingDto | null;
};

/** All of the account's invoices with one supplier NIF; credit notes count negative. */
export type SupplierTotalsDto = {
  invoiceCount: number;
  totalCents: number;
  paidCents: number;
  pendingCents: number;
  overdueCents: number;
};

function isCategoryColor(value: unknown): value is CategoryColor {
  return typeof value === 'string' && (CATEGORY_COLORS as readonly string[]).includes(value);
}

/** Tags as stored (jsonb); a colour outside the ten is dropped rather than sent. */
export function toSupplierTags(tags: Supplier['tags']): SupplierTagDto[] {
  return tags.map((tag) =>
    isCategoryColor(tag.color) ? { name: tag.name, color: tag.color } : { name: tag.name },
  );
}

/** `cipher` opens the email, sealed at rest (ADR 028): '(encriptado)' when no key opens it. */
export function toSupplierDto(row: Supplier, cipher: FieldCipher): SupplierDto {
  return {
    id: row.id,
    nif: row.nif,
    name: row.name,
    category: row.category,
    mainCategory: row.mainCategory === SAVINGS_MAIN_CATEGORY ? SAVINGS_MAIN_CATEGORY : null,
    email: openSupplierEmail(cipher, row),
    phone: row.phone,
    notifyByEmail: row.notifyByEmail,
    sendCopy: row.sendCopy,
    customTemplate: row.customTemplate,
    tags: toSupplierTags(row.tags),
    limit: {
      amountCents: row.spendingLimitCents,
      active: row.spendingLimitActive,
      period: row.spendingLimitPeriod,
      start: row.spendingLimitStart,
      end: row.spendingLimitEnd,
      autoRenew: row.spendingLimitAutoRenew,
      resetDay: row.spendingLimitResetDay,
      timezone: row.spendingLimitTimezone,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The supplier side of an invoice card (InvoiceDto.supplier): icon, tags and limit panel. */
export type InvoiceSupplierDto = {
  id: string;
  name: string;
  category: string | null;
  tags: SupplierTagDto[];
  spending: SupplierSpendingDto | null;
};
