// Helpers for the feed's API tests: a signed-in account on a plan (sharing one database), its
// secret made through the API, and the feed read as a spreadsheet reads it — no cookie, no
// Origin, nothing but the URL.
import { expect } from 'vitest';
import type { DbHandle } from '#server/db/client.ts';
import type { PlanId } from '#shared/plans.ts';
import {
  createTestApp,
  type ActAs,
  type SignedInTestApp,
  type TestAppOptions,
} from '#tests/setup/test-app.ts';
import { parseCsv } from '#server/features/exports/export-test-helpers.ts';
import type { RevealedFeedDto } from './feed-dto.ts';

export type FeedAccountOptions = TestAppOptions & { plan?: PlanId; actAs?: ActAs };

/** A new account on `plan` (Empresarial 500 by default) in `db`, with its own signed-in app. */
export function feedAccount(db: DbHandle, options: FeedAccountOptions = {}) {
  return createTestApp({ ...options, db, plan: options.plan ?? 'enterprise_500' });
}

/** POST /api/integrations/feed as the account: the secret, shown this once. */
export async function createFeed(t: SignedInTestApp): Promise<RevealedFeedDto> {
  const res = await t.client.api.integrations.feed.$post();
  expect(res.status).toBe(201);
  return (await res.json()) as RevealedFeedDto;
}

/** The feed as a spreadsheet fetches it: a GET with no session and no Origin. */
export function readFeed(t: SignedInTestApp, path: string, headers: Record<string, string> = {}) {
  return t.app.request(path, { headers });
}

/** The comma-separated feed's rows, header first. */
export async function feedRows(res: Response): Promise<string[][]> {
  expect(res.status).toBe(200);
  return parseCsv(await res.text(), ',');
}

/** The invoice numbers of a CSV's rows (the fourth column), the header left out. */
export const numbersOf = (rows: string[][]) => rows.slice(1).map((row) => row[3]);
