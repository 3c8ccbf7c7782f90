// The words of /gestao-equipas and of an invitation link (pt-PT), in one place. The spec's own
// texts (accounts §8) come from #shared/team.ts; the rest are ours.
import { TEAM_MESSAGES } from '#shared/team.ts';

export const TEAMS_MESSAGES = {
  pageTitle: 'Gestão de equipa',
  lockedTitle: 'Trabalhe em equipa na mesma conta',
  highlights: [
    'Perfis com PIN para quem partilha o mesmo dispositivo',
    'Convites por email para quem entra com a sua própria conta',
    'Três funções: Administrador, Gestor e Utilizador',
    'Cada fatura regista quem a criou e quem a alterou',
  ],
  intro:
    'Dê acesso à sua conta a quem trabalha consigo: perfis com PIN num dispositivo partilhado, ou membros que entram com a sua própria conta.',
  loading: 'A carregar a equipa...',
  loadFailed: 'Não foi possível carregar a equipa.',
  retry: 'Tentar novamente',
  cancel: 'Cancelar',
  saving: 'A guardar...',
  working: 'Aguarde...',

  // The switch
  switchTitle: 'Gestão de equipa',
  switchLabel: 'Gestão de equipa',
  switchOn:
    'Ligada: ao entrar na conta, cada pessoa escolhe o seu perfil e introduz o PIN antes de continuar.',
  switchOff:
    'Desligada: quem entra na conta trabalha como titular, sem escolher perfil. Os perfis ficam guardados.',
  enabled: 'Gestão de equipa ligada',
  disabled: 'Gestão de equipa desligada',
  switchFailed: 'Não foi possível alterar a gestão de equipa.',
  mainPinFirst: TEAM_MESSAGES.mainPinNotSet,

  // The main PIN
  mainPinTitle: 'PIN principal',
  mainPinDescription:
    'O PIN com que o titular da conta entra como Utilizador Principal quando a gestão de equipa está ligada.',
  mainPinIsSet: 'O PIN principal está configurado.',
  mainPinNotSet: 'Ainda não configurou o PIN principal.',
  currentPinLabel: 'PIN atual',
  newPinLabel: 'Novo PIN',
  pinLabel: 'PIN',
  pinHint: 'De 4 a 6 dígitos.',
  setMainPin: 'Configurar PIN',
  changeMainPin: 'Alterar PIN',
  mainPinSaved: TEAM_MESSAGES.mainPinSet,
  mainPinFailed: TEAM_MESSAGES.setMainPinFailed,
  mainPinOwnerOnly: 'Só o titular da conta pode configurar o PIN principal.',
  showPin: 'Mostrar PIN',
  hidePin: 'Ocultar PIN',

  // Sub-users
  subUsersTitle: 'Sub-utilizadores',
  subUsersDescription:
    'Perfis com PIN para quem usa este dispositivo: escolhem o seu nome e introduzem o PIN.',
  noSubUsers: 'Ainda não há sub-utilizadores',
  noSubUsersHint: 'Crie um perfil para cada pessoa que usa a conta neste dispositivo.',
  newSubUser: 'Novo sub-utilizador',
  editSubUser: 'Editar sub-utilizador',
  editSubUserOf: (name: string) => `Editar ${name}`,
  nameLabel: 'Nome',
  roleLabel: 'Função',
  roleOf: (name: string) => `Função de ${name}`,
  newPinOptional: 'Novo PIN (opcional)',
  newPinOptionalHint:
    'Deixe em branco para manter o PIN atual. Um PIN novo termina a sessão deste perfil.',
  create: 'Criar',
  save: 'Guardar',
  active: 'Ativo',
  inactive: 'Inativo',
  deactivate: 'Desativar',
  reactivate: 'Reativar',
  deactivateOf: (name: string) => `Desativar ${name}`,
  reactivateOf: (name: string) => `Reativar ${name}`,
  edit: 'Editar',
  subUserCreated: (name: string) => `Sub-utilizador ${name} criado`,
  subUserUpdated: 'Sub-utilizador atualizado',
  subUserDeactivated: (name: string) => `${name} foi desativado`,
  subUserReactivated: (name: string) => `${name} foi reativado`,
  createSubUserFailed: 'Não foi possível criar o sub-utilizador.',
  updateSubUserFailed: 'Não foi possível atualizar o sub-utilizador.',

  // Members
  membersTitle: 'Membros',
  membersDescription: 'Pessoas que entram com a sua própria conta e trabalham nesta conta.',
  noMembers: 'Ainda não há membros',
  noMembersHint: 'Convide alguém por email: ao aceitar, passa a poder trabalhar nesta conta.',
  joinedOn: (date: string) => `Membro desde ${date}`,
  remove: 'Remover',
  removeOf: (name: string) => `Remover ${name}`,
  removeTitle: 'Remover membro?',
  removeQuestion: (name: string) =>
    `${name} deixa de ter acesso a esta conta de imediato. Pode voltar a convidá-lo mais tarde.`,
  memberRemoved: (name: string) => `${name} foi removido da equipa`,
  memberRoleChanged: (name: string, role: string) => `${name} passou a ${role}`,
  updateMemberFailed: 'Não foi possível alterar a função.',
  removeMemberFailed: 'Não foi possível remover o membro.',

  // Invitations
  invitationsTitle: 'Convites',
  invitationsDescription:
    'Quem recebe o convite abre a ligação do email, entra ou cria a sua conta e fica nesta equipa.',
  emailLabel: 'Email',
  emailPlaceholder: 'nome@empresa.pt',
  invite: 'Enviar convite',
  inviting: 'A enviar...',
  invited: (email: string) => `Convite enviado para ${email}`,
  inviteFailed: 'Não foi possível enviar o convite.',
  pendingTitle: 'Convites pendentes',
  noInvitations: 'Não há convites pendentes',
  expiresOn: (date: string) => `Expira a ${date}`,
  revoke: 'Revogar',
  revokeOf: (email: string) => `Revogar o convite de ${email}`,
  revoked: 'Convite revogado',
  revokeFailed: 'Não foi possível revogar o convite.',
} as const;

/** What an invitation link does once its person is signed in (spec accounts §4, §8). */
export const INVITATION_MESSAGES = {
  accepted: TEAM_MESSAGES.inviteAccepted,
  welcome: TEAM_MESSAGES.inviteWelcome,
  failed: TEAM_MESSAGES.inviteAcceptFailed,
  unexpected: TEAM_MESSAGES.inviteUnexpected,
} as const;
