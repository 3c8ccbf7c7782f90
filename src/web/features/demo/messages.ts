// The demo's words (pt-PT), in one place (ADR 021).
import { DEMO_MESSAGES } from '#shared/demo.ts';

export const DEMO_WEB_MESSAGES = {
  pageTitle: 'Demonstração',
  preparing: 'A preparar a demonstração…',
  preparingHint: 'Uma empresa de exemplo com um ano de faturas, vendas e poupanças.',
  failed: 'Não foi possível abrir a demonstração',
  retry: 'Tentar novamente',
  backHome: 'Voltar à página inicial',
  signedInTitle: 'Já tem sessão iniciada',
  signedInText: (email: string) =>
    `Está com a sessão de ${email}. Para ver a demonstração, essa sessão termina neste navegador (os seus dados ficam guardados).`,
  seeDemo: 'Ver demonstração',
  backToInvoices: 'Voltar às minhas faturas',
  bannerTitle: 'Conta de demonstração',
  bannerText: 'Explore à vontade: os dados são de exemplo e não podem ser alterados.',
  readOnly: DEMO_MESSAGES.readOnly,
  createAccount: 'Criar conta grátis',
  leave: 'Sair da demonstração',
} as const;
