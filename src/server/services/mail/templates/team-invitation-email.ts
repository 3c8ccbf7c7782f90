// Sent when a team manager invites someone by email (issue 18.5, spec accounts §4 "a pending
// team invitation token"): the link opens /auth with the invitation's token, which the web
// keeps across sign-in or sign-up and accepts once the person is signed in. Valid 7 days.
import { ROLE_LABELS, type SubUserRole } from '#shared/permissions.ts';
import { renderLayout, type RenderedEmail } from './layout.ts';
import { assertHttpUrl, escapeHtml } from './escape-html.ts';

export type TeamInvitationEmailInput = {
  /** The inviting account's display name (its company name for a company). */
  accountName: string;
  role: SubUserRole;
  url: string;
};

export function teamInvitationEmail({
  accountName,
  role,
  url,
}: TeamInvitationEmailInput): RenderedEmail {
  assertHttpUrl(url);
  const subject = `Convite para a equipa de ${accountName} no Papelada`;
  const intro = `${accountName} convidou-o a juntar-se à sua equipa no Papelada, com a função ${ROLE_LABELS[role]}.`;
  const how =
    'Para aceitar, abra o link e inicie sessão com este email (ou crie uma conta com ele).';
  const footnotes = [
    'Este convite é válido durante 7 dias e só pode ser usado uma vez.',
    'Se não esperava este convite, pode ignorar este email.',
  ];
  const text = [
    'Olá,',
    '',
    intro,
    how,
    '',
    `Aceite o convite abrindo este link: ${url}`,
    '',
    ...footnotes,
    '',
    'Papelada',
  ].join('\n');
  const html = renderLayout({
    title: 'Convite para uma equipa',
    paragraphsHtml: ['Olá,', escapeHtml(intro), escapeHtml(how)],
    button: { label: 'Aceitar convite', url },
    footnoteHtml: footnotes.map(escapeHtml),
  });
  return { template: 'team-invitation', subject, text, html };
}
