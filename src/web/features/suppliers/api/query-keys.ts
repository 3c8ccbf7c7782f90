// Every suppliers query lives under this key: the list, one supplier, its invoices and totals.
// Live updates invalidate it on supplier changes and on invoice changes (spent amounts, counts).
export const suppliersQueryKey = ['suppliers'] as const;
