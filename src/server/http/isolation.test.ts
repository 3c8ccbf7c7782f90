// The isolation suite (issue 19 point 1): two accounts with real data (isolation-world.ts), and
// for every route of the app's own route table under /api a case of account B aimed at account
// A. A route added tomorrow without a case fails the first test, as does a case whose route is
// gone. What the cases hold (isolation-checks.ts):
//   - aimed at A's ids (invoice, supplier, category, sale, goal, PIN profile, member, invitation,
//     email, scan, photo path, recovery code): the route's "not found" or its documented refusal,
//     and A's rows and files byte for byte as before — after a write, A's own reads too;
//   - lists, summaries, exports (CSV and XLSX read back), counters, feeds and the account's ZIP:
//     none of A's markers in B's answer, where A's answer to the same request holds them; an
//     aggregate (where no marker can show) answers B the same before and after A changes its
//     data, where A's own answer changes;
//   - creates with A's keys (the NIF, number and ATCUD of A's invoice, A's supplier NIF, category
//     name, PIN profile name and sale day, A's member invited): accepted for B, never "taken";
//   - the event stream: B hears B's change, never A's; signed file URLs: none for A's files, and
//     neither A's URL nor B's signature opens A's file for B.
// Better Auth's own endpoints (/api/auth/*) are left out: each acts on the session that sends it
// or on the email and token in its body, never on an account the request names, so there is no
// other account's id to aim at (their limits and error shapes are auth.routes.test.ts').
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountCases } from './isolation-cases-account.ts';
import { bookCases } from './isolation-cases-books.ts';
import { notificationCases } from './isolation-cases-notifications.ts';
import { settingsCases } from './isolation-cases-settings.ts';
import { supportCases } from './isolation-cases-support.ts';
import { createChecks, type Case } from './isolation-checks.ts';
import { createWorld, type World } from './isolation-world.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => {
  await w?.close();
});

const checks = createChecks(() => w);
const { markersIn, expectNoMarkers, checkAnswer, comparisons } = checks;
const books = bookCases(checks);
const account = accountCases(checks);
const notifications = notificationCases(checks);
const settings = settingsCases(checks);
const support = supportCases(checks);
/** 'METHOD /path' → its case: every route of the table below has one. */
const CASES: Record<string, Case> = {
  ...books,
  ...account,
  ...notifications,
  ...settings,
  ...support,
};

// ——— The table against the app ———

/** 'METHOD /path' of every handler under /api, Better Auth's own left out (see the top). */
function apiRoutes(): string[] {
  const routes = inspectRoutes(w.t.app)
    .filter(({ isMiddleware, path }) => !isMiddleware && path.startsWith('/api/'))
    .filter(({ path }) => !path.startsWith('/api/auth/'))
    .map(({ method, path }) => `${method} ${path}`);
  return [...new Set(routes)].sort();
}

test('every /api route of the app has an isolation case, and every case a route', () => {
  const routes = apiRoutes();
  const twice = Object.keys(books).filter((route) => route in account);
  expect(twice, 'routes with two cases').toEqual([]);
  expect(
    routes.filter((route) => !(route in CASES)),
    'routes without a case',
  ).toEqual([]);
  const gone = Object.keys(CASES).filter((route) => !routes.includes(route));
  expect(gone, 'cases without a route').toEqual([]);
});

test('A’s markers are in A’s answers and in none of B’s, as set up', async () => {
  expect(w.markers.size).toBeGreaterThan(30);
  const list = '/api/invoices?period=all&limit=100';
  expect(markersIn((await w.a.browser.call('GET', list)).text)).not.toEqual([]);
  expectNoMarkers((await w.b.browser.call('GET', list)).text, 'list');
});

describe('B aimed at A', () => {
  const signedIn = Object.entries(CASES).flatMap(([route, c]) =>
    'public' in c ? [] : [[route, c] as const],
  );
  test.each(signedIn)('%s', async (route, isolationCase) => {
    const before = comparisons();
    if ('answers' in isolationCase) await checkAnswer(route, isolationCase.answers);
    else await isolationCase.check();
    // Every signed-in case compared A's data around B's requests.
    expect(comparisons()).toBeGreaterThan(before);
  });
});

describe('public routes', () => {
  const checked = Object.entries(CASES).flatMap(([route, c]) =>
    'public' in c && c.check ? [[route, c.check] as const] : [],
  );
  test.each(checked)('%s', async (_route, check) => {
    await check();
  });
});
