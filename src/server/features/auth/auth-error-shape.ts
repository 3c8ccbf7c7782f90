// Better Auth answers its errors as `{ code, message }` in English; the API's one error shape
// is `{ error: { code, message } }` in pt-PT (DESIGN.md). Every Better Auth answer under
// /api/auth goes through `withAuthErrorShape`, so no English ever reaches a client. Better
// Auth's code is kept as `code` (the web maps codes, e.g. to spec accounts §8's login texts).
import { MESSAGES } from '#server/http/errors.ts';
import { LOGIN_ERRORS, RESET_ERRORS, SIGN_UP_ERRORS } from '#shared/auth-errors.ts';
import { AUTH_ERRORS } from './auth.messages.ts';

/** Better Auth's codes (@better-auth/core BASE_ERROR_CODES and its HTTP ones) in pt-PT. */
export const AUTH_CODE_MESSAGES: Readonly<Record<string, string>> = {
  // Spec accounts §8 "Login mapping", word for word.
  INVALID_EMAIL_OR_PASSWORD: LOGIN_ERRORS.invalidCredentials,
  EMAIL_NOT_VERIFIED: LOGIN_ERRORS.emailNotConfirmed,
  USER_NOT_FOUND: LOGIN_ERRORS.userNotFound,
  INVALID_EMAIL: LOGIN_ERRORS.invalidEmail,
  // Spec accounts §8 "Other messages".
  INVALID_TOKEN: RESET_ERRORS.invalidLink,
  TOKEN_EXPIRED: RESET_ERRORS.invalidLink,
  // Spec §9: 8 characters at reset and password change (6 only at sign-up, which is ours).
  PASSWORD_TOO_SHORT: 'A senha deve ter pelo menos 8 caracteres',
  PASSWORD_TOO_LONG: 'A senha é demasiado longa.',
  INVALID_PASSWORD: 'A senha atual está incorreta.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Esta conta não tem senha definida.',
  PASSWORD_ALREADY_SET: 'Esta conta já tem uma senha definida.',
  USER_ALREADY_HAS_PASSWORD: 'Esta conta já tem uma senha definida.',
  USER_ALREADY_EXISTS: SIGN_UP_ERRORS.emailInUse,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: SIGN_UP_ERRORS.emailInUse,
  FAILED_TO_CREATE_USER: SIGN_UP_ERRORS.fallback,
  FAILED_TO_CREATE_SESSION: 'Não foi possível iniciar a sessão. Tente novamente.',
  FAILED_TO_UPDATE_USER: 'Não foi possível guardar as alterações. Tente novamente.',
  FAILED_TO_GET_SESSION: 'Não foi possível obter a sessão. Tente novamente.',
  FAILED_TO_CREATE_VERIFICATION: 'Não foi possível criar o link de verificação. Tente novamente.',
  FAILED_TO_GET_USER_INFO: LOGIN_ERRORS.googleSignIn,
  INVALID_USER: LOGIN_ERRORS.userNotFound,
  USER_EMAIL_NOT_FOUND: 'A conta Google não indica um email.',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'Esta conta Google já está ligada a outro utilizador.',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'Esta conta Google já está ligada a outro utilizador.',
  PROVIDER_NOT_FOUND: 'Método de acesso não disponível.',
  ID_TOKEN_NOT_SUPPORTED: 'Método de acesso não disponível.',
  ACCOUNT_NOT_FOUND: 'Conta não encontrada.',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'Não pode remover o único método de acesso da conta.',
  EMAIL_CAN_NOT_BE_UPDATED: 'O email não pode ser alterado.',
  CHANGE_EMAIL_DISABLED: 'O email não pode ser alterado.',
  EMAIL_ALREADY_VERIFIED: 'Este email já está confirmado.',
  EMAIL_MISMATCH: 'O email não corresponde ao da conta.',
  VERIFICATION_EMAIL_NOT_ENABLED: 'A confirmação de email não está disponível.',
  RESET_PASSWORD_DISABLED: 'A redefinição de senha não está disponível.',
  UNAUTHORIZED: AUTH_ERRORS.unauthenticated,
  SESSION_EXPIRED: AUTH_ERRORS.unauthenticated,
  SESSION_NOT_FRESH: 'Por segurança, inicie sessão novamente antes de continuar.',
  INVALID_ORIGIN: MESSAGES.forbiddenOrigin,
  MISSING_OR_NULL_ORIGIN: MESSAGES.forbiddenOrigin,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: MESSAGES.forbiddenOrigin,
  INVALID_CALLBACK_URL: 'Endereço de retorno inválido.',
  INVALID_REDIRECT_URL: 'Endereço de retorno inválido.',
  INVALID_ERROR_CALLBACK_URL: 'Endereço de retorno inválido.',
  INVALID_NEW_USER_CALLBACK_URL: 'Endereço de retorno inválido.',
  CALLBACK_URL_REQUIRED: 'Falta o endereço de retorno.',
  VALIDATION_ERROR: MESSAGES.validation,
  MISSING_FIELD: MESSAGES.validation,
  FIELD_NOT_ALLOWED: 'Um dos campos enviados não pode ser alterado.',
  BODY_MUST_BE_AN_OBJECT: MESSAGES.validation,
  UNSUPPORTED_MEDIA_TYPE: 'O pedido deve ser enviado em JSON.',
  TOO_MANY_REQUESTS: LOGIN_ERRORS.tooManyRequests,
};

/** When a code is unknown (or absent): one pt-PT message per status, never Better Auth's. */
export function fallbackMessage(status: number): string {
  if (status === 400 || status === 422) return MESSAGES.validation;
  if (status === 401) return AUTH_ERRORS.unauthenticated;
  if (status === 403) return 'Não tem permissão para fazer isto.';
  if (status === 404) return MESSAGES.notFound;
  if (status === 405) return 'Método não permitido.';
  if (status === 413) return MESSAGES.payloadTooLarge;
  if (status === 415) return AUTH_CODE_MESSAGES.UNSUPPORTED_MEDIA_TYPE ?? MESSAGES.validation;
  if (status === 429) return LOGIN_ERRORS.tooManyRequests;
  return MESSAGES.internal;
}

const FALLBACK_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
};

export type AuthErrorBody = { error: { code: string; message: string } };

/** The one-shape body for a Better Auth error answer `body` (any JSON, or null). */
export function authErrorBody(status: number, body: unknown): AuthErrorBody {
  const raw =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  const flatCode = typeof raw?.code === 'string' && raw.code !== '' ? raw.code : undefined;
  const code =
    flatCode ?? FALLBACK_CODES[status] ?? (status >= 500 ? 'INTERNAL' : `HTTP_${status}`);
  return { error: { code, message: AUTH_CODE_MESSAGES[code] ?? fallbackMessage(status) } };
}

/**
 * Rewrites an error answer (status >= 400) of Better Auth into the one error shape; any
 * other answer passes untouched. Headers such as Set-Cookie (a cleared session) are kept.
 */
export async function withAuthErrorShape(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const body: unknown = await response.json().catch(() => null);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(authErrorBody(response.status, body)), {
    status: response.status,
    headers,
  });
}
