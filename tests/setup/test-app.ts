import { hc } from 'hono/client';
import { pino } from 'pino';
import { createApp, type AppDeps, type AppType } from '#server/app.ts';
import type { DbHandle } from '#server/db/client.ts';
import { createTestDb } from '#tests/setup/test-db.ts';

export const TEST_ORIGIN = 'http://localhost';
/** A well-formed X-CSRF-Token, as the web client generates one (32 random bytes, hex). */
export const TEST_CSRF_TOKEN = 'ab'.repeat(32);

export type TestApp = {
  app: ReturnType<typeof createApp>;
  client: ReturnType<typeof hc<AppType>>;
  db: DbHandle;
  close(): Promise<void>;
};

/** The real app on a fresh migrated database, with the typed client the web uses. */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const db = overrides.db ?? (await createTestDb());
  const app = createApp({ db, logger: pino({ level: 'silent' }), ...overrides });
  const client = hc<AppType>(TEST_ORIGIN, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init),
    headers: { origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
  });
  return { app, client, db, close: () => db.close() };
}
