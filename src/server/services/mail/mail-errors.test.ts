import { expect, test } from 'vitest';
import { classifyMailError, isDeliverableAddress, mailErrorMessage } from './mail-errors.ts';

const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error('falhou'), fields);

test('a rejected recipient is INVALID_EMAIL', () => {
  expect(
    classifyMailError(smtpError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' })),
  ).toBe('INVALID_EMAIL');
  expect(
    classifyMailError(smtpError({ code: 'EMESSAGE', responseCode: 553, command: 'RCPT TO' })),
  ).toBe('INVALID_EMAIL');
});

test('temporary SMTP replies and rate-limit wording are RATE_LIMIT', () => {
  for (const responseCode of [421, 450, 451, 452]) {
    expect(classifyMailError(smtpError({ code: 'EENVELOPE', responseCode }))).toBe('RATE_LIMIT');
  }
  expect(classifyMailError(new Error('Rate limit exceeded'))).toBe('RATE_LIMIT');
  expect(classifyMailError(new Error('Too many requests'))).toBe('RATE_LIMIT');
});

test('connection failures and fetch errors are NETWORK_ERROR', () => {
  for (const code of ['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'ESOCKET', 'ECONNECTION']) {
    expect(classifyMailError(smtpError({ code }))).toBe('NETWORK_ERROR');
  }
  expect(classifyMailError(new TypeError('fetch failed'))).toBe('NETWORK_ERROR');
  expect(classifyMailError(new Error('connect ECONNREFUSED 127.0.0.1:25'))).toBe('NETWORK_ERROR');
});

test('anything else is SEND_FAILED', () => {
  expect(classifyMailError(smtpError({ responseCode: 554, command: 'DATA' }))).toBe('SEND_FAILED');
  expect(classifyMailError('string thrown')).toBe('SEND_FAILED');
  expect(classifyMailError(null)).toBe('SEND_FAILED');
});

test('the messages are the spec words, with the type named for a generic failure', () => {
  expect(mailErrorMessage('INVALID_EMAIL', 'verification')).toBe('Endereço de email inválido');
  expect(mailErrorMessage('RATE_LIMIT', 'verification')).toBe(
    'Demasiadas tentativas. Tente novamente em alguns minutos',
  );
  expect(mailErrorMessage('NETWORK_ERROR', 'verification')).toBe(
    'Erro de ligação. Verifique a sua internet e tente novamente',
  );
  expect(mailErrorMessage('SEND_FAILED', 'verification')).toBe(
    'Erro ao enviar email de verificação',
  );
  expect(mailErrorMessage('SEND_FAILED', 'password_reset')).toBe(
    'Erro ao enviar email de recuperação',
  );
  expect(mailErrorMessage('SEND_FAILED', 'outro')).toBe('Erro ao enviar email de outro');
});

test('only plausible addresses are deliverable', () => {
  expect(isDeliverableAddress('ana@exemplo.pt')).toBe(true);
  expect(isDeliverableAddress('ana')).toBe(false);
  expect(isDeliverableAddress('ana@exemplo')).toBe(false);
  expect(isDeliverableAddress('a b@exemplo.pt')).toBe(false);
  expect(isDeliverableAddress('<ana@exemplo.pt>')).toBe(false);
});
