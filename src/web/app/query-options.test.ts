// Two requests that answer different shapes must never share a cache entry: opening one
// screen after the other within the stale time would serve the wrong shape (issue 13 item 5:
// the scanner's supplier lookup and the supplier page both used ['suppliers', 'by-nif', nif]).
// Every query the features declare is listed here with a sample input; their keys must differ.
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { teamAccountsQueryOptions } from '#web/features/app-shell/api/get-team-accounts.ts';
import { categoriesQueryOptions } from '#web/features/categories/api/get-categories.ts';
import { expiryStatusQueryOptions } from '#web/features/invoices/api/get-expiry-status.ts';
import { invoiceCounterQueryOptions } from '#web/features/invoices/api/get-invoice-counter.ts';
import { invoiceStatsQueryOptions } from '#web/features/invoices/api/get-invoice-stats.ts';
import { invoiceDetailQueryOptions } from '#web/features/invoices/api/get-invoice.ts';
import { invoiceListQueryOptions } from '#web/features/invoices/api/list-invoices.ts';
import { recentInvoicesQueryOptions } from '#web/features/invoices/api/list-recent-invoices.ts';
import { subscriptionQueryOptions } from '#web/features/plans/api/get-subscription.ts';
import { profileQueryOptions } from '#web/features/profile/api/get-profile.ts';
import { supplierByNifQueryOptions as scannerSupplierLookup } from '#web/features/scan/api/get-supplier-by-nif.ts';
import { emailConfigQueryOptions } from '#web/features/settings/api/email-config.ts';
import { emailsQueryOptions } from '#web/features/settings/api/get-emails.ts';
import { sessionsQueryOptions } from '#web/features/settings/api/sessions.ts';
import { supplierByNifQueryOptions as supplierPageQuery } from '#web/features/suppliers/api/get-supplier-by-nif.ts';
import { supplierListQueryOptions } from '#web/features/suppliers/api/list-suppliers.ts';
import { topSuppliersQueryOptions } from '#web/features/suppliers/api/list-top-suppliers.ts';
import { teamQueryOptions } from '#web/features/teams/api/get-team.ts';
import { sessionQueryOptions } from '#web/lib/session.ts';

const NIF = '509442013';
const ID = '6f1c2a9e-0000-4000-8000-000000000001';

/** Each entry is one request (one fetcher, one answer shape). */
const QUERIES: Record<string, { queryKey: QueryKey }> = {
  session: sessionQueryOptions,
  profile: profileQueryOptions,
  categories: categoriesQueryOptions,
  emails: emailsQueryOptions,
  'email settings': emailConfigQueryOptions,
  'signed-in sessions': sessionsQueryOptions,
  'invoices list': invoiceListQueryOptions({ period: 'thisMonth', statuses: [], search: '' }),
  'invoice detail': invoiceDetailQueryOptions(ID),
  'invoice stats': invoiceStatsQueryOptions('thisMonth'),
  'invoice counter': invoiceCounterQueryOptions,
  'expiry status': expiryStatusQueryOptions,
  'suppliers list': supplierListQueryOptions(''),
  'supplier page (supplier and totals)': supplierPageQuery(NIF),
  'scanner supplier lookup (supplier or null)': scannerSupplierLookup(NIF),
  'recent invoices': recentInvoicesQueryOptions(),
  'top suppliers': topSuppliersQueryOptions(),
  subscription: subscriptionQueryOptions('user-1'),
  'team (the management page)': teamQueryOptions(),
  'team accounts (the drawer)': teamAccountsQueryOptions(),
};

test('no two queries of different requests share a cache key', () => {
  const owners = new Map<string, string[]>();
  for (const [name, { queryKey }] of Object.entries(QUERIES)) {
    const hash = hashKey(queryKey);
    owners.set(hash, [...(owners.get(hash) ?? []), name]);
  }
  const shared = [...owners.entries()].filter(([, names]) => names.length > 1);
  expect(shared).toEqual([]);
});

test('the scanner lookup and the supplier page cache one NIF under different keys', () => {
  expect(hashKey(scannerSupplierLookup(NIF).queryKey)).not.toBe(
    hashKey(supplierPageQuery(NIF).queryKey),
  );
});
