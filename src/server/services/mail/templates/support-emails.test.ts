import { expect, test } from 'vitest';
import { supportMessageEmail, supportReplyEmail } from './support-emails.ts';

const reply = {
  name: 'Ana <Lda>',
  question: 'A fatura <script>x</script>\nnão aparece.',
  reply: 'Já está & resolvido.\nObrigado.',
  url: 'https://papelada.pt/ajuda-tutoriais?suporte=1',
};

test('the answer to the person quotes the answer and the question, with the way back to the chat', () => {
  const mail = supportReplyEmail(reply);
  expect(mail.template).toBe('support-reply');
  expect(mail.subject).toBe('Resposta do suporte Papelada');
  expect(mail.text).toContain('Olá Ana <Lda>,');
  expect(mail.text).toContain('> Já está & resolvido.\n> Obrigado.');
  expect(mail.text).toContain('> A fatura <script>x</script>\n> não aparece.');
  expect(mail.text).toContain(`Abra a conversa: ${reply.url}`);
  expect(mail.html).toContain('href="https://papelada.pt/ajuda-tutoriais?suporte=1"');
  expect(mail.html).toContain('Já está &amp; resolvido.<br>Obrigado.');
  expect(mail.html).toContain('Ana &lt;Lda&gt;');
  expect(mail.html).not.toContain('<script>');
  expect(() => supportReplyEmail({ ...reply, url: 'javascript:alert(1)' })).toThrow();
});

test('the message to support says who wrote from which account, and the command that answers', () => {
  const mail = supportMessageEmail({
    accountEmail: 'conta@exemplo.pt',
    authorName: 'Caixa "1"',
    writerEmail: 'ana@exemplo.pt',
    body: 'Olá <b>suporte</b>',
    shortId: 'a1b2c3d4',
  });
  expect(mail.template).toBe('support-message');
  expect(mail.subject).toBe('Mensagem de suporte de Caixa "1" (conta@exemplo.pt)');
  expect(mail.text).toContain('Caixa "1" escreveu ao suporte a partir da conta conta@exemplo.pt:');
  expect(mail.text).toContain('npm run admin -- support-reply a1b2c3d4 "…"');
  expect(mail.text).toContain('ana@exemplo.pt');
  expect(mail.html).toContain('Olá &lt;b&gt;suporte&lt;/b&gt;');
  expect(mail.html).toContain('Caixa &quot;1&quot;');
});
