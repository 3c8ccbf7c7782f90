import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invoiceKeys, supplierKeys } from '#web/lib/query-keys.ts';

/**
 * After a change here: the suppliers views and the invoice cards (which carry their supplier's
 * category, tags and spending) read again.
 */
export function useInvalidateSupplierViews() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    ]);
  }, [queryClient]);
}
