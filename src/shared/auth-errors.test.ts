import { expect, test } from 'vitest';
import {
  emailSendErrorMessage,
  isEmailNotVerified,
  isInvalidTokenError,
  loginErrorMessage,
  networkError,
  readAuthError,
  resendErrorMessage,
  resetPasswordErrorMessage,
  resetRequestErrorMessage,
  signUpErrorMessage,
  verificationErrorMessage,
  SIGN_UP_ERRORS,
} from './auth-errors.ts';
import { AUTH_MESSAGES } from './schemas/auth.ts';

test('our nested error shape keeps its code and pt-PT message', () => {
  const body = { error: { code: 'EMAIL_IN_USE', message: 'Este email já está em uso.' } };
  expect(readAuthError(409, body)).toEqual({
    status: 409,
    code: 'EMAIL_IN_USE',
    message: 'Este email já está em uso.',
  });
});

test("Better Auth's errors, as the server rewrites them, keep the code and the pt-PT message", () => {
  const body = {
    error: { code: 'INVALID_TOKEN', message: 'Link de verificação inválido ou expirado' },
  };
  expect(readAuthError(400, body)).toEqual({
    status: 400,
    code: 'INVALID_TOKEN',
    message: 'Link de verificação inválido ou expirado',
  });
  expect(resetPasswordErrorMessage(readAuthError(400, body))).toBe(
    'Link de verificação inválido ou expirado',
  );
  const login = {
    error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Credenciais de acesso inválidas' },
  };
  expect(loginErrorMessage(readAuthError(401, login))).toBe('Credenciais de acesso inválidas');
});

test('a flat body (an unwrapped Better Auth answer) keeps the code but drops its English message', () => {
  const body = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };
  expect(readAuthError(401, body)).toEqual({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
  expect(readAuthError(502, '<html>')).toEqual({ status: 502 });
  expect(readAuthError(500, null)).toEqual({ status: 500 });
});

test('login errors follow the spec mapping word for word', () => {
  const cases: Array<[Parameters<typeof loginErrorMessage>[0], string]> = [
    [{ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' }, 'Credenciais de acesso inválidas'],
    [{ status: 401 }, 'Credenciais de acesso inválidas'],
    [
      { status: 403, code: 'EMAIL_NOT_VERIFIED' },
      'Email não confirmado. Verifique a sua caixa de entrada',
    ],
    [{ status: 429, code: 'TOO_MANY_REQUESTS' }, 'Demasiadas tentativas. Aguarde alguns minutos'],
    [{ status: 429 }, 'Demasiadas tentativas. Aguarde alguns minutos'],
    [{ status: 404, code: 'USER_NOT_FOUND' }, 'Utilizador não encontrado'],
    [{ status: 400, code: 'INVALID_EMAIL' }, 'Email inválido'],
    [{ status: 500 }, 'Ocorreu um erro ao iniciar sessão. Tente novamente.'],
    [networkError(), 'Ocorreu um erro ao iniciar sessão. Tente novamente.'],
  ];
  for (const [error, message] of cases) expect(loginErrorMessage(error)).toBe(message);
});

test('an unverified email is recognised so the login can offer the check-email screen', () => {
  expect(isEmailNotVerified({ status: 403, code: 'EMAIL_NOT_VERIFIED' })).toBe(true);
  expect(isEmailNotVerified({ status: 403, code: 'FORBIDDEN' })).toBe(false);
});

test('sign-up errors: duplicate email, validation, known codes and the default', () => {
  expect(signUpErrorMessage({ status: 409, code: 'EMAIL_IN_USE' })).toBe(
    'Este email já está em uso. Tente fazer login.',
  );
  expect(signUpErrorMessage({ status: 422, code: 'USER_ALREADY_EXISTS' })).toBe(
    'Este email já está em uso. Tente fazer login.',
  );
  expect(
    signUpErrorMessage({
      status: 400,
      code: 'VALIDATION',
      message: 'Nome completo é obrigatório para particulares',
    }),
  ).toBe('Nome completo é obrigatório para particulares');
  expect(signUpErrorMessage({ status: 400, code: 'INVALID_EMAIL' })).toBe('Email inválido');
  expect(signUpErrorMessage({ status: 400, code: 'PASSWORD_TOO_SHORT' })).toBe(
    'A palavra-passe deve ter pelo menos 6 caracteres',
  );
  expect(signUpErrorMessage({ status: 429 })).toBe(
    'Demasiadas tentativas. Tente novamente em alguns minutos',
  );
  expect(signUpErrorMessage({ status: 500, code: 'FAILED_TO_CREATE_USER' })).toBe(
    'Erro interno: utilizador não foi criado',
  );
  expect(signUpErrorMessage({ status: 500, code: 'SIGNUP_FAILED' })).toBe(
    'Erro ao criar conta. Tente novamente.',
  );
  expect(signUpErrorMessage(networkError())).toBe('Erro ao criar conta. Tente novamente.');
});

test('email sending codes map to the spec texts, else the server error or the typed default', () => {
  expect(emailSendErrorMessage({ status: 400, code: 'INVALID_EMAIL' }, 'verificação')).toBe(
    'Endereço de email inválido',
  );
  expect(emailSendErrorMessage({ status: 429, code: 'RATE_LIMIT' }, 'verificação')).toBe(
    'Demasiadas tentativas. Tente novamente em alguns minutos',
  );
  expect(emailSendErrorMessage({ status: 502, code: 'NETWORK_ERROR' }, 'verificação')).toBe(
    'Erro de ligação. Verifique a sua internet e tente novamente',
  );
  expect(
    emailSendErrorMessage({ status: 500, message: 'TypeError: Failed to fetch' }, 'verificação'),
  ).toBe('Erro de ligação. Verifique a sua internet e tente novamente');
  expect(
    emailSendErrorMessage({ status: 500, message: 'Servidor de email indisponível' }, 'x'),
  ).toBe('Servidor de email indisponível');
  expect(emailSendErrorMessage({ status: 500 }, 'verificação')).toBe(
    'Erro ao enviar email de verificação',
  );
});

test('the resend button names the email it failed to resend', () => {
  expect(resendErrorMessage({ status: 500 }, 'verification')).toBe('Erro ao reenviar email');
  expect(resendErrorMessage({ status: 500 }, 'reset')).toBe(
    'Erro ao reenviar email de redefinição',
  );
  expect(
    resendErrorMessage(
      { status: 429, message: 'Muitas tentativas. Tente novamente em 12 minutos.' },
      'reset',
    ),
  ).toBe('Muitas tentativas. Tente novamente em 12 minutos.');
});

test("the reset request shows the server's rate-limit message with the minutes left", () => {
  expect(
    resetRequestErrorMessage({
      status: 429,
      code: 'RESET_RATE_LIMITED',
      message: 'Muitas tentativas. Tente novamente em 30 minutos.',
    }),
  ).toBe('Muitas tentativas. Tente novamente em 30 minutos.');
  expect(resetRequestErrorMessage({ status: 429 })).toBe(
    'Limite de tentativas excedido. Conta temporariamente bloqueada.',
  );
  expect(resetRequestErrorMessage({ status: 500 })).toBe('Erro ao enviar email de recuperação');
});

test('setting a new password: bad link, validation message, default', () => {
  expect(isInvalidTokenError({ status: 400, code: 'INVALID_TOKEN' })).toBe(true);
  expect(resetPasswordErrorMessage({ status: 400, code: 'INVALID_TOKEN' })).toBe(
    'Link de verificação inválido ou expirado',
  );
  expect(
    resetPasswordErrorMessage({
      status: 400,
      code: 'VALIDATION',
      message: 'A senha deve ter pelo menos 8 caracteres',
    }),
  ).toBe('A senha deve ter pelo menos 8 caracteres');
  expect(resetPasswordErrorMessage({ status: 500 })).toBe('Erro ao redefinir senha');
});

test('the callback error prefers the description, never shows a bare code', () => {
  expect(verificationErrorMessage({ error_description: 'O link já foi usado' })).toBe(
    'O link já foi usado',
  );
  expect(verificationErrorMessage({ error: 'INVALID_TOKEN' })).toBe(
    'Link de verificação inválido ou expirado',
  );
  expect(verificationErrorMessage({ error: 'Token expirado' })).toBe('Token expirado');
  expect(verificationErrorMessage({})).toBe('Link de verificação inválido ou expirado');
});

test('the texts shared with the schemas stay identical to them', () => {
  expect(SIGN_UP_ERRORS.invalidEmail).toBe(AUTH_MESSAGES.invalidEmail);
  expect(SIGN_UP_ERRORS.passwordTooShort).toBe(AUTH_MESSAGES.passwordMin6);
  expect(resetPasswordErrorMessage({ status: 400, code: 'PASSWORD_TOO_SHORT' })).toBe(
    AUTH_MESSAGES.resetPasswordMin8,
  );
});
