// The words of 'Acesso à Conta' and its PIN recovery (spec accounts §2, §4, §8), in one place.
// The spec's own texts come from #shared/team.ts word for word; the rest are ours.
import { TEAM_MESSAGES } from '#shared/team.ts';

export const ACCESS_MESSAGES = {
  title: 'Acesso à Conta',
  subtitle: 'Escolha com que perfil vai trabalhar nesta conta.',
  accountOf: (name: string) => `Conta de ${name}`,
  tabsLabel: 'Tipo de acesso',
  subUserTab: 'Sub-utilizador',
  mainTab: 'Utilizador Principal',
  loading: 'A carregar os perfis...',
  loadFailed: 'Não foi possível carregar os perfis da conta.',
  retry: 'Tentar novamente',
  signOut: 'Sair',
  signingOut: 'A sair...',

  // Sub-user
  subUserLabel: 'Utilizador',
  chooseSubUser: 'Selecione um utilizador',
  noActiveSubUsers: TEAM_MESSAGES.noActiveSubUsers,
  pinLabel: 'PIN',
  enterAsSubUser: 'Entrar como Sub-utilizador',
  entering: 'A entrar...',

  // Main user
  mainPinLabel: 'PIN principal',
  mainIntro: 'O titular da conta entra com o seu PIN principal.',
  enterAsMain: 'Aceder como Utilizador Principal',
  forgotPin: 'Esqueci o PIN',
  wrongMainPin: TEAM_MESSAGES.wrongMainPinShown,
  attemptOf: TEAM_MESSAGES.attemptOf,
  tooManyFailures: TEAM_MESSAGES.tooManyFailures,
  useRecoveryHint: TEAM_MESSAGES.useRecoveryHint,

  // PIN recovery
  recoveryTitle: 'Recuperar PIN principal',
  recoverySendIntro:
    'Enviamos um código de recuperação de 6 caracteres para o email da conta. O código é válido durante 15 minutos.',
  sendCode: 'Enviar Código',
  sendingCode: 'A enviar...',
  recoveryConfirmIntro: 'Introduza o código que recebeu por email e escolha um novo PIN principal.',
  codeLabel: 'Código de recuperação',
  newPinLabel: 'Novo PIN',
  newPinHint: 'De 4 a 6 dígitos.',
  setPin: 'Definir PIN',
  settingPin: 'A definir...',
  resendCode: 'Enviar novo código',
  cancel: 'Cancelar',
  pinDefined: TEAM_MESSAGES.pinDefined,
  pinDefinedHint: 'A entrar como utilizador principal...',

  // Who acts (header and drawer)
  actingAs: (name: string, role: string) => `A trabalhar como ${name} (${role})`,
  workingIn: (account: string) => `a trabalhar em ${account}`,
  endSessionFailed: 'Não foi possível terminar a sessão do perfil.',
} as const;
