// The help chat API's pt-PT messages.
export const SUPPORT_API_MESSAGES = {
  tooMany: (minutes: number) =>
    `Enviou demasiadas mensagens ao suporte num curto espaço de tempo. Tente novamente dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}; a equipa de suporte já tem as anteriores.`,
} as const;
