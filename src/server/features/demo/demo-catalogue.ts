// The demo company's catalogue (ADR 021): who it buys from, in which categories, how often,
// for how much and at which VAT rates. demo-data.ts turns it into a year of records.
import {
  SAVINGS_MAIN_CATEGORY,
  type CategoryColor,
  type DocumentType,
  type PaymentMethod,
  type PaymentStatus,
} from '#shared/domain.ts';
import type { CalendarDate } from '#shared/dates.ts';
import { computeNifCheckDigit } from '#shared/nif.ts';
import type { VatRateBand, VatRegion } from '#shared/vat-breakdown.ts';

export const DEMO_COMPANY = {
  name: 'Mercearia Flor de Sal, Lda',
  nif: nif('5160432'),
};

function nif(firstSeven: string): string {
  const firstEight = `${firstSeven}1`;
  return `${firstEight}${computeNifCheckDigit(firstEight)}`;
}

export type DemoCategory = { key: string; name: string; iconName: string; color: CategoryColor };
export type DemoSupplier = {
  key: string;
  nif: string;
  name: string;
  category: string;
  mainCategory: string | null;
  email: string | null;
};
export type DemoVatLine = {
  region: VatRegion;
  rateBand: VatRateBand;
  baseCents: number;
  vatCents: number;
};
export type DemoInvoice = {
  number: string;
  supplierKey: string;
  issueDate: CalendarDate;
  dueDate: CalendarDate;
  totalCents: number;
  vatCents: number;
  atcud: string | null;
  documentType: DocumentType;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod | null;
  paidAt: CalendarDate | null;
  originalInvoiceRef: string | null;
  source: 'qr' | 'manual';
  vatLines: DemoVatLine[] | null;
};
export type DemoSale = { date: CalendarDate; salesValueCents: number; vatCollectedCents: number };
export type DemoGoal = {
  name: string;
  targetCents: number;
  targetDate: CalendarDate;
  startDate: CalendarDate;
  supplierKey: string | null;
};
export type DemoData = {
  categories: DemoCategory[];
  resaleCategoryKeys: string[];
  suppliers: DemoSupplier[];
  invoices: DemoInvoice[];
  sales: DemoSale[];
  goals: DemoGoal[];
};

export const CATEGORIES: DemoCategory[] = [
  { key: 'mercadorias', name: 'Mercadorias', iconName: 'shopping-bag', color: 'orange' },
  { key: 'bebidas', name: 'Bebidas', iconName: 'coffee', color: 'purple' },
];

export const SUPPLIERS: DemoSupplier[] = [
  ['distribuidora', '5023456', 'Distribuidora Central de Mercearias, Lda', 'Mercadorias'],
  ['frutas', '5034567', 'Frutas e Legumes do Oeste, Lda', 'Mercadorias'],
  ['lacticinios', '5045678', 'Lacticínios da Serra, SA', 'Mercadorias'],
  ['adega', '5056789', 'Adega Vinhos da Madeira, Lda', 'Bebidas'],
  ['cervejas', '5067890', 'Cervejas do Atlântico, SA', 'Bebidas'],
  ['edp', '5078901', 'EDP Comercial, SA', 'Casa e Serviços'],
  ['aguas', '5089012', 'Águas e Saneamento Municipal', 'Casa e Serviços'],
  ['meo', '5090123', 'MEO - Serviços de Comunicações, SA', 'Casa e Serviços'],
  ['galp', '5101234', 'Galp Energia, SA', 'Transporte e Mobilidade'],
  ['contabilidade', '5112345', 'Gabinete de Contabilidade Rigor, Lda', 'Serviços Financeiros'],
  ['poupanca', '5123456', 'Conta Poupança Empresa - Banco Atlântico', 'Serviços Financeiros'],
  ['papelaria', '5134567', 'Papelaria Central, Lda', 'Compras e Eletrônicos'],
].map(([key = '', base = '', name = '', category = '']) => ({
  key,
  nif: nif(base),
  name,
  category,
  mainCategory: key === 'poupanca' ? SAVINGS_MAIN_CATEGORY : null,
  email: key === 'contabilidade' ? 'geral@contabilidade-rigor.invalid' : null,
}));

/** VAT rates by region and band, in per mille (mainland 6/13/23 %, Madeira 4/12/22 %). */
export const RATES: Record<VatRegion, Record<Exclude<VatRateBand, 'exempt'>, number>> = {
  PT: { reduced: 60, intermediate: 130, normal: 230 },
  'PT-AC': { reduced: 40, intermediate: 90, normal: 160 },
  'PT-MA': { reduced: 40, intermediate: 120, normal: 220 },
};

export type Band = { region: VatRegion; rateBand: Exclude<VatRateBand, 'exempt'>; share: number };

export type Schedule = {
  supplierKey: string;
  prefix: string;
  /** Days of each month the supplier invoices on. */
  days: number[];
  /** Base without VAT, in euros: from, to. */
  base: [number, number];
  bands: Band[];
  dueInDays: number;
  source: 'qr' | 'manual';
  method: PaymentMethod;
};

export const SCHEDULES: Schedule[] = [
  {
    supplierKey: 'distribuidora',
    prefix: 'FT DCM',
    days: [3, 10, 17, 24],
    base: [900, 1900],
    bands: [
      { region: 'PT', rateBand: 'reduced', share: 0.7 },
      { region: 'PT', rateBand: 'normal', share: 0.3 },
    ],
    dueInDays: 30,
    source: 'qr',
    method: 'Outro',
  },
  {
    supplierKey: 'frutas',
    prefix: 'FT FLO',
    days: [6, 20],
    base: [280, 520],
    bands: [{ region: 'PT', rateBand: 'reduced', share: 1 }],
    dueInDays: 15,
    source: 'qr',
    method: 'Outro',
  },
  {
    supplierKey: 'lacticinios',
    prefix: 'FT LS',
    days: [8, 22],
    base: [350, 640],
    bands: [{ region: 'PT', rateBand: 'reduced', share: 1 }],
    dueInDays: 30,
    source: 'qr',
    method: 'Outro',
  },
  {
    supplierKey: 'adega',
    prefix: 'FT AVM',
    days: [12],
    base: [600, 1100],
    bands: [
      { region: 'PT-MA', rateBand: 'normal', share: 0.8 },
      { region: 'PT-MA', rateBand: 'intermediate', share: 0.2 },
    ],
    dueInDays: 30,
    source: 'qr',
    method: 'Outro',
  },
  {
    supplierKey: 'cervejas',
    prefix: 'FT CA',
    days: [15],
    base: [400, 750],
    bands: [{ region: 'PT', rateBand: 'normal', share: 1 }],
    dueInDays: 30,
    source: 'qr',
    method: 'Outro',
  },
  {
    supplierKey: 'edp',
    prefix: 'FT EDP',
    days: [5],
    base: [180, 320],
    bands: [
      { region: 'PT', rateBand: 'normal', share: 0.85 },
      { region: 'PT', rateBand: 'reduced', share: 0.15 },
    ],
    dueInDays: 20,
    source: 'qr',
    method: 'Outro',
  },
  {
    supplierKey: 'aguas',
    prefix: 'FT ASM',
    days: [9],
    base: [35, 60],
    bands: [{ region: 'PT', rateBand: 'reduced', share: 1 }],
    dueInDays: 20,
    source: 'qr',
    method: 'Outro',
  },
  {
    supplierKey: 'meo',
    prefix: 'FT MEO',
    days: [2],
    base: [48, 52],
    bands: [{ region: 'PT', rateBand: 'normal', share: 1 }],
    dueInDays: 20,
    source: 'qr',
    method: 'Cartão',
  },
  {
    supplierKey: 'galp',
    prefix: 'FS GALP',
    days: [11, 26],
    base: [55, 95],
    bands: [{ region: 'PT', rateBand: 'normal', share: 1 }],
    dueInDays: 0,
    source: 'qr',
    method: 'Cartão',
  },
  {
    supplierKey: 'contabilidade',
    prefix: 'FT CR',
    days: [1],
    base: [250, 250],
    bands: [{ region: 'PT', rateBand: 'normal', share: 1 }],
    dueInDays: 15,
    source: 'manual',
    method: 'Outro',
  },
];
