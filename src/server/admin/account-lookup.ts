// The account of the email an operator typed, or the refusal to print (exit 1).
import type { Database } from '#server/db/client.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { normaliseEmail, refused, type AdminOutput } from './admin-request.ts';
import { findAccountByEmail, type FoundAccount } from './find-account.ts';

export type AccountOrRefusal =
  { kind: 'found'; account: FoundAccount } | { kind: 'refused'; output: AdminOutput };

export async function accountOrRefusal(db: Database, email: string): Promise<AccountOrRefusal> {
  const result = await findAccountByEmail(db, email);
  const shown = normaliseEmail(email);
  switch (result.kind) {
    case 'found':
      return result;
    case 'missing':
      return { kind: 'refused', output: refused(ADMIN_MESSAGES.unknownEmail(shown)) };
    case 'ambiguous':
      return {
        kind: 'refused',
        output: refused(ADMIN_MESSAGES.ambiguousEmail(shown, result.count)),
      };
  }
}
