// Every pt-PT string of the notifications opt-in.
export const NOTIFICATIONS_MESSAGES = {
  promptTitle: 'Receber lembretes neste dispositivo?',
  promptText:
    'Avisamos quando uma fatura está a vencer ou venceu, e quando um fornecedor passa 85 % do limite de despesa.',
  enable: 'Ativar notificações',
  enabling: 'A ativar…',
  notNow: 'Agora não',
  enabled: 'Notificações ativadas neste dispositivo.',
} as const;
