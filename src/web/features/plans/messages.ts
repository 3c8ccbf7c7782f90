// Every pt-PT text of the plans feature: the subscription screen (/subscription and its
// checkout return addresses), the dev plan switch (ADR 010) and the subscription toasts of
// spec accounts §8, word for word.
import { PLANS, type PlanId, type SubscriptionStatus } from '#shared/plans.ts';

/** Spec accounts §8 "Subscription toasts", word for word. */
export const SUBSCRIPTION_TOASTS = {
  checkFailed: 'Erro ao verificar subscrição',
  limitCheckFailed: 'Erro ao verificar limite',
  checkoutFailed: 'Erro ao criar sessão de pagamento',
  updateFailed: 'Erro ao actualizar subscrição',
  couponFailed: 'Erro ao validar cupão',
  couponInvalid: 'Cupão inválido ou expirado',
  portalFailed: 'Erro ao abrir portal do cliente',
  changeFailed: 'Erro ao alterar plano',
} as const;

/** The headings of the three addresses that show the screen (spec accounts §2). */
export const SUBSCRIPTION_HEADINGS = {
  plans: 'Planos',
  success: 'Pagamento concluído',
  canceled: 'Pagamento cancelado',
} as const;

export const STATUS_LABELS = {
  active: 'Ativa',
  trialing: 'Em período experimental',
  past_due: 'Pagamento em atraso',
  canceled: 'Cancelada',
} as const satisfies Record<SubscriptionStatus, string>;

export const PLANS_MESSAGES = {
  current: 'Plano atual',
  chosen: 'Escolhido',
  allPlans: 'Todos os planos',
  perMonth: '/mês',
  free: 'Grátis',
  successLead:
    'Obrigado! A sua subscrição fica ativa assim que o pagamento for confirmado; esta página atualiza-se sozinha.',
  canceledLead:
    'O pagamento foi cancelado e nada foi cobrado. Pode escolher um plano quando quiser.',
  loading: 'A carregar a subscrição…',
  retry: 'Tentar novamente',

  // The current plan.
  currentPlanTitle: 'A sua subscrição',
  statusLabel: 'Estado',
  renewsOn: (date: string) => `Renova a ${date}`,
  endsOn: (date: string) => `O plano termina a ${date}`,
  scheduledChange: (planId: PlanId, date: string) =>
    `Muda para o plano ${PLANS[planId].name} a ${date}`,
  freeNoRenewal: 'Plano gratuito, sem pagamentos nem renovação.',
  manageSubscription: 'Gerir subscrição',
  openingPortal: 'A abrir…',
  pastDueHint: 'O último pagamento falhou. Atualize o método de pagamento para manter o plano.',
  couponApplied: (code: string) => `Cupão ${code} aplicado`,

  // Usage this month.
  usageTitle: 'Utilização este mês',
  invoicesLabel: 'Faturas',
  usageCount: (current: number, limit: number) => `${current} de ${limit} faturas`,
  usageWarning: 'Está perto do limite mensal de faturas.',
  usageAtLimit:
    'Atingiu o limite mensal de faturas. Mude de plano para registar mais faturas este mês.',
  photosLabel: 'Fotos por fatura',
  photosValue: (count: number) => (count === 1 ? 'Até 1 foto' : `Até ${count} fotos`),

  // Checkout and plan changes.
  subscribe: 'Subscrever',
  subscribing: 'A preparar pagamento…',
  changeTo: 'Mudar para este plano',
  changing: 'A mudar…',
  continueToPayment: 'Continuar para o pagamento',
  paymentTabBlocked: 'O navegador não abriu o separador do pagamento. Use o botão para continuar.',
  paymentOpened:
    'O pagamento abriu num novo separador. Quando terminar, esta página atualiza-se sozinha.',
  newTab: '(abre num novo separador)',
  upgradeTitle: (name: string) => `Mudar para ${name}?`,
  upgradeBody:
    'A mudança é imediata. Paga apenas a diferença proporcional até ao fim do período atual.',
  downgradeTitle: (name: string) => `Mudar para ${name}?`,
  downgradeBody:
    'A mudança fica agendada para o fim do período atual, sem reembolso. Até lá mantém o plano atual.',
  confirmChange: 'Confirmar mudança',
  cancel: 'Cancelar',
  changeScheduled: (date: string) => `Mudança agendada para ${date}.`,
  keepCurrent: 'Manter o plano atual',
  keepingCurrent: 'A manter…',
  keptCurrent: 'A mudança agendada foi anulada.',
  autostartCurrent: (name: string) => `Já tem o plano ${name}.`,

  // Coupon.
  couponLabel: 'Cupão de desconto',
  couponPlaceholder: 'Código do cupão',
  couponApply: 'Aplicar',
  couponChecking: 'A validar…',
  couponRemove: 'Remover cupão',
  couponRequired: 'Introduza o código do cupão',
  couponHint: 'O desconto aplica-se ao pagamento do plano que escolher.',

  // No payment provider on this installation (the default self-hosted install).
  manualTitle: 'Como obter um plano pago nesta instalação',
  manualBody:
    'Esta instalação não tem pagamentos online. Os planos pagos são atribuídos pelo administrador da instalação: peça-lhe o plano que pretende, indicando o email da sua conta.',
  manualChosen: (name: string) => `Escolheu o plano ${name}.`,
  manualContact: 'Contacto do administrador:',
  manualGranted:
    'O seu plano foi atribuído pelo administrador desta instalação. Para o mudar ou cancelar, contacte-o.',

  // The dev switch (ADR 010): only where GET /api/dev/plan exists.
  devTitle: 'Modo de desenvolvimento',
  devHint:
    'Sem pagamentos configurados, pode ativar qualquer plano nesta conta para experimentar as funcionalidades pagas.',
  activate: 'Ativar este plano',
  activating: 'A ativar…',
  activated: (name: string) => `Plano ${name} ativado`,
  activateFailed: 'Não foi possível mudar de plano',
  loadFailed: 'Não foi possível carregar o plano',
} as const;
