// The dashboard's button names the import with this alone: the rest of the import's words
// (messages.ts) load with its page, not with every opening of the dashboard.
export const EFATURA_ACTION_LABEL = 'Importar do e-Fatura';
