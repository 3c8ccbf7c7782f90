import { expect, test } from 'vitest';
import { accountExistsEmail } from './account-exists-email.ts';
import { passwordResetEmail } from './password-reset-email.ts';
import { verificationEmail } from './verification-email.ts';

const url = 'https://papelada.pt/api/auth/verify-email?token=t1&callbackURL=/auth/callback';

test('the verification email has a pt-PT subject, the link, and says it lasts 24 hours', () => {
  const mail = verificationEmail({ name: 'Ana', url });
  expect(mail.template).toBe('verification');
  expect(mail.subject).toBe('Confirme o seu email');
  expect(mail.text).toContain(url);
  expect(mail.text).toContain('24 horas');
  expect(mail.html).toContain(
    'href="https://papelada.pt/api/auth/verify-email?token=t1&amp;callbackURL=/auth/callback"',
  );
  expect(mail.html).toContain('24 horas');
  expect(mail.html).toContain('lang="pt-PT"');
});

test('the reset email says it lasts 1 hour and what to do if it was not asked for', () => {
  const mail = passwordResetEmail({ name: 'Rui', url });
  expect(mail.template).toBe('password-reset');
  expect(mail.text).toContain('1 hora');
  expect(mail.text).toContain('Se não pediu');
  expect(mail.html).toContain('Se não pediu');
});

test('every interpolated value is escaped in the HTML', () => {
  const name = '<script>alert("x")</script> & Cª';
  for (const mail of [verificationEmail({ name, url }), passwordResetEmail({ name, url })]) {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cª');
    // The plain-text version is not HTML: the name is shown as typed.
    expect(mail.text).toContain(name);
  }
});

test('a link that is not http(s) is refused', () => {
  expect(() => verificationEmail({ name: 'Ana', url: 'javascript:alert(1)' })).toThrow();
  expect(() => passwordResetEmail({ name: 'Ana', url: '/relative' })).toThrow();
});

test('the notice to an existing owner says what happened, with a sign-in and a reset link', () => {
  const mail = accountExistsEmail({
    name: 'Ana <Lda>',
    signInUrl: 'https://papelada.pt/auth',
    resetUrl: 'https://papelada.pt/auth?purpose=reset',
  });
  expect(mail.template).toBe('account-exists');
  expect(mail.subject).toBe('Tentativa de criar conta com o seu email');
  expect(mail.text).toContain('Alguém tentou criar uma conta no Papelada com o seu email');
  expect(mail.text).toContain('https://papelada.pt/auth\n');
  expect(mail.text).toContain('https://papelada.pt/auth?purpose=reset');
  expect(mail.html).toContain('href="https://papelada.pt/auth?purpose=reset"');
  expect(mail.html).toContain('Ana &lt;Lda&gt;');
  expect(() =>
    accountExistsEmail({ name: 'Ana', signInUrl: 'javascript:x', resetUrl: 'https://a.pt' }),
  ).toThrow();
});
