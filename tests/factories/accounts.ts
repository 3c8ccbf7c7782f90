// Test data for accounts and profiles: valid by default, every field overridable.
import type { Database } from '#server/db/client.ts';
import {
  accounts,
  profiles,
  type Account,
  type NewAccount,
  type NewProfile,
  type Profile,
} from '#server/db/schema/index.ts';

let sequence = 0;

export async function insertAccount(
  db: Database,
  overrides: Partial<NewAccount> = {},
): Promise<Account> {
  const [account] = await db.insert(accounts).values(overrides).returning();
  if (!account) throw new Error('insertAccount: no row returned');
  return account;
}

export async function insertProfile(
  db: Database,
  accountId: string,
  overrides: Partial<Omit<NewProfile, 'accountId'>> = {},
): Promise<Profile> {
  sequence += 1;
  const [profile] = await db
    .insert(profiles)
    .values({
      accountId,
      email: `pessoa${sequence}@exemplo.pt`,
      fullName: `Pessoa ${sequence}`,
      accountType: 'particular',
      ...overrides,
    })
    .returning();
  if (!profile) throw new Error('insertProfile: no row returned');
  return profile;
}
