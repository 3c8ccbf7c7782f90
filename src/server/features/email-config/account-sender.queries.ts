// Who the account's emails to its suppliers come from (spec invoice-work §6): a company signs
// with its company name, a person with the full name; replies go to the account's email. The
// account's email settings (email_config) may name the sender otherwise, send replies
// elsewhere, copy the account and word the payment email their own way.
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { profiles } from '#server/db/schema/index.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { readablePersonalNif } from '#server/services/crypto/sealed-fields.ts';
import { readEmailConfig } from './email-config.queries.ts';

export type AccountSender = { name: string; email: string; nif: string | null };

/** The account's own name, email and NIF, as its profile has them; null without a profile. */
export async function findAccountSender(
  db: Database,
  cipher: FieldCipher,
  accountId: string,
): Promise<AccountSender | null> {
  const [profile] = await db
    .select({
      accountType: profiles.accountType,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      email: profiles.email,
      personalNifEncrypted: profiles.personalNifEncrypted,
      legacyPersonalNif: profiles.legacyPersonalNif,
      companyNif: profiles.companyNif,
    })
    .from(profiles)
    .where(eq(profiles.accountId, accountId))
    .limit(1);
  if (!profile) return null;
  const isCompany = profile.accountType === 'empresa';
  const name = (isCompany ? profile.companyName : profile.fullName)?.trim() || profile.email;
  // A personal NIF no key opens is left out of the email rather than sent as '(encriptado)'.
  const nif = (isCompany ? profile.companyNif : readablePersonalNif(cipher, profile)) || null;
  return { name, email: profile.email, nif };
}

/** How the account's payment emails go out: its profile with its email settings applied. */
export type PaymentEmailSender = AccountSender & {
  /** The From display name: the settings' sender name, else the account's name. */
  fromName: string;
  replyTo: string;
  /** The account's own address when it asked for a copy of each email. */
  bcc: string | null;
  /** The account's wording of the payment email; a supplier's own wording comes first. */
  paymentTemplate: string | null;
};

export async function findPaymentEmailSender(
  db: Database,
  cipher: FieldCipher,
  accountId: string,
): Promise<PaymentEmailSender | null> {
  const sender = await findAccountSender(db, cipher, accountId);
  if (!sender) return null;
  const config = await readEmailConfig(db, { accountId });
  return {
    ...sender,
    fromName: config.senderName ?? sender.name,
    replyTo: config.replyTo ?? sender.email,
    bcc: config.bccSelf ? sender.email : null,
    paymentTemplate: config.paymentTemplate,
  };
}
