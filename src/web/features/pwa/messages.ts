// Every pt-PT string of the installable app's own screens (ADR 029).
export const PWA_MESSAGES = {
  offlineTitle: 'Sem ligação à internet.',
  offlineText:
    'Está a ver a última versão guardada neste dispositivo. As faturas que registar ficam guardadas e são enviadas quando a ligação voltar.',
  updateTitle: 'Nova versão disponível',
  updateText: 'Atualize para usar a versão mais recente da Papelada.',
  update: 'Atualizar',
  updating: 'A atualizar…',
  later: 'Mais tarde',
} as const;
