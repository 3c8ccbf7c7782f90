import { expect, test } from 'vitest';
import { ApiError } from '#web/lib/call-api.ts';
import { acceptPendingInvitation, type InvitationSteps } from './pending-invitation.ts';

/** Steps that record, in order, what the acceptance did. */
function recordingSteps(accept: InvitationSteps['accept']) {
  const log: unknown[][] = [];
  const steps: InvitationSteps = {
    accept: (token) => {
      log.push(['accept', token]);
      return accept(token);
    },
    forget: () => void log.push(['forget']),
    enterAccount: async () => void log.push(['enter account']),
    success: (title, notice) => void log.push(['success', title, notice]),
    error: (title, notice) => void log.push(['error', title, notice]),
  };
  return { log, steps };
}

test('an accepted invitation is forgotten, welcomed and takes the person into the account', async () => {
  const { log, steps } = recordingSteps(async () => ({ accountId: 'a', accountName: 'Padaria' }));
  expect(await acceptPendingInvitation('tok', steps)).toBe('accepted');
  expect(log).toEqual([
    ['forget'],
    ['accept', 'tok'],
    ['success', 'Convite aceito com sucesso!', { description: 'Bem-vindo à equipe!' }],
    ['enter account'],
  ]);
});

test('a refused invitation says why, in the server’s words, and is forgotten', async () => {
  const { log, steps } = recordingSteps(() =>
    Promise.reject(new ApiError(404, 'INVITATION_INVALID', 'Convite inválido ou expirado')),
  );
  expect(await acceptPendingInvitation('tok', steps)).toBe('refused');
  expect(log).toEqual([
    ['forget'],
    ['accept', 'tok'],
    ['error', 'Erro ao aceitar convite', { description: 'Convite inválido ou expirado' }],
  ]);
});

test('a lost connection or an unexpected failure says so, and the token is forgotten too', async () => {
  for (const failure of [
    new ApiError(0, 'NETWORK_ERROR', 'Erro inesperado ao processar convite'),
    new TypeError('boom'),
  ]) {
    const { log, steps } = recordingSteps(() => Promise.reject(failure));
    expect(await acceptPendingInvitation('tok', steps)).toBe('failed');
    expect(log).toEqual([
      ['forget'],
      ['accept', 'tok'],
      ['error', 'Erro inesperado ao processar convite', {}],
    ]);
  }
});
