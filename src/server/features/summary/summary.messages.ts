// pt-PT messages of GET /api/summary.
export const SUMMARY_API_MESSAGES = {
  yearInvalid: 'Ano inválido',
  monthInvalid: 'Mês inválido',
} as const;
