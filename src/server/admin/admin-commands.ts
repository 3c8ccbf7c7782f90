// One entry for every admin command, whichever process runs it: the CLI on its own database
// connection, or the server for a request that came through its admin socket (ADR 018).
import { asOwner } from '#server/db/account-context.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, EXIT, withNewline, type AdminOutput, type AdminRequest } from './admin-request.ts';
import type { AdminDeps } from './admin-deps.ts';
import { formatAccountsJson, formatAccountsTable, listAccounts } from './accounts-list.ts';
import { exportAccountCommand } from './account-export.ts';
import { backupCommand } from './backup-command.ts';
import { deleteAccountCommand, deletePreviewCommand } from './account-deletion.ts';
import { cancelPlanCommand, setPlanCommand } from './plan-commands.ts';
import { verifyEmailCommand } from './verify-email.ts';
import { securityEventsCommand } from './security-events-list.ts';
import { newsletterCommand } from './newsletter-list.ts';
import { rotateKeyCommand } from './rotate-key-command.ts';
import { supportCommand, supportReplyCommand } from './support-commands.ts';

function dispatch(deps: AdminDeps, request: AdminRequest): Promise<AdminOutput> {
  switch (request.command) {
    case 'accounts':
      return listAccounts(deps.db, deps.now()).then((entries) =>
        done(request.json ? formatAccountsJson(entries) : formatAccountsTable(entries)),
      );
    case 'set-plan':
      return setPlanCommand(deps, request);
    case 'cancel-plan':
      return cancelPlanCommand(deps, request);
    case 'verify-email':
      return verifyEmailCommand(deps, request);
    case 'export-account':
      return exportAccountCommand(deps, request);
    case 'delete-preview':
      return deletePreviewCommand(deps, request);
    case 'delete-account':
      return deleteAccountCommand(deps, request);
    case 'security-events':
      return securityEventsCommand(deps, request);
    case 'newsletter':
      return newsletterCommand(deps, request);
    case 'backup':
      return backupCommand(deps, request);
    case 'rotate-key':
      return rotateKeyCommand(deps);
    case 'support':
      return supportCommand(deps, request);
    case 'support-reply':
      return supportReplyCommand(deps, request);
  }
}

/**
 * Runs a command; an unexpected failure becomes exit 1 with its message, never a crash. As the
 * tables' owner, in a server too: every account's rows, and the migrations' own (ADR 027).
 */
export async function runAdminCommand(
  deps: AdminDeps,
  request: AdminRequest,
): Promise<AdminOutput> {
  try {
    return await asOwner(() => dispatch(deps, request));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      exitCode: EXIT.refused,
      stdout: '',
      stderr: withNewline(ADMIN_MESSAGES.commandFailed(detail)),
    };
  }
}
