// The suppliers API's own pt-PT messages; the field messages live with the shared schema
// (#shared/schemas/supplier.ts SUPPLIER_MESSAGES).
import { SUPPLIER_MESSAGES } from '#shared/schemas/supplier.ts';

export const SUPPLIER_API_MESSAGES = {
  notFound: 'Fornecedor não encontrado',
  exists: 'Já existe um fornecedor com este NIF',
  nifInvalid: SUPPLIER_MESSAGES.nifLength,
} as const;
