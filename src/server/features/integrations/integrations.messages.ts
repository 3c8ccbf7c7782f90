// The pt-PT words of the integrations API (the feed's query messages live with its shared
// schema, #shared/schemas/feed.ts).
export const INTEGRATIONS_MESSAGES = {
  /** A token that never was, was rotated or was revoked: one answer for all three. */
  feedNotFound: 'Este endereço de feed não existe ou foi revogado.',
  feedExists: 'Já existe um endereço de feed. Gere um novo ou revogue o atual.',
  noFeed: 'Ainda não existe um endereço de feed.',
  feedRateLimited: (minutes: number) =>
    `Demasiados pedidos a este endereço de feed. Tente novamente em ${minutes} ${
      minutes === 1 ? 'minuto' : 'minutos'
    }.`,
} as const;
