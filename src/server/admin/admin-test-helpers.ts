// The admin command tests' set-up: the real app on a fresh migrated database with a storage
// folder of its own, the command runner on the same database, bus and storage, and accounts
// signed up through the API as a person would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { expect } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import type { SupportReplyMail } from '#server/features/support/support-mail.ts';
import { accountIdOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { createManualBilling } from '#server/services/billing/manual-billing.ts';
import {
  memoryEncryptionKeys,
  type EncryptionKeys,
} from '#server/services/crypto/encryption-key.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { createStorage, type Storage } from '#server/services/storage/storage.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';
import { runAdminCommand } from './admin-commands.ts';
import type { AdminOutput, AdminRequest } from './admin-request.ts';

export type AdminTestContext = {
  t: TestApp;
  storage: Storage;
  /** The app's field-encryption keys, which the commands use too (rotate-key replaces them). */
  encryption: EncryptionKeys;
  /** A folder of the test's own, removed on close(). */
  tmp: string;
  run(request: AdminRequest, now?: () => Date): Promise<AdminOutput>;
  newEmail(prefix: string): string;
  signedUp(prefix: string): Promise<{ email: string; cookie: string; accountId: string }>;
  profileOf(cookie: string): Promise<{ planId: string; monthlyInvoiceLimit: number }>;
  close(): Promise<void>;
};

/** The installation's support address in these tests (support-reply's Reply-To). */
export const SUPPORT_EMAIL = 'suporte@papelada.pt';

/** support-reply's mail as the CLI's own without SMTP_URL: into the outbox of `db`. */
export function supportMailOn(db: Database): SupportReplyMail {
  const mailer = createMailer({ db, logger: pino({ level: 'silent' }), devMailbox: true });
  return { mailer, supportEmail: SUPPORT_EMAIL, appUrl: TEST_ORIGIN };
}

let sequence = 0;

export async function createAdminTestContext(): Promise<AdminTestContext> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'papelada-admin-'));
  const storage = createStorage({
    root: path.join(tmp, 'files'),
    secret: 'admin-test-secret'.padEnd(40, 'x'),
  });
  const encryption = memoryEncryptionKeys();
  const t = await createTestApp({
    storage,
    cipher: encryption.cipher,
    supportEmail: SUPPORT_EMAIL,
  });
  const support = supportMailOn(t.db.db);
  const newEmail = (prefix: string) => {
    sequence += 1;
    return `${prefix}${sequence}.${Date.now()}@exemplo.pt`;
  };
  return {
    t,
    storage,
    encryption,
    tmp,
    run: (request, now = () => new Date()) =>
      runAdminCommand(
        {
          db: t.db.db,
          events: t.events,
          storage,
          billing: createManualBilling(),
          encryption,
          dataDir: tmp,
          now,
          support,
        },
        request,
      ),
    newEmail,
    async signedUp(prefix) {
      const email = newEmail(prefix);
      const cookie = await signUpVerified(t, email);
      return { email, cookie, accountId: await accountIdOf(t, cookie) };
    },
    async profileOf(cookie) {
      const res = await t.app.request('/api/profile', { headers: { cookie } });
      expect(res.status).toBe(200);
      return (await res.json()) as { planId: string; monthlyInvoiceLimit: number };
    },
    async close() {
      await t.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
