import { Hono } from 'hono';
import type { DbHandle } from '#server/db/client.ts';
import { APP_VERSION } from '#server/version.ts';

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('database ping timed out')), ms).unref();
    }),
  ]);
}

/** GET /api/health — DESIGN.md contract 5: 200 when the database answers, 503 otherwise. */
export function healthRoutes(handle: DbHandle) {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await withTimeout(handle.ping(), PING_TIMEOUT_MS);
      return c.json({ status: 'ok' as const, db: handle.driver, version: APP_VERSION }, 200);
    } catch {
      return c.json({ status: 'error' as const, db: handle.driver, version: APP_VERSION }, 503);
    }
  });
}
