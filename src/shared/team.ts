// Teams (issue 18, spec accounts §3–§9, ADR 024): the words and limits shared by
// the server that enforces them and the screens that use them. Messages are the spec's §8 texts
// word for word where it gives one.
// No zod here: the app shell reads these words, and zod stays out of its first load
// (the request shapes are in #shared/schemas/team.ts).
import type { Actor, SubUserRole } from './permissions.ts';

/** What a team session stands for: the main user by PIN, a PIN profile, or a member's login. */
export const TEAM_SESSION_KINDS = ['main', 'sub-user', 'member'] as const;
export type TeamSessionKind = (typeof TEAM_SESSION_KINDS)[number];

// Spec §9.
export const TEAM_SESSION_TTL_MS = 86_400_000;
export const PIN_PATTERN = /^\d{4,6}$/;
export const RECOVERY_CODE_LENGTH = 6;
export const RECOVERY_CODE_TTL_MS = 15 * 60_000;
export const INVITATION_TTL_MS = 7 * 86_400_000;
/** The main-user attempt hint appears at the third attempt (after 2 failures). */
export const MAIN_PIN_HINT_AFTER_FAILURES = 2;
export const MAIN_PIN_ATTEMPTS_SHOWN = 3;
/** Spec §4/§9: a pending invitation is processed this long after sign-in. */
export const INVITATION_DELAY_MS = 1_000;
/** Spec §9: the recovery form resets this long after 'PIN Definido!'. */
export const RECOVERY_RESET_MS = 2_000;

/** The cookie of the server-side team session (httpOnly; its token is never readable by JS). */
export const TEAM_COOKIE = 'papelada.team';
/** The query parameter of an invitation link, and where the web keeps it across sign-up. */
export const INVITE_TOKEN_PARAM = 'invite_token';
export const PENDING_INVITE_STORAGE_KEY = 'pending_team_invite_token';

export const TEAM_MESSAGES = {
  // §5 validation
  pinFormat: 'PIN deve ter entre 4 a 6 dígitos numéricos',
  chooseSubUser: 'Por favor, selecione um utilizador e introduza o PIN',
  mainPinRequired: 'Por favor, introduza o seu PIN principal',
  recoveryFields: 'Por favor, preencha todos os campos',
  // §8 sub-user login
  wrongSubUserPin: (name: string) =>
    `PIN incorreto para o utilizador ${name}. Verifique o PIN e tente novamente.`,
  inactiveSubUser: (name: string) => `O utilizador ${name} está inativo. Contacte o administrador.`,
  teamAccessDenied: 'Acesso negado à equipa. Verifique as suas permissões.',
  subUserNotFound: (name: string) =>
    `Sub-utilizador ${name} não foi encontrado na equipa especificada.`,
  loginFallback: 'Erro no login. Tente novamente.',
  invalidSessionData: 'Não foi possível criar a sessão. Dados de resposta inválidos.',
  mainNotAuthenticated: 'Utilizador principal não autenticado',
  // §8 main-user PIN
  wrongMainPin: 'PIN incorreto',
  wrongMainPinShown: 'PIN principal incorreto.',
  tooManyFailures: 'Muitas tentativas falhadas',
  useRecoveryHint: "Use 'Esqueci o PIN' para definir um novo PIN.",
  attemptOf: (attempt: number) => `Tentativa ${attempt}/${MAIN_PIN_ATTEMPTS_SHOWN}`,
  mainPinNotSet: 'Configure o seu PIN principal primeiro',
  mainPinNotSetUi: 'Configure o seu PIN principal primeiro nas definições',
  mainAccessFailed: 'Erro ao aceder como utilizador principal',
  setMainPinFailed: 'Erro ao configurar PIN principal',
  // §8 PIN recovery
  noAccountEmail: 'Não foi possível obter o email da conta',
  recoveryRateLimited: 'Limite de tentativas excedido. Tente novamente em alguns minutos.',
  recoverySendFailed: 'Erro ao enviar código de recuperação',
  recoveryPinNotSet: 'PIN principal não configurado',
  recoveryCodeInvalid: 'Código de recuperação inválido ou expirado',
  recoveryValidateFailed: 'Erro ao validar código de recuperação',
  // §8 other
  locked: 'Limite de tentativas excedido. Conta temporariamente bloqueada.',
  sessionEnded: 'Sessão encerrada',
  // §8 invitation
  inviteAcceptFailed: 'Erro ao aceitar convite',
  inviteUnexpected: 'Erro inesperado ao processar convite',
  inviteInvalid: 'Convite inválido ou expirado',
  inviteOtherEmail: 'Este convite foi enviado para outro endereço de email.',
  inviteOwnAccount: 'Não pode aceitar um convite para a sua própria conta.',
  // §8 successes
  inviteAccepted: 'Convite aceito com sucesso!',
  inviteWelcome: 'Bem-vindo à equipe!',
  signedInAs: (name: string) => `Sessão iniciada como ${name}`,
  mainAuthorized: 'Acesso autorizado como utilizador principal',
  mainPinSet: 'PIN principal configurado com sucesso',
  mainPinReset: 'PIN principal redefinido com sucesso',
  pinDefined: 'PIN Definido!',
  // Ours, where the spec gives none
  profileSelectionRequired: 'Escolha o perfil com que vai trabalhar antes de continuar.',
  teamSessionEnded: 'A sessão deste perfil terminou. Escolha o perfil de novo.',
  noActiveSubUsers: 'Não foram encontrados sub-utilizadores ativos',
  nameRequired: 'Indique o nome do sub-utilizador.',
  nameTooLong: 'O nome do sub-utilizador tem no máximo 60 caracteres.',
  nameTaken: 'Já existe um sub-utilizador com esse nome.',
  roleInvalid: 'Escolha a função: Administrador, Gestor ou Utilizador.',
  currentPinWrong: 'O PIN principal atual não está correto.',
  memberNotFound: 'Este membro já não faz parte da equipa.',
  invitationNotFound: 'Este convite já não existe.',
  alreadyMember: 'Esta pessoa já faz parte da equipa.',
  notAMemberOf: 'Não pertence à equipa desta conta.',
} as const;

/**
 * The key an acting profile is recorded under (invoices' created_by / updated_by): a person
 * with a login by their user id — the account holder or a member — and a PIN profile by its id.
 * Null while no profile is chosen (nothing is written then).
 */
export function actorKeyOf(actor: Actor, userId: string): string | null {
  switch (actor.kind) {
    case 'main':
      return `user:${userId}`;
    case 'member':
      return `user:${actor.userId}`;
    case 'sub-user':
      return `sub:${actor.subUserId}`;
    case 'pending':
      return null;
  }
}

/** Who is acting, as /api/profile tells the web (the header shows it). */
export type ActingProfile =
  | { kind: 'main'; name: string; teamManagement: boolean }
  | { kind: 'sub-user'; name: string; role: SubUserRole; subUserId: string }
  | { kind: 'member'; name: string; role: SubUserRole; accountName: string }
  | { kind: 'pending'; name: string };
