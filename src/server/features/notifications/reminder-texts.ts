// The words of a reminder (pt-PT), by kind, for the reminders of one person made in one pass:
// one push and one email per kind, however many invoices they name. Pure: the facts were
// kept with each reminder when it was made (reminder-detection.queries.ts).
import type { ReminderFacts } from '#server/db/schema/index.ts';
import type { PushMessage } from '#server/services/push/push-sender.ts';
import type { ReminderEmailInput } from '#server/services/mail/templates/reminder-email.ts';
import { formatDateShort } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { DUE_SOON_DAYS, type ReminderKind } from '#shared/reminders.ts';

/** One reminder as the texts need it. */
export type ReminderItem = {
  invoiceId: string | null;
  supplierId: string | null;
  facts: ReminderFacts;
};

export type ReminderTexts = {
  push: PushMessage;
  email: Omit<ReminderEmailInput, 'name'>;
};

const text = (facts: ReminderFacts, key: string) => String(facts[key] ?? '');
const number = (facts: ReminderFacts, key: string) => Number(facts[key] ?? 0);
const date = (facts: ReminderFacts, key: string) => formatDateShort(text(facts, key));

/** 'EDP, MEO e mais 2': the names a push has room for. */
function names(items: ReadonlyArray<ReminderItem>, key: string): string {
  const unique = [...new Set(items.map((item) => text(item.facts, key)))];
  const shown = unique.slice(0, 2).join(', ');
  return unique.length > 2 ? `${shown} e mais ${unique.length - 2}` : shown;
}

function invoiceLine(item: ReminderItem) {
  const { facts } = item;
  return {
    label: `${text(facts, 'number')} · ${text(facts, 'supplierName')}`,
    detail: `${formatCents(number(facts, 'totalCents'))} · vence a ${date(facts, 'dueDate')}`,
  };
}

function dueSoon(items: ReadonlyArray<ReminderItem>, url: (path: string) => string) {
  const [first] = items;
  const single = items.length === 1 && first;
  const path = single && first.invoiceId ? `/?fatura=${first.invoiceId}` : '/';
  const body = single
    ? `A fatura ${text(first.facts, 'number')} de ${text(first.facts, 'supplierName')} (${formatCents(number(first.facts, 'totalCents'))}) vence a ${date(first.facts, 'dueDate')}.`
    : `${items.length} faturas vencem nos próximos ${DUE_SOON_DAYS} dias: ${names(items, 'supplierName')}.`;
  const title = single ? 'Fatura a vencer' : `${items.length} faturas a vencer`;
  return {
    push: { title, body, url: path, tag: 'invoice_due_soon' },
    email: {
      subject: single
        ? `Fatura a vencer: ${text(first.facts, 'number')} de ${text(first.facts, 'supplierName')}`
        : `${items.length} faturas vencem nos próximos ${DUE_SOON_DAYS} dias`,
      title,
      intro: `Estas faturas vencem nos próximos ${DUE_SOON_DAYS} dias e ainda não estão pagas.`,
      items: items.map(invoiceLine),
      buttonLabel: 'Ver faturas',
      url: url(path),
    },
  };
}

function overdue(items: ReadonlyArray<ReminderItem>, url: (path: string) => string) {
  const [first] = items;
  const single = items.length === 1 && first;
  const path = single && first.invoiceId ? `/?fatura=${first.invoiceId}` : '/';
  const body = single
    ? `A fatura ${text(first.facts, 'number')} de ${text(first.facts, 'supplierName')} (${formatCents(number(first.facts, 'totalCents'))}) venceu a ${date(first.facts, 'dueDate')} e ainda não está paga.`
    : `${items.length} faturas venceram e ainda não estão pagas: ${names(items, 'supplierName')}.`;
  const title = single ? 'Fatura vencida' : `${items.length} faturas vencidas`;
  return {
    push: { title, body, url: path, tag: 'invoice_overdue' },
    email: {
      subject: single
        ? `Fatura vencida: ${text(first.facts, 'number')} de ${text(first.facts, 'supplierName')}`
        : `${items.length} faturas vencidas por pagar`,
      title,
      intro: 'Estas faturas passaram a data de vencimento e ainda não estão pagas.',
      items: items.map((item) => ({
        label: invoiceLine(item).label,
        detail: `${formatCents(number(item.facts, 'totalCents'))} · venceu a ${date(item.facts, 'dueDate')}`,
      })),
      buttonLabel: 'Ver faturas',
      url: url(path),
    },
  };
}

function supplierLimit(items: ReadonlyArray<ReminderItem>, url: (path: string) => string) {
  const [first] = items;
  const single = items.length === 1 && first;
  const path = single ? `/faturas/${text(first.facts, 'nif')}` : '/fornecedores';
  const figures = (facts: ReminderFacts) =>
    `${number(facts, 'percentage')} % (${formatCents(number(facts, 'spentCents'))} de ${formatCents(number(facts, 'limitCents'))})`;
  const body = single
    ? `${text(first.facts, 'name')} já vai em ${figures(first.facts)} do limite de despesa.`
    : `${items.length} fornecedores passaram 85 % do limite de despesa: ${names(items, 'name')}.`;
  return {
    push: { title: 'Atenção ao limite de despesa', body, url: path, tag: 'supplier_limit' },
    email: {
      subject: single
        ? `${text(first.facts, 'name')} passou 85 % do limite de despesa`
        : `${items.length} fornecedores passaram 85 % do limite de despesa`,
      title: 'Atenção ao limite de despesa',
      intro: 'Estes fornecedores passaram 85 % do limite de despesa do período.',
      items: items.map(({ facts }) => ({ label: text(facts, 'name'), detail: figures(facts) })),
      buttonLabel: 'Ver fornecedores',
      url: url(path),
    },
  };
}

function weeklyDigest(items: ReadonlyArray<ReminderItem>, url: (path: string) => string) {
  const facts = items[0]?.facts ?? {};
  const line = (label: string, countKey: string, centsKey: string) => ({
    label,
    detail: `${number(facts, countKey)} · ${formatCents(number(facts, centsKey))}`,
  });
  const intro = `A sua semana no Papelada, até ${date(facts, 'weekEnd')}.`;
  return {
    push: { title: 'Resumo semanal', body: intro, url: '/', tag: 'weekly_digest' },
    email: {
      subject: 'O seu resumo semanal do Papelada',
      title: 'Resumo semanal',
      intro,
      items: [
        line('Faturas por pagar', 'openCount', 'openCents'),
        line('Das quais vencidas', 'overdueCount', 'overdueCents'),
        line('A vencer esta semana', 'dueWeekCount', 'dueWeekCents'),
        line('Pagas na semana passada', 'paidLastWeekCount', 'paidLastWeekCents'),
      ],
      buttonLabel: 'Abrir o Papelada',
      url: url('/'),
    },
  };
}

export function reminderTexts(
  kind: ReminderKind,
  items: ReadonlyArray<ReminderItem>,
  appUrl: string,
): ReminderTexts {
  const url = (path: string) => new URL(path, appUrl).href;
  switch (kind) {
    case 'invoice_due_soon':
      return dueSoon(items, url);
    case 'invoice_overdue':
      return overdue(items, url);
    case 'supplier_limit':
      return supplierLimit(items, url);
    case 'weekly_digest':
      return weeklyDigest(items, url);
  }
}
