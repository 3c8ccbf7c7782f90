// The one error shape of the API: { error: { code, message, issues?, details? } }, message in
// pt-PT. `details` carries machine-readable facts a client acts on (e.g. a duplicate's id).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { Logger } from '#server/logger.ts';

export type ErrorIssue = { path: string; message: string };
export type ErrorDetails = Record<string, string | number | boolean | null>;
export type ErrorBody = {
  error: { code: string; message: string; issues?: ErrorIssue[]; details?: ErrorDetails };
};

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: ErrorIssue[],
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const MESSAGES = {
  notFound: 'Recurso não encontrado.',
  validation: 'Os dados enviados não são válidos.',
  internal: 'Ocorreu um erro inesperado. Tente novamente.',
  forbiddenOrigin: 'Pedido recusado: origem não permitida.',
  missingCsrf: 'Pedido recusado: falta o token de segurança (X-CSRF-Token).',
  payloadTooLarge: 'O pedido é demasiado grande.',
} as const;

export function errorBody(
  code: string,
  message: string,
  issues?: ErrorIssue[],
  details?: ErrorDetails,
): ErrorBody {
  return {
    error: { code, message, ...(issues ? { issues } : {}), ...(details ? { details } : {}) },
  };
}

/** Works for zod's classic and core error types alike (the validator hook gives the latter). */
export function zodIssues(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): ErrorIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Hono onError handler: known errors keep their status; anything else is a logged 500. */
export function handleError(err: Error, c: Context, logger: Logger): Response {
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, err.issues, err.details), err.status);
  }
  if (err instanceof ZodError) {
    return c.json(errorBody('VALIDATION', MESSAGES.validation, zodIssues(err)), 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : `HTTP_${status}`;
    const message = status === 413 ? MESSAGES.payloadTooLarge : err.message || MESSAGES.internal;
    return c.json(errorBody(code, message), status);
  }
  logger.error({ err, reqId: c.get('requestId') }, 'unhandled error');
  return c.json(errorBody('INTERNAL', MESSAGES.internal), 500);
}
