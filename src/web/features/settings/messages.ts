// Every pt-PT string of /configuracoes. Spec strings word for word: accounts §8 "Other
// messages" and "Email sending codes", invoice-work §8 "Email history".
export const SETTINGS_MESSAGES = {
  pageTitle: 'Configurações',
  historyTitle: 'Histórico de emails',
  historyDescription:
    'Os emails que a Papelada enviou para a sua conta, do mais recente ao mais antigo.',
  loading: 'A carregar dados...',
  loadFailed: 'Erro ao carregar histórico de emails',
  retry: 'Tentar novamente',
  empty: 'Ainda não foram enviados emails a partir da sua conta.',
  resendFailed: 'Erro ao reenviar email',
  resent: 'Email reenviado com sucesso',
  passwordTitle: 'Alterar senha',
  passwordDescription:
    'A nova senha deve ter pelo menos 8 caracteres, com pelo menos uma letra e um número.',
  currentPassword: 'Senha atual',
  newPassword: 'Nova senha',
  confirmPassword: 'Confirmar nova senha',
  changePassword: 'Alterar senha',
  changingPassword: 'A guardar...',
  // Spec accounts §8 "Successes" and "Other messages".
  passwordChanged: 'Senha atualizada com sucesso!',
  passwordChangeFailed: 'Erro ao redefinir senha',
  securityTitle: 'Eventos de segurança',
  securityDescription:
    'Tentativas de acesso falhadas, PINs errados, ficheiros recusados e outros sinais registados nos últimos 7 dias.',
  securityLoadFailed: 'Erro ao carregar eventos de segurança',
  securityEmpty: 'Nenhum evento de segurança nos últimos 7 dias.',
  securitySeverity: 'Gravidade',
  securityFrom: 'Endereço',
} as const;

/** The resend button's label in each state (spec accounts §4 "Resend button"). */
export const RESEND_LABELS = {
  idle: 'Reenviar',
  loading: 'A reenviar...',
  success: 'Reenviado',
  error: 'Falhou',
} as const;
