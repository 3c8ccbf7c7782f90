// Re-encryption under the current key (ADR 028, `npm run admin -- rotate-key`): every sealed
// value and every hash not under the current key is opened with the key that sealed it, sealed
// and hashed again. One account at a time, in one transaction: an account's hashes (the profile's
// and its invoices') are never under two keys at once, so its own-spending comparison holds all
// along. Resumable: a run cut short leaves whole accounts done or untouched, and the next run
// finds only what is left.
import { asc, gt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accounts } from '#server/db/schema/index.ts';
import type { FieldCipher } from './field-encryption.ts';
import {
  buyerNifColumns,
  companyNifColumns,
  personalNifColumns,
  SEALED_PURPOSE,
  supplierEmailColumns,
} from './sealed-fields.ts';
import {
  keyIdSql,
  notUnderKey,
  ROWS_PER_STATEMENT,
  valuesTable,
  type Executor,
  type Transaction,
} from './sealed-sql.ts';

/** Accounts read per query of the walk over every account. */
const ACCOUNTS_PER_PAGE = 200;

export type ResealResult = {
  /** Accounts with at least one value re-encrypted. */
  accounts: number;
  /** Values (sealed values and hashes of a row count as one) re-encrypted. */
  values: number;
  /** Values that no key of the cipher opens: left as they were. */
  unreadable: number;
};

const col = (name: string) => sql.raw(name);

/** Re-encrypts every account's values that are not under the cipher's current key. */
export async function resealAllAccounts(
  db: Database,
  cipher: FieldCipher,
  { onAccount }: { onAccount?: (done: ResealResult) => void } = {},
): Promise<ResealResult> {
  const total: ResealResult = { accounts: 0, values: 0, unreadable: 0 };
  let after: string | null = null;
  for (;;) {
    const page: Array<{ id: string }> = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(after === null ? undefined : gt(accounts.id, after))
      .orderBy(asc(accounts.id))
      .limit(ACCOUNTS_PER_PAGE);
    for (const { id } of page) {
      const done = await db.transaction((tx) => resealAccount(tx, cipher, id));
      if (done.values > 0) total.accounts += 1;
      total.values += done.values;
      total.unreadable += done.unreadable;
      onAccount?.(total);
    }
    const last = page.at(-1);
    if (!last || page.length < ACCOUNTS_PER_PAGE) return total;
    after = last.id;
  }
}

/** One account's values, in the caller's transaction. */
export async function resealAccount(
  tx: Transaction,
  cipher: FieldCipher,
  accountId: string,
): Promise<Omit<ResealResult, 'accounts'>> {
  const keyId = cipher.currentKeyId;
  const parts = [
    await resealProfile(tx, cipher, accountId, keyId),
    await resealBuyerNifs(tx, cipher, accountId, keyId),
    await resealSupplierEmails(tx, cipher, accountId, keyId),
  ];
  return {
    values: parts.reduce((sum, p) => sum + p.values, 0),
    unreadable: parts.reduce((sum, p) => sum + p.unreadable, 0),
  };
}

type Part = { values: number; unreadable: number };

async function resealProfile(
  tx: Executor,
  cipher: FieldCipher,
  accountId: string,
  keyId: string,
): Promise<Part> {
  const { rows } = await tx.execute<{
    personal_nif_encrypted: string | null;
    company_nif: string | null;
  }>(sql`
    select personal_nif_encrypted, company_nif from profiles
    where account_id = ${accountId} and (
      ${notUnderKey(col('personal_nif_encrypted'), keyId, 'sealed')}
      or ${notUnderKey(col('personal_nif_hash'), keyId, 'hash')}
      or ${notUnderKey(col('company_nif_hash'), keyId, 'hash')})
    for update`);
  const row = rows[0];
  if (!row) return { values: 0, unreadable: 0 };
  const sealed = row.personal_nif_encrypted;
  const personalNif = sealed === null ? null : cipher.open(sealed, SEALED_PURPOSE.personalNif);
  const unreadable = sealed !== null && personalNif === null;
  const personal = personalNifColumns(cipher, personalNif);
  const company = companyNifColumns(cipher, row.company_nif);
  // An unreadable NIF keeps its sealed text and hash: another key may still open it.
  const personalSet: SQL = unreadable
    ? sql``
    : sql`personal_nif_encrypted = ${personal.personalNifEncrypted},
          personal_nif_hash = ${personal.personalNifHash}, `;
  await tx.execute(sql`
    update profiles set ${personalSet} company_nif_hash = ${company.companyNifHash}
    where account_id = ${accountId}`);
  return { values: 1, unreadable: unreadable ? 1 : 0 };
}

async function resealBuyerNifs(
  tx: Executor,
  cipher: FieldCipher,
  accountId: string,
  keyId: string,
): Promise<Part> {
  const part: Part = { values: 0, unreadable: 0 };
  let after: string | null = null;
  for (;;) {
    const { rows }: { rows: Array<{ id: string; clear: string | null; sealed: string | null }> } =
      await tx.execute(sql`
        select id, buyer_nif as clear, buyer_nif_encrypted as sealed from invoices
        where account_id = ${accountId}
          ${after === null ? sql`` : sql`and id > ${after}::uuid`}
          and (${notUnderKey(col('buyer_nif_encrypted'), keyId, 'sealed')}
            or ${notUnderKey(col('buyer_nif_hash'), keyId, 'hash')})
        order by id
        limit ${ROWS_PER_STATEMENT}
        for update`);
    const changes: Array<Array<string | null>> = [];
    for (const { id, clear, sealed } of rows) {
      const nif = sealed === null ? clear : cipher.open(sealed, SEALED_PURPOSE.buyerNif);
      if (nif === null) {
        part.unreadable += 1;
        continue;
      }
      const columns = buyerNifColumns(cipher, nif);
      changes.push([id, columns.buyerNifClear, columns.buyerNifEncrypted, columns.buyerNifHash]);
    }
    if (changes.length > 0) {
      const values = valuesTable(
        'v',
        [
          ['id', 'uuid'],
          ['clear', 'text'],
          ['sealed', 'text'],
          ['hash', 'text'],
        ],
        changes,
      );
      await tx.execute(sql`
        update invoices as i
        set buyer_nif = v.clear, buyer_nif_encrypted = v.sealed, buyer_nif_hash = v.hash
        from ${values}
        where i.account_id = ${accountId} and i.id = v.id`);
      part.values += changes.length;
    }
    const last = rows.at(-1);
    if (!last || rows.length < ROWS_PER_STATEMENT) return part;
    after = last.id;
  }
}

async function resealSupplierEmails(
  tx: Executor,
  cipher: FieldCipher,
  accountId: string,
  keyId: string,
): Promise<Part> {
  const part: Part = { values: 0, unreadable: 0 };
  let after: string | null = null;
  for (;;) {
    const { rows }: { rows: Array<{ id: string; sealed: string }> } = await tx.execute(sql`
      select id, email_encrypted as sealed from suppliers
      where account_id = ${accountId}
        ${after === null ? sql`` : sql`and id > ${after}::uuid`}
        and ${notUnderKey(col('email_encrypted'), keyId, 'sealed')}
      order by id
      limit ${ROWS_PER_STATEMENT}
      for update`);
    const changes: Array<Array<string | null>> = [];
    for (const { id, sealed } of rows) {
      const email = cipher.open(sealed, SEALED_PURPOSE.supplierEmail);
      if (email === null) {
        part.unreadable += 1;
        continue;
      }
      changes.push([id, supplierEmailColumns(cipher, email).emailEncrypted]);
    }
    if (changes.length > 0) {
      const values = valuesTable(
        'v',
        [
          ['id', 'uuid'],
          ['sealed', 'text'],
        ],
        changes,
      );
      await tx.execute(sql`
        update suppliers as s set email_encrypted = v.sealed
        from ${values}
        where s.account_id = ${accountId} and s.id = v.id`);
      part.values += changes.length;
    }
    const last = rows.at(-1);
    if (!last || rows.length < ROWS_PER_STATEMENT) return part;
    after = last.id;
  }
}

/**
 * How many values each key still holds, the current key left out: what a rotation has not
 * reached, or could not open. Reads every table whole (an operator's check, not a request's).
 */
export async function valuesByOtherKeys(
  db: Executor,
  currentKeyId: string,
): Promise<Map<string, number>> {
  const columns: Array<[table: string, column: string, kind: 'sealed' | 'hash']> = [
    ['profiles', 'personal_nif_encrypted', 'sealed'],
    ['profiles', 'personal_nif_hash', 'hash'],
    ['profiles', 'company_nif_hash', 'hash'],
    ['invoices', 'buyer_nif_encrypted', 'sealed'],
    ['invoices', 'buyer_nif_hash', 'hash'],
    ['suppliers', 'email_encrypted', 'sealed'],
  ];
  const selects = columns.map(
    ([table, column, kind]) => sql`
      select ${keyIdSql(col(column))} as key_id, count(*)::int as n from ${col(table)}
      where ${notUnderKey(col(column), currentKeyId, kind)}
      group by 1`,
  );
  const { rows } = await db.execute<{ key_id: string; n: number }>(
    sql.join(selects, sql` union all `),
  );
  const byKey = new Map<string, number>();
  for (const { key_id: keyId, n } of rows) byKey.set(keyId, (byKey.get(keyId) ?? 0) + Number(n));
  return byKey;
}
