import { ROLE_LABELS } from '#shared/permissions.ts';
import { PLANS } from '#shared/plans.ts';
import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

const { administrator, manager, user } = ROLE_LABELS;

export const equipasEPins: HelpArticle = {
  slug: 'equipas-e-pins',
  title: HELP_TOPICS['equipas-e-pins'],
  summary:
    'Trabalhe em equipa na mesma conta: perfis com PIN para quem partilha um dispositivo, membros convidados por email e três funções com direitos diferentes.',
  keywords: [
    'equipa',
    'equipos',
    'PIN',
    'perfil',
    'sub-utilizador',
    'membro',
    'convite',
    'funcionário',
    'função',
    'permissões',
    'Acesso à Conta',
    'esqueci o PIN',
  ],
  blocks: [
    {
      kind: 'text',
      text: `A gestão de equipa está nos planos ${PLANS.enterprise_500.name} e ${PLANS.enterprise_1000.name}. Abra-a no menu do perfil (a sua fotografia, no cabeçalho), em **Gestão de equipos**, ou em [Gestão de equipa](/gestao-equipas).`,
    },
    { kind: 'heading', text: 'Perfis com PIN num dispositivo partilhado' },
    {
      kind: 'text',
      text: 'Para o tablet da loja ou o computador do escritório: a conta fica com a sessão iniciada e cada pessoa escolhe o seu perfil e escreve o seu PIN.',
    },
    {
      kind: 'steps',
      items: [
        'Em **PIN principal**, escreva um PIN de 4 a 6 dígitos e toque em **Configurar PIN**. É o PIN com que o titular da conta entra como Utilizador Principal.',
        'Em **Sub-utilizadores**, toque em **Novo sub-utilizador**, escreva o **Nome**, escolha a **Função** e o **PIN** (4 a 6 dígitos) e toque em **Criar**. Repita para cada pessoa.',
        'Ligue o interruptor **Gestão de equipa**. A partir daí, quem entra na conta vê o ecrã **Acesso à Conta** antes de continuar.',
      ],
    },
    {
      kind: 'screenshot',
      image: 'equipa',
      alt: 'Lista de sub-utilizadores: Marta Silva, Gestor, e Rui Costa, Utilizador, ambos ativos, cada um com Editar e Desativar.',
      caption: 'Um perfil para cada pessoa, com a sua função.',
    },
    { kind: 'heading', text: 'Entrar com o PIN' },
    {
      kind: 'list',
      items: [
        'No separador **Sub-utilizador**, escolha o seu nome, escreva o PIN e toque em **Entrar como Sub-utilizador**.',
        'No separador **Utilizador Principal**, o titular escreve o PIN principal e toca em **Aceder como Utilizador Principal**.',
        'O perfil escolhido aparece no cabeçalho. A sessão do perfil dura 24 horas e termina antes com **Sair** (no menu do perfil), quando o perfil é desativado ou quando o PIN dele muda.',
      ],
    },
    {
      kind: 'screenshot',
      image: 'acesso-conta',
      alt: 'Ecrã «Acesso à Conta» com os separadores Sub-utilizador e Utilizador Principal, a lista de perfis e o campo do PIN.',
      caption: 'Com a gestão de equipa ligada, cada pessoa entra com o seu perfil e PIN.',
    },
    {
      kind: 'text',
      text: 'As tentativas de PIN são limitadas: o PIN principal admite 3 tentativas (vê **Tentativa 1/3**…) e o de cada perfil 5, em cada 15 minutos. Depois disso, espere ou use **Esqueci o PIN**.',
    },
    { kind: 'heading', text: 'Esqueci o PIN principal' },
    {
      kind: 'steps',
      items: [
        'Em **Acesso à Conta**, separador **Utilizador Principal**, toque em **Esqueci o PIN** e depois em **Enviar Código**.',
        'Abra o email da conta: traz um código de recuperação de 6 carateres, válido durante 15 minutos.',
        'Escreva o código e um novo PIN e toque em **Definir PIN**: entra como utilizador principal.',
      ],
    },
    {
      kind: 'note',
      text: 'Um sub-utilizador que esqueceu o PIN pede ao titular (ou a um Administrador) que lhe defina outro: em **Sub-utilizadores**, **Editar**, **Novo PIN (opcional)**.',
    },
    { kind: 'heading', text: 'Membros com a sua própria conta' },
    {
      kind: 'text',
      text: 'Para quem trabalha noutro dispositivo (o contabilista, um sócio): em **Convites**, escreva o email, escolha a função e toque em **Enviar convite**. A pessoa abre a ligação do email (válida durante 7 dias), entra ou cria a sua conta e fica na equipa. No menu do perfil, em **Contas**, passa da conta própria para a da empresa. Pode mudar a função de um membro ou **Remover** o acesso a qualquer momento.',
    },
    { kind: 'heading', text: 'As três funções' },
    {
      kind: 'table',
      caption: 'O que cada função pode fazer',
      head: ['Função', 'Pode'],
      rows: [
        [
          administrator,
          'Tudo o que o titular pode, exceto configurar o PIN principal, desligar a gestão de equipa e descarregar ou eliminar os dados da conta.',
        ],
        [
          manager,
          'Ver e registar faturas e fornecedores, editá-los, usar o Scanner, ver o Resumo e o CMV. Não elimina, nem exporta, nem mexe em Poupanças, Integrações, Configurações, equipa ou categorias.',
        ],
        [
          user,
          'Registar faturas (pelo Scanner ou à mão) e ver as entidades. Vê só as faturas que ele próprio registou, não as altera (nem as marca como pagas) e não tem Resumo.',
        ],
      ],
    },
    {
      kind: 'text',
      text: 'Cada fatura guarda quem a criou e quem a alterou por último (**Criada por** e **Alterada por**, ao abrir a fatura).',
    },
    { kind: 'action', label: 'Abrir a Gestão de equipa', to: '/gestao-equipas' },
  ],
  related: ['planos', 'privacidade-e-seguranca', 'primeiros-passos'],
};
