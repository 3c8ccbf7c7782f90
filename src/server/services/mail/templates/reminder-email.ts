// A reminder by email (issue 20 point 4): what is due, overdue or past a spending limit, or the
// weekly digest — a title, a sentence, one line per item and a button into the app. The words
// come from the reminders feature (notifications/reminder-texts.ts); this is their frame.
import { assertHttpUrl, escapeHtml } from './escape-html.ts';
import { EMAIL_FONT, renderLayout, type RenderedEmail } from './layout.ts';

export type ReminderEmailInput = {
  subject: string;
  title: string;
  /** The person's name, for the greeting; empty for none. */
  name: string;
  intro: string;
  /** One line per invoice or supplier: what it is, and its figures. */
  items: ReadonlyArray<{ label: string; detail: string }>;
  buttonLabel: string;
  url: string;
};

export const REMINDER_EMAIL_FOOTER =
  'Recebeu este email porque ativou os lembretes por email no Papelada. Pode alterá-los em Configurações › Lembretes.';

function itemsHtml(items: ReminderEmailInput['items']): string {
  if (items.length === 0) return '';
  const rows = items
    .map(
      ({ label, detail }) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;${EMAIL_FONT};font-size:15px;color:#111827">${escapeHtml(label)}</td>` +
        `<td align="right" style="padding:8px 0 8px 12px;border-bottom:1px solid #e5e7eb;${EMAIL_FONT};font-size:15px;color:#374151">${escapeHtml(detail)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">\n${rows}\n</table>\n`;
}

export function reminderEmail(input: ReminderEmailInput): RenderedEmail {
  assertHttpUrl(input.url);
  const greeting = input.name ? `Olá ${input.name},` : 'Olá,';
  const text = [
    greeting,
    '',
    input.intro,
    '',
    ...input.items.map(({ label, detail }) => `- ${label}: ${detail}`),
    ...(input.items.length > 0 ? [''] : []),
    `${input.buttonLabel}: ${input.url}`,
    '',
    REMINDER_EMAIL_FOOTER,
    '',
    'Papelada',
  ].join('\n');
  const html = renderLayout({
    title: input.title,
    paragraphsHtml: [escapeHtml(greeting), escapeHtml(input.intro)],
    detailsHtml: itemsHtml(input.items),
    button: { label: input.buttonLabel, url: input.url },
    footnoteHtml: [],
    footer: REMINDER_EMAIL_FOOTER,
  });
  return { template: 'reminder', subject: input.subject, text, html };
}
