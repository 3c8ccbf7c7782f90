// Sent on "forgot password" (spec accounts §9: link valid 1 hour).
import { renderActionEmail, type RenderedEmail } from './layout.ts';

export type PasswordResetEmailInput = { name: string; url: string };

export function passwordResetEmail({ name, url }: PasswordResetEmailInput): RenderedEmail {
  return renderActionEmail({
    template: 'password-reset',
    subject: 'Redefinir a sua palavra-passe',
    name,
    intro: 'Recebemos um pedido para redefinir a palavra-passe da sua conta no Papelada.',
    linkSentence: 'Defina uma nova palavra-passe abrindo este link',
    buttonLabel: 'Redefinir palavra-passe',
    url,
    footnotes: [
      'Este link é válido durante 1 hora.',
      'Se não pediu para redefinir a palavra-passe, ignore este email: a sua palavra-passe continua a mesma.',
    ],
  });
}
