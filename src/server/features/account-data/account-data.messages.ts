// Every pt-PT word the account-data routes answer with (the spec gives none for these).
export const ACCOUNT_DATA_MESSAGES = {
  emailMismatch: 'O email escrito não é o desta conta. A conta não foi eliminada.',
  cancelFailed:
    'Não foi possível cancelar a subscrição paga. A conta não foi eliminada: tente novamente.',
} as const;

/** The ZIP's name: `papelada-dados-2026-11-25.zip`. */
export function exportZipName(today: string): string {
  return `papelada-dados-${today}.zip`;
}
