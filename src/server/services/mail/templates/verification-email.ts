// Sent at sign-up and on "resend": confirms the address (spec accounts §9: link valid 24 hours).
import { renderActionEmail, type RenderedEmail } from './layout.ts';

export type VerificationEmailInput = { name: string; url: string };

export function verificationEmail({ name, url }: VerificationEmailInput): RenderedEmail {
  return renderActionEmail({
    template: 'verification',
    subject: 'Confirme o seu email',
    name,
    intro: 'Obrigado por criar a sua conta no Papelada. Confirme o seu email para começar.',
    linkSentence: 'Confirme o seu email abrindo este link',
    buttonLabel: 'Confirmar email',
    url,
    footnotes: [
      'Este link é válido durante 24 horas.',
      'Se não criou esta conta, pode ignorar este email.',
    ],
  });
}
