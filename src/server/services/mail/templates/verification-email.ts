// Sent at sign-up and on "resend": confirms the address (spec accounts §9: link valid 24 hours).
import { assertHttpUrl, escapeHtml } from './escape-html.ts';
import { renderLayout, type RenderedEmail } from './layout.ts';

export type VerificationEmailInput = { name: string; url: string };

export function verificationEmail({ name, url }: VerificationEmailInput): RenderedEmail {
  assertHttpUrl(url);
  const subject = 'Confirme o seu email';
  const greeting = `Olá ${name},`;
  const intro = 'Obrigado por criar a sua conta no Papelada. Confirme o seu email para começar.';
  const validity = 'Este link é válido durante 24 horas.';
  const ignore = 'Se não criou esta conta, pode ignorar este email.';
  const text = [
    greeting,
    '',
    intro,
    '',
    `Confirme o seu email abrindo este link: ${url}`,
    '',
    validity,
    ignore,
    '',
    'Papelada',
  ].join('\n');
  const html = renderLayout({
    title: subject,
    paragraphsHtml: [escapeHtml(greeting), escapeHtml(intro)],
    button: { label: 'Confirmar email', url },
    footnoteHtml: [escapeHtml(validity), escapeHtml(ignore)],
  });
  return { template: 'verification', subject, text, html };
}
