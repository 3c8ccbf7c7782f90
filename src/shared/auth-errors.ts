// Maps what the auth endpoints answer (`{ error: { code, message } }`, Better Auth's errors
// included since the server rewrites them with its codes kept and pt-PT messages, the HTTP
// status, or a network failure) to the pt-PT messages of spec accounts §8. Pure, so the web and tests share one table. It does not
// import the zod schemas: sign-out (in every signed-in page) uses this and must stay small.

/** A failed auth call, normalised. `status` 0 means the request never got an answer. */
export type AuthError = {
  status: number;
  code?: string;
  /** The server's pt-PT message; a flat `{ code, message }` (Better Auth's English) is dropped. */
  message?: string;
};

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

export const LOGIN_ERRORS = {
  invalidCredentials: 'Credenciais de acesso inválidas',
  emailNotConfirmed: 'Email não confirmado. Verifique a sua caixa de entrada',
  tooManyRequests: 'Demasiadas tentativas. Aguarde alguns minutos',
  userNotFound: 'Utilizador não encontrado',
  invalidEmail: 'Email inválido',
  fallback: 'Ocorreu um erro ao iniciar sessão. Tente novamente.',
  googleSignIn: 'Erro ao entrar com Google',
  googleSignUp: 'Erro ao registrar com Google',
  unexpected: 'Erro inesperado. Tente novamente.',
  authLoadFailure: 'Error loading authentication state',
} as const;

// The spec names these sign-up cases without their texts; ours keep its tone. Sign-up no
// longer answers a taken email with an error (issue 12.4); emailInUse stays for the code.
export const SIGN_UP_ERRORS = {
  emailInUse: 'Este email já está em uso. Tente fazer login.',
  invalidEmail: 'Email inválido',
  passwordTooShort: 'A palavra-passe deve ter pelo menos 6 caracteres',
  signUpDisabled: 'A criação de novas contas está temporariamente desativada.',
  rateLimited: 'Demasiadas tentativas. Tente novamente em alguns minutos',
  userNotCreated: 'Erro interno: utilizador não foi criado',
  fallback: 'Erro ao criar conta. Tente novamente.',
} as const;

export const EMAIL_SEND_ERRORS = {
  invalidEmail: 'Endereço de email inválido',
  rateLimited: 'Demasiadas tentativas. Tente novamente em alguns minutos',
  network: 'Erro de ligação. Verifique a sua internet e tente novamente',
  resendVerification: 'Erro ao reenviar email',
  resendReset: 'Erro ao reenviar email de redefinição',
  recovery: 'Erro ao enviar email de recuperação',
} as const;

export const RESET_ERRORS = {
  invalidLink: 'Link de verificação inválido ou expirado',
  resetFailed: 'Erro ao redefinir senha',
  accountBlocked: 'Limite de tentativas excedido. Conta temporariamente bloqueada.',
} as const;

const INVALID_CREDENTIAL_CODES = new Set([
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_PASSWORD',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
]);
const EMAIL_IN_USE_CODES = new Set([
  'EMAIL_IN_USE',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
]);
const RATE_LIMIT_CODES = new Set([
  'TOO_MANY_REQUESTS',
  'RATE_LIMIT',
  'RATE_LIMITED',
  'RESET_RATE_LIMITED',
]);
const INVALID_TOKEN_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'INVALID_TOKEN_OR_EXPIRED']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * Normalises an error answer: the API nests `{ error: { code, message } }`, Better Auth's
 * included (server auth-error-shape.ts); a flat body, which only an unwrapped Better Auth
 * answer would have, gives its code and never its English message.
 */
export function readAuthError(status: number, body: unknown): AuthError {
  if (isObject(body) && isObject(body.error)) {
    const code = text(body.error.code);
    const message = text(body.error.message);
    return { status, ...(code ? { code } : {}), ...(message ? { message } : {}) };
  }
  const code = isObject(body) ? text(body.code) : undefined;
  return { status, ...(code ? { code } : {}) };
}

export function networkError(): AuthError {
  return { status: 0, code: NETWORK_ERROR_CODE };
}

const isRateLimited = (e: AuthError) => e.status === 429 || RATE_LIMIT_CODES.has(e.code ?? '');
const isNetwork = (e: AuthError) =>
  e.status === 0 || e.code === NETWORK_ERROR_CODE || /fetch/i.test(e.message ?? '');

export function isEmailNotVerified(error: AuthError): boolean {
  return error.code === 'EMAIL_NOT_VERIFIED';
}

export function isInvalidTokenError(error: AuthError): boolean {
  return INVALID_TOKEN_CODES.has(error.code ?? '');
}

/** Spec §8 "Login mapping". */
export function loginErrorMessage(error: AuthError): string {
  const code = error.code ?? '';
  if (INVALID_CREDENTIAL_CODES.has(code) || error.status === 401) {
    return LOGIN_ERRORS.invalidCredentials;
  }
  if (isEmailNotVerified(error)) return LOGIN_ERRORS.emailNotConfirmed;
  if (isRateLimited(error)) return LOGIN_ERRORS.tooManyRequests;
  if (code === 'USER_NOT_FOUND') return LOGIN_ERRORS.userNotFound;
  if (code === 'INVALID_EMAIL') return LOGIN_ERRORS.invalidEmail;
  return LOGIN_ERRORS.fallback;
}

/** Spec §8 "Sign-up". A validation error carries the shared schema's own message. */
export function signUpErrorMessage(error: AuthError): string {
  const code = error.code ?? '';
  if (EMAIL_IN_USE_CODES.has(code) || error.status === 409) return SIGN_UP_ERRORS.emailInUse;
  if (code === 'VALIDATION' && error.message) return error.message;
  if (code === 'INVALID_EMAIL') return SIGN_UP_ERRORS.invalidEmail;
  if (code === 'PASSWORD_TOO_SHORT') return SIGN_UP_ERRORS.passwordTooShort;
  if (code === 'EMAIL_PASSWORD_SIGN_UP_DISABLED' || code === 'SIGNUP_DISABLED') {
    return SIGN_UP_ERRORS.signUpDisabled;
  }
  if (isRateLimited(error)) return SIGN_UP_ERRORS.rateLimited;
  if (code === 'FAILED_TO_CREATE_USER' || code === 'USER_NOT_CREATED') {
    return SIGN_UP_ERRORS.userNotCreated;
  }
  return SIGN_UP_ERRORS.fallback;
}

/**
 * Spec §8 "Email sending codes"; `type` names the email, e.g. 'verificação'. Without a code
 * or message of its own, the error reads `fallback` ('Erro ao enviar email de {type}').
 */
export function emailSendErrorMessage(
  error: AuthError,
  type: string,
  fallback = `Erro ao enviar email de ${type}`,
): string {
  if (error.code === 'INVALID_EMAIL') return EMAIL_SEND_ERRORS.invalidEmail;
  if (isRateLimited(error)) return EMAIL_SEND_ERRORS.rateLimited;
  if (isNetwork(error)) return EMAIL_SEND_ERRORS.network;
  return error.message ?? fallback;
}

/** The check-email screen's resend button. */
export function resendErrorMessage(error: AuthError, purpose: 'verification' | 'reset'): string {
  if (isRateLimited(error)) return error.message ?? EMAIL_SEND_ERRORS.rateLimited;
  if (isNetwork(error)) return EMAIL_SEND_ERRORS.network;
  return purpose === 'reset' ? EMAIL_SEND_ERRORS.resendReset : EMAIL_SEND_ERRORS.resendVerification;
}

/** The reset request; a 429 carries the server's 'Muitas tentativas. Tente novamente em {n} minutos.' */
export function resetRequestErrorMessage(error: AuthError): string {
  if (isRateLimited(error)) return error.message ?? RESET_ERRORS.accountBlocked;
  if (error.code === 'VALIDATION' && error.message) return error.message;
  if (isNetwork(error)) return EMAIL_SEND_ERRORS.network;
  return EMAIL_SEND_ERRORS.recovery;
}

/** Setting the new password from the emailed link. */
export function resetPasswordErrorMessage(error: AuthError): string {
  if (isInvalidTokenError(error)) return RESET_ERRORS.invalidLink;
  if (error.code === 'VALIDATION' && error.message) return error.message;
  if (error.code === 'PASSWORD_TOO_SHORT') return 'A senha deve ter pelo menos 8 caracteres';
  if (isNetwork(error)) return EMAIL_SEND_ERRORS.network;
  return RESET_ERRORS.resetFailed;
}

/** /auth/callback's error text: the query's description, else the spec's default. */
export function verificationErrorMessage(query: {
  error?: string | undefined;
  error_description?: string | undefined;
}): string {
  const description = text(query.error_description);
  if (description) return description;
  // Better Auth sends codes such as INVALID_TOKEN; a code is not a sentence for a person.
  const error = text(query.error);
  if (error && !/^[A-Z0-9_]+$/.test(error)) return error;
  return RESET_ERRORS.invalidLink;
}
