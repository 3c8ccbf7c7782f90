// The CMV API's pt-PT messages; the field messages live with the shared schema
// (#shared/schemas/sales.ts) and the CSV import's with its parser (#shared/sales-csv.ts).
export const SALES_API_MESSAGES = {
  notFound: 'Registo de vendas não encontrado',
  exists: 'Já existe um registo de vendas para este dia',
  categoryNotFound: 'Categoria não encontrada',
} as const;
