// HTML of the fixture invoices: an 80 mm till receipt and an A4 invoice, printed the way
// Portuguese invoices are ('1.234,56 €', several date forms, ATCUD above or beside the QR).
import QRCode from 'qrcode';
import { formatDateLong, monthName } from '#shared/dates.ts';
import {
  atcudOf,
  computeTotals,
  CONSUMIDOR_FINAL,
  qrPayload,
  type DateStyle,
  type Invoice,
  type Totals,
} from './invoices.ts';

/** '1.234,56' — the dotted grouping printed invoices use. */
function money(cents: number): string {
  const euros = Math.trunc(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, '.');
  return `${euros},${String(cents % 100).padStart(2, '0')}`;
}

function printDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-');
  if (style === 'long') return formatDateLong(iso);
  if (style === 'iso') return iso;
  const sep = { slash: '/', dash: '-', dot: '.' }[style];
  return [d, m, y].join(sep);
}

function printNif(value: string, style: Invoice['seller']['nifStyle']): string {
  if (style === 'pt') return `PT${value}`;
  if (style === 'spaced') return `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6)}`;
  return value;
}

const esc = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export async function qrSvg(payload: string, mm: number): Promise<string> {
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 });
  return svg.replace('<svg ', `<svg style="width:${mm}mm;height:${mm}mm;display:block" `);
}

const BASE_CSS = `*{box-sizing:border-box}body{margin:0;background:#fff;color:#111}
table{border-collapse:collapse}td,th{padding:2px 4px;text-align:left;vertical-align:top}
.r{text-align:right}.b{font-weight:700}.qrbox{margin:4mm 0}`;

export type RenderOptions = { withQr: boolean; appendix?: boolean };

function vatRows(totals: Totals): string {
  return [...totals.bands]
    .map(
      ([rate, band]) =>
        `<tr><td>IVA ${rate}%</td><td class="r">${money(band.base)}</td><td class="r">${money(band.vat)}</td></tr>`,
    )
    .join('');
}

async function receiptHtml(
  invoice: Invoice,
  totals: Totals,
  options: RenderOptions,
): Promise<string> {
  const qr = options.withQr ? await qrSvg(qrPayload(invoice, totals), invoice.qrMm) : '';
  const items = invoice.items
    .map(
      (item, i) =>
        `<tr><td colspan="3">${esc(item.text)}</td></tr><tr><td>${item.qty} x ${money(item.unitCents)}</td><td>${item.rate}%</td><td class="r">${money(totals.lines[i]!)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="pt"><meta charset="utf-8"><style>${BASE_CSS}
  #paper{width:80mm;padding:5mm 4mm 8mm;font:13px/1.35 'DejaVu Sans Mono',monospace}
  .c{text-align:center}hr{border:0;border-top:1px dashed #333;margin:6px 0}table{width:100%}
  .qrbox{display:flex;justify-content:center}</style>
  <div id="paper">
  <div class="c b">${invoice.seller.name.map(esc).join('<br>')}</div>
  <div class="c">${invoice.sellerLines.map(esc).join('<br>')}</div>
  <div class="c">${invoice.seller.nifLabel} ${printNif(invoice.seller.nif, invoice.seller.nifStyle)}</div><hr>
  <div class="b">${invoice.title}</div>
  <div>${invoice.numberLabel} ${invoice.number}</div>
  <div>${invoice.dateLabel} ${printDate(invoice.issueDate, invoice.dateStyle)}</div>
  ${invoice.distractors.map((line) => `<div>${esc(line)}</div>`).join('')}
  ${invoice.buyer.lines.map((line) => `<div>${esc(line)}</div>`).join('')}<hr>
  <table>${items}</table><hr>
  <table><tr class="b"><td>${invoice.totalLabel}</td><td class="r">${money(totals.total)} €</td></tr></table><hr>
  <table><tr><th>Taxa</th><th class="r">Base</th><th class="r">IVA</th></tr>${vatRows(totals)}
  <tr><td>Total IVA</td><td></td><td class="r">${money(totals.vat)}</td></tr></table><hr>
  <div>Pagamento: Multibanco ${money(totals.total)} €</div>
  <div class="c">ATCUD: ${atcudOf(invoice)}</div>
  ${qr ? `<div class="qrbox">${qr}</div>` : ''}
  <div class="c">${invoice.hash}-Processado por programa certificado n.º ${invoice.certificate}/AT</div>
  <div class="c">Obrigado pela sua visita!</div></div>`;
}

function appendixHtml(): string {
  // Four years of monthly readings, newest first, to make the invoice run over pages.
  const rows = Array.from({ length: 48 }, (_, i) => {
    const kwh = 380 + ((i * 37) % 140);
    const month = monthName(11 - (i % 12), { short: true });
    return `<tr><td>${month} ${2025 - Math.floor(i / 12)}</td><td class="r">${kwh} kWh</td><td>Leitura real</td></tr>`;
  }).join('');
  const notes = Array.from(
    { length: 14 },
    (_, i) =>
      `<p>Informação ${i + 1}: pode consultar o seu consumo, alterar a potência contratada ou aderir à fatura eletrónica na área de cliente. Em caso de avaria contacte a linha de apoio.</p>`,
  ).join('');
  return `<h2>Histórico de consumos</h2><table class="items">${rows}</table><h2>Informações úteis</h2>${notes}`;
}

async function a4Html(invoice: Invoice, totals: Totals, options: RenderOptions): Promise<string> {
  const qr = options.withQr ? await qrSvg(qrPayload(invoice, totals), invoice.qrMm) : '';
  const items = invoice.items
    .map(
      (item, i) =>
        `<tr><td>${esc(item.text)}</td><td class="r">${item.qty}</td><td class="r">${money(item.unitCents)}</td><td class="r">${item.rate}%</td><td class="r">${money(totals.lines[i]!)}</td></tr>`,
    )
    .join('');
  const net = [...totals.bands.values()].reduce((sum, band) => sum + band.base, 0);
  const buyerLabel =
    invoice.buyer.nif === CONSUMIDOR_FINAL ? 'Consumidor final' : `NIF: ${invoice.buyer.nif}`;
  return `<!doctype html><html lang="pt"><meta charset="utf-8"><style>${BASE_CSS}
  @page{size:A4;margin:0}
  #paper{width:210mm;min-height:297mm;padding:14mm 14mm 12mm;font:12.5px/1.4 'Liberation Sans',Arial,sans-serif}
  header{display:flex;justify-content:space-between;gap:10mm}
  .name{font-size:18px;font-weight:700}.doc{border:1px solid #444;padding:3mm 4mm;min-width:72mm}
  h1{font-size:20px;margin:0 0 2mm}h2{font-size:14px;margin:6mm 0 2mm}
  .buyer{margin:8mm 0 6mm auto;width:86mm;border:1px solid #999;padding:3mm 4mm}
  table.items{width:100%}.items th{border-bottom:1px solid #444}.items td{border-bottom:1px solid #ddd}
  .summary{display:flex;justify-content:space-between;align-items:flex-start;margin-top:6mm;break-inside:avoid}
  .totals td{padding:2px 6px}.grand td{font-size:15px;font-weight:700;border-top:2px solid #111}
  footer{display:flex;justify-content:space-between;align-items:flex-end;margin-top:8mm;break-inside:avoid}
  .small{font-size:10.5px;color:#333}</style>
  <div id="paper">
  <header><div>
    <div class="name">${invoice.seller.name.map(esc).join('<br>')}</div>
    ${invoice.sellerLines.map((line) => `<div>${esc(line)}</div>`).join('')}
    <div>${invoice.seller.nifLabel} ${printNif(invoice.seller.nif, invoice.seller.nifStyle)}</div>
  </div><div class="doc">
    <h1>${invoice.title}</h1>
    <div>${invoice.numberLabel} ${invoice.number}</div>
    <div>${invoice.dateLabel} ${printDate(invoice.issueDate, invoice.dateStyle)}</div>
    ${invoice.distractors.map((line) => `<div>${esc(line)}</div>`).join('')}
    <div class="small">Original</div>
  </div></header>
  <section class="buyer"><div class="b">Cliente</div>${invoice.buyer.lines.map((line) => `<div>${esc(line)}</div>`).join('')}<div>${buyerLabel}</div></section>
  <table class="items"><tr><th>Descrição</th><th class="r">Qtd.</th><th class="r">Preço unit.</th><th class="r">IVA</th><th class="r">Valor</th></tr>${items}</table>
  ${options.appendix ? appendixHtml() : ''}
  <div class="summary">
    <table class="vat"><tr><th>Taxa</th><th class="r">Incidência</th><th class="r">IVA</th></tr>${vatRows(totals)}</table>
    <table class="totals"><tr><td>Total ilíquido</td><td class="r">${money(net)} €</td></tr>
    <tr><td>Total IVA</td><td class="r">${money(totals.vat)} €</td></tr>
    <tr class="grand"><td>${invoice.totalLabel}</td><td class="r">${money(totals.total)} €</td></tr></table>
  </div>
  <footer><div class="small">
    <div class="b">ATCUD: ${atcudOf(invoice)}</div>
    <div>${invoice.hash}-Processado por programa certificado n.º ${invoice.certificate}/AT</div>
    <div>IBAN PT50 0035 0000 1234 5678 9015 4</div>
  </div>${qr ? `<div>${qr}</div>` : ''}</footer></div>`;
}

export function invoiceHtml(invoice: Invoice, options: RenderOptions): Promise<string> {
  const totals = computeTotals(invoice);
  return invoice.layout === 'receipt'
    ? receiptHtml(invoice, totals, options)
    : a4Html(invoice, totals, options);
}
