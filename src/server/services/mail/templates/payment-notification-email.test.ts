import { expect, test } from 'vitest';
import { formatCents } from '#shared/money.ts';
import {
  paymentNotificationEmail,
  type PaymentNotificationEmailInput,
} from './payment-notification-email.ts';

const input: PaymentNotificationEmailInput = {
  supplierName: 'Padaria Central, Lda',
  senderName: 'Construções Beira, Lda',
  senderNif: '501964843',
  invoiceNumber: 'FT 2026/12',
  totalCents: 123_456,
  vatCents: 23_085,
  paidOn: '2026-11-21',
  customTemplate: null,
};

test('the standard email names the invoice, its amounts, the date and the payer', () => {
  const mail = paymentNotificationEmail(input);
  expect(mail.template).toBe('payment-notification');
  expect(mail.subject).toBe('Pagamento da fatura FT 2026/12 — Construções Beira, Lda');
  expect(mail.text).toBe(
    [
      'Olá Padaria Central, Lda,',
      '',
      'Informamos que a fatura n.º FT 2026/12 foi paga a 21/11/2026.',
      '',
      'Fatura n.º: FT 2026/12',
      `Total: ${formatCents(123_456)}`,
      `IVA: ${formatCents(23_085)}`,
      `Valor sem IVA: ${formatCents(100_371)}`,
      'Data do pagamento: 21/11/2026',
      'Pago por: Construções Beira, Lda (NIF 501964843)',
      '',
      'Com os melhores cumprimentos,',
      'Construções Beira, Lda',
    ].join('\n'),
  );
  expect(mail.html).toContain('lang="pt-PT"');
  expect(mail.html).toContain(formatCents(100_371));
  expect(mail.html).toContain(
    'Este email foi enviado por Construções Beira, Lda através do Papelada.',
  );
  // No link to follow: the layout's button and its fallback text are left out.
  expect(mail.html).not.toContain('Se o botão não funcionar');
});

test('without a NIF the payer is the name alone', () => {
  const mail = paymentNotificationEmail({ ...input, senderNif: null });
  expect(mail.text).toContain('Pago por: Construções Beira, Lda\n');
  expect(mail.text).not.toContain('NIF');
});

test('the copy says whom the original went to', () => {
  const mail = paymentNotificationEmail({ ...input, copyOf: { supplierEmail: 'a@b.pt' } });
  expect(mail.subject).toBe('Cópia: Pagamento da fatura FT 2026/12 — Construções Beira, Lda');
  expect(mail.text.split('\n')[0]).toBe('Cópia do email enviado a Padaria Central, Lda (a@b.pt).');
  expect(mail.html).toContain('Cópia do email enviado a Padaria Central, Lda (a@b.pt).');
});

test('a blank custom template falls back to the standard wording', () => {
  const mail = paymentNotificationEmail({ ...input, customTemplate: '  \n ' });
  expect(mail.template).toBe('payment-notification');
  expect(mail.text).toContain('Olá Padaria Central, Lda,');
});

test('placeholders are filled once: a value that looks like a placeholder stays as typed', () => {
  const mail = paymentNotificationEmail({
    ...input,
    supplierName: 'Loja {total}',
    customTemplate: 'Para {fornecedor}: {total}\nDe {empresa}',
  });
  expect(mail.template).toBe('payment-notification-custom');
  expect(mail.text).toBe(`Para Loja {total}: ${formatCents(123_456)}\nDe Construções Beira, Lda`);
  expect(mail.html).toContain(`Para Loja {total}: ${formatCents(123_456)}<br>De Construções`);
});

test('names and template text are escaped in the HTML', () => {
  const mail = paymentNotificationEmail({
    ...input,
    senderName: '<script>x</script>',
    customTemplate: '<img src=x onerror=alert(1)> {empresa} & "{numero}"',
  });
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).not.toContain('<img');
  expect(mail.html).toContain(
    '&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;x&lt;/script&gt; &amp; &quot;FT 2026/12&quot;',
  );
  expect(mail.text).toContain('<img src=x onerror=alert(1)> <script>x</script> & "FT 2026/12"');
});
