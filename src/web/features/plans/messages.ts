// The plans screen (/subscription) until billing lands (ADR 010).
export const PLANS_MESSAGES = {
  pageTitle: 'Planos',
  current: 'Plano atual',
  perMonth: '/mês',
  billingSoon:
    'A subscrição online ainda está em preparação. Quando estiver disponível, poderá mudar de plano aqui.',
  devTitle: 'Modo de desenvolvimento',
  devHint:
    'Sem pagamentos configurados, pode ativar qualquer plano nesta conta para experimentar as funcionalidades pagas.',
  activate: 'Ativar este plano',
  activating: 'A ativar…',
  activated: (name: string) => `Plano ${name} ativado`,
  activateFailed: 'Não foi possível mudar de plano',
  loadFailed: 'Não foi possível carregar o plano',
} as const;
