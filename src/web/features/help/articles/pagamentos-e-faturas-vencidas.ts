import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

export const pagamentosEFaturasVencidas: HelpArticle = {
  slug: 'pagamentos-e-faturas-vencidas',
  title: HELP_TOPICS['pagamentos-e-faturas-vencidas'],
  summary:
    'Cada fatura está Pendente, Paga ou Vencida. Veja o que vence nos próximos dias, marque o que pagou e avise o fornecedor por email.',
  keywords: [
    'pagar',
    'paga',
    'pendente',
    'vencida',
    'atraso',
    'prazo',
    'vencimento',
    'urgente',
    'data limite',
    'método de pagamento',
  ],
  blocks: [
    { kind: 'heading', text: 'Os três estados de uma fatura' },
    {
      kind: 'list',
      items: [
        '**Pendente**: por pagar, dentro do prazo.',
        '**Paga**: marcada como paga, com o método (**Dinheiro**, **Cartão** ou **Outro**).',
        '**Vencida**: por pagar depois da data de vencimento. Uma fatura pendente passa a vencida logo no dia a seguir ao vencimento, sem precisar de fazer nada.',
      ],
    },
    {
      kind: 'text',
      text: 'Na [lista de faturas](/), os cartões **Pendente**, **Paga** e **Vencida** mostram quantas faturas há em cada estado e quanto somam. Toque num cartão para ver só esse estado; pode juntar mais do que um, e sem nenhum escolhido vê todos.',
    },
    {
      kind: 'text',
      text: 'O filtro **Urgentes** mostra as faturas pendentes que vencem nos próximos 3 dias, com a etiqueta **Urgente** no cartão: são as primeiras a pagar.',
    },
    { kind: 'heading', text: 'Marcar uma fatura como paga' },
    {
      kind: 'steps',
      items: [
        'Toque na fatura para a abrir.',
        'Ligue o interruptor **Paga**.',
        'Em **Como foi paga?**, escolha **Dinheiro**, **Cartão** ou **Outro**. Fica guardado de imediato e vê **Fatura paga com sucesso**.',
      ],
    },
    {
      kind: 'screenshot',
      image: 'fatura-vencida',
      alt: 'Fatura vencida aberta num telemóvel: o interruptor Paga ligado e a pergunta «Como foi paga?» com Dinheiro, Cartão e Outro.',
      caption: 'Uma fatura vencida aberta: ligue **Paga** e diga como foi paga.',
    },
    {
      kind: 'text',
      text: 'Enganou-se? Desligue **Paga**: a fatura volta a **Pendente**, ou a **Vencida** se a data de vencimento já passou. Para mudar a data de vencimento, toque em **Editar**.',
    },
    { kind: 'heading', text: 'Avisar o fornecedor por email' },
    {
      kind: 'text',
      text: 'Se o fornecedor tiver email e a opção **Avisar por email quando uma fatura for paga** ligada (em [Entidades](/fornecedores), **Editar**), o Papelada envia-lhe um email quando marca a fatura como paga — uma vez por fatura. Pode receber uma cópia (**Enviar-me uma cópia do email**) e escrever uma **Mensagem personalizada**. Os emails enviados ficam em [Configurações](/configuracoes), **Histórico de emails**.',
    },
    { kind: 'heading', text: 'A verificação diária' },
    {
      kind: 'text',
      text: 'Todos os dias às 00:05 (hora de Lisboa) as faturas pendentes com a data de vencimento ultrapassada ficam registadas como vencidas. O botão **Expirar faturas**, por baixo dos filtros, faz essa verificação na hora; ao lado vê quando foi a **Última verificação** e quando é a **Próxima**.',
    },
    {
      kind: 'note',
      text: 'A data de vencimento vem, por omissão, igual à data de emissão. Se o fornecedor lhe dá 30 dias, corrija-a ao registar a fatura: é ela que decide quando a fatura fica urgente e vencida.',
    },
    { kind: 'action', label: 'Ver as faturas', to: '/' },
  ],
  related: ['fornecedores-e-limites', 'primeiros-passos', 'resumo-e-iva'],
};
