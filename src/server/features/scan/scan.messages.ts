// pt-PT messages of POST /api/scan beyond the scan pipeline's own (scan-result.ts).
export const SCAN_ROUTE_MESSAGES = {
  fileRequired: 'Escolha uma fotografia ou um PDF da fatura.',
  rateLimited: (minutes: number) =>
    `Demasiadas leituras seguidas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  busy: 'O leitor de faturas está ocupado com outras leituras. Tente novamente dentro de instantes.',
} as const;
