// The pt-PT words of the team API that the screens do not share (the rest are TEAM_MESSAGES,
// #shared/team.ts, the spec's §8 texts).
export const TEAM_API_MESSAGES = {
  subUserNotFound: 'Este sub-utilizador já não existe.',
  invitationSendFailed: 'Não foi possível enviar o convite. Tente novamente.',
  /** The answer of 'Enviar Código', with the address half hidden (a shared screen shows it). */
  recoveryCodeSent: (maskedEmail: string) =>
    `Enviámos um código de recuperação para ${maskedEmail}. É válido durante 15 minutos.`,
} as const;

/** 'ana.silva@exemplo.pt' → 'an•••@exemplo.pt': enough to recognise, not to read off a screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1))}•••${email.slice(at)}`;
}
