// The closed value sets of the domain, shared by the database CHECK constraints,
// the zod schemas, the rules and the UI. Values the spec shows to users are kept
// in pt-PT exactly as the spec writes them (e.g. 'Paga', 'Cartão').

export const PAYMENT_STATUSES = ['Pendente', 'Paga', 'Vencida'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['Dinheiro', 'Cartão', 'Outro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** SAF-T (PT) document types an invoice record may carry; `NC` is a credit note. */
export const DOCUMENT_TYPES = ['FT', 'FS', 'FR', 'NC', 'ND'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const CREDIT_NOTE: DocumentType = 'NC';

export const DOCUMENT_TYPE_LABELS = {
  FT: 'Fatura',
  FS: 'Fatura Simplificada',
  FR: 'Fatura-Recibo',
  NC: 'Nota de Crédito',
  ND: 'Nota de Débito',
} as const satisfies Record<DocumentType, string>;

/** How an invoice record was captured. */
export const INVOICE_SOURCES = ['manual', 'qr', 'pdf-text', 'ocr', 'efatura'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];

export const ACCOUNT_TYPES = ['particular', 'empresa'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const INVOICE_VIEW_MODES = ['grid', 'list'] as const;
export type InvoiceViewMode = (typeof INVOICE_VIEW_MODES)[number];

export const SPENDING_LIMIT_PERIODS = ['mensal', 'semanal', 'personalizado'] as const;
export type SpendingLimitPeriod = (typeof SPENDING_LIMIT_PERIODS)[number];

export const DEFAULT_TIMEZONE = 'Europe/Lisbon';

export const CATEGORY_COLORS = [
  'emerald',
  'blue',
  'purple',
  'pink',
  'orange',
  'red',
  'yellow',
  'teal',
  'indigo',
  'slate',
] as const;
export type CategoryColor = (typeof CATEGORY_COLORS)[number];

/** The ten built-in categories of spec invoice-work §3, with their lucide icon names. */
export const BUILT_IN_CATEGORIES = [
  { name: 'Alimentação e Supermercados', icon: 'shopping-cart', color: 'emerald' },
  { name: 'Restaurantes e Cafeterias', icon: 'utensils', color: 'orange' },
  { name: 'Saúde e Bem-estar', icon: 'heart-pulse', color: 'red' },
  { name: 'Casa e Serviços', icon: 'house', color: 'blue' },
  { name: 'Transporte e Mobilidade', icon: 'car', color: 'indigo' },
  { name: 'Compras e Eletrônicos', icon: 'shopping-bag', color: 'purple' },
  { name: 'Educação e Formação', icon: 'graduation-cap', color: 'yellow' },
  { name: 'Entretenimento e Lazer', icon: 'film', color: 'pink' },
  { name: 'Serviços Financeiros', icon: 'landmark', color: 'teal' },
  { name: 'Outras Despesas Pessoais', icon: 'ellipsis', color: 'slate' },
] as const satisfies ReadonlyArray<{ name: string; icon: string; color: CategoryColor }>;

/** Category given to a supplier created from an invoice (spec invoice-work §2). */
export const SUPPLIER_FROM_INVOICE_CATEGORY = 'Outros';
/** Category used in summaries for a supplier without one. */
export const UNASSIGNED_SUMMARY_CATEGORY = 'Outras Despesas Pessoais';
/** `main_category` value that marks a savings supplier. */
export const SAVINGS_MAIN_CATEGORY = 'Poupanca';
