// The words of the exports (pt-PT): sheet names, column headings and file names. The
// spreadsheet and the CSV share the headings, so a column reads the same in both.

export const SHEET_NAMES = {
  invoices: 'Faturas',
  bySupplier: 'Por fornecedor',
  byCategory: 'Por categoria',
} as const;

export const INVOICE_HEADINGS = {
  issueDate: 'Data de emissão',
  dueDate: 'Data de vencimento',
  documentType: 'Tipo',
  number: 'Número',
  atcud: 'ATCUD',
  supplierName: 'Fornecedor',
  supplierNif: 'NIF do fornecedor',
  category: 'Categoria',
  status: 'Estado',
  paymentMethod: 'Método de pagamento',
  baseCents: 'Base (€)',
  vatCents: 'IVA (€)',
  totalCents: 'Total (€)',
  notes: 'Observações',
} as const;

export const SUMMARY_HEADINGS = {
  supplier: 'Fornecedor',
  nif: 'NIF',
  category: 'Categoria',
  count: 'Faturas',
} as const;

export const EXPORT_TEXT = {
  /** The label of the totals row. */
  total: 'Total',
  /** The category of an invoice whose supplier has none (or is not a saved supplier). */
  noCategory: 'Sem categoria',
  /** The NIF cell of an invoice issued without one. */
  noNif: '',
  /** The workbook's author. */
  creator: 'Papelada',
} as const;

/** File names: `faturas-2026-11.xlsx`, `faturas-ultimos-30-dias-2026-11-25.csv`, … */
export const FILE_NAME_PARTS = {
  prefix: 'faturas',
  last30days: 'ultimos-30-dias',
  previousMonths: 'meses-anteriores',
  urgent: 'urgentes',
} as const;
