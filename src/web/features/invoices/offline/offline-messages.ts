// Every pt-PT string of the invoices kept on the device (ADR 029).
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const OFFLINE_INVOICE_MESSAGES = {
  keptTitle: 'Fatura guardada neste dispositivo',
  keptText: 'Sem ligação à internet: é enviada quando a ligação voltar.',
  waiting: (count: number) =>
    `${count} ${plural(count, 'fatura por enviar', 'faturas por enviar')}`,
  refusedCount: (count: number) =>
    `${count} ${plural(count, 'fatura por rever', 'faturas por rever')}`,
  sent: (count: number) =>
    `${count} ${plural(count, 'fatura guardada offline foi enviada', 'faturas guardadas offline foram enviadas')}`,
  refusedToast: 'Uma fatura guardada neste dispositivo foi recusada',
  panelTitle: 'Faturas neste dispositivo',
  panelIntro:
    'Registadas sem ligação à internet. Cada uma é enviada uma só vez, quando a ligação voltar.',
  photosLater:
    'Sem ligação, as fotografias e os PDF não são lidos nem guardados: leia o código QR ou escreva a fatura, e junte a fotografia à fatura depois de enviada.',
  formOffline:
    'Sem ligação à internet: ao guardar, a fatura fica neste dispositivo e é enviada quando a ligação voltar.',
  sendNow: 'Enviar agora',
  sending: 'A enviar…',
  offlineHint: 'Sem ligação à internet: são enviadas quando a ligação voltar.',
  stateWaiting: 'Por enviar',
  stateRefused: 'Recusada pelo servidor',
  stateOtherAccount:
    'Registada noutra conta: mude para essa conta no menu do perfil para a enviar.',
  edit: 'Editar',
  retry: 'Tentar novamente',
  discard: 'Descartar',
  confirmDiscard: 'Confirmar: descartar',
  keepIt: 'Manter',
  viewExisting: 'Ver a fatura registada',
  changePlan: 'Ver planos',
  editingTitle: 'Fatura recusada pelo servidor',
  editingText: 'Corrija o que for preciso e guarde de novo.',
  notFound: 'Esta fatura já não está neste dispositivo.',
  supplierFallback: 'Fornecedor sem nome',
} as const;
