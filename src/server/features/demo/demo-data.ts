// The demo account's year of data (issue 16 point 6, ADR 021): a small grocery company with a
// dozen suppliers in several categories, weekly and monthly invoices for the 12 months up to
// today — most paid, recent ones pending, a few overdue, three credit notes — VAT by region ×
// rate band on the QR-read ones (mainland and Madeira), a sales record for every opening day,
// two categories of goods for resale and two savings goals. Generated from the month it is
// built in with a seeded random sequence, so one day's data is always the same.
import {
  addMonths,
  firstDayOfMonth,
  monthOfDate,
  monthsEndingAt,
} from '#shared/calendar-months.ts';
import { addDays, endOfMonth, isoWeekday, type CalendarDate } from '#shared/dates.ts';
import {
  CATEGORIES,
  RATES,
  SCHEDULES,
  SUPPLIERS,
  type DemoData,
  type DemoInvoice,
  type DemoSale,
  type DemoVatLine,
} from './demo-catalogue.ts';
import { mulberry32 } from '#shared/seeded-random.ts';

export { DEMO_COMPANY, type DemoData } from './demo-catalogue.ts';

/** A seeded generator (mulberry32) from a text: enough to vary amounts plausibly. */
function randomFrom(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return mulberry32(seed);
}

const round = (value: number) => Math.round(value);
/** Invoices are paid this many days after they arrive (or on their due date, if sooner). */
const PAID_AFTER_DAYS = 7;

/** The first day of the 12 months the demo covers (the current one is the last). */
export function demoFirstDay(today: CalendarDate): CalendarDate {
  return firstDayOfMonth(addMonths(monthOfDate(today), -11));
}

export function buildDemoData(today: CalendarDate): DemoData {
  const random = randomFrom(`papelada-demo-${monthOfDate(today)}`);
  const between = (from: number, to: number) => from + (to - from) * random();
  const months = monthsEndingAt(monthOfDate(today), 12);
  const invoices: DemoInvoice[] = [];
  const counters = new Map<string, number>();
  const nextNumber = (prefix: string, year: string) => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix} ${year}/${String(n).padStart(4, '0')}`;
  };

  /**
   * Paid a week after it arrived; the few left unpaid are pending until their due date, then
   * overdue.
   */
  const statusOf = (issueDate: CalendarDate, dueDate: CalendarDate, overdue: boolean) => {
    if (overdue) return dueDate < today ? ('Vencida' as const) : ('Pendente' as const);
    return addDays(issueDate, PAID_AFTER_DAYS) < today ? ('Paga' as const) : ('Pendente' as const);
  };

  for (const month of months) {
    const last = endOfMonth(firstDayOfMonth(month));
    for (const schedule of SCHEDULES) {
      for (const day of schedule.days) {
        const issueDate = `${month}-${String(day).padStart(2, '0')}`;
        if (issueDate > today || issueDate > last) continue;
        // December sells more, August less: the groceries bought follow.
        const season = month.endsWith('-12') ? 1.25 : month.endsWith('-08') ? 0.8 : 1;
        const baseCents = round(between(...schedule.base) * 100 * season);
        const vatLines = schedule.bands.map((band): DemoVatLine => {
          const base = round(baseCents * band.share);
          return {
            region: band.region,
            rateBand: band.rateBand,
            baseCents: base,
            vatCents: round((base * RATES[band.region][band.rateBand]) / 1000),
          };
        });
        const vatCents = vatLines.reduce((sum, line) => sum + line.vatCents, 0);
        const totalCents = vatLines.reduce((sum, line) => sum + line.baseCents, 0) + vatCents;
        const dueDate = addDays(issueDate, schedule.dueInDays);
        // A few unpaid past their due date: the accountant's and the telecom bills of this month
        // and the last, and a grocery delivery.
        const isRecent = month >= addMonths(monthOfDate(today), -1);
        const overdue =
          isRecent &&
          (schedule.supplierKey === 'contabilidade' ||
            schedule.supplierKey === 'meo' ||
            (schedule.supplierKey === 'distribuidora' && day === 10));
        const paymentStatus =
          schedule.dueInDays === 0 ? 'Paga' : statusOf(issueDate, dueDate, overdue);
        invoices.push({
          number: nextNumber(schedule.prefix, month.slice(0, 4)),
          supplierKey: schedule.supplierKey,
          issueDate,
          dueDate,
          totalCents,
          vatCents,
          atcud:
            schedule.source === 'qr'
              ? `JF${schedule.prefix.length}K${day}M2-${invoices.length + 1}`
              : null,
          documentType: schedule.prefix.startsWith('FS') ? 'FS' : 'FT',
          paymentStatus,
          paymentMethod: paymentStatus === 'Paga' ? schedule.method : null,
          paidAt:
            paymentStatus === 'Paga'
              ? addDays(issueDate, Math.min(PAID_AFTER_DAYS, schedule.dueInDays))
              : null,
          originalInvoiceRef: null,
          source: schedule.source,
          vatLines: schedule.source === 'qr' ? vatLines : null,
        });
      }
    }
    // Savings: a transfer on the 28th (more in good months).
    const savingsDate = `${month}-28`;
    if (savingsDate <= today) {
      const cents = round(between(350, 650)) * 100;
      invoices.push(savingsInvoice(nextNumber('TRF POUP', month.slice(0, 4)), savingsDate, cents));
    }
    // Stationery now and then.
    if (month.endsWith('-01') || month.endsWith('-04') || month.endsWith('-09')) {
      const issueDate = `${month}-14`;
      if (issueDate <= today) {
        const base = round(between(40, 140) * 100);
        const vat = round(base * 0.23);
        invoices.push({
          number: nextNumber('FS PC', month.slice(0, 4)),
          supplierKey: 'papelaria',
          issueDate,
          dueDate: issueDate,
          totalCents: base + vat,
          vatCents: vat,
          atcud: null,
          documentType: 'FS',
          paymentStatus: 'Paga',
          paymentMethod: 'Dinheiro',
          paidAt: issueDate,
          originalInvoiceRef: null,
          source: 'manual',
          vatLines: null,
        });
      }
    }
  }
  invoices.push(...creditNotes(invoices, today, months));
  return {
    categories: CATEGORIES,
    resaleCategoryKeys: ['mercadorias', 'bebidas'],
    suppliers: SUPPLIERS,
    invoices,
    sales: buildSales(months, today, random),
    goals: [
      {
        name: 'Fundo de emergência',
        targetCents: 8_000_00,
        targetDate: endOfMonth(firstDayOfMonth(addMonths(monthOfDate(today), 14))),
        startDate: firstDayOfMonth(months[0] ?? monthOfDate(today)),
        supplierKey: null,
      },
      {
        name: 'Nova arca frigorífica',
        targetCents: 3_500_00,
        targetDate: endOfMonth(firstDayOfMonth(addMonths(monthOfDate(today), 3))),
        startDate: firstDayOfMonth(addMonths(monthOfDate(today), -4)),
        supplierKey: 'poupanca',
      },
    ],
  };
}

function savingsInvoice(number: string, date: CalendarDate, cents: number): DemoInvoice {
  return {
    number,
    supplierKey: 'poupanca',
    issueDate: date,
    dueDate: date,
    totalCents: cents,
    vatCents: 0,
    atcud: null,
    documentType: 'FT',
    paymentStatus: 'Paga',
    paymentMethod: 'Outro',
    paidAt: date,
    originalInvoiceRef: null,
    source: 'manual',
    vatLines: null,
  };
}

/** Returns to the distributor and the dairy, credited a few days after the delivery. */
function creditNotes(
  invoices: readonly DemoInvoice[],
  today: CalendarDate,
  months: readonly string[],
): DemoInvoice[] {
  const picks: Array<[string, string | undefined]> = [
    ['distribuidora', months[9]],
    ['lacticinios', months[5]],
    ['distribuidora', months[2]],
  ];
  const notes: DemoInvoice[] = [];
  for (const [supplierKey, month] of picks) {
    const original = invoices.find(
      (i) => i.supplierKey === supplierKey && month !== undefined && i.issueDate.startsWith(month),
    );
    if (!original) continue;
    const issueDate = addDays(original.issueDate, 4);
    if (issueDate > today) continue;
    // A tenth of the delivery came back, at its reduced-rate band.
    const vatLines = (original.vatLines ?? []).slice(0, 1).map((line) => {
      const base = round(line.baseCents / 10);
      return {
        ...line,
        baseCents: base,
        vatCents: round((base * RATES[line.region].reduced) / 1000),
      };
    });
    const vatCents = vatLines.reduce((sum, line) => sum + line.vatCents, 0);
    const totalCents = vatLines.reduce((sum, line) => sum + line.baseCents, 0) + vatCents;
    notes.push({
      number: `NC ${original.number.split(' ').slice(1).join(' ')}-${notes.length + 1}`,
      supplierKey,
      issueDate,
      dueDate: issueDate,
      totalCents,
      vatCents,
      atcud: `${original.atcud ?? 'NC'}-NC`,
      documentType: 'NC',
      paymentStatus: 'Paga',
      paymentMethod: 'Outro',
      paidAt: issueDate,
      originalInvoiceRef: original.number,
      source: 'qr',
      vatLines,
    });
  }
  return notes;
}

/** A record for each opening day (Monday to Saturday) up to today. */
function buildSales(months: readonly string[], today: CalendarDate, random: () => number) {
  const sales: DemoSale[] = [];
  const first = firstDayOfMonth(months[0] ?? monthOfDate(today));
  for (let date = first; date <= today; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    if (weekday === 7) continue;
    const month = date.slice(5, 7);
    const season = month === '12' ? 1.3 : month === '08' ? 0.8 : 1;
    const saturday = weekday === 6 ? 1.35 : 1;
    const salesValueCents = Math.round((650 + random() * 450) * season * saturday) * 100;
    // About 11 % on average: most groceries at 6 %, drinks and the rest at 23 %.
    const vatCollectedCents = Math.round(salesValueCents * (0.1 + random() * 0.03));
    sales.push({ date, salesValueCents, vatCollectedCents });
  }
  return sales;
}
