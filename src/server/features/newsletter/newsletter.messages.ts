// The newsletter API's pt-PT messages.
export const NEWSLETTER_API_MESSAGES = {
  tooMany: (minutes: number) =>
    `Demasiados pedidos de subscrição a partir deste endereço. Tente novamente dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  confirmInvalid:
    'Este link de confirmação não é válido ou já expirou. Subscreva de novo na página inicial para receber outro.',
  unsubscribeInvalid:
    'Este link para cancelar a subscrição não é válido. Copie-o completo do último email que recebeu.',
} as const;
