// Sent on "forgot password" (spec accounts §9: link valid 1 hour).
import { assertHttpUrl, escapeHtml } from './escape-html.ts';
import { renderLayout, type RenderedEmail } from './layout.ts';

export type PasswordResetEmailInput = { name: string; url: string };

export function passwordResetEmail({ name, url }: PasswordResetEmailInput): RenderedEmail {
  assertHttpUrl(url);
  const subject = 'Redefinir a sua palavra-passe';
  const greeting = `Olá ${name},`;
  const intro = 'Recebemos um pedido para redefinir a palavra-passe da sua conta no Papelada.';
  const validity = 'Este link é válido durante 1 hora.';
  const ignore =
    'Se não pediu para redefinir a palavra-passe, ignore este email: a sua palavra-passe continua a mesma.';
  const text = [
    greeting,
    '',
    intro,
    '',
    `Defina uma nova palavra-passe abrindo este link: ${url}`,
    '',
    validity,
    ignore,
    '',
    'Papelada',
  ].join('\n');
  const html = renderLayout({
    title: subject,
    paragraphsHtml: [escapeHtml(greeting), escapeHtml(intro)],
    button: { label: 'Redefinir palavra-passe', url },
    footnoteHtml: [escapeHtml(validity), escapeHtml(ignore)],
  });
  return { template: 'password-reset', subject, text, html };
}
