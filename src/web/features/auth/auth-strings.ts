// Every user-facing text of the auth screens in one place. Quoted ones are the spec's
// (accounts §2, §4, §8), word for word; 'Forgot password?' is kept as the spec wrote it.
export const AUTH_TEXT = {
  loginTitle: 'Iniciar sessão',
  loginSubtitle: 'Entre para ver e organizar as suas faturas.',
  invitedNote:
    'Foi convidado para uma equipa. Entre, ou crie a sua conta com o email do convite, e o convite é aceite de seguida.',
  emailLabel: 'Email',
  emailPlaceholder: 'nome@exemplo.pt',
  passwordLabel: 'Palavra-passe',
  signIn: 'Iniciar sessão',
  signingIn: 'Entrando...',
  forgotPassword: 'Forgot password?',
  noAccount: 'Não tem uma conta?',
  createHere: 'Crie aqui',
  or: 'ou',
  google: 'Continuar com Google',

  signUpTitle: 'Criar conta',
  signUpSubtitle: 'Comece grátis — sem cartão de crédito.',
  accountType: 'Tipo de conta',
  particular: 'Particular',
  empresa: 'Empresa',
  fullName: 'Nome completo',
  personalNif: 'NIF (opcional)',
  companyName: 'Nome da empresa',
  companyNif: 'NIF da empresa',
  phone: 'Telefone (opcional)',
  confirmPassword: 'Confirmar palavra-passe',
  acceptTermsBefore: 'Li e aceito os ',
  terms: 'Termos de Serviço',
  acceptTermsMiddle: ' e a ',
  privacy: 'Política de Privacidade',
  newTab: '(abre num novo separador)',
  createAccount: 'Criar Conta',
  creatingAccount: 'Criando conta...',
  haveAccount: 'Já tem uma conta?',
  backToLogin: 'Fazer login',
  signUpCreated: 'Conta criada! Verifique o seu email para confirmar a conta.',
  // Spec accounts §8 "Successes": email/password sign-in, and a Google sign-in that created the account.
  signedIn: 'Acesso realizado com sucesso!',
  accountCreatedSignedIn: 'Conta criada e login realizado com sucesso!',

  requestResetTitle: 'Recuperar palavra-passe',
  requestResetSubtitle:
    'Indique o email da sua conta e enviamos-lhe um link para definir uma nova.',
  sendResetLink: 'Enviar link de recuperação',
  sendingResetLink: 'A enviar...',
  resetSent: 'Email de recuperação enviado!',
  resetSentDescription:
    'Abra o link no email para definir uma nova palavra-passe. Expira em 1 hora.',
  returnToLogin: 'Voltar ao início de sessão',

  checkEmailTitle: 'Verifique o seu email',
  checkEmailVerification: (email: string) =>
    `Enviámos um link de confirmação para ${email}. Abra-o para ativar a sua conta — é válido durante 24 horas.`,
  checkEmailReset: (email: string) =>
    `Enviámos um link para redefinir a palavra-passe para ${email}. É válido durante 1 hora.`,
  checkSpam: 'Não encontra o email? Veja na pasta de spam ou peça outro.',
  resendIdle: 'Reenviar email',
  resendLoading: 'A reenviar...',
  resendSuccess: 'Email reenviado!',
  resendError: 'Não foi possível reenviar',

  resetTitle: 'Definir nova palavra-passe',
  resetSubtitle: 'Use pelo menos 8 caracteres, com letras e números.',
  newPassword: 'Nova palavra-passe',
  confirmNewPassword: 'Confirmar nova palavra-passe',
  savePassword: 'Guardar nova palavra-passe',
  savingPassword: 'A guardar...',
  passwordUpdated: 'Senha atualizada com sucesso!',
  passwordUpdatedDescription: 'Já pode iniciar sessão com a nova palavra-passe.',
  invalidResetDescription:
    'Peça um novo link de recuperação: cada link só funciona uma vez e expira em 1 hora.',
  requestNewLink: 'Pedir novo link',

  verifiedTitle: 'Email verificado com sucesso!',
  verifiedDescription: 'A sua conta está confirmada. Inicie sessão para começar.',
  verifying: 'A confirmar o seu email...',
  verifiedRedirect: 'A entrar na sua conta...',
  verificationFailed: 'Erro na verificação da conta',
  goToAuth: 'Voltar ao início de sessão',

  brandTitle: 'As suas faturas, lidas num instante',
  brandPoints: [
    'Digitalize o código QR ou fotografe a fatura',
    'Extraia NIF, datas, IVA e total automaticamente',
    'Valide cada campo antes de guardar',
    'Sincronize com folhas de cálculo (Sheets e Excel)',
  ],
} as const;
