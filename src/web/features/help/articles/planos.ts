import { formatCents } from '#shared/money.ts';
import { PLAN_IDS, PLANS, USAGE_WARNING_PERCENT } from '#shared/plans.ts';
import type { HelpArticle } from '../help-content.ts';
import { HELP_TOPICS } from '../help-topics.ts';

/** Each plan as the plans screen sells it: name, price and the same bullet points. */
const planLines = PLAN_IDS.map((id) => {
  const plan = PLANS[id];
  const price = plan.priceCents === 0 ? 'grátis' : `${formatCents(plan.priceCents)} por mês`;
  return `**${plan.name}** (${price}): ${plan.features.join('; ')}.`;
});

export const planos: HelpArticle = {
  slug: 'planos',
  title: HELP_TOPICS.planos,
  summary: `Quatro planos, do ${PLANS.free.name} ao ${PLANS.enterprise_1000.name}: o que cada um inclui, quantas faturas por mês e como mudar de plano.`,
  keywords: [
    'plano',
    'subscrição',
    'assinatura',
    'preço',
    'pagar',
    'gratuito',
    'premium',
    'limite mensal',
    'cupão',
    'fatura mensal',
    'upgrade',
    'coroa',
  ],
  blocks: [
    {
      kind: 'text',
      text: 'Uma conta nova começa no plano Gratuito. Veja e mude o plano em [Planos](/subscription): toque na coroa no cabeçalho.',
    },
    { kind: 'list', items: planLines },
    {
      kind: 'screenshot',
      image: 'planos',
      alt: 'Ecrã Planos num telemóvel: a subscrição Empresarial 500 ativa, a utilização do mês (17 de 500 faturas) e o início da lista dos planos.',
      caption: 'O plano da conta, as faturas registadas este mês e, a seguir, todos os planos.',
    },
    { kind: 'heading', text: 'O limite de faturas por mês' },
    {
      kind: 'text',
      text: `Conta o número de faturas registadas no mês de calendário (pelo Scanner, à mão ou importadas do e-Fatura), seja qual for a data de emissão. Vê a contagem debaixo do botão **+** da barra de baixo e em **Utilização este mês**, no ecrã Planos, que avisa a partir de ${USAGE_WARNING_PERCENT} %. Ao atingir o limite, novas faturas são recusadas até ao mês seguinte ou até mudar de plano; as faturas que já tem não mudam.`,
    },
    { kind: 'heading', text: 'Mudar de plano' },
    {
      kind: 'list',
      items: [
        '**Subscrever**: abre o pagamento com cartão num novo separador. Quando termina, o ecrã Planos atualiza-se sozinho. Tem um código de desconto? Escreva-o em **Cupão de desconto** antes de subscrever.',
        'Para um plano acima, **Mudar para este plano**: a mudança é imediata e paga apenas a diferença proporcional até ao fim do período.',
        'Para um plano abaixo, a mudança fica agendada para o fim do período atual, sem reembolso; até lá mantém o plano. Pode desistir em **Manter o plano atual**.',
        '**Gerir subscrição** abre o portal do cliente, onde muda o cartão ou cancela.',
      ],
    },
    {
      kind: 'text',
      text: 'Quando um plano pago termina, a conta volta ao Gratuito: nada do que criou é apagado, mas deixa de poder usar o que o plano dava (por exemplo, os limites de despesa deixam de contar).',
    },
    {
      kind: 'note',
      text: 'Em instalações sem pagamentos online, o ecrã Planos diz **Como obter um plano pago nesta instalação**: os planos pagos são atribuídos pelo administrador da instalação. Peça-lhe o plano que pretende, indicando o email da sua conta.',
    },
    { kind: 'action', label: 'Ver os planos', to: '/subscription' },
  ],
  related: ['equipas-e-pins', 'fornecedores-e-limites', 'exportacoes-e-efatura'],
};
