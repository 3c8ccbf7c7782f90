import { expect, test } from 'vitest';
import {
  EMAIL_STATUSES,
  EMAIL_STATUS_LABELS,
  emailTypeLabel,
  resendErrorMessage,
} from './email-labels.ts';

test('every audit status has a pt-PT label', () => {
  expect(EMAIL_STATUSES.map((s) => EMAIL_STATUS_LABELS[s])).toEqual([
    'Pendente',
    'Enviado',
    'Entregue',
    'Falhado',
    'Devolvido',
  ]);
});

test('known email types read as pt-PT words and unknown ones stay readable', () => {
  expect(emailTypeLabel('verification')).toBe('Verificação de email');
  expect(emailTypeLabel('password_reset')).toBe('Redefinição de senha');
  expect(emailTypeLabel('support_reply')).toBe('Resposta do suporte');
  expect(emailTypeLabel('weekly_digest')).toBe('weekly digest');
});

test('a resend error maps the spec codes to their messages', () => {
  expect(resendErrorMessage({ code: 'INVALID_EMAIL', message: 'x' })).toBe(
    'Endereço de email inválido',
  );
  expect(resendErrorMessage({ code: 'RATE_LIMIT' })).toBe(
    'Demasiadas tentativas. Tente novamente em alguns minutos',
  );
  expect(resendErrorMessage({ code: 'NETWORK_ERROR' })).toBe(
    'Erro de ligação. Verifique a sua internet e tente novamente',
  );
  expect(resendErrorMessage({ message: 'Failed to fetch' })).toBe(
    'Erro de ligação. Verifique a sua internet e tente novamente',
  );
});

test('any other resend error shows the server message, else the generic one', () => {
  expect(
    resendErrorMessage({ code: 'SEND_FAILED', message: 'Erro ao enviar email de verificação' }),
  ).toBe('Erro ao enviar email de verificação');
  expect(resendErrorMessage({})).toBe('Erro ao reenviar email');
});
