// The help centre's articles by address (/ajuda-tutoriais/<slug>) and title. Other screens
// name an article by its slug (a type only: components/help-link.tsx loads none of this).
export const HELP_TOPICS = {
  'primeiros-passos': 'Primeiros passos',
  'digitalizar-codigo-qr': 'Digitalizar uma fatura e o código QR da AT',
  'fotografias-e-pdf': 'Fotografias e PDF das faturas',
  'pagamentos-e-faturas-vencidas': 'Pagamentos e faturas vencidas',
  'fornecedores-e-limites': 'Fornecedores e limites de despesa',
  'resumo-e-iva': 'O resumo do mês e o IVA',
  'exportacoes-e-efatura': 'Exportações e importação do e-Fatura',
  planos: 'Planos e limites do plano',
  'equipas-e-pins': 'Equipas, perfis e PIN',
  'privacidade-e-seguranca': 'Privacidade e segurança',
} as const;

export type HelpSlug = keyof typeof HELP_TOPICS;

/** In the order the help centre lists them: from the first day to the finer points. */
export const HELP_SLUGS = Object.keys(HELP_TOPICS) as HelpSlug[];

export function isHelpSlug(value: string): value is HelpSlug {
  return Object.hasOwn(HELP_TOPICS, value);
}
