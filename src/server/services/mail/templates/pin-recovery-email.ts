// Sent on 'Esqueci o PIN' (issue 18.7, spec accounts §2 "PIN recovery view", §9): a 6-character
// code to set a new main PIN, valid 15 minutes and usable once. It carries no link: the code is
// typed on the device that asked for it.
import { escapeHtml } from './escape-html.ts';
import { EMAIL_FONT, renderLayout, type RenderedEmail } from './layout.ts';

export type PinRecoveryEmailInput = { name: string; code: string };

export function pinRecoveryEmail({ name, code }: PinRecoveryEmailInput): RenderedEmail {
  const subject = 'Código de recuperação do PIN principal';
  const greeting = `Olá ${name},`;
  const intro =
    'Pediu para definir um novo PIN principal no Papelada. Introduza este código no ecrã de recuperação do PIN:';
  const footnotes = [
    'Este código é válido durante 15 minutos e só pode ser usado uma vez.',
    'Se não pediu para recuperar o PIN, ignore este email: o seu PIN continua o mesmo.',
  ];
  const text = [greeting, '', intro, '', code, '', ...footnotes, '', 'Papelada'].join('\n');
  const html = renderLayout({
    title: subject,
    paragraphsHtml: [escapeHtml(greeting), escapeHtml(intro)],
    detailsHtml: `<p style="margin:0 0 24px;${EMAIL_FONT};font-size:32px;line-height:40px;font-weight:700;letter-spacing:8px;color:#111827">${escapeHtml(code)}</p>\n`,
    footnoteHtml: footnotes.map(escapeHtml),
  });
  return { template: 'pin-recovery', subject, text, html };
}
