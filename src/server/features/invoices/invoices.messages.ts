// The invoice API's pt-PT messages (issue 4 contract; spec invoice-work §8).
export const INVOICE_API_MESSAGES = {
  notFound: 'Fatura não encontrada',
  duplicate: 'Esta fatura já está registada.',
  invalidCursor: 'A lista mudou. Atualize a página.',
} as const;

/** 403 MONTHLY_LIMIT_REACHED, with the account's limit. */
export function monthlyLimitMessage(limit: number): string {
  return `Atingiu o limite de ${limit} faturas deste mês. Mude de plano para registar mais.`;
}
