import { BUILT_IN_CATEGORIES } from '#shared/domain.ts';
import { LIMIT_EXCEEDED_THRESHOLD, LIMIT_WARNING_THRESHOLD } from '#shared/spending-limit.ts';
import { PLANS } from '#shared/plans.ts';
import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

export const fornecedoresELimites: HelpArticle = {
  slug: 'fornecedores-e-limites',
  title: HELP_TOPICS['fornecedores-e-limites'],
  summary:
    'Em Entidades estão os seus fornecedores, com a categoria, as faturas e quanto já gastou com cada um face a um limite de despesa.',
  keywords: [
    'entidades',
    'entidade',
    'fornecedor',
    'orçamento',
    'gastos',
    'despesa',
    'categoria',
    'etiquetas',
    'NIF',
  ],
  blocks: [
    {
      kind: 'text',
      text: 'Cada fatura que regista junta o fornecedor às suas [Entidades](/fornecedores) (categoria **Outros**) se ainda lá não estiver. Também pode criá-lo antes, em **Novo fornecedor**, com o nome e o NIF.',
    },
    {
      kind: 'screenshot',
      image: 'entidades',
      alt: 'Ecrã Entidades com cartões de fornecedores, cada um com a categoria, o número de faturas e uma barra de limite de despesa.',
      caption: 'As entidades, cada uma com a sua barra de limite: verde, amarela ou vermelha.',
    },
    { kind: 'heading', text: 'O que pode fazer com um fornecedor' },
    {
      kind: 'list',
      items: [
        '**Ver faturas**: todas as faturas desse NIF, com os totais pagos, pendentes e vencidos.',
        '**Editar**: o nome, a categoria, o email e o telefone, as **Etiquetas** (por exemplo «Casa»), o aviso por email quando uma fatura é paga e o limite de despesa.',
        '**Eliminar**: retira o fornecedor das entidades; as faturas dele mantêm-se.',
        '**Fornecedor de poupança**: o que paga a este fornecedor conta como poupança em Poupanças.',
      ],
    },
    {
      kind: 'text',
      text: `As categorias incluídas são: ${BUILT_IN_CATEGORIES.map((c) => c.name).join(', ')}. Nos planos Empresarial pode criar as suas, com ícone e cor, em **Categorias** (no ecrã Entidades).`,
    },
    { kind: 'heading', text: 'Definir um limite de despesa' },
    {
      kind: 'steps',
      items: [
        'Em [Entidades](/fornecedores), toque em **Editar** no fornecedor.',
        'Em **Limite de despesa**, ligue **Limite ativo** e escreva o valor em **Limite (€)**.',
        'Escolha o **Período**: **Mensal** (pode indicar o **Dia de renovação**, de 1 a 31), **Semanal** (de segunda a domingo) ou **Personalizado** (com **Início** e **Fim**, e **Renovação automática** para recomeçar no fim de cada período).',
        'Toque em **Guardar**.',
      ],
    },
    {
      kind: 'text',
      text: `O limite conta as faturas pagas desse fornecedor no período atual; as notas de crédito descontam. A barra aparece no cartão do fornecedor, nas faturas dele e no ecrã das suas faturas: **Dentro do limite** (verde) até ${LIMIT_WARNING_THRESHOLD} %, **Atenção ao limite** (amarelo) acima de ${LIMIT_WARNING_THRESHOLD} % e **Limite excedido** (vermelho) acima de ${LIMIT_EXCEEDED_THRESHOLD} %.`,
    },
    {
      kind: 'note',
      text: `Os limites de despesa estão disponíveis a partir do plano ${PLANS.professional.name}: no plano ${PLANS.free.name}, os campos do limite aparecem bloqueados, com a marca **Premium**. Se a conta voltar ao plano ${PLANS.free.name}, os limites ficam guardados mas deixam de contar, e o cartão diz **Limite só ativo a partir do plano ${PLANS.professional.name}**.`,
    },
    { kind: 'action', label: 'Abrir as Entidades', to: '/fornecedores' },
  ],
  related: ['pagamentos-e-faturas-vencidas', 'resumo-e-iva', 'planos'],
};
