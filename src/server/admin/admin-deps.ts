// What an admin command runs with: the same database, event bus, file storage and billing
// provider as the server — the server's own objects when the command came through its admin
// socket.
import type { Database } from '#server/db/client.ts';
import type { SupportReplyMail } from '#server/features/support/support-mail.ts';
import type { BillingProvider } from '#server/services/billing/billing-provider.ts';
import type { EncryptionKeys } from '#server/services/crypto/encryption-key.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import type { Storage } from '#server/services/storage/storage.ts';

export type AdminDeps = {
  db: Database;
  events: EventBus;
  storage: Storage;
  /** delete-account cancels a subscription this provider sold (features/account-data). */
  billing: BillingProvider;
  /**
   * The field-encryption keys and where they came from: `export-account` opens the sealed
   * values, `rotate-key` replaces the key (the server's own keys when it runs the command).
   */
  encryption: EncryptionKeys;
  /** The server's DATA_DIR (resolved): `backup` copies the secrets kept at its top. */
  dataDir: string;
  /** The clock of `--until` checks and of cancel-plan's period end (tests move it). */
  now: () => Date;
  /**
   * support-reply emails the answer: the server's own mailer when it runs the command, else
   * one of the CLI's on the same SMTP_URL (or outbox); SUPPORT_EMAIL and APP_URL as the server's.
   */
  support: SupportReplyMail;
};
