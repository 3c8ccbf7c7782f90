import {
  ChartPie,
  Crown,
  FileSpreadsheet,
  Images,
  KeyRound,
  ReceiptText,
  Rocket,
  ScanLine,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { HelpSlug } from '../help-topics.ts';

/** Each topic with the icon of the screen it explains (the bottom bar's, where there is one). */
export const TOPIC_ICONS: Record<HelpSlug, LucideIcon> = {
  'primeiros-passos': Rocket,
  'digitalizar-codigo-qr': ScanLine,
  'fotografias-e-pdf': Images,
  'pagamentos-e-faturas-vencidas': ReceiptText,
  'fornecedores-e-limites': Users,
  'resumo-e-iva': ChartPie,
  'exportacoes-e-efatura': FileSpreadsheet,
  planos: Crown,
  'equipas-e-pins': KeyRound,
  'privacidade-e-seguranca': ShieldCheck,
};
