// Accepting the invitation a link left in storage (spec accounts §4 "Authentication", §8
// "Invitation"): success says 'Convite aceito com sucesso!' and goes to the inviting account's
// home; a refusal says 'Erro ao aceitar convite' with the server's reason. Either way the token
// is forgotten: a refused link would only be refused again.
import { ApiError } from '#web/lib/call-api.ts';
import { INVITATION_MESSAGES } from './messages.ts';

type Notice = { description?: string };

export type InvitationSteps = {
  accept(token: string): Promise<unknown>;
  forget(): void;
  /** The session acts in the other account now: drop its caches and go to '/'. */
  enterAccount(): Promise<void>;
  success(title: string, notice: Notice): void;
  error(title: string, notice: Notice): void;
};

export type InvitationOutcome = 'accepted' | 'refused' | 'failed';

export async function acceptPendingInvitation(
  token: string,
  steps: InvitationSteps,
): Promise<InvitationOutcome> {
  // Forgotten first: a second tab or a remount must not send it again.
  steps.forget();
  try {
    await steps.accept(token);
  } catch (error) {
    // A refusal of the server carries its reason; a lost connection or anything else does not.
    if (error instanceof ApiError && error.status >= 400) {
      steps.error(INVITATION_MESSAGES.failed, { description: error.message });
      return 'refused';
    }
    steps.error(INVITATION_MESSAGES.unexpected, {});
    return 'failed';
  }
  steps.success(INVITATION_MESSAGES.accepted, { description: INVITATION_MESSAGES.welcome });
  await steps.enterAccount();
  return 'accepted';
}
