// The invoices of the scan fixture set: printed data, the amounts computed from the lines,
// the AT QR payload (buildAtQr) and the truth a reader must find (contract-6 fields).
import { buildAtQr } from '#shared/at-qr/build-at-qr.ts';
import type { AtQrTaxRegion } from '#shared/at-qr/types.ts';
import { centsToEuros } from '#shared/money.ts';
import { computeNifCheckDigit } from '#shared/nif.ts';
import type { ScanFields, ScanTaxRegion } from '#server/services/scan/scan-result.ts';

export type Rate = 6 | 13 | 23;
export type Item = { text: string; qty: number; unitCents: number; rate: Rate };
export type DateStyle = 'slash' | 'dash' | 'dot' | 'long' | 'iso';

export type Invoice = {
  id: string;
  layout: 'receipt' | 'a4';
  docType: 'FT' | 'FS' | 'FR' | 'NC';
  title: string;
  numberLabel: string;
  number: string;
  atcudCode: string;
  issueDate: string;
  dateLabel: string;
  dateStyle: DateStyle;
  seller: { name: string[]; nifLabel: string; nif: string; nifStyle: 'plain' | 'spaced' | 'pt' };
  sellerLines: string[];
  /** 999999990 = consumidor final. */
  buyer: { nif: string; lines: string[] };
  /** Extra header lines that look like fields but are not (due dates, periods, references). */
  distractors: string[];
  items: Item[];
  /** Receipts print prices with VAT included; A4 invoices print net prices. */
  grossPrices: boolean;
  totalLabel: string;
  hash: string;
  certificate: string;
  /** Side of the printed QR in millimetres (the spec asks for at least 30). */
  qrMm: number;
};

const nif = (firstEight: string) => `${firstEight}${computeNifCheckDigit(firstEight)}`;
export const CONSUMIDOR_FINAL = '999999990';

export const INVOICES: Invoice[] = [
  {
    id: 'supermercado',
    layout: 'receipt',
    docType: 'FS',
    title: 'Fatura Simplificada',
    numberLabel: '',
    number: 'FS 2026A/1542',
    atcudCode: 'JFZ4PTHN',
    issueDate: '2026-11-21',
    dateLabel: 'Data:',
    dateStyle: 'slash',
    seller: {
      name: ['Mercearia Conceição & Filhos, Lda.'],
      nifLabel: 'NIF:',
      nif: nif('50987654'),
      nifStyle: 'spaced',
    },
    sellerLines: ['Rua da Conceição, 123', '1100-152 Lisboa', 'Tel. 213 456 789'],
    buyer: { nif: CONSUMIDOR_FINAL, lines: ['Contribuinte: Consumidor final'] },
    distractors: ['Hora: 18:32   Caixa 3   Op. 0042'],
    items: [
      { text: 'Pão de centeio', qty: 2, unitCents: 185, rate: 6 },
      { text: 'Leite meio-gordo 1L', qty: 6, unitCents: 89, rate: 6 },
      { text: 'Maçã Gala kg', qty: 1, unitCents: 249, rate: 6 },
      { text: 'Azeite virgem extra', qty: 1, unitCents: 899, rate: 6 },
      { text: 'Vinho tinto Douro', qty: 2, unitCents: 475, rate: 13 },
      { text: 'Detergente roupa', qty: 1, unitCents: 1299, rate: 23 },
      { text: 'Açúcar branco 1kg', qty: 1, unitCents: 119, rate: 23 },
    ],
    grossPrices: true,
    totalLabel: 'TOTAL',
    hash: 'mWUp',
    certificate: '0177',
    qrMm: 30,
  },
  {
    id: 'eletricidade',
    layout: 'a4',
    docType: 'FT',
    title: 'Fatura',
    numberLabel: 'Fatura n.º',
    number: 'FT 2026E/88123',
    atcudCode: 'J6TBYMGN',
    issueDate: '2026-11-21',
    dateLabel: 'Data de emissão:',
    dateStyle: 'long',
    seller: {
      name: ['Energia do Atlântico, S.A.'],
      nifLabel: 'Contribuinte n.º',
      nif: nif('50345678'),
      nifStyle: 'plain',
    },
    sellerLines: [
      'Avenida da República, 48 - 6.º',
      '1050-195 Lisboa',
      'Capital social 5.000.000,00 €',
    ],
    buyer: {
      nif: nif('24567891'),
      lines: ['Maria João Conceição Antunes', 'Rua do Poço, 7 - 2.º Esq.', '4000-321 Porto'],
    },
    distractors: [
      'Período de faturação: 19/10/2026 a 18/11/2026',
      'Data de vencimento: 12/12/2026',
    ],
    items: [
      { text: 'Potência contratada 10,35 kVA (31 dias)', qty: 31, unitCents: 62, rate: 23 },
      { text: 'Energia ativa fora de vazio (kWh)', qty: 3120, unitCents: 21, rate: 23 },
      { text: 'Energia ativa vazio (kWh)', qty: 1860, unitCents: 11, rate: 23 },
      { text: 'Energia ativa até 200 kWh (taxa reduzida)', qty: 200, unitCents: 19, rate: 6 },
      { text: 'Contribuição audiovisual', qty: 1, unitCents: 285, rate: 6 },
      { text: 'Imposto especial de consumo', qty: 1, unitCents: 512, rate: 23 },
    ],
    grossPrices: false,
    totalLabel: 'Total a pagar',
    hash: 'kLp0',
    certificate: '2230',
    qrMm: 30,
  },
  {
    id: 'restaurante',
    layout: 'receipt',
    docType: 'FR',
    title: 'Fatura-Recibo',
    numberLabel: 'N.º',
    number: 'FR 2026/4521',
    atcudCode: 'KXTP8ZQ2',
    issueDate: '2026-10-05',
    dateLabel: 'Data',
    dateStyle: 'dash',
    seller: {
      name: ['Tasca do João', 'Unipessoal, Lda.'],
      nifLabel: 'NIF',
      nif: nif('51423456'),
      nifStyle: 'plain',
    },
    sellerLines: ['Largo do Chafariz, 4', '3000-150 Coimbra'],
    buyer: { nif: CONSUMIDOR_FINAL, lines: ['Cliente: Consumidor final'] },
    distractors: ['Mesa 12   Empregado: Ana'],
    items: [
      { text: 'Bacalhau à Brás', qty: 2, unitCents: 1450, rate: 13 },
      { text: 'Caldo verde', qty: 2, unitCents: 350, rate: 13 },
      { text: 'Pão e azeitonas', qty: 1, unitCents: 290, rate: 13 },
      { text: 'Vinho da casa 0,5L', qty: 1, unitCents: 800, rate: 23 },
      { text: 'Água 1,5L', qty: 1, unitCents: 250, rate: 13 },
      { text: 'Café', qty: 2, unitCents: 90, rate: 23 },
    ],
    grossPrices: true,
    totalLabel: 'Total (EUR)',
    hash: 'YhGV',
    certificate: '1287',
    qrMm: 30,
  },
  {
    id: 'nota-credito',
    layout: 'a4',
    docType: 'NC',
    title: 'Nota de Crédito',
    numberLabel: 'Nota de crédito n.º',
    number: 'NC A/17',
    atcudCode: 'CSDF7T5H',
    issueDate: '2026-11-21',
    dateLabel: 'Data de emissão',
    dateStyle: 'slash',
    seller: {
      name: ['Papelaria Açoriana, Lda.'],
      nifLabel: 'NIF:',
      nif: nif('51698765'),
      nifStyle: 'pt',
    },
    sellerLines: ['Rua Direita, 21', '9500-092 Ponta Delgada'],
    buyer: {
      nif: nif('50876123'),
      lines: ['Gabinete Técnico Moniz, Lda.', 'Rua da Sé, 3', '9500-100 Ponta Delgada'],
    },
    distractors: ['Referente à fatura FT A/1204 de 02/11/2026', 'Motivo: devolução de material'],
    items: [
      { text: 'Resma papel A4 80 g', qty: 10, unitCents: 400, rate: 23 },
      { text: 'Tinteiro preto compatível', qty: 1, unitCents: 1000, rate: 23 },
    ],
    grossPrices: false,
    totalLabel: 'Total do documento',
    hash: 'r/fY',
    certificate: '9999',
    qrMm: 30,
  },
  {
    id: 'empresa',
    layout: 'a4',
    docType: 'FT',
    title: 'Fatura',
    numberLabel: 'Documento',
    number: 'FT 2026/311',
    atcudCode: 'JJJCR94W',
    issueDate: '2026-11-21',
    dateLabel: 'Data do documento:',
    dateStyle: 'dot',
    seller: {
      name: ['Construções Gonçalves & Irmão, S.A.'],
      nifLabel: 'NIPC',
      nif: nif('51134567'),
      nifStyle: 'spaced',
    },
    sellerLines: ['Zona Industrial da Maia, Lote 12', '4470-122 Maia', 'geral@goncalves-irmao.pt'],
    buyer: {
      nif: nif('50211223'),
      lines: ['Papelada Testes Unipessoal, Lda.', 'Rua Augusta, 100', '1100-053 Lisboa'],
    },
    distractors: ['Vencimento: 21.12.2026', 'Requisição: RQ 2026/0045'],
    items: [
      { text: 'Cimento Portland 25 kg (saco)', qty: 120, unitCents: 675, rate: 23 },
      { text: 'Areia lavada (m³)', qty: 18, unitCents: 3250, rate: 23 },
      { text: 'Varão de aço A500 12 mm (ton)', qty: 3, unitCents: 89500, rate: 23 },
      { text: 'Mão de obra especializada (h)', qty: 96, unitCents: 2800, rate: 23 },
      { text: 'Aluguer de betoneira (dia)', qty: 5, unitCents: 4520, rate: 23 },
    ],
    grossPrices: false,
    totalLabel: 'Total EUR',
    hash: 'pNaK',
    certificate: '1287',
    qrMm: 22,
  },
  {
    id: 'oficina',
    layout: 'a4',
    docType: 'FT',
    title: 'Fatura',
    numberLabel: 'Fatura n.º',
    number: 'FT OF2026/77',
    atcudCode: 'J6NTT56K',
    issueDate: '2026-12-03',
    dateLabel: 'Data de emissão:',
    dateStyle: 'slash',
    seller: {
      name: ['Auto Reparadora Sá & Cunha, Lda.'],
      nifLabel: 'NIF:',
      nif: nif('51577889'),
      nifStyle: 'plain',
    },
    sellerLines: ['Estrada Nacional 1, km 12', '2400-441 Leiria', 'Tel. 244 812 300'],
    buyer: {
      nif: nif('50612345'),
      lines: ['Transportes Leirienses, Lda.', 'Rua Barão de Viamonte, 9', '2400-262 Leiria'],
    },
    distractors: ['Matrícula: 45-XZ-12   Km: 184 233', 'Data de vencimento: 02/01/2027'],
    items: [
      { text: 'Pastilhas de travão (jogo)', qty: 1, unitCents: 6480, rate: 23 },
      { text: 'Óleo motor 5W30 (L)', qty: 5, unitCents: 1190, rate: 23 },
      { text: 'Filtro de óleo', qty: 1, unitCents: 1425, rate: 23 },
      { text: 'Mão de obra (h)', qty: 3, unitCents: 4500, rate: 23 },
    ],
    grossPrices: false,
    totalLabel: 'Total a pagar',
    hash: 'o8NL',
    certificate: '2000',
    qrMm: 30,
  },
  {
    id: 'farmacia',
    layout: 'receipt',
    docType: 'FS',
    title: 'Fatura Simplificada',
    numberLabel: 'N.º',
    number: 'FS F26/3307',
    atcudCode: 'HB6FT7RV',
    issueDate: '2026-11-09',
    dateLabel: 'Data:',
    dateStyle: 'slash',
    seller: {
      name: ['Farmácia Central de Braga, Lda.'],
      nifLabel: 'NIF:',
      nif: nif('50733445'),
      nifStyle: 'plain',
    },
    sellerLines: ['Praça da República, 2', '4710-305 Braga'],
    buyer: { nif: CONSUMIDOR_FINAL, lines: ['Consumidor final'] },
    distractors: ['Receita n.º 2011000054321'],
    items: [
      { text: 'Paracetamol 1000 mg 18 comp.', qty: 1, unitCents: 295, rate: 6 },
      { text: 'Ibuprofeno 400 mg 20 comp.', qty: 1, unitCents: 412, rate: 6 },
      { text: 'Protetor solar FPS50', qty: 1, unitCents: 1690, rate: 23 },
    ],
    grossPrices: true,
    totalLabel: 'Total a pagar',
    hash: 'LJT/',
    certificate: '2648',
    qrMm: 30,
  },
];

export type Band = { base: number; vat: number };
export type Totals = { lines: number[]; bands: Map<Rate, Band>; vat: number; total: number };

export function computeTotals(invoice: Pick<Invoice, 'items' | 'grossPrices'>): Totals {
  const lines = invoice.items.map((item) => item.qty * item.unitCents);
  const gross = new Map<Rate, number>();
  invoice.items.forEach((item, i) => gross.set(item.rate, (gross.get(item.rate) ?? 0) + lines[i]!));
  const bands = new Map<Rate, Band>();
  for (const rate of [6, 13, 23] as const) {
    const amount = gross.get(rate);
    if (amount === undefined) continue;
    if (invoice.grossPrices) {
      const base = Math.round((amount * 100) / (100 + rate));
      bands.set(rate, { base, vat: amount - base });
    } else {
      bands.set(rate, { base: amount, vat: Math.round((amount * rate) / 100) });
    }
  }
  const all = [...bands.values()];
  const vat = all.reduce((sum, band) => sum + band.vat, 0);
  return { lines, bands, vat, total: all.reduce((sum, band) => sum + band.base, 0) + vat };
}

export const atcudOf = (invoice: Invoice) => `${invoice.atcudCode}-${invoice.number.split('/')[1]}`;

export function qrPayload(invoice: Invoice, totals: Totals): string {
  const band = (rate: Rate) => totals.bands.get(rate) ?? { base: null, vat: null };
  const region: AtQrTaxRegion = {
    region: 'PT',
    exempt: null,
    reduced: band(6),
    intermediate: band(13),
    normal: band(23),
  };
  return buildAtQr({
    issuerNif: invoice.seller.nif,
    buyerNif: invoice.buyer.nif,
    buyerCountry: 'PT',
    documentType: invoice.docType,
    documentStatus: 'N',
    issueDate: invoice.issueDate,
    documentNumber: invoice.number,
    atcud: atcudOf(invoice),
    taxRegions: [region],
    notSubject: null,
    stampDuty: null,
    totalTaxes: totals.vat,
    grossTotal: totals.total,
    withholding: null,
    hash: invoice.hash,
    certificate: invoice.certificate,
    otherInfo: null,
  });
}

/** Contract-6 fields of the QR, as the scanner must return them. */
export function qrFields(invoice: Invoice, totals: Totals): ScanFields {
  const band = (rate: Rate) => {
    const b = totals.bands.get(rate);
    return b ? { base: centsToEuros(b.base), vat: centsToEuros(b.vat) } : undefined;
  };
  const region: ScanTaxRegion = { region: 'PT' };
  const [reduced, intermediate, normal] = [band(6), band(13), band(23)];
  if (reduced) region.reduced = reduced;
  if (intermediate) region.intermediate = intermediate;
  if (normal) region.normal = normal;
  return {
    issuerNif: invoice.seller.nif,
    buyerNif: invoice.buyer.nif,
    buyerCountry: 'PT',
    documentType: invoice.docType,
    documentStatus: 'N',
    issueDate: invoice.issueDate,
    documentNumber: invoice.number,
    atcud: atcudOf(invoice),
    total: centsToEuros(totals.total),
    vat: centsToEuros(totals.vat),
    taxRegions: [region],
    hash: invoice.hash,
    certificate: invoice.certificate,
    qr: qrPayload(invoice, totals),
  };
}

/** The fields a reader of the printed text can find. */
export function textFields(invoice: Invoice, totals: Totals): ScanFields {
  const fields: ScanFields = {
    issuerNif: invoice.seller.nif,
    documentType: invoice.docType,
    issueDate: invoice.issueDate,
    documentNumber: invoice.number,
    atcud: atcudOf(invoice),
    total: centsToEuros(totals.total),
    vat: centsToEuros(totals.vat),
    supplierName: invoice.seller.name.join(' '),
  };
  if (invoice.buyer.nif !== CONSUMIDOR_FINAL) fields.buyerNif = invoice.buyer.nif;
  return fields;
}

export const QR_CHECK: Array<keyof ScanFields> = [
  'qr',
  'issuerNif',
  'buyerNif',
  'buyerCountry',
  'documentType',
  'documentStatus',
  'issueDate',
  'documentNumber',
  'atcud',
  'total',
  'vat',
  'taxRegions',
  'hash',
  'certificate',
];
export const PDF_TEXT_CHECK: Array<keyof ScanFields> = [
  'issuerNif',
  'documentType',
  'issueDate',
  'documentNumber',
  'atcud',
  'total',
  'vat',
  'supplierName',
];
export const OCR_CHECK: Array<keyof ScanFields> = [
  'issuerNif',
  'issueDate',
  'documentNumber',
  'total',
];
