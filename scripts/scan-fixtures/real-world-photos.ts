// The real-world OCR photos (issue 14): each document of the real-world set printed
// (thermal, dot-matrix ribbon, laser low on toner) and photographed the way people do it —
// on a table, tilted, in perspective, folded or crumpled, under a shadow — with its truth.
// Chromium renders the paper once; ink.ts and camera.ts do the rest in JS, so thirty photos
// cost seconds. They are `accuracyOnly`: the bench measures how many are read right and the
// fixture test holds a floor, rather than requiring each one.
import type { ScanFixture } from '#tests/fixtures/scan-fixtures.ts';
import { takePhoto, type Shot } from './camera.ts';
import { dotMatrix, inkCoverage, printSheet, type InkLook, type Sheet } from './ink.ts';
import type { Pages } from './imaging.ts';
import { computeTotals, OCR_CHECK, type Totals } from './invoices.ts';
import { realWorldFields, realWorldQrPayload, type RealDocument } from './real-world-documents.ts';
import { FOOD_RECEIPTS } from './real-world-food-receipts.ts';
import { PRINTED_INVOICES } from './real-world-invoices.ts';
import { a4InvoiceHtml, dotMatrixHtml, tillHtml } from './real-world-layouts.ts';
import { SHOP_RECEIPTS } from './real-world-shop-receipts.ts';
import { qrSvg } from './templates.ts';

type Output = ScanFixture & { bytes: Buffer };

const DOCUMENTS = [...FOOD_RECEIPTS, ...SHOP_RECEIPTS, ...PRINTED_INVOICES];

function realWorldDocument(id: string): { document: RealDocument; totals: Totals } {
  const document = DOCUMENTS.find((candidate) => candidate.id === id);
  if (!document) throw new Error(`no real-world document ${id}`);
  return { document, totals: computeTotals(document) };
}

/** A photo's place in the list seeds its ink and its camera. */
const seedOf = (index: number) => 1400 + index * 17;

const CSS_PX_PER_MM = 96 / 25.4;
/** A till's head prints 8 dots a millimetre: one rendered pixel per dot. */
const THERMAL_SCALE = 8 / CSS_PX_PER_MM;
const DOT_MATRIX_SCALE = 1.6;
/** A 9-pin head's dots are about 0.35 mm apart. */
const DOT_PITCH_PX = 0.35 * CSS_PX_PER_MM * DOT_MATRIX_SCALE;
const A4_SCALE = 2;

type Paper = Omit<InkLook, 'seed'>;
const WHITE: InkLook['paper'] = [0.96, 0.955, 0.94];
const THERMAL_PAPER: InkLook['paper'] = [0.95, 0.95, 0.93];
const THERMAL = (low: number, high: number, streaks = 0): Paper => ({
  paper: THERMAL_PAPER,
  ink: [0.16, 0.15, 0.19],
  strength: [low, high],
  streaks,
  thermal: true,
  blotch: 120,
});
const RIBBON: Paper = { paper: [0.97, 0.96, 0.92], ink: [0.13, 0.13, 0.2], strength: [0.7, 0.95] };
const LASER: Paper = { paper: WHITE, ink: [0.07, 0.07, 0.08], strength: [0.92, 1] };

type RealPhoto = {
  file: string;
  document: string;
  description: string;
  paper: Paper;
  shot: Omit<Shot, 'seed' | 'noise' | 'quality' | 'width' | 'height'> &
    Partial<Pick<Shot, 'noise' | 'quality' | 'width' | 'height'>>;
};

const RECEIPT_PHOTO = { width: 1536, height: 2048 } as const;
const PAGE_PHOTO = { width: 1800, height: 2400 } as const;

const REAL_WORLD_PHOTOS: RealPhoto[] = [
  {
    file: 'termico-cafe-mesa.jpg',
    document: 'cafe-bela-vista',
    description:
      'Café till receipt (80 mm thermal, 42 columns) on a wooden table, rotated 7°: dd/mm/yy beside the time, NIF "PT 5xx xxx xxx" after "Contribuinte:", "TOTAL A PAGAR" then cash given and change.',
    paper: THERMAL(0.7, 0.95),
    shot: { paperWidth: 860, rotate: 7, table: 'wood', blur: 0.6 },
  },
  {
    file: 'termico-talho-desbotado.jpg',
    document: 'talho-central',
    description:
      'Butcher\'s "Talão" (thermal, 40 columns), heavily faded grey print with streaks from a worn head, on a marble counter: NIF with dots, dd-mm-yyyy and time, weighed items, "Total EUR".',
    paper: THERMAL(0.3, 0.5, 0.35),
    shot: { paperWidth: 900, rotate: 3, table: 'marble', blur: 0.5, torn: true },
  },
  {
    file: 'termico-padaria-amarrotado.jpg',
    document: 'padaria-trigo-dourado',
    description:
      'Crumpled bakery receipt smoothed out on a granite counter, rotated -5°: creases across the text, a sole trader\'s NIF after "N.º Contrib.:", yyyy-mm-dd beside the time, "FS A/23456".',
    paper: THERMAL(0.6, 0.9),
    shot: {
      paperWidth: 900,
      rotate: -5,
      table: 'granite',
      crumple: { creases: 14, depth: 0.12 },
      blur: 0.6,
      torn: true,
    },
  },
  {
    file: 'termico-combustivel-dobrado.jpg',
    document: 'posto-combustivel',
    description:
      'Petrol station receipt (48 columns) folded in three and opened on a dark dashboard, seen in perspective (tilted 14°): "NIPC 5xx xxx xxx", the buyer\'s NIF too, "Data: yyyy-mm-dd  Hora:", "Total EUR".',
    paper: THERMAL(0.65, 0.9),
    shot: {
      paperWidth: 1000,
      rotate: 2,
      tiltX: 14,
      table: 'dark',
      folds: [
        { along: 'h', at: 0.34, depth: 0.14 },
        { along: 'h', at: 0.67, depth: -0.12 },
      ],
      brightness: 1.1,
    },
  },
  {
    file: 'termico-hipermercado-sombra.jpg',
    document: 'hipermercado-familia',
    description:
      'Long supermarket receipt (13 items, a card discount after the subtotal, an item count, savings and a card balance around the total) on a wooden table with a shadow across its lower half.',
    paper: THERMAL(0.7, 1),
    shot: {
      paperWidth: 560,
      rotate: -2,
      table: 'wood',
      shadows: [{ kind: 'edge', angle: 100, through: [0.5, 0.55], soft: 40, depth: 0.45 }],
      torn: true,
    },
  },
  {
    file: 'termico-farmacia-inclinado.jpg',
    document: 'farmacia-avenida',
    description:
      'Pharmacy "Fatura-Recibo" rotated -11° on a checked tablecloth: "N.I.F.: 5xx xxx xxx", dd.mm.yyyy, prescription and patient numbers, "Valor a pagar" then cash and change.',
    paper: THERMAL(0.75, 1),
    shot: { paperWidth: 900, rotate: -11, table: 'gingham', blur: 0.5 },
  },
  {
    file: 'termico-marisqueira-perspetiva.jpg',
    document: 'marisqueira-do-porto',
    description:
      'Restaurant receipt photographed at a steep angle (tilted 22° and -6°) on a dark table under warm light: "Contrib.:", dd-mm-yyyy with "Hora:", subtotal then "TOTAL A PAGAR".',
    paper: THERMAL(0.7, 0.95),
    shot: {
      paperWidth: 950,
      rotate: 3,
      tiltX: 22,
      tiltY: -6,
      table: 'dark',
      tint: [1.04, 0.97, 0.88],
      brightness: 0.9,
    },
  },
  {
    file: 'termico-quiosque-sombra-mao.jpg',
    document: 'quiosque-jornais',
    description:
      'Kiosk "Talão FS 1/8842" (40 columns) on a wooden table with the round shadow of a hand over its middle: "NIF PT 5xx xxx xxx", yyyy-mm-dd hh:mm:ss, "Total".',
    paper: THERMAL(0.7, 0.95),
    shot: {
      paperWidth: 950,
      rotate: 4,
      table: 'wood',
      shadows: [{ kind: 'blob', centre: [0.62, 0.5], radii: [0.3, 0.2], soft: 60, depth: 0.5 }],
    },
  },
  {
    file: 'termico-drogaria-dobrado.jpg',
    document: 'drogaria-moderna',
    description:
      'Hardware shop receipt folded in four (one fold each way) on granite, lit strongly from one side: number printed without the space ("FS01/002345"), "Data 27/05/20", "TOTAL EUR".',
    paper: THERMAL(0.65, 0.95),
    shot: {
      paperWidth: 950,
      rotate: 1,
      table: 'granite',
      folds: [
        { along: 'h', at: 0.5, depth: 0.16 },
        { along: 'v', at: 0.5, depth: -0.1 },
      ],
      falloff: 0.45,
      lightAngle: 10,
    },
  },
  {
    file: 'termico-nota-credito.jpg',
    document: 'desporto-radical-nc',
    description:
      'Sports shop credit note on thermal paper, rotated 9° and turned 8° on a wooden table: "NC 2021/45", a referenced "FS 2021/3321 de 28-11-2021" as distractor, "Total".',
    paper: THERMAL(0.7, 0.95),
    shot: { paperWidth: 900, rotate: 9, tiltY: 8, table: 'wood' },
  },
  {
    file: 'termico-pastelaria-amarrotado-sombra.jpg',
    document: 'pastelaria-doce-lar',
    description:
      'The hardest receipt: faded thermal print, crumpled, and a shadow across it, on a checked tablecloth: "Contribuinte: PT5xxxxxxxx", "Total (EUR)".',
    paper: THERMAL(0.42, 0.7, 0.2),
    shot: {
      paperWidth: 900,
      rotate: -3,
      table: 'gingham',
      crumple: { creases: 12, depth: 0.1 },
      shadows: [{ kind: 'edge', angle: 20, through: [0.55, 0.5], soft: 30, depth: 0.4 }],
      torn: true,
    },
  },
  {
    file: 'termico-estacionamento.jpg',
    document: 'parque-estacionamento',
    description:
      'Parking ticket "Fatura-Recibo FR PQ21/3381" on a dark car seat, rotated -8°, slightly out of focus: entry and exit dates beside the issue date, "NIPC:", "Valor a pagar".',
    paper: THERMAL(0.7, 0.95),
    shot: { paperWidth: 950, rotate: -8, table: 'dark', blur: 1.1 },
  },
  {
    file: 'termico-lavandaria-2023-sem-qr.jpg',
    document: 'lavandaria-estrela',
    description:
      '2023 laundry receipt with its ATCUD, photographed from the top so the QR at the bottom is out of the frame, on marble: dd/mm/yyyy and time, a collection date below it.',
    paper: THERMAL(0.75, 1),
    shot: { paperWidth: 1300, rotate: 2, table: 'marble', shiftY: 700 },
  },
  {
    file: 'termico-mercearia-2024-sem-qr.jpg',
    document: 'mercearia-bairro',
    description:
      '2024 grocery receipt with its ATCUD, framed above its QR, rotated 6° and tilted 10° on a wooden table: NIF with dots after "Contribuinte", "TOTAL", cash and change.',
    paper: THERMAL(0.75, 1),
    shot: { paperWidth: 1300, rotate: 6, tiltX: 10, table: 'wood', shiftY: 650 },
  },
  {
    file: 'termico-tasca-muito-desbotado.jpg',
    document: 'tasca-ze-manel',
    description:
      'A 2019 tavern receipt in very faded grey ink under a hand\'s shadow, on granite: "N.º Contrib. 2xx xxx xxx" (a sole trader), "Data: dd-mm-yy  hh:mm", "TOTAL A PAGAR".',
    paper: THERMAL(0.3, 0.48, 0.25),
    shot: {
      paperWidth: 950,
      rotate: -4,
      table: 'granite',
      shadows: [{ kind: 'blob', centre: [0.3, 0.35], radii: [0.35, 0.25], soft: 80, depth: 0.4 }],
      torn: true,
    },
  },
  {
    file: 'termico-informatica-milhares.jpg',
    document: 'informatica-byte',
    description:
      'Computer shop receipt over a thousand euros ("TOTAL A PAGAR 1.032,89"), rotated 12° on marble, with the buyer\'s NIF printed after "Contribuinte cliente:".',
    paper: THERMAL(0.75, 1),
    shot: { paperWidth: 900, rotate: 12, table: 'marble' },
  },
  {
    file: 'matricial-oficina-mesa.jpg',
    document: 'oficina-matricial',
    description:
      '2019 garage invoice struck by a 9-pin dot-matrix printer on a pre-printed letterhead form (seller in blue), rotated 8° on a wooden desk: dd.mm.yyyy, "Contribuinte N.º 5xx xxx xxx", "TOTAL EUR 705,65" under "Total Ilíquido" and the VAT line.',
    paper: RIBBON,
    shot: { paperWidth: 1550, rotate: 8, table: 'wood' },
  },
  {
    file: 'matricial-armazem-perspetiva.jpg',
    document: 'armazem-matricial',
    description:
      '2020 dot-matrix "Factura" on green-bar continuous paper, seen in perspective (18° and -8°) under uneven light: "N.I.F.:", dd/mm/yy, a delivery note with its own date, "Valor a pagar".',
    paper: { ...RIBBON, strength: [0.55, 0.85] },
    shot: {
      paperWidth: 1500,
      rotate: -2,
      tiltX: 18,
      tiltY: -8,
      table: 'dark',
      falloff: 0.4,
      lightAngle: 200,
    },
  },
  {
    file: 'matricial-materiais-dobrado.jpg',
    document: 'materiais-matricial',
    description:
      'Dot-matrix invoice folded in three for the post and opened on granite: "NIPC: PT 5xx xxx xxx", "Data Doc.: yyyy-mm-dd", a due date, "Total Documento" in the thousands.',
    paper: RIBBON,
    shot: {
      paperWidth: 1550,
      rotate: -3,
      table: 'granite',
      folds: [
        { along: 'h', at: 0.33, depth: 0.12 },
        { along: 'h', at: 0.66, depth: -0.12 },
      ],
    },
  },
  {
    file: 'matricial-nota-credito-sombra.jpg',
    document: 'transportes-matricial-nc',
    description:
      "Dot-matrix credit note on green-bar paper, rotated -6° on a wooden desk with a straight shadow over its right side: NIF with dots, dd-mm-yyyy, the referenced invoice's number and date.",
    paper: RIBBON,
    shot: {
      paperWidth: 1550,
      rotate: -6,
      table: 'wood',
      shadows: [{ kind: 'edge', angle: 0, through: [0.62, 0.5], soft: 25, depth: 0.45 }],
    },
  },
  {
    file: 'serifa-advogada-extenso.jpg',
    document: 'advogada-serifa',
    description:
      'Lawyer\'s A4 "Fatura-Recibo" in a Times-like serif, dated "Lisboa, 4 de Setembro de 2021", rotated 5° on a wooden desk under a head\'s shadow: "NIF PT 2xx xxx xxx", "Total a pagar 1.660,50 €".',
    paper: LASER,
    shot: {
      paperWidth: 1500,
      rotate: 5,
      table: 'wood',
      shadows: [{ kind: 'blob', centre: [0.35, 0.2], radii: [0.4, 0.25], soft: 120, depth: 0.35 }],
    },
  },
  {
    file: 'serifa-clinica-toner-fraco.jpg',
    document: 'clinica-dentaria',
    description:
      'Dental clinic A4 invoice in DejaVu Serif from a laser printer low on toner (faded, light streaks down the page), on marble: "Contribuinte n.º 5xx.xxx.xxx", "Data de emissão:" dd-mm-yyyy, a due date.',
    paper: { ...LASER, strength: [0.4, 0.8], streaks: 0.45, blotch: 300 },
    shot: { paperWidth: 1600, rotate: 1.5, table: 'marble' },
  },
  {
    file: 'serifa-contabilista-inclinada.jpg',
    document: 'contabilista-serifa',
    description:
      'Accountant\'s 2019 "Factura" in serif, rotated -12° on a wooden desk: "N.º Contrib.", yyyy-mm-dd, "FT CT2019/208", thousands with a space ("Total EUR 2 269,35").',
    paper: LASER,
    shot: { paperWidth: 1450, rotate: -12, table: 'wood' },
  },
  {
    file: 'serifa-hotel-perspetiva.jpg',
    document: 'hotel-serifa',
    description:
      'Hotel A4 bill in serif seen in perspective (20° and 10°) on a dark desk under warm light: "17 de Agosto de 2021", check-in and check-out dates, "Total s/ IVA" and "Valor a pagar".',
    paper: LASER,
    shot: {
      paperWidth: 1500,
      rotate: 2,
      tiltX: 20,
      tiltY: 10,
      table: 'dark',
      tint: [1.04, 0.97, 0.88],
    },
  },
  {
    file: 'serifa-colegio-amarrotada.jpg',
    document: 'colegio-serifa',
    description:
      'School A4 invoice in serif, crumpled and smoothed out on a wooden table: "Contribuinte: PT5xxxxxxxx", "Data: dd/mm/yy", a payment deadline, "Total".',
    paper: LASER,
    shot: { paperWidth: 1550, rotate: 2, table: 'wood', crumple: { creases: 18, depth: 0.1 } },
  },
  {
    file: 'serifa-canalizador-dobrada.jpg',
    document: 'canalizador-serifa',
    description:
      'Plumber\'s 2019 A4 invoice (a sole trader, NIF "1xx.xxx.xxx") folded in three, on granite with a shadow over the top: dd-mm-yyyy, a quote with its own date, "Total a pagar".',
    paper: LASER,
    shot: {
      paperWidth: 1550,
      rotate: 3,
      table: 'granite',
      folds: [
        { along: 'h', at: 0.33, depth: -0.1 },
        { along: 'h', at: 0.66, depth: 0.1 },
      ],
      shadows: [{ kind: 'edge', angle: -80, through: [0.5, 0.3], soft: 50, depth: 0.4 }],
    },
  },
  {
    file: 'a4-condominio-sombra.jpg',
    document: 'condominio-gestao',
    description:
      'Condominium management A4 invoice with a window frame\'s shadow across the page, on marble: "NIPC 5xx xxx xxx", "Data do documento: yyyy-mm-dd", a period and a payment deadline, "Valor a pagar".',
    paper: LASER,
    shot: {
      paperWidth: 1600,
      rotate: -1,
      table: 'marble',
      shadows: [
        { kind: 'edge', angle: 60, through: [0.45, 0.5], soft: 12, depth: 0.5 },
        { kind: 'edge', angle: 240, through: [0.6, 0.5], soft: 12, depth: 0.5 },
      ],
    },
  },
  {
    file: 'a4-eletrodomesticos-mesa.jpg',
    document: 'eletrodomesticos-sans',
    description:
      'Appliance shop A4 "Fatura-Recibo" on a wooden table, rotated 10° and tilted 8°: "NIF: PT5xxxxxxxx", "Data: 27 Nov 2020", "Total Ilíquido", "Total IVA", "Total EUR" over a thousand, then the amount paid.',
    paper: LASER,
    shot: { paperWidth: 1450, rotate: 10, tiltX: 8, table: 'wood' },
  },
  {
    file: 'a4-ginasio-pouca-luz.jpg',
    document: 'ginasio-sans',
    description:
      'Gym A4 invoice in low light (55 %), sensor noise and a soft focus, on a dark desk: "Contribuinte n.º", "Data de emissão dd/mm/yyyy", a due date, "Total".',
    paper: LASER,
    shot: {
      paperWidth: 1550,
      rotate: -3,
      table: 'dark',
      brightness: 0.55,
      blur: 1.1,
      noise: 22,
      quality: 72,
    },
  },
  {
    file: 'a4-restaurante-nota-credito.jpg',
    document: 'restaurante-jardim-nc',
    description:
      'Restaurant A4 credit note on a checked tablecloth, rotated -7° and turned -12°: "NIF: PT 5xx xxx xxx", dd-mm-yyyy, the referenced invoice "FT 2021/233 de 12-02-2021", "Total EUR".',
    paper: LASER,
    shot: { paperWidth: 1450, rotate: -7, tiltY: -12, table: 'gingham' },
  },
];

/** The printed sheet of a photo's document: a till roll, an A4 page or dot-matrix paper. */
async function renderSheet(pages: Pages, photo: RealPhoto, index: number): Promise<Sheet> {
  const { document, totals } = realWorldDocument(photo.document);
  const look: InkLook = { ...photo.paper, seed: seedOf(index) };
  if (document.layout === 'dot-matrix') {
    const page = await pages(DOT_MATRIX_SCALE);
    await page.setContent(dotMatrixHtml(document, totals));
    const paper = page.locator('#paper');
    const setLayer = (hidden: string) =>
      page.evaluate((name) => (window.document.documentElement.className = name), hidden);
    await setLayer('hide-dot');
    const form = await paper.screenshot({ type: 'png' });
    await setLayer('hide-form');
    const struck = await paper.screenshot({ type: 'png', omitBackground: true });
    const coverage = await inkCoverage(struck);
    const dots = dotMatrix(coverage, DOT_PITCH_PX, look.seed);
    return printSheet({ ...coverage, ink: dots }, look, form);
  }
  const qr = document.atcud ? await qrSvg(realWorldQrPayload(document, totals), 30) : '';
  const [html, scale] =
    document.layout === 'till'
      ? [tillHtml(document, totals, qr), THERMAL_SCALE]
      : [a4InvoiceHtml(document, totals), A4_SCALE];
  const page = await pages(scale);
  await page.setContent(html);
  const png = await page.locator('#paper').screenshot({ type: 'png' });
  return printSheet(await inkCoverage(png), look);
}

/** The photo of a rendered sheet, with its truth. */
async function photographSheet(photo: RealPhoto, index: number, sheet: Sheet): Promise<Output> {
  const { document, totals } = realWorldDocument(photo.document);
  const frame = document.layout === 'till' ? RECEIPT_PHOTO : PAGE_PHOTO;
  const seed = seedOf(index);
  const bytes = await takePhoto(sheet, { ...frame, noise: 6, quality: 80, ...photo.shot, seed });
  return {
    file: `ocr/${photo.file}`,
    kind: 'ocr-image',
    invoice: document.id,
    description: photo.description,
    accuracyOnly: true,
    bytes,
    expect: {
      ok: true,
      source: 'ocr',
      fields: realWorldFields(document, totals),
      check: OCR_CHECK,
    },
  };
}

/** Every photo; chromium renders the next sheet while this process photographs one. */
export async function realWorldPhotos(pages: Pages): Promise<Output[]> {
  const out: Output[] = [];
  let next = renderSheet(pages, REAL_WORLD_PHOTOS[0]!, 0);
  for (const [index, photo] of REAL_WORLD_PHOTOS.entries()) {
    const sheet = await next;
    const following = REAL_WORLD_PHOTOS[index + 1];
    if (following) next = renderSheet(pages, following, index + 1);
    out.push(await photographSheet(photo, index, sheet));
  }
  return out;
}
