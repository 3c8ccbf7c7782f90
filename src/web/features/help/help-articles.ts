// Every help article, in the order the help centre lists them (HELP_SLUGS).
import { digitalizarCodigoQr } from './articles/digitalizar-codigo-qr.ts';
import { equipasEPins } from './articles/equipas-e-pins.ts';
import { exportacoesEEfatura } from './articles/exportacoes-e-efatura.ts';
import { fornecedoresELimites } from './articles/fornecedores-e-limites.ts';
import { fotografiasEPdf } from './articles/fotografias-e-pdf.ts';
import { pagamentosEFaturasVencidas } from './articles/pagamentos-e-faturas-vencidas.ts';
import { planos } from './articles/planos.ts';
import { primeirosPassos } from './articles/primeiros-passos.ts';
import { privacidadeESeguranca } from './articles/privacidade-e-seguranca.ts';
import { resumoEIva } from './articles/resumo-e-iva.ts';
import type { HelpArticle } from './help-content.ts';
import { HELP_SLUGS, type HelpSlug } from './help-topics.ts';

const BY_SLUG = {
  'primeiros-passos': primeirosPassos,
  'digitalizar-codigo-qr': digitalizarCodigoQr,
  'fotografias-e-pdf': fotografiasEPdf,
  'pagamentos-e-faturas-vencidas': pagamentosEFaturasVencidas,
  'fornecedores-e-limites': fornecedoresELimites,
  'resumo-e-iva': resumoEIva,
  'exportacoes-e-efatura': exportacoesEEfatura,
  planos,
  'equipas-e-pins': equipasEPins,
  'privacidade-e-seguranca': privacidadeESeguranca,
} as const satisfies Record<HelpSlug, HelpArticle>;

export const HELP_ARTICLES: readonly HelpArticle[] = HELP_SLUGS.map((slug) => BY_SLUG[slug]);

export function helpArticle(slug: HelpSlug): HelpArticle {
  return BY_SLUG[slug];
}
