import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { suppliersQueryKey } from './query-keys.ts';

/**
 * The invoices feature's key (a feature never imports another): invoice cards carry their
 * supplier's category, tags and spending, so they refresh after a supplier changes.
 */
const invoicesQueryKey = ['invoices'] as const;

/** After a change here: the suppliers views and the invoice cards read again. */
export function useInvalidateSupplierViews() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
      queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
    ]);
  }, [queryClient]);
}
