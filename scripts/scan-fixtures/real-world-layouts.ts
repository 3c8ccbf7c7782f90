// HTML of the real-world OCR documents: an 80 mm till roll laid out in fixed columns as
// the printer's firmware does (centred header, amounts right-aligned, a double-size
// total), an 80-column dot-matrix invoice on continuous paper (its pre-printed parts in
// `.form`, what the printer struck in `.dot`, so the camera can dot the latter alone) and
// an A4 invoice of the years before the QR code, in the document's own font.
import type { Totals } from './invoices.ts';
import { printDate, printMoney, printNif, printNumber } from './printed-forms.ts';
import type { RealDocument } from './real-world-documents.ts';

type Line = { text: string; align?: 'center' | 'right'; bold?: boolean; big?: boolean };

const esc = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** `left` and `right` on one line of `width` characters, at least one space between. */
const spread = (left: string, right: string, width: number) =>
  `${left}${' '.repeat(Math.max(1, width - left.length - right.length))}${right}`;

const RATE_CODE = { 6: 'A', 13: 'B', 23: 'C' } as const;

function dateLine(document: RealDocument, width: number): string {
  const date = printDate(document.issueDate, document.dateShape);
  const label = document.dateLabel ? `${document.dateLabel} ` : '';
  if (document.time && document.timeLabel)
    return spread(`${label}${date}`, `${document.timeLabel} ${document.time}`, width);
  return `${label}${date}${document.time ? `  ${document.time}` : ''}`;
}

const nifLine = (document: RealDocument) =>
  `${document.seller.nifLabel} ${printNif(document.seller.nif, document.seller.nifShape)}`;

const numberLine = (document: RealDocument) =>
  `${document.numberLabel} ${printNumber(document.number, document.numberJoined)}`;

const certificateLine = (document: RealDocument) =>
  `${document.hash}-Processado por programa certificado n.º ${document.certificate}/AT`;

function tillLines(document: RealDocument, totals: Totals, cols: number): Line[] {
  const money = (cents: number) => printMoney(cents, document.thousands);
  const rule: Line = { text: '-'.repeat(cols) };
  const lines: Line[] = [
    ...document.seller.name.map((text): Line => ({ text, align: 'center', bold: true })),
    ...document.seller.lines.map((text): Line => ({ text, align: 'center' })),
    { text: nifLine(document), align: 'center' },
    rule,
  ];
  if (document.title) lines.push({ text: document.title, align: 'center', bold: true });
  lines.push({ text: numberLine(document) }, { text: dateLine(document, cols) });
  lines.push(...document.notes.map((text) => ({ text })));
  lines.push({
    text: document.buyer
      ? `${document.buyer.label} ${document.buyer.nif}`
      : 'Contribuinte: Consumidor final',
  });
  lines.push(rule);
  const sold = document.items.filter((item) => item.unitCents >= 0);
  const discounts = document.items.filter((item) => item.unitCents < 0);
  const itemLine = (item: RealDocument['items'][number]) => {
    const amount = `${money(item.qty * item.unitCents)} ${RATE_CODE[item.rate]}`;
    if (item.detail)
      return [{ text: item.text }, { text: spread(`  ${item.detail}`, amount, cols) }];
    if (item.qty > 1)
      return [
        { text: item.text },
        { text: spread(`  ${item.qty} x ${money(item.unitCents)}`, amount, cols) },
      ];
    return [{ text: spread(item.text, amount, cols) }];
  };
  lines.push(...sold.flatMap(itemLine));
  if (document.subtotalLabel) {
    const subtotal = sold.reduce((sum, item) => sum + item.qty * item.unitCents, 0);
    lines.push(rule, { text: spread(document.subtotalLabel, money(subtotal), cols) });
  }
  lines.push(...discounts.flatMap(itemLine), rule);
  lines.push({
    text: spread(document.totalLabel, money(totals.total), Math.floor(cols / 2)),
    bold: true,
    big: true,
  });
  if (document.payment) {
    const given = document.payment.givenCents ?? totals.total;
    lines.push({ text: spread(document.payment.label, money(given), cols) });
    if (document.payment.givenCents)
      lines.push({ text: spread('Troco', money(given - totals.total), cols) });
  }
  lines.push(rule, { text: spread('Taxa', '    Base       IVA', cols) });
  for (const [rate, band] of totals.bands) {
    const right = `${money(band.base).padStart(8)}  ${money(band.vat).padStart(8)}`;
    lines.push({ text: spread(`${RATE_CODE[rate]} ${rate}%`, right, cols) });
  }
  lines.push({ text: spread('Total IVA', money(totals.vat), cols) }, rule);
  if (document.atcud) lines.push({ text: `ATCUD: ${document.atcud}`, align: 'center' });
  lines.push(
    { text: `${document.hash}-Processado por programa`, align: 'center' },
    { text: `certificado n.º ${document.certificate}/AT`, align: 'center' },
    { text: 'IVA incluído', align: 'center' },
    { text: 'Obrigado pela preferência!', align: 'center' },
  );
  return lines;
}

/** The till's printable width: 72 mm of an 80 mm roll. */
const TILL_PRINT_MM = 72;
const MONO_ADVANCE = 0.6;

/** `qr`: the SVG of the document's AT QR, printed at the foot (documents from 2023 on). */
export function tillHtml(document: RealDocument, totals: Totals, qr = ''): string {
  const cols = document.cols ?? 42;
  const charPx = ((TILL_PRINT_MM / 25.4) * 96) / cols;
  const fontPx = (charPx / MONO_ADVANCE).toFixed(2);
  const body = tillLines(document, totals, cols)
    .map((line) => {
      const classes = [
        line.align === 'center' ? 'c' : '',
        line.bold ? 'b' : '',
        line.big ? 'big' : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `<div class="l ${classes}">${esc(line.text)}</div>`;
    })
    .join('');
  return `<!doctype html><html lang="pt"><meta charset="utf-8"><style>
  body{margin:0;background:#fff;color:#000}
  #paper{width:80mm;padding:5mm 4mm 9mm;font:${fontPx}px/1.3 ${document.font},monospace;background:#fff}
  .l{white-space:pre;height:1.3em;overflow:hidden}.c{text-align:center}.b{font-weight:700}
  .big{font-size:200%;height:1.3em}.qr{display:flex;justify-content:center;margin-top:3mm}</style>
  <div id="paper">${body}${qr ? `<div class="qr">${qr}</div>` : ''}</div>`;
}

/** The invoice as the printer strikes it: 80 columns of 10 characters per inch. */
function dotMatrixLines(document: RealDocument, totals: Totals, withHeader: boolean): string[] {
  const W = 80;
  const money = (cents: number) => printMoney(cents, document.thousands);
  const right = (text: string) => `${' '.repeat(44)}${text}`;
  const rule = '-'.repeat(W);
  const lines: string[] = [];
  if (withHeader) {
    lines.push(...document.seller.name, ...document.seller.lines, nifLine(document), '');
  } else {
    lines.push('', '', '', '', '');
  }
  lines.push(right(document.title), right(numberLine(document)), right(dateLine(document, 36)));
  lines.push(right('Original'), '', 'Exmo.(s) Sr.(s)');
  lines.push(...(document.buyer?.lines ?? []));
  if (document.buyer) lines.push(`${document.buyer.label} ${document.buyer.nif}`);
  lines.push('', ...document.notes, rule);
  lines.push('Descrição                              Qtd.   Preço Un.  IVA          Total', rule);
  for (const item of document.items) {
    const name = item.text.slice(0, 37).padEnd(37);
    const qty = String(item.qty).padStart(6);
    const unit = money(item.unitCents).padStart(12);
    const rate = `${item.rate}%`.padStart(5);
    const total = money(item.qty * item.unitCents).padStart(15);
    lines.push(`${name}${qty}${unit}${rate}${total}`);
  }
  lines.push(rule);
  const net = [...totals.bands.values()].reduce((sum, band) => sum + band.base, 0);
  const totalRow = (label: string, cents: number) => right(spread(label, money(cents), 36));
  lines.push(totalRow(document.subtotalLabel ?? 'Total Ilíquido:', net));
  for (const [rate, band] of totals.bands)
    lines.push(totalRow(`IVA ${rate}% s/ ${money(band.base)}:`, band.vat));
  lines.push(totalRow(`${document.totalLabel}:`, totals.total), '', '');
  lines.push(certificateLine(document));
  return lines;
}

export function dotMatrixHtml(document: RealDocument, totals: Totals): string {
  const letterhead = document.paper === 'letterhead';
  // The monospace fonts here dot their zero, which 9-pin dots turn into an '8'; the printer's
  // own zero is a plain oval, taken from Liberation Sans in a monospace cell.
  const text = dotMatrixLines(document, totals, !letterhead)
    .map(
      (line) =>
        `<div class="l">${esc(line).replaceAll('0', '<span class="z">0</span>') || ' '}</div>`,
    )
    .join('');
  const header = letterhead
    ? `<div class="form head"><div class="name">${document.seller.name.map(esc).join('<br>')}</div>
      ${document.seller.lines.map(esc).join(' · ')}<br>${esc(nifLine(document))}</div>`
    : '';
  const stripes = letterhead ? '' : `<div class="form bars"></div>`;
  return `<!doctype html><html lang="pt"><meta charset="utf-8"><style>
  body{margin:0;background:#fff}
  #paper{position:relative;width:240mm;height:279.4mm;padding:12mm 18mm 0;background:#fff;overflow:hidden}
  .bars{position:absolute;inset:0;background:repeating-linear-gradient(180deg,#dcebdc 0 12.7mm,transparent 12.7mm 25.4mm)}
  .head{position:absolute;left:18mm;top:9mm;color:#1d3f8f;font:13px/1.35 'DejaVu Serif',serif}
  .head .name{font-size:19px;font-weight:700;letter-spacing:.5px}
  .dot{position:relative;font:700 16px/16px ${document.font},monospace;color:#000}
  .z{display:inline-block;width:0.6em;text-align:center;font-family:'Liberation Sans',sans-serif}
  .l{white-space:pre;height:16px}
  .hide-form .form{visibility:hidden}.hide-dot .dot{visibility:hidden}
  .hide-form #paper,.hide-form body{background:transparent}</style>
  <div id="paper">${stripes}${header}<div class="dot">${text}</div></div>`;
}

export function a4InvoiceHtml(document: RealDocument, totals: Totals): string {
  const money = (cents: number) => printMoney(cents, document.thousands);
  const items = document.items
    .map(
      (item) =>
        `<tr><td>${esc(item.text)}</td><td class="r">${item.qty}</td><td class="r">${money(item.unitCents)}</td><td class="r">${item.rate}%</td><td class="r">${money(item.qty * item.unitCents)}</td></tr>`,
    )
    .join('');
  const vatRows = [...totals.bands]
    .map(
      ([rate, band]) =>
        `<tr><td>IVA ${rate}%</td><td class="r">${money(band.base)}</td><td class="r">${money(band.vat)}</td></tr>`,
    )
    .join('');
  const net = [...totals.bands.values()].reduce((sum, band) => sum + band.base, 0);
  const buyer = document.buyer;
  const payment = document.payment
    ? `<tr><td>${esc(document.payment.label)}</td><td class="r">${money(totals.total)} €</td></tr>`
    : '';
  const date = printDate(document.issueDate, document.dateShape);
  return `<!doctype html><html lang="pt"><meta charset="utf-8"><style>
  *{box-sizing:border-box}body{margin:0;background:#fff;color:#111}
  #paper{width:210mm;min-height:297mm;padding:16mm 16mm 14mm;font:13px/1.45 ${document.font},serif;background:#fff}
  table{border-collapse:collapse}td,th{padding:2px 5px;text-align:left;vertical-align:top}.r{text-align:right}
  header{display:flex;justify-content:space-between;gap:10mm;border-bottom:2px solid #222;padding-bottom:4mm}
  .name{font-size:20px;font-weight:700}.doc{text-align:right}h1{font-size:22px;margin:0 0 2mm;letter-spacing:1px}
  .buyer{margin:8mm 0 6mm auto;width:90mm;border:1px solid #555;padding:3mm 4mm}
  table.items{width:100%;margin-top:4mm}.items th{border-top:1px solid #222;border-bottom:1px solid #222}
  .summary{display:flex;justify-content:space-between;align-items:flex-start;margin-top:8mm}
  .grand td{font-size:16px;font-weight:700;border-top:1px solid #222}
  footer{margin-top:16mm;font-size:11px;color:#333}</style>
  <div id="paper">
  <header><div>
    <div class="name">${document.seller.name.map(esc).join('<br>')}</div>
    ${document.seller.lines.map((line) => `<div>${esc(line)}</div>`).join('')}
    <div>${esc(nifLine(document))}</div>
  </div><div class="doc">
    <h1>${esc(document.title)}</h1>
    <div>${esc(numberLine(document))}</div>
    <div>${esc(document.dateLabel)} ${date}</div>
    <div>Original</div>
  </div></header>
  ${document.notes.map((line) => `<div>${esc(line)}</div>`).join('')}
  <section class="buyer">${(buyer?.lines ?? []).map((line) => `<div>${esc(line)}</div>`).join('')}
    ${buyer ? `<div>${esc(buyer.label)} ${buyer.nif}</div>` : '<div>Consumidor final</div>'}</section>
  <table class="items"><tr><th>Descrição</th><th class="r">Quant.</th><th class="r">Preço unit.</th><th class="r">Taxa</th><th class="r">Valor</th></tr>${items}</table>
  <div class="summary">
    <table><tr><th>Taxa</th><th class="r">Incidência</th><th class="r">IVA</th></tr>${vatRows}</table>
    <table><tr><td>${esc(document.subtotalLabel ?? 'Total ilíquido')}</td><td class="r">${money(net)} €</td></tr>
    <tr><td>Total IVA</td><td class="r">${money(totals.vat)} €</td></tr>
    <tr class="grand"><td>${esc(document.totalLabel)}</td><td class="r">${money(totals.total)} €</td></tr>${payment}</table>
  </div>
  <footer>${document.atcud ? `<div>ATCUD: ${document.atcud}</div>` : ''}
    <div>${esc(certificateLine(document))}</div>
    <div>Os bens/serviços foram colocados à disposição do adquirente na data do documento.</div></footer></div>`;
}
