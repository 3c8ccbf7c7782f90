import { expect, test } from 'vitest';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { ApiError } from '#web/lib/call-api.ts';
import {
  attemptNumber,
  mainEntryRefusal,
  recoveryConfirmMessage,
  recoverySendMessage,
  showsRecoveryHint,
  subUserEntryNotice,
} from './access-errors.ts';

const network = new ApiError(0, 'NETWORK_ERROR', TEAM_MESSAGES.loginFallback);

test('the attempt shown is the server count, from 1 to 3; the hint from the second failure', () => {
  expect([0, 1, 2, 3, 7].map(attemptNumber)).toEqual([1, 1, 2, 3, 3]);
  expect([1, 2, 3].map(showsRecoveryHint)).toEqual([false, true, true]);
});

test('a wrong main PIN without a count is the first attempt', () => {
  const refusal = mainEntryRefusal(new ApiError(401, 'WRONG_PIN', TEAM_MESSAGES.wrongMainPin));
  expect(refusal).toEqual({
    kind: 'wrong-pin',
    failures: 1,
    notice: { title: 'PIN principal incorreto.', description: 'Tentativa 1/3' },
  });
});

test("anything else the main PIN meets is the spec's 'Erro ao aceder como utilizador principal'", () => {
  expect(mainEntryRefusal(new ApiError(500, 'INTERNAL', 'Erro interno')).notice).toEqual({
    title: TEAM_MESSAGES.mainAccessFailed,
    description: 'Erro interno',
  });
  expect(
    mainEntryRefusal(new ApiError(0, 'NETWORK_ERROR', TEAM_MESSAGES.mainAccessFailed)).notice,
  ).toEqual({ title: TEAM_MESSAGES.mainAccessFailed });
});

test("a sub-user login that never reached the server says the spec's fallback", () => {
  expect(subUserEntryNotice(network)).toEqual({ title: 'Erro no login. Tente novamente.' });
  expect(subUserEntryNotice(new Error('x'))).toEqual({ title: 'Erro no login. Tente novamente.' });
  const notFound = TEAM_MESSAGES.subUserNotFound('Ana');
  expect(subUserEntryNotice(new ApiError(404, 'SUB_USER_NOT_FOUND', notFound))).toEqual({
    title: notFound,
    duration: 4000,
  });
});

test("recovery: the server's words for a refusal, the spec's for a failure to send or check", () => {
  const invalid = new ApiError(400, 'RECOVERY_CODE_INVALID', TEAM_MESSAGES.recoveryCodeInvalid);
  expect(recoveryConfirmMessage(invalid)).toBe(TEAM_MESSAGES.recoveryCodeInvalid);
  expect(recoveryConfirmMessage(new ApiError(500, 'INTERNAL', 'x'))).toBe(
    'Erro ao validar código de recuperação',
  );
  expect(recoverySendMessage(new ApiError(502, 'RECOVERY_SEND_FAILED', 'x'))).toBe(
    'Erro ao enviar código de recuperação',
  );
  expect(recoverySendMessage(network)).toBe('Erro ao enviar código de recuperação');
});
