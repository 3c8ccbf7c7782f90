// The pt-PT strings of the 'Lembretes' and 'Dispositivos com notificações' sections of
// /configuracoes (issue 20 points 3 and 4).
import type { ChannelKind } from '#shared/reminders.ts';

export const REMINDER_MESSAGES = {
  remindersTitle: 'Lembretes',
  remindersDescription:
    'Escolha de que quer ser lembrado e como. Os lembretes são enviados todos os dias às 09:00, uma só vez para cada fatura ou fornecedor.',
  remindersLoadFailed: 'Erro ao carregar os lembretes',
  kindColumn: 'Lembrete',
  push: 'Notificação',
  email: 'Email',
  weeklyDigest: 'Resumo semanal por email, às segundas-feiras',
  quietHours: 'Horas de silêncio',
  quietHoursDescription:
    'Nada é enviado entre estas horas (hora de Lisboa); o que ficar para trás é enviado quando terminarem.',
  quietFrom: 'Das',
  quietTo: 'às',
  save: 'Guardar lembretes',
  saving: 'A guardar...',
  saved: 'Lembretes guardados',
  saveFailed: 'Erro ao guardar os lembretes',
  pushHint:
    'As notificações chegam aos dispositivos da lista abaixo; o email, ao endereço da sua conta.',
  limitNeedsPlan: 'Precisa de um plano com limites de despesa.',
  devicesTitle: 'Dispositivos com notificações',
  devicesDescription: 'Os navegadores e telemóveis onde ativou as notificações do Papelada.',
  devicesLoadFailed: 'Erro ao carregar os dispositivos',
  devicesEmpty: 'Ainda não ativou as notificações em nenhum dispositivo.',
  enableHere: 'Ativar neste dispositivo',
  enabling: 'A ativar…',
  enabled: 'Notificações ativadas neste dispositivo.',
  thisDevice: 'Este dispositivo',
  addedOn: 'Ativado em',
  lastUsed: 'último lembrete',
  remove: 'Remover',
  removing: 'A remover…',
  removed: 'Dispositivo removido',
  removeFailed: 'Erro ao remover o dispositivo',
} as const;

export const REMINDER_KIND_LABELS: Record<ChannelKind, { title: string; detail: string }> = {
  invoice_due_soon: {
    title: 'Faturas a vencer',
    detail: 'Nos próximos 3 dias e ainda por pagar.',
  },
  invoice_overdue: {
    title: 'Faturas vencidas',
    detail: 'No dia em que passam a vencidas.',
  },
  supplier_limit: {
    title: 'Limite de despesa',
    detail: 'Quando um fornecedor passa 85 % do limite.',
  },
};
