// One home for the app's query keys: a key factory per feature. A web feature may not import
// another, yet some read or refresh another's data (the scanner looks a supplier up, a supplier
// change refreshes the invoice cards, live updates refresh them all), so the factories live
// here, where every feature and src/web/app can name them instead of retyping literals.
//
// The rule that keeps the cache honest: a key is produced by one request and holds one
// shape. Two requests that answer differently get different keys, even for the same NIF
// (query-keys.test.ts and app/query-options.test.ts check it).

/** Everything about invoices starts with `invoiceKeys.all`: an invoice change refreshes it. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  /** One page set of the list, per filter set (the filters object is part of the key). */
  list: <Filters extends object>(filters: Filters) => ['invoices', 'list', filters] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  stats: (period: string) => ['invoices', 'stats', period] as const,
  counter: () => ['invoices', 'counter'] as const,
  expiryStatus: () => ['invoices', 'expiry-status'] as const,
  /** The bootstrap's most recent invoices of the last `days` days. */
  recent: (window: { days: number; limit: number }) => ['invoices', 'recent', window] as const,
  /** The scanner's duplicate warning: under `all`, so a saved invoice refreshes it. */
  duplicateCheck: (check: { supplierNif: string; number: string; atcud: string }) =>
    ['invoices', 'duplicate-check', check] as const,
};

/** Everything about suppliers; refreshed on supplier changes and on invoice changes (spent). */
export const supplierKeys = {
  all: ['suppliers'] as const,
  list: (search: string) => ['suppliers', 'list', search] as const,
  /** `GET /api/suppliers/by-nif/:nif`: `{ supplier, totals }` (the supplier's page). */
  byNif: (nif: string) => ['suppliers', 'by-nif', nif] as const,
  /** `GET /api/suppliers/lookup?nif=`: the supplier or null (the scanner's form). */
  lookup: (nif: string) => ['suppliers', 'lookup', nif] as const,
  /** The bootstrap's suppliers with the most invoices. */
  top: (limit: number) => ['suppliers', 'top', limit] as const,
};

export const profileKeys = { all: ['profile'] as const };

/** The ten built-in categories and the account's own. */
export const categoryKeys = { all: ['categories'] as const };

/** The history of emails sent to the account (settings). */
export const emailKeys = { all: ['emails'] as const };

/** The account's security events (/configuracoes, owner only). */
export const securityEventKeys = { all: ['security-events'] as const };

/** The account's email settings (/configuracoes: GET /api/email-config). */
export const emailConfigKeys = { all: ['email-config'] as const };

/** The signed-in person's sessions (/configuracoes: GET /api/sessions). */
export const sessionListKeys = { all: ['sessions'] as const };

/** /configuracoes: the person's devices with notifications on, and their reminder choices. */
export const notificationKeys = {
  all: ['notifications'] as const,
  devices: () => ['notifications', 'devices'] as const,
  reminders: () => ['notifications', 'reminders'] as const,
};

/**
 * The CMV screen: a month's sales records, the 12-month report and the goods-for-resale
 * categories. Its cost of goods sold follows invoices, suppliers and categories too.
 */
export const salesKeys = {
  all: ['sales'] as const,
  month: (month: string) => ['sales', 'month', month] as const,
  report: (month: string) => ['sales', 'report', month] as const,
  resaleCategories: () => ['sales', 'resale-categories'] as const,
};

/** The savings screen: goals, progress and evolution, from the savings suppliers' invoices. */
export const savingsKeys = { all: ['savings'] as const };

/**
 * The account's subscription (GET /api/billing/subscription: plan, status, dates, usage).
 * Refreshed on plan changes and on invoice changes (its usage counts the month's invoices).
 */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => ['billing', 'subscription'] as const,
};

/**
 * The monthly summary (/resumo, GET /api/summary): one answer per month. It sums invoices,
 * suppliers' categories, custom categories, sales and the profile's own NIFs.
 */
export const summaryKeys = {
  all: ['summary'] as const,
  month: (year: number, month: number) => ['summary', 'month', { year, month }] as const,
};

/** /integracoes: whether the account has a spreadsheet feed secret, and its dates. */
export const integrationKeys = {
  all: ['integrations'] as const,
  feed: () => ['integrations', 'feed'] as const,
};

/**
 * Teams (issue 18): the team as /gestao-equipas manages it, the own account's profiles for
 * 'Acesso à Conta', and the accounts this person may act in (the drawer's switcher).
 */
export const teamKeys = {
  all: ['team'] as const,
  manage: () => ['team', 'manage'] as const,
  access: () => ['team', 'access'] as const,
  accounts: () => ['team', 'accounts'] as const,
};

/** The help chat: the acting person's conversation with support (GET /api/support/messages). */
export const supportKeys = {
  all: ['support'] as const,
  conversation: () => ['support', 'conversation'] as const,
};

/** The roots live updates refresh: every account-scoped cache the server can change. */
export const ACCOUNT_DATA_ROOTS = [
  invoiceKeys.all,
  profileKeys.all,
  supplierKeys.all,
  categoryKeys.all,
  salesKeys.all,
  savingsKeys.all,
  billingKeys.all,
  summaryKeys.all,
  integrationKeys.all,
  teamKeys.all,
  supportKeys.all,
] as const;
