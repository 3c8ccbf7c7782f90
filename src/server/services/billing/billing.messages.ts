// Every pt-PT word of billing (spec accounts §8 "Subscription toasts" where it gives one), in one
// place for the providers and the routes of features/billing.
import { formatDateShort, todayInLisbon } from '#shared/dates.ts';
import { PLANS, type PlanId } from '#shared/plans.ts';

export const BILLING_MESSAGES = {
  invalidCoupon: 'Cupão inválido ou expirado',
  checkoutFailed: 'Erro ao criar sessão de pagamento',
  portalFailed: 'Erro ao abrir portal do cliente',
  couponFailed: 'Erro ao validar cupão',
  changeFailed: 'Erro ao alterar plano',
  updateFailed: 'Erro ao actualizar subscrição',
  noSubscription: 'Ainda não tem uma subscrição paga. Escolha um plano para subscrever.',
  alreadySubscribed:
    'Já tem uma subscrição ativa. Para mudar de plano, use a opção de alterar plano.',
  grantedByOperator:
    'O seu plano foi atribuído pelo administrador. Contacte o suporte para o alterar.',
  invalidSignature: 'Assinatura do webhook inválida.',
} as const;

/** The manual provider's answer to anything that would need a payment service. */
export function billingUnavailableMessage(supportEmail?: string): string {
  const contact = supportEmail ? `Contacte o suporte (${supportEmail})` : 'Contacte o suporte';
  return `Nesta instalação os planos são atribuídos pelo administrador. ${contact} para mudar de plano.`;
}

const dateOf = (moment: Date) => formatDateShort(todayInLisbon(moment));
const nameOf = (planId: PlanId) => PLANS[planId].name;

/** The `message` of smart-plan-change and update-subscription. */
export const PLAN_CHANGE_MESSAGES = {
  upgradedNow: (target: PlanId) =>
    `Plano alterado para ${nameOf(target)}. A diferença do período atual é cobrada agora, proporcionalmente.`,
  downgradedNow: (target: PlanId) =>
    `Plano alterado para ${nameOf(target)}. O valor não usado do período atual fica como crédito na próxima fatura.`,
  canceledNow: () => 'A subscrição foi cancelada. A conta passou ao plano Gratuito.',
  scheduled: (current: PlanId, target: PlanId, at: Date) =>
    target === 'free'
      ? `A subscrição termina a ${dateOf(at)}. Até lá mantém o plano ${nameOf(current)}, sem reembolso; depois passa ao plano Gratuito.`
      : `A mudança para o plano ${nameOf(target)} fica agendada para ${dateOf(at)}. Até lá mantém o plano ${nameOf(current)}, sem reembolso.`,
  undone: (current: PlanId) =>
    `A alteração agendada foi cancelada. Mantém o plano ${nameOf(current)}.`,
  samePlan: (current: PlanId) => `Já está no plano ${nameOf(current)}.`,
} as const;
