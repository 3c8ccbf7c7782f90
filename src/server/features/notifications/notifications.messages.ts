// The pt-PT words of the notifications API and of the reminders it sends.
export const NOTIFICATIONS_MESSAGES = {
  deviceNotFound: 'Dispositivo não encontrado.',
} as const;
