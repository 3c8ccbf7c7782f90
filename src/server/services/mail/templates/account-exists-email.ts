// Sent when someone signs up with an email that already has an account (issue 12.4): the
// sign-up answers as for a new email, so it cannot be used to learn who has an account, and
// the owner hears of it here instead, with the way back in and the way to a new password.
import { assertHttpUrl, escapeHtml } from './escape-html.ts';
import { renderLayout, type RenderedEmail } from './layout.ts';

export type AccountExistsEmailInput = { name: string; signInUrl: string; resetUrl: string };

export function accountExistsEmail({
  name,
  signInUrl,
  resetUrl,
}: AccountExistsEmailInput): RenderedEmail {
  assertHttpUrl(signInUrl);
  assertHttpUrl(resetUrl);
  const subject = 'Tentativa de criar conta com o seu email';
  const greeting = `Olá ${name},`;
  const intro =
    'Alguém tentou criar uma conta no Papelada com o seu email. Como já tem uma conta com este endereço, nenhuma conta nova foi criada.';
  const forgot = 'Se não se lembra da sua palavra-passe, pode definir uma nova';
  const notYou =
    'Se não foi você, pode ignorar este email: a sua conta e a sua palavra-passe continuam as mesmas.';
  const text = [
    greeting,
    '',
    intro,
    '',
    `Para entrar na sua conta, abra este link: ${signInUrl}`,
    '',
    `${forgot}: ${resetUrl}`,
    '',
    notYou,
    '',
    'Papelada',
  ].join('\n');
  const html = renderLayout({
    title: subject,
    paragraphsHtml: [escapeHtml(greeting), escapeHtml(intro)],
    button: { label: 'Entrar na minha conta', url: signInUrl },
    footnoteHtml: [
      `${escapeHtml(forgot)}: <a href="${escapeHtml(resetUrl)}" style="color:#047857">Redefinir palavra-passe</a>`,
      escapeHtml(notYou),
    ],
  });
  return { template: 'account-exists', subject, text, html };
}
