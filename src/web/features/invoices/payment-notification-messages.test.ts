import { expect, test } from 'vitest';
import { paymentToast } from './payment-notification-messages.ts';

const title = 'Fatura paga com sucesso';

test('a sent email names the supplier under the paid title', () => {
  expect(paymentToast({ outcome: 'sent', supplierName: 'Padaria Central, Lda' })).toEqual({
    title,
    description: 'Email enviado para Padaria Central, Lda',
    isDestructive: false,
  });
});

test('each skipped send has its own description under the same title', () => {
  expect(paymentToast({ outcome: 'not_found', supplierName: null })).toEqual({
    title,
    description: 'Fornecedor não encontrado para enviar notificação',
    isDestructive: false,
  });
  expect(paymentToast({ outcome: 'disabled', supplierName: 'Talho' })).toEqual({
    title,
    description: 'Notificação por email desativada para este fornecedor',
    isDestructive: false,
  });
  expect(paymentToast({ outcome: 'no_email', supplierName: 'Talho' })).toEqual({
    title,
    description: 'Email do fornecedor não configurado',
    isDestructive: false,
  });
});

test('a failed send is destructive, still under the paid title', () => {
  expect(paymentToast({ outcome: 'failed', supplierName: 'Talho' })).toEqual({
    title,
    description: 'Erro ao enviar email de notificação',
    isDestructive: true,
  });
});

test('an email sent before says so with the supplier name', () => {
  expect(paymentToast({ outcome: 'already_sent', supplierName: 'Talho Moderno' })).toEqual({
    title,
    description: 'O email já tinha sido enviado para Talho Moderno',
    isDestructive: false,
  });
});

test('with nothing to notify the title shows alone', () => {
  expect(paymentToast(null)).toEqual({ title, isDestructive: false });
});
