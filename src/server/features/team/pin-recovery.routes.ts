// /api/team-access/recovery (issue 18.7, spec accounts §2 "PIN recovery view", §8, §9): 'Esqueci
// o PIN' on the profile selection screen. A 6-character code goes to the signed-in user's own
// account's email; typed back with a new PIN within 15 minutes, it sets the main PIN and this
// browser acts as the main user. Mounted under /api/team-access, so it answers before a profile
// is chosen. The code is always the signed-in user's own account's, never one from the request.
//   POST /send      {} → { success: true, message }
//   POST /confirm   { code, newPin } → { acting } + team cookie
import { Hono } from 'hono';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { clientIp } from '#server/features/auth/client-ip.ts';
import {
  clearAttempts,
  countAttempt,
  type RateLimitRule,
} from '#server/features/auth/rate-limit.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { pinRecoveryEmail } from '#server/services/mail/templates/pin-recovery-email.ts';
import { RECOVERY_CODE_TTL_MS, TEAM_MESSAGES, type ActingProfile } from '#shared/team.ts';
import { recoveryConfirmSchema } from '#shared/schemas/team.ts';
import { pinKeys } from './pin-attempts.ts';
import { hashPin } from './pin-hash.ts';
import {
  countRecoveryTry,
  deleteRecoveryCode,
  getRecoveryAccount,
  redeemRecoveryCode,
  storeRecoveryCode,
} from './pin-recovery.queries.ts';
import { hashRecoveryCode, newRecoveryCode, sameRecoveryHash } from './recovery-code.ts';
import type { TeamDeps } from './team-deps.ts';
import { TEAM_API_MESSAGES, maskEmail } from './team.messages.ts';
import { publishTeamChanged, setTeamCookie, startTeamSession } from './team-sessions.ts';

const MINUTE = 60_000;

export const RECOVERY_RULES = {
  /** Codes sent to one account's mailbox. */
  send: { max: 3, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Codes typed for one account (each code also dies after 5 wrong ones). */
  confirmAccount: { max: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Codes typed from one address, whichever accounts. */
  confirmIp: { max: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export const recoveryKeys = {
  send: (accountId: string) => `pin-recovery:send:${accountId}`,
  confirmAccount: (accountId: string) => `pin-recovery:confirm:${accountId}`,
  confirmIp: (ip: string) => `pin-recovery:confirm-ip:${ip}`,
};

const rateLimited = () =>
  new AppError(429, 'RECOVERY_RATE_LIMITED', TEAM_MESSAGES.recoveryRateLimited);
const codeInvalid = () =>
  new AppError(400, 'RECOVERY_CODE_INVALID', TEAM_MESSAGES.recoveryCodeInvalid);

export function pinRecoveryRoutes(deps: TeamDeps) {
  const { db, events, mailer, cookie } = deps;

  return new Hono<ScopeEnv>()
    .post('/send', async (c) => {
      const { scope, user } = c.var;
      const accountId = scope.userId;
      const account = await getRecoveryAccount(db, accountId);
      if (!account.mainPinSet)
        throw new AppError(409, 'RECOVERY_PIN_NOT_SET', TEAM_MESSAGES.recoveryPinNotSet);
      const limit = await countAttempt(db, recoveryKeys.send(accountId), RECOVERY_RULES.send);
      if (limit.retryAfterMs !== null) throw rateLimited();

      const code = newRecoveryCode();
      const codeHash = hashRecoveryCode(accountId, code);
      await storeRecoveryCode(db, {
        accountId,
        codeHash,
        expiresAt: new Date(Date.now() + RECOVERY_CODE_TTL_MS),
      });
      const to = account.email ?? user.email;
      const sent = await mailer.send({
        accountId,
        to,
        type: 'pin_recovery',
        ...pinRecoveryEmail({ name: account.name ?? user.name, code }),
      });
      if (!sent.ok) {
        await deleteRecoveryCode(db, { accountId, codeHash });
        throw new AppError(502, 'RECOVERY_SEND_FAILED', TEAM_MESSAGES.recoverySendFailed);
      }
      return c.json(
        { success: true as const, message: TEAM_API_MESSAGES.recoveryCodeSent(maskEmail(to)) },
        200,
      );
    })
    .post('/confirm', validate('json', recoveryConfirmSchema), async (c) => {
      const { code, newPin } = c.req.valid('json');
      const { scope, user } = c.var;
      const accountId = scope.userId;
      const ip = clientIp(c, deps.trustProxy);
      const [byAccount, byAddress] = await Promise.all([
        countAttempt(db, recoveryKeys.confirmAccount(accountId), RECOVERY_RULES.confirmAccount),
        countAttempt(db, recoveryKeys.confirmIp(ip), RECOVERY_RULES.confirmIp),
      ]);
      if (byAccount.retryAfterMs !== null || byAddress.retryAfterMs !== null) throw rateLimited();

      const stored = await countRecoveryTry(db, accountId);
      if (stored === null) throw codeInvalid();
      const typed = hashRecoveryCode(accountId, code);
      if (!sameRecoveryHash(stored, typed)) throw codeInvalid();
      const pinHash = await hashPin(newPin);
      if (!(await redeemRecoveryCode(db, { accountId, codeHash: stored, pinHash })))
        throw codeInvalid();

      // The new PIN starts with a clean slate: the lock of earlier wrong PINs is lifted.
      await clearAttempts(db, pinKeys.main(accountId));
      const session = await startTeamSession(db, {
        authSessionId: scope.authSessionId,
        userId: scope.userId,
        accountId,
        kind: 'main',
      });
      setTeamCookie(c, session.token, session.expiresAt, cookie);
      await publishTeamChanged(events, accountId);
      const acting: ActingProfile = { kind: 'main', name: user.name, teamManagement: true };
      return c.json({ acting }, 200);
    });
}
