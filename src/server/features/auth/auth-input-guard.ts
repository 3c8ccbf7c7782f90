// Better Auth's handler reads its own bodies, so our shared schemas never saw what reached
// /api/auth/*: a NUL in an email went on to a rate-limit key or a lookup and PostgreSQL refused
// it (a 500), `name: null` broke update-user, a 1 MB email was hashed into keys. This guard
// reads a copy of each JSON body first and refuses, 400 in the one error shape with a pt-PT
// message, a body that is not an object and any field we know whose value cannot be right.
// Fields it does not know pass untouched: Better Auth answers for them.
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { AppError, MESSAGES, zodIssues } from '#server/http/errors.ts';
import {
  AUTH_MESSAGES,
  emailSchema,
  MAX_PASSWORD_LENGTH,
  passwordTextSchema,
} from '#shared/schemas/auth.ts';
import { singleLineText } from '#shared/schemas/text.ts';

/** Longer than any URL, token or id Better Auth hands out or expects. */
const MAX_URL_LENGTH = 2048;
const MAX_TOKEN_LENGTH = 1024;
const MAX_ID_LENGTH = 256;
/** The profile's limit (spec accounts §3). */
const MAX_NAME_LENGTH = 120;

const password = passwordTextSchema(AUTH_MESSAGES.passwordRequired).max(
  MAX_PASSWORD_LENGTH,
  AUTH_MESSAGES.passwordTooLong,
);
const text = (max: number) =>
  singleLineText({ error: MESSAGES.validation }).max(max, MESSAGES.validation);
const flag = z.boolean({ error: MESSAGES.validation });

// Every field is optional here: which ones an endpoint needs is Better Auth's to say.
const knownFieldsSchema = z
  .object({
    email: emailSchema,
    newEmail: emailSchema,
    password,
    newPassword: password,
    currentPassword: password,
    token: text(MAX_TOKEN_LENGTH),
    // A name is text or absent; null is refused (Better Auth would store it and fail).
    name: singleLineText({ error: MESSAGES.validation }).max(
      MAX_NAME_LENGTH,
      AUTH_MESSAGES.nameTooLong,
    ),
    image: text(MAX_URL_LENGTH).nullable(),
    callbackURL: text(MAX_URL_LENGTH),
    newUserCallbackURL: text(MAX_URL_LENGTH),
    errorCallbackURL: text(MAX_URL_LENGTH),
    redirectTo: text(MAX_URL_LENGTH),
    provider: text(MAX_ID_LENGTH),
    providerId: text(MAX_ID_LENGTH),
    accountId: text(MAX_ID_LENGTH),
    rememberMe: flag,
    revokeOtherSessions: flag,
    disableRedirect: flag,
  })
  .partial();

/** What a JSON body says, or `undefined` when there is none (sign-out sends nothing). */
async function peekBody(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, 'VALIDATION', MESSAGES.validation);
  }
}

const isJson = (contentType: string | undefined) =>
  contentType === undefined || /^application\/(.+\+)?json\b/iu.test(contentType.trim());

export function authInputGuard() {
  return createMiddleware(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') {
      return next();
    }
    // Another content type is Better Auth's to refuse; only JSON bodies are read here.
    if (!isJson(c.req.header('content-type'))) return next();
    const body = await peekBody(c.req.raw);
    if (body === undefined) return next();
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AppError(400, 'VALIDATION', MESSAGES.validation);
    }
    const result = knownFieldsSchema.safeParse(body);
    if (!result.success) {
      const issues = zodIssues(result.error);
      throw new AppError(400, 'VALIDATION', issues[0]?.message ?? MESSAGES.validation, issues);
    }
    return next();
  });
}
