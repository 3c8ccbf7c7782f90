// The shared frame of every email: a single centred card built from tables and inline styles,
// because that is what Outlook, Gmail and Apple Mail all render the same way.
import { assertHttpUrl, escapeHtml } from './escape-html.ts';

export type RenderedEmail = { template: string; subject: string; text: string; html: string };

export type EmailLayoutInput = {
  title: string;
  /** Already-escaped HTML paragraphs. */
  paragraphsHtml: string[];
  /** Already-escaped HTML placed after the paragraphs, e.g. a table of details. */
  detailsHtml?: string;
  button?: { label: string; url: string };
  /** Already-escaped HTML shown in small print under the button. */
  footnoteHtml: string[];
  /** Why the reader got this email; by default, because their address was used here. */
  footer?: string;
};

export const EMAIL_FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function renderButton(button: { label: string; url: string }): string {
  const url = escapeHtml(button.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:8px;background:#047857"><a href="${url}" style="display:inline-block;padding:12px 24px;${EMAIL_FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(button.label)}</a></td>
</tr></table>
<p style="margin:0 0 16px;${EMAIL_FONT};font-size:13px;line-height:20px;color:#6b7280">Se o botão não funcionar, copie este endereço para o navegador:<br><a href="${url}" style="color:#047857;word-break:break-all">${url}</a></p>
`;
}

export function renderLayout(input: EmailLayoutInput): string {
  const footer = input.footer ?? 'Recebeu este email porque o seu endereço foi usado no Papelada.';
  const paragraphs = input.paragraphsHtml
    .map(
      (p) =>
        `<p style="margin:0 0 16px;${EMAIL_FONT};font-size:16px;line-height:24px;color:#1f2937">${p}</p>`,
    )
    .join('\n');
  const footnotes = input.footnoteHtml
    .map(
      (p) =>
        `<p style="margin:0 0 12px;${EMAIL_FONT};font-size:13px;line-height:20px;color:#6b7280">${p}</p>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="pt-PT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:32px 32px 8px;${EMAIL_FONT};font-size:20px;font-weight:700;color:#047857">Papelada</td></tr>
<tr><td style="padding:8px 32px 0">
<h1 style="margin:0 0 16px;${EMAIL_FONT};font-size:22px;line-height:30px;color:#111827">${escapeHtml(input.title)}</h1>
${paragraphs}
${input.detailsHtml ?? ''}${input.button ? renderButton(input.button) : ''}${footnotes}
</td></tr>
<tr><td style="padding:16px 32px 32px;${EMAIL_FONT};font-size:12px;color:#9ca3af">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export type ActionEmailInput = {
  template: string;
  subject: string;
  name: string;
  intro: string;
  /** Text-version sentence before the link, e.g. 'Confirme o seu email abrindo este link'. */
  linkSentence: string;
  buttonLabel: string;
  url: string;
  footnotes: readonly string[];
};

/** An email whose point is one link (verification, reset): the same words in text and HTML. */
export function renderActionEmail(input: ActionEmailInput): RenderedEmail {
  assertHttpUrl(input.url);
  const greeting = `Olá ${input.name},`;
  const text = [
    greeting,
    '',
    input.intro,
    '',
    `${input.linkSentence}: ${input.url}`,
    '',
    ...input.footnotes,
    '',
    'Papelada',
  ].join('\n');
  const html = renderLayout({
    title: input.subject,
    paragraphsHtml: [escapeHtml(greeting), escapeHtml(input.intro)],
    button: { label: input.buttonLabel, url: input.url },
    footnoteHtml: input.footnotes.map(escapeHtml),
  });
  return { template: input.template, subject: input.subject, text, html };
}
