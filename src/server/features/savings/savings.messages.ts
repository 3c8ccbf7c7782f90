// The savings API's pt-PT messages; the field messages live with the shared schema
// (#shared/schemas/savings.ts).
export const SAVINGS_API_MESSAGES = {
  notFound: 'Objetivo de poupança não encontrado',
  supplierNotSavings: 'Escolha um fornecedor de poupança (categoria principal Poupança)',
} as const;
