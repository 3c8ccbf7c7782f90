// What 'Acesso à Conta' says when the server refuses (spec accounts §8), and for how long. The
// server sends the spec's pt-PT words (#shared/team.ts); the codes decide the display time and,
// for the main PIN, the attempt count and the hint towards 'Esqueci o PIN'.
import {
  MAIN_PIN_ATTEMPTS_SHOWN,
  MAIN_PIN_HINT_AFTER_FAILURES,
  TEAM_MESSAGES,
} from '#shared/team.ts';
import { ApiError } from '#web/lib/call-api.ts';

/** A toast: its title, an optional second line, and how long it stays (default otherwise). */
export type Notice = { title: string; description?: string; duration?: number };

/** Spec §8 "Sub-user login": how long each refusal is shown. */
export const SUB_USER_NOTICE_MS = { wrongPin: 6_000, inactive: 4_000, notFound: 4_000 } as const;

function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** A refused sub-user login: the server's message, 6 s for a wrong PIN, 4 s inactive/unknown. */
export function subUserEntryNotice(error: unknown): Notice {
  const title = serverMessage(error, TEAM_MESSAGES.loginFallback);
  if (!(error instanceof ApiError)) return { title };
  if (error.code === 'WRONG_PIN') return { title, duration: SUB_USER_NOTICE_MS.wrongPin };
  if (error.code === 'SUB_USER_INACTIVE') return { title, duration: SUB_USER_NOTICE_MS.inactive };
  if (error.code === 'SUB_USER_NOT_FOUND' || error.status === 404) {
    return { title, duration: SUB_USER_NOTICE_MS.notFound };
  }
  return { title };
}

/** A refused main-user PIN, as the form keeps it on screen and as its toast says it. */
export type MainEntryRefusal =
  /** `failures`: consecutive failures in this browser, this one included (server's count). */
  | { kind: 'wrong-pin'; failures: number; notice: Notice }
  | { kind: 'locked'; notice: Notice }
  | { kind: 'not-set'; notice: Notice }
  | { kind: 'other'; notice: Notice };

/** 'Tentativa n/3': n is the server's count, at least 1 and at most 3. */
export function attemptNumber(failures: number): number {
  return Math.min(MAIN_PIN_ATTEMPTS_SHOWN, Math.max(1, Math.trunc(failures)));
}

/** Spec §4/§9: from the third attempt (after 2 failures) the form points to 'Esqueci o PIN'. */
export function showsRecoveryHint(failures: number): boolean {
  return failures >= MAIN_PIN_HINT_AFTER_FAILURES;
}

export function mainEntryRefusal(error: unknown): MainEntryRefusal {
  if (error instanceof ApiError) {
    if (error.code === 'WRONG_PIN') {
      const counted = error.details.failures;
      const failures = typeof counted === 'number' && Number.isFinite(counted) ? counted : 1;
      const attempt = TEAM_MESSAGES.attemptOf(attemptNumber(failures));
      return {
        kind: 'wrong-pin',
        failures,
        notice: showsRecoveryHint(failures)
          ? {
              title: TEAM_MESSAGES.tooManyFailures,
              description: `${attempt}. ${TEAM_MESSAGES.useRecoveryHint}`,
            }
          : { title: TEAM_MESSAGES.wrongMainPinShown, description: attempt },
      };
    }
    if (error.code === 'PIN_LOCKED')
      return { kind: 'locked', notice: { title: TEAM_MESSAGES.locked } };
    if (error.code === 'MAIN_PIN_NOT_SET') {
      return { kind: 'not-set', notice: { title: TEAM_MESSAGES.mainPinNotSetUi } };
    }
    if (error.status === 400) return { kind: 'other', notice: { title: error.message } };
  }
  return {
    kind: 'other',
    notice: {
      title: TEAM_MESSAGES.mainAccessFailed,
      ...(error instanceof ApiError && error.message !== TEAM_MESSAGES.mainAccessFailed
        ? { description: error.message }
        : {}),
    },
  };
}

/** Sending the recovery code: the server's words (PIN not set, rate limit), else the spec's. */
export function recoverySendMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500
    ? error.message
    : TEAM_MESSAGES.recoverySendFailed;
}

/** Confirming the code: the server's words (invalid code, PIN format), else the spec's. */
export function recoveryConfirmMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500
    ? error.message
    : TEAM_MESSAGES.recoveryValidateFailed;
}
