// The help centre's screenshots of the real app, as Vite assets (hashed, cached for a year,
// served from our origin) with their sizes, so the page keeps its layout while they load.
// Regenerated with `npm run help:screenshots` (scripts/help-screenshots.ts).
import type { HelpImageName } from './help-content.ts';
import acessoConta from './screenshots/acesso-conta.webp';
import confirmarFatura from './screenshots/confirmar-fatura.webp';
import entidades from './screenshots/entidades.webp';
import equipa from './screenshots/equipa.webp';
import faturaVencida from './screenshots/fatura-vencida.webp';
import faturas from './screenshots/faturas.webp';
import importarEfatura from './screenshots/importar-efatura.webp';
import planos from './screenshots/planos.webp';
import resumoIva from './screenshots/resumo-iva.webp';
import resumo from './screenshots/resumo.webp';
import scanner from './screenshots/scanner.webp';
import sizes from './screenshots/sizes.json';

export type HelpImage = { src: string; width: number; height: number };

/** A missing size (the script not run for a new name) fails the type check here. */
const image = (name: HelpImageName, src: string): HelpImage => ({ src, ...sizes[name] });

export const HELP_IMAGES = {
  'acesso-conta': image('acesso-conta', acessoConta),
  'confirmar-fatura': image('confirmar-fatura', confirmarFatura),
  entidades: image('entidades', entidades),
  equipa: image('equipa', equipa),
  'fatura-vencida': image('fatura-vencida', faturaVencida),
  faturas: image('faturas', faturas),
  'importar-efatura': image('importar-efatura', importarEfatura),
  planos: image('planos', planos),
  'resumo-iva': image('resumo-iva', resumoIva),
  resumo: image('resumo', resumo),
  scanner: image('scanner', scanner),
} as const satisfies Record<HelpImageName, HelpImage>;
