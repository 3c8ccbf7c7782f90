import { expect, test } from 'vitest';
import { pinRecoveryEmail } from './pin-recovery-email.ts';
import { teamInvitationEmail } from './team-invitation-email.ts';

const url = 'https://papelada.pt/auth?invite_token=abc_DEF-123';

test('the invitation names the account and the role, links to /auth and says it lasts 7 days', () => {
  const mail = teamInvitationEmail({ accountName: 'Padaria Lda', role: 'manager', url });
  expect(mail.template).toBe('team-invitation');
  expect(mail.subject).toBe('Convite para a equipa de Padaria Lda no Papelada');
  expect(mail.text).toContain('Padaria Lda convidou-o');
  expect(mail.text).toContain('com a função Gestor');
  expect(mail.text).toContain(url);
  expect(mail.text).toContain('7 dias');
  expect(mail.html).toContain(`href="${url}"`);
  expect(mail.html).toContain('Aceitar convite');
  expect(mail.html).toContain('lang="pt-PT"');
});

test('the invitation escapes the account name in HTML and refuses a link that is not http(s)', () => {
  const mail = teamInvitationEmail({ accountName: '<b>A & B</b>', role: 'user', url });
  expect(mail.html).not.toContain('<b>A');
  expect(mail.html).toContain('&lt;b&gt;A &amp; B&lt;/b&gt;');
  expect(mail.text).toContain('<b>A & B</b> convidou-o');
  expect(() =>
    teamInvitationEmail({ accountName: 'A', role: 'user', url: 'javascript:alert(1)' }),
  ).toThrow();
});

test('the recovery email carries the code, no link, and says it lasts 15 minutes', () => {
  const mail = pinRecoveryEmail({ name: 'Ana <Silva>', code: 'K7P2QX' });
  expect(mail.template).toBe('pin-recovery');
  expect(mail.subject).toBe('Código de recuperação do PIN principal');
  expect(mail.text).toContain('\nK7P2QX\n');
  expect(mail.text).toContain('15 minutos');
  expect(mail.html).toContain('>K7P2QX</p>');
  expect(mail.html).toContain('Ana &lt;Silva&gt;');
  expect(mail.html).not.toContain('href=');
});
