import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

export const primeirosPassos: HelpArticle = {
  slug: 'primeiros-passos',
  title: HELP_TOPICS['primeiros-passos'],
  summary:
    'Crie a conta, confirme o email e registe a primeira fatura: pelo código QR, por uma fotografia ou PDF, à mão ou a partir do e-Fatura.',
  keywords: ['começar', 'registo', 'conta nova', 'criar conta', 'início', 'tutorial', 'menu'],
  blocks: [
    { kind: 'heading', text: 'Criar a conta' },
    {
      kind: 'steps',
      items: [
        'Na página **Iniciar sessão**, ao lado de «Não tem uma conta?», toque em **Crie aqui**. Se aparecer o botão **Continuar com Google**, também pode entrar com a sua conta Google.',
        'Escolha **Particular** (faturas da casa e pessoais) ou **Empresa** (indique o nome e o NIF da empresa).',
        'Preencha o email e a palavra-passe, aceite os Termos de Serviço e a Política de Privacidade e toque em **Criar Conta**.',
        'Abra o email que lhe enviámos e toque na ligação de confirmação (válida durante 24 horas): a sessão inicia-se e chega à lista de faturas. Não o encontra? Veja na pasta de spam ou peça outro.',
      ],
    },
    {
      kind: 'note',
      text: 'Indique o seu NIF em [O meu perfil](/meu-perfil) (**Editar perfil**). O resumo usa-o para separar os gastos feitos com o seu NIF dos restantes.',
    },
    { kind: 'heading', text: 'Registar a primeira fatura' },
    {
      kind: 'list',
      items: [
        '**Scanner** (na barra de baixo do telemóvel): aponte a câmara ao código QR da fatura. É o caminho mais rápido e o mais fiável — veja [Digitalizar uma fatura](/ajuda-tutoriais/digitalizar-codigo-qr).',
        '**Fotografia ou PDF**, também no Scanner: o Papelada lê o código QR ou o texto do documento e guarda o documento como imagem da fatura.',
        '**+** (o botão redondo ao centro da barra): abre [Nova fatura](/nova-fatura) para escrever a fatura à mão.',
        '**Importar do e-Fatura**, na lista de faturas: traz de uma só vez as faturas que já estão no Portal das Finanças.',
      ],
    },
    {
      kind: 'screenshot',
      image: 'faturas',
      alt: 'Ecrã «As minhas faturas» num telemóvel: cartões Pendente, Paga e Vencida com totais, filtro Urgentes e cartões de faturas.',
      caption:
        'A lista de faturas: os cartões Pendente, Paga e Vencida mostram quantas são e quanto somam, e servem de filtro.',
    },
    { kind: 'heading', text: 'Orientar-se na aplicação' },
    {
      kind: 'list',
      items: [
        '**Faturas**: a lista, com pesquisa por entidade ou número, o período (**Este mês**, **Últimos 30 dias**, **Meses anteriores**, **Todas as Faturas**) e os filtros por estado. Em **Este mês** aparecem também as faturas de meses anteriores ainda por pagar, com a etiqueta **Pendente do mês anterior**.',
        '**Entidades**: os seus fornecedores, com categoria, faturas e limite de despesa.',
        '**Resumo**: o mês em números, gráficos e o IVA por região e taxa.',
        'No cabeçalho: a coroa abre os [Planos](/subscription), o **?** abre esta ajuda e a sua fotografia abre o menu do perfil (perfil, poupanças, configurações, equipa, integrações e **Sair**).',
      ],
    },
    {
      kind: 'text',
      text: 'Debaixo do botão **+** vê quantas faturas já registou este mês e o limite do seu plano (por exemplo, 7/15). O anel fica amarelo a partir de 60 % e vermelho a partir de 85 %.',
    },
    {
      kind: 'text',
      text: 'Prefere uma lista compacta a cartões? Em [O meu perfil](/meu-perfil), **Preferências**, escolha **Lista** em **Visualização das faturas**.',
    },
    { kind: 'action', label: 'Ir para as minhas faturas', to: '/' },
  ],
  related: ['digitalizar-codigo-qr', 'pagamentos-e-faturas-vencidas', 'planos'],
};
