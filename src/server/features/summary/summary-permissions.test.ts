import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createTestApp,
  type ActAs,
  type SignedInTestApp,
  refusalOf,
} from '#tests/setup/test-app.ts';

// One database and one signed-in account; each role is the same app acting as that actor.
let base: SignedInTestApp;

beforeAll(async () => {
  base = await createTestApp({ plan: 'free' });
});

afterAll(() => base.close());

async function summaryAs(actAs: ActAs) {
  // Shares the base app's database, auth and bus, which base.close() releases.
  const t = await createTestApp({ db: base.db, auth: base.auth, events: base.events, actAs });
  return t.app.request('/api/summary?year=2025&month=3', { headers: { cookie: base.cookie } });
}

test('the main user, an administrator and a manager open the summary on any plan', async () => {
  for (const actAs of ['main', 'administrator', 'manager'] as const) {
    expect((await summaryAs(actAs)).status, actAs).toBe(200);
  }
});

test('a sub-user with the default role, or nobody chosen yet, is refused in Portuguese', async () => {
  for (const actAs of ['user', 'pending'] as const) {
    const res = await summaryAs(actAs);
    expect(res.status, actAs).toBe(403);
    expect(await res.json(), actAs).toEqual({ error: refusalOf(actAs) });
  }
});

test('without a session the summary answers 401', async () => {
  const res = await base.app.request('/api/summary?year=2025&month=3');
  expect(res.status).toBe(401);
});
