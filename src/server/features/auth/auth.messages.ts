// pt-PT strings of the auth endpoints, word for word from spec accounts §8 where it gives one.
export const AUTH_ERRORS = {
  emailInUse: 'Este email já está em uso. Tente fazer login.',
  signUpFailed: 'Erro ao criar conta. Tente novamente.',
  unauthenticated: 'Sessão expirada. Inicie sessão novamente.',
  tooManyLogins: 'Demasiadas tentativas. Aguarde alguns minutos',
  /** Spec §8 "Email sending codes", RATE_LIMIT. */
  emailRateLimited: 'Demasiadas tentativas. Tente novamente em alguns minutos',
  resetRateLimited: (minutes: number) =>
    `Muitas tentativas. Tente novamente em ${minutes} minutos.`,
} as const;
