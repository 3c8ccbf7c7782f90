// /api/email-config (issue 20 point 5): the account's email settings in /configuracoes — the
// sender's name, the reply-to address, a copy to oneself and the payment email's wording —
// applied to every payment email to a supplier (invoices/payment-notification.ts). The account
// holder's and an Administrador's, as the rest of the settings (settings.manage).
//   GET /   EmailConfigDto
//   PUT /   emailConfigSchema → EmailConfigDto (every setting at once; null: the default)
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { emailConfigSchema, type EmailConfigDto } from '#shared/schemas/email-config.ts';
import { findAccountSender } from './account-sender.queries.ts';
import { readEmailConfig, saveEmailConfig } from './email-config.queries.ts';

export type EmailConfigRoutesDeps = { db: Database; cipher: FieldCipher };

export const EMAIL_CONFIG_ERRORS = { profileNotFound: 'Perfil não encontrado.' } as const;

export function emailConfigRoutes({ db, cipher }: EmailConfigRoutesDeps) {
  async function answer(accountId: string): Promise<EmailConfigDto> {
    const sender = await findAccountSender(db, cipher, accountId);
    if (!sender) throw new AppError(404, 'PROFILE_NOT_FOUND', EMAIL_CONFIG_ERRORS.profileNotFound);
    const settings = await readEmailConfig(db, { accountId });
    return { settings, defaults: { senderName: sender.name, email: sender.email } };
  }

  const gate = requireCapability('settings.manage');
  return new Hono<ScopeEnv>()
    .get('/', gate, async (c) => c.json(await answer(c.var.scope.accountId), 200))
    .put('/', gate, validate('json', emailConfigSchema), async (c) => {
      const { accountId } = c.var.scope;
      await saveEmailConfig(db, { accountId, config: c.req.valid('json') });
      return c.json(await answer(accountId), 200);
    });
}
