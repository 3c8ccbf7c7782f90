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
  emailConfigLoadFailed: 'Erro ao carregar as definições de email',
  emailConfigSaveFailed: 'Erro ao guardar as definições de email',
  sessionsLoadFailed: 'Erro ao carregar as sessões',
  sessionEndFailed: 'Erro ao terminar a sessão',
  securityFrom: 'Endereço',
} as const;

/** The resend button's label in each state (spec accounts §4 "Resend button"). */
export const RESEND_LABELS = {
  idle: 'Reenviar',
  loading: 'A reenviar...',
  success: 'Reenviado',
  error: 'Falhou',
} as const;

/**
 * The sections of /configuracoes that issue 20 point 5 added: the view mode, the account's
 * email settings, the signed-in sessions and the link to the account's data.
 */
export const PREFERENCES_MESSAGES = {
  navLabel: 'Secções das configurações',
  navPreferences: 'Preferências',
  navEmails: 'Emails',
  navSecurity: 'Segurança',
  navData: 'Os seus dados',
  viewModeTitle: 'Visualização das faturas',
  viewModeDescription:
    'Como o painel e as páginas dos fornecedores mostram as faturas. Vale para toda a conta e muda logo nos outros separadores e dispositivos.',
  viewModeLoadFailed: 'Erro ao carregar a preferência de visualização',
  viewModeSaved: 'Preferência guardada',
  viewModeSaveFailed: 'Erro ao guardar a preferência',
  viewModeLabels: { grid: 'Grelha de cartões', list: 'Lista compacta' },
  viewModeHints: {
    grid: 'Cartões com o fornecedor, o total e o estado.',
    list: 'Uma linha por fatura: mais faturas no ecrã.',
  },
} as const;

export const EMAIL_SETTINGS_MESSAGES = {
  title: 'Emails aos fornecedores',
  description:
    'Quando marca uma fatura como paga, a Papelada avisa o fornecedor por email (se tiver email e avisos ligados). Escolha como esse email sai.',
  loadFailed: 'Erro ao carregar as definições de email',
  saveFailed: 'Erro ao guardar as definições de email',
  saved: 'Definições de email guardadas',
  senderName: 'Nome do remetente',
  senderNameHint: (fallback: string) =>
    `Em branco: «${fallback}». O endereço de envio é sempre o da Papelada.`,
  replyTo: 'Responder para',
  replyToHint: (fallback: string) =>
    `Em branco: ${fallback}. É para aqui que vão as respostas dos fornecedores.`,
  bccSelf: 'Receber uma cópia de cada email',
  bccSelfDescription: (email: string) => `Uma cópia oculta (Bcc) vai para ${email}.`,
  template: 'Texto do email de pagamento',
  templateHint:
    'Em branco: o texto padrão, com os dados da fatura numa tabela. O texto de um fornecedor, se o tiver, vem primeiro.',
  placeholdersTitle: 'Marcadores que pode usar',
  insertPlaceholder: (name: string) => `Inserir {${name}}`,
  previewTitle: 'Pré-visualização',
  previewSubject: 'Assunto',
  previewStandard:
    'Com o texto em branco, o email leva o texto padrão e uma tabela com os dados da fatura.',
  previewNote: 'Exemplo com uma fatura fictícia.',
  save: 'Guardar definições de email',
  saving: 'A guardar...',
  reset: 'Repor valores guardados',
} as const;

export const SESSION_LIST_MESSAGES = {
  title: 'Sessões iniciadas',
  description:
    'Os navegadores e telemóveis com sessão iniciada na sua conta. Se não reconhecer algum, termine essa sessão e altere a senha.',
  loadFailed: 'Erro ao carregar as sessões',
  empty: 'Não há outras sessões iniciadas.',
  current: 'Esta sessão',
  address: 'Endereço',
  unknownAddress: 'endereço desconhecido',
  startedAt: 'Início',
  lastActiveAt: 'Última atividade',
  end: 'Terminar sessão',
  endLabel: (device: string) => `Terminar sessão: ${device}`,
  ending: 'A terminar...',
  endOthers: 'Terminar todas as outras',
  endOthersConfirm: 'Terminar todas as outras sessões?',
  endOthersDescription:
    'Os outros navegadores e telemóveis deixam de ter acesso à conta e têm de voltar a entrar. Esta sessão continua.',
  cancel: 'Cancelar',
  ended: 'Sessão terminada',
  endedOthers: (count: number) =>
    count === 1 ? '1 sessão terminada' : `${count} sessões terminadas`,
  endFailed: 'Erro ao terminar a sessão',
} as const;

export const PASSWORD_EXTRA_MESSAGES = {
  revokeOthers: 'Terminar a sessão nos outros dispositivos',
  revokeOthersHint: 'Recomendado se suspeita que alguém conhece a sua senha.',
  revokedOthers: 'As outras sessões foram terminadas.',
} as const;

export const ACCOUNT_DATA_LINK_MESSAGES = {
  title: 'Os seus dados',
  description:
    'Descarregue tudo o que a Papelada guarda sobre a sua conta — faturas, fornecedores, categorias, definições e fotografias — num só ficheiro ZIP.',
  download: 'Descarregar os meus dados (ZIP)',
  started: 'A preparar o ZIP com os seus dados…',
  startedHint: 'Com muitas fotografias pode demorar alguns minutos.',
  deleteHint: 'Para eliminar a conta, vá a',
  profileLink: 'O meu perfil',
} as const;
