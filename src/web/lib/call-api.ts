import type { ClientResponse } from 'hono/client';

// The server's one error shape (STYLE.md "Boundaries"):
// { error: { code, message, issues?, details? } }. `status` lets the query client's retry
// policy skip 4xx answers; `details` carries what a refusal points at (e.g. existingId).
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

function readError(status: number, body: unknown, fallback: string): ApiError {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body;
    if (typeof error === 'object' && error !== null) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : 'UNKNOWN';
      const message =
        'message' in error && typeof error.message === 'string' ? error.message : fallback;
      const details =
        'details' in error && typeof error.details === 'object' && error.details !== null
          ? (error.details as Record<string, unknown>)
          : {};
      return new ApiError(status, code, message, details);
    }
  }
  return new ApiError(status, 'UNKNOWN', fallback);
}

/**
 * The refusals that mean "this browser has no acting profile (any more)" (ADR 024): with team
 * management on and no profile chosen, or once the chosen one's session ended (sub-user
 * deactivated, PIN changed, member removed, expired). Any call may meet one; the app answers
 * them all in one place — it refetches the profile, whose `acting` then shows 'Acesso à Conta'.
 */
export const PROFILE_REFUSAL_CODES: ReadonlySet<string> = new Set([
  'PROFILE_SELECTION_REQUIRED',
  'TEAM_SESSION_ENDED',
]);

export function isProfileRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && PROFILE_REFUSAL_CODES.has(error.code);
}

type ProfileRefusalListener = (error: ApiError) => void;
const profileRefusalListeners = new Set<ProfileRefusalListener>();

/** Told of every profile refusal any call meets (query-client.ts listens); returns the unsubscribe. */
export function onProfileRefusal(listener: ProfileRefusalListener): () => void {
  profileRefusalListeners.add(listener);
  return () => profileRefusalListeners.delete(listener);
}

/** Sends the call; a network failure or a refusal becomes an ApiError. */
async function okResponse<R extends ClientResponse<unknown, number, string>>(
  send: () => Promise<R>,
  fallback: string,
): Promise<R> {
  let response: R;
  try {
    response = await send();
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', fallback);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const error = readError(response.status, body, fallback);
    if (isProfileRefusal(error)) for (const listener of profileRefusalListeners) listener(error);
    throw error;
  }
  return response;
}

/**
 * Runs a typed `api` call and returns its JSON body, or throws an ApiError carrying the
 * server's pt-PT message (or `fallback` when the answer has none, or the network failed).
 */
export async function callApi<T>(
  send: () => Promise<ClientResponse<T, number, 'json'>>,
  fallback: string,
): Promise<T> {
  return (await okResponse(send, fallback)).json();
}

/** As callApi, for an answer without a body (204 No Content), e.g. a deletion. */
export async function callApiNoContent(
  send: () => Promise<ClientResponse<unknown>>,
  fallback: string,
): Promise<void> {
  await okResponse(send, fallback);
}
