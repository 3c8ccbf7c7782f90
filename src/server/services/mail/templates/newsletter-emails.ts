// The newsletter's messages (issue 20 point 5): the double opt-in confirmation, and the notice
// to an address that is subscribed already (subscribing answers the same either way, so the
// form never tells whether an address is on the list). Every message carries the link that
// unsubscribes in one click; the List-Unsubscribe headers (RFC 8058) are the mailer's.
import { assertHttpUrl, escapeHtml } from './escape-html.ts';
import { renderLayout, type RenderedEmail } from './layout.ts';

export type NewsletterLinks = { unsubscribeUrl: string };

const FOOTER =
  'Recebeu este email porque o seu endereço foi indicado na página da Papelada para receber a newsletter.';
const LEAVE = 'Não quer receber emails da newsletter da Papelada?';
const LEAVE_LINK = 'Cancelar subscrição';

function leaveText(unsubscribeUrl: string): string {
  return `${LEAVE} ${LEAVE_LINK}: ${unsubscribeUrl}`;
}

function leaveHtml(unsubscribeUrl: string): string {
  return `${escapeHtml(LEAVE)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#047857">${LEAVE_LINK}</a>`;
}

export function newsletterConfirmationEmail(
  input: NewsletterLinks & { confirmUrl: string; validHours: number },
): RenderedEmail {
  assertHttpUrl(input.confirmUrl);
  assertHttpUrl(input.unsubscribeUrl);
  const subject = 'Confirme a subscrição da newsletter da Papelada';
  const intro =
    'Recebemos um pedido para enviar a newsletter da Papelada para este endereço: dicas sobre faturas, IVA e pagamentos, e as novidades do produto, no máximo uma vez por mês.';
  const ask = `Para confirmar, abra o link abaixo (válido durante ${input.validHours} horas).`;
  const notYou =
    'Se não foi você, ignore este email: sem a sua confirmação não lhe enviamos a newsletter.';
  const text = [
    'Olá,',
    '',
    intro,
    '',
    `${ask}`,
    input.confirmUrl,
    '',
    notYou,
    '',
    leaveText(input.unsubscribeUrl),
    '',
    'Papelada',
  ].join('\n');
  const html = renderLayout({
    title: subject,
    paragraphsHtml: ['Olá,', escapeHtml(intro), escapeHtml(ask)],
    button: { label: 'Confirmar subscrição', url: input.confirmUrl },
    footnoteHtml: [escapeHtml(notYou), leaveHtml(input.unsubscribeUrl)],
    footer: FOOTER,
  });
  return { template: 'newsletter-confirmation', subject, text, html };
}

export function newsletterAlreadySubscribedEmail(input: NewsletterLinks): RenderedEmail {
  assertHttpUrl(input.unsubscribeUrl);
  const subject = 'Já recebe a newsletter da Papelada';
  const intro =
    'Recebemos um novo pedido de subscrição da newsletter da Papelada para este endereço, que já a recebe. Não precisa de fazer nada.';
  const notYou = 'Se não foi você, pode ignorar este email.';
  const text = [
    'Olá,',
    '',
    intro,
    '',
    notYou,
    '',
    leaveText(input.unsubscribeUrl),
    '',
    'Papelada',
  ].join('\n');
  const html = renderLayout({
    title: subject,
    paragraphsHtml: ['Olá,', escapeHtml(intro), escapeHtml(notYou)],
    footnoteHtml: [leaveHtml(input.unsubscribeUrl)],
    footer: FOOTER,
  });
  return { template: 'newsletter-already-subscribed', subject, text, html };
}
