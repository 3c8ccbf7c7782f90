// The gate table (issue 15 point 2, ADR 017): every route of the app's own route table — a
// route added tomorrow included — must be listed here with the capabilities it declares, or as
// public or session-only with the reason why. Each gate is then tried for real: without a
// session the answer is 401; an actor whose role lacks one of the capabilities gets 403
// FORBIDDEN (PROFILE_SELECTION_REQUIRED before a profile is chosen); the main user on a plan without its feature gets 403 PLAN_REQUIRED naming the
// cheapest plan that has it; and the account's data is the same before and after each refusal.
// Removing any route's gate, or a data-dependent check below, fails this file.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { teamMembers } from '#server/db/schema/index.ts';
import { invoiceBody } from '#server/features/invoices/invoice-test-helpers.ts';
import { CAPABILITIES, featureOf, type Capability } from '#shared/capabilities.ts';
import { permissionsFor } from '#shared/permissions.ts';
import { TEAM_COOKIE } from '#shared/team.ts';
import {
  cheapestPlanWith,
  getPlanFeatures,
  PLAN_IDS,
  planAccessFor,
  type PlanFeatureFlag,
  type PlanId,
} from '#shared/plans.ts';
import { insertCustomCategory } from '#tests/factories/categories.ts';
import { insertInvoice, insertInvoices } from '#tests/factories/invoices.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import {
  actorFor,
  createTestApp,
  LOOPBACK_ENV,
  refusalOf,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type ActAs,
  type SignedInTestApp,
} from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';

type Gate =
  /** Answers without a session: what stands in for one is in `reason`. */
  | { public: string }
  /** Any signed-in actor, on any plan: why no capability applies is in `reason`. */
  | { session: string }
  /** requireCapability(...these), in order. */
  | { capabilities: [Capability, ...Capability[]] };

const cap = (...capabilities: [Capability, ...Capability[]]): Gate => ({ capabilities });

/** 'METHOD /path' as the app's route table names it. */
const ROUTE_GATES: Record<string, Gate> = {
  // ——— Public ———
  'ALL /api/*': { public: 'the 404 of an unknown API path' },
  'GET /api/health': { public: 'the health check of load balancers and monitors' },
  'GET /api/diagnostics/encryption': {
    public:
      'the public security diagnostic (/encryption-diagnostic): a sample of its own, no account data',
  },
  'POST /api/account/sign-up': { public: 'creating an account' },
  'GET /api/auth/providers': { public: 'the sign-in screen asks which providers are on' },
  'GET /api/auth/get-session': { public: 'answers null without a session' },
  'POST /api/auth/sign-in/email': { public: 'signing in' },
  'POST /api/auth/request-password-reset': { public: 'a forgotten password' },
  'POST /api/auth/send-verification-email': { public: 'the verification email again' },
  'POST /api/auth/reset-password': { public: 'the reset link’s token is the proof' },
  'GET /api/auth/*': { public: 'Better Auth checks its own sessions and tokens' },
  'POST /api/auth/*': { public: 'Better Auth checks its own sessions and tokens' },
  'POST /api/demo/session': { public: "'Ver demo' signs into the read-only demo account" },
  'POST /api/billing/stripe/webhook': { public: 'Stripe’s signature is the proof' },
  'GET /api/feed/:token/faturas.csv': {
    public: 'spreadsheets fetch it without a session: the secret in its URL is the proof',
  },
  'GET /api/dev/emails': { public: 'the dev outbox: development only, this machine only' },
  'POST /api/newsletter/subscribe': { public: 'the landing page’s newsletter box, for anyone' },
  'POST /api/newsletter/confirm': { public: 'the emailed confirmation token is the proof' },
  'POST /api/newsletter/unsubscribe': { public: 'the signed unsubscribe token is the proof' },
  'POST /api/newsletter/one-click': { public: 'mail providers’ one-click POST: the signed token' },
  'GET /dev/emails': { public: 'the dev outbox page: development only, this machine only' },

  // ——— Signed in, no capability ———
  'GET /api/profile': { session: 'every actor’s shell reads it (name, plan, capabilities)' },
  'PATCH /api/profile': {
    session:
      'the grid/list view is anyone’s; the other fields need settings.manage (checked below)',
  },
  'GET /api/events': { session: 'live updates of whatever the actor may already read' },
  'GET /api/categories': { session: 'every actor picks categories for invoices and suppliers' },
  'POST /api/files/sign': { session: 'only the account’s own paths, already shown to it' },
  'GET /api/files/*': { session: 'a signed URL, for the account that owns the file' },
  'GET /api/billing/subscription': { session: 'the plan and usage every screen shows' },
  'GET /api/dev/plan': { session: 'development only: reads the plan in force' },
  'GET /api/support/messages': {
    session: 'the help chat: every actor reads its own conversation with support, on any plan',
  },
  'POST /api/support/messages': {
    session: 'the help chat: every actor may ask support for help, on any plan (rate-limited)',
  },

  // ——— Choosing who acts (ADR 024): the signed-in person's own account, before any profile ———
  'GET /api/team-access': { session: 'Acesso à Conta lists the own account’s profiles' },
  'POST /api/team-access/sub-user': { session: 'choosing a PIN profile: its PIN is the proof' },
  'POST /api/team-access/main': { session: 'the main user’s PIN is the proof' },
  'DELETE /api/team-access/session': { session: 'ends this browser’s own team session' },
  'GET /api/team-access/accounts': { session: 'the accounts the person is a member of' },
  'POST /api/team-access/switch': { session: 'only into accounts the person is a member of' },
  'POST /api/team-access/recovery/send': {
    session: 'the code goes to the own account’s email, never another',
  },
  'POST /api/team-access/recovery/confirm': { session: 'the emailed code is the proof' },
  'POST /api/team-access/invitations/accept': {
    session: 'the emailed token, for the signed-in person’s own email, is the proof',
  },

  // ——— Invoices ———
  'GET /api/invoices': cap('invoices.view'),
  'GET /api/invoices/stats': cap('invoices.view'),
  'GET /api/invoices/counter': cap('invoices.view'),
  'GET /api/invoices/duplicate': cap('invoices.view'),
  'GET /api/invoices/:id': cap('invoices.view'),
  'POST /api/invoices': cap('invoices.view', 'invoices.create'),
  'PATCH /api/invoices/:id': cap('invoices.view', 'invoices.edit'),
  'POST /api/invoices/:id/payment': cap('invoices.view', 'invoices.edit'),
  'DELETE /api/invoices/:id': cap('invoices.view', 'invoices.delete'),
  'POST /api/invoices/:id/photos': cap('invoices.view', 'invoices.edit'),
  'DELETE /api/invoices/:id/photos': cap('invoices.view', 'invoices.edit'),
  'GET /api/invoice-expiry': cap('invoices.view'),
  'POST /api/invoice-expiry': cap('invoices.view', 'invoices.edit'),
  'POST /api/scan': cap('scanner.use'),

  // ——— Suppliers and categories ———
  'GET /api/suppliers': cap('suppliers.view'),
  'GET /api/suppliers/lookup': cap('suppliers.view', 'scanner.autoComplete'),
  'GET /api/suppliers/by-nif/:nif': cap('suppliers.view'),
  'GET /api/suppliers/:id': cap('suppliers.view'),
  'POST /api/suppliers': cap('suppliers.view', 'suppliers.create'),
  'PATCH /api/suppliers/:id': cap('suppliers.view', 'suppliers.edit'),
  'DELETE /api/suppliers/:id': cap('suppliers.view', 'suppliers.delete'),
  'POST /api/categories': cap('categories.manage'),
  'PATCH /api/categories/:id': cap('categories.manage'),
  'DELETE /api/categories/:id': cap('categories.manage'),

  // ——— Summary, CMV, savings, exports ———
  'GET /api/summary': cap('resumo.view'),
  'GET /api/sales': cap('cmv.view'),
  'POST /api/sales': cap('cmv.view'),
  'PATCH /api/sales/:id': cap('cmv.view'),
  'DELETE /api/sales/:id': cap('cmv.view'),
  'POST /api/sales/import': cap('cmv.view'),
  'GET /api/sales/report': cap('cmv.view'),
  'GET /api/sales/resale-categories': cap('cmv.view'),
  'PUT /api/sales/resale-categories': cap('cmv.view'),
  'GET /api/savings': cap('savings.view'),
  'POST /api/savings/goals': cap('savings.view'),
  'PATCH /api/savings/goals/:id': cap('savings.view'),
  'DELETE /api/savings/goals/:id': cap('savings.view'),
  'GET /api/exports/invoices.xlsx': cap('invoices.view', 'exports.create'),
  'GET /api/exports/invoices.csv': cap('invoices.view', 'exports.create'),
  'GET /api/exports/suppliers/:nif/invoices.xlsx': cap('invoices.view', 'exports.create'),
  'GET /api/exports/suppliers/:nif/invoices.csv': cap('invoices.view', 'exports.create'),
  'POST /api/efatura-import/preview': cap('invoices.view', 'invoices.create'),
  'POST /api/efatura-import/commit': cap('invoices.view', 'invoices.create'),
  'GET /api/integrations/feed': cap('integrations.view'),
  'POST /api/integrations/feed': cap('integrations.view', 'integrations.configure'),
  'POST /api/integrations/feed/rotate': cap('integrations.view', 'integrations.configure'),
  'DELETE /api/integrations/feed': cap('integrations.view', 'integrations.configure'),

  // ——— Team management ———
  'GET /api/team': cap('team.manage'),
  'PATCH /api/team': cap('team.manage'),
  'PUT /api/team/main-pin': cap('team.mainPin'),
  'POST /api/team/sub-users': cap('team.manage'),
  'PATCH /api/team/sub-users/:id': cap('team.manage'),
  'POST /api/team/invitations': cap('team.manage'),
  'DELETE /api/team/invitations/:id': cap('team.manage'),
  'PATCH /api/team/members/:userId': cap('team.manage'),
  'DELETE /api/team/members/:userId': cap('team.manage'),

  // ——— Settings and the subscription ———
  'PUT /api/profile/photo': cap('settings.manage'),
  'DELETE /api/profile/photo': cap('settings.manage'),
  'GET /api/emails': cap('settings.manage'),
  'GET /api/security-events': cap('account.manage'),
  'GET /api/email-config': cap('settings.manage'),
  'PUT /api/email-config': cap('settings.manage'),
  // The holder's login: its sessions (a PIN profile acts on it, and may not end them).
  'GET /api/sessions': cap('account.manage'),
  'DELETE /api/sessions/:id': cap('account.manage'),
  'POST /api/sessions/revoke-others': cap('account.manage'),
  'POST /api/emails/:id/resend': cap('settings.manage'),
  'GET /api/notifications/push/public-key': cap('settings.manage'),
  'GET /api/notifications/push/subscriptions': cap('settings.manage'),
  'POST /api/notifications/push/subscriptions': cap('settings.manage'),
  'DELETE /api/notifications/push/subscriptions/:id': cap('settings.manage'),
  'GET /api/notifications/reminders': cap('settings.manage'),
  'PUT /api/notifications/reminders': cap('settings.manage'),
  'POST /api/billing/checkout': cap('billing.manage'),
  'POST /api/billing/validate-coupon': cap('billing.manage'),
  'POST /api/billing/portal': cap('billing.manage'),
  'POST /api/billing/change-plan': cap('billing.manage'),
  'POST /api/billing/update-subscription': cap('billing.manage'),
  'POST /api/dev/plan': cap('billing.manage'),

  // ——— The account's own data (the holder's alone) ———
  'GET /api/account-data/export': cap('account.manage'),
  'DELETE /api/account-data': cap('account.manage'),
};

// ——— The apps: one database, one account per (actor, plan) ———

const db = await createTestDb();
const apps = new Map<string, Promise<SignedInTestApp>>();

/** The app acting as `actAs`, its account on `plan`, with an invoice, a supplier and a category. */
function appFor(actAs: ActAs, plan: PlanId): Promise<SignedInTestApp> {
  const key = `${actAs}:${plan}`;
  let app = apps.get(key);
  if (!app) {
    app = (async () => {
      const t = await createTestApp({ db, actAs, plan });
      await fixturesOf(t.accountId);
      return t;
    })();
    apps.set(key, app);
  }
  return app;
}

afterAll(async () => {
  for (const app of apps.values()) await (await app).close();
  await db.close();
});

type Fixtures = { invoiceId: string; supplierId: string; nif: string; categoryId: string };
const fixtures = new Map<string, Fixtures>();

async function fixturesOf(accountId: string): Promise<Fixtures> {
  const known = fixtures.get(accountId);
  if (known) return known;
  const supplier = await insertSupplier(db.db, accountId);
  const invoice = await insertInvoice(db.db, accountId, {
    supplierNif: supplier.nif,
    imagePaths: [`${accountId}/invoices/x/foto.webp`],
  });
  const category = await insertCustomCategory(db.db, accountId);
  const made = {
    invoiceId: invoice.id,
    supplierId: supplier.id,
    nif: supplier.nif,
    categoryId: category.id,
  };
  fixtures.set(accountId, made);
  return made;
}

// ——— The requests ———

/** A concrete request for a route pattern, aimed at the account's own rows. */
function concretePath(pattern: string, own: Fixtures, query: string): string {
  const resource = pattern.split('/')[2];
  const path = pattern
    .replace(':nif', own.nif)
    .replace(
      ':id',
      resource === 'invoices'
        ? own.invoiceId
        : resource === 'suppliers'
          ? own.supplierId
          : resource === 'categories'
            ? own.categoryId
            : randomUUID(),
    )
    .replace('*', 'qualquer/coisa');
  return query ? `${path}?${query}` : path;
}

/** Valid bodies, where a route has one, so that a missing gate would write. */
function bodyFor(route: string, own: Fixtures): unknown {
  switch (route) {
    case 'POST /api/invoices':
      return invoiceBody();
    case 'PATCH /api/invoices/:id':
      return { notes: 'Alterada sem permissão' };
    case 'POST /api/invoices/:id/payment':
      return { paid: true, method: 'Transferência' };
    case 'POST /api/suppliers':
      return { name: 'Fornecedor Novo', nif: nextNif() };
    case 'PATCH /api/suppliers/:id':
      return { name: 'Renomeado', nif: own.nif };
    case 'POST /api/categories':
    case 'PATCH /api/categories/:id':
      return { name: `Nova ${randomUUID().slice(0, 8)}`, icon: 'tag', color: 'pink' };
    case 'PUT /api/email-config':
      return { senderName: 'Sem permissão', replyTo: null, bccSelf: true, paymentTemplate: null };
    case 'POST /api/dev/plan':
      return { planId: 'enterprise_1000' };
    default:
      return {};
  }
}

const QUERIES: Record<string, string> = {
  'GET /api/suppliers/lookup': `nif=${nextNif()}`,
  'DELETE /api/invoices/:id/photos': 'path=x',
  'GET /api/invoices/duplicate': 'supplierNif=509442013&number=FT%201&atcud=0',
};

/** The route, on the app's account's own rows, with its cookie (none when `cookie` is ''). */
async function send(route: string, t: SignedInTestApp, cookie = t.cookie): Promise<Response> {
  const own = await fixturesOf(t.accountId);
  const [method = 'GET', pattern = '/'] = route.split(' ');
  const path = concretePath(pattern, own, QUERIES[route] ?? '');
  const hasBody = method !== 'GET' && method !== 'DELETE';
  return t.app.request(
    path,
    {
      method,
      headers: {
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: hasBody ? JSON.stringify(bodyFor(route, own)) : undefined,
    },
    LOOPBACK_ENV,
  );
}

/**
 * A digest of every row of every table with an account_id, for this account — but the
 * security events: a refused request may well be recorded there (issue 19.8), and that is
 * the log doing its work, not the request changing the account.
 */
async function fingerprint(accountId: string): Promise<string> {
  const { rows: tables } = await db.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where column_name = 'account_id' and table_schema = current_schema()
      and table_name <> 'security_events'
    order by table_name`);
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await db.db.execute<{ digest: string | null }>(sql`
      select md5(string_agg(t::text, '|' order by t::text)) as digest
      from ${sql.identifier(table_name)} t where t.account_id = ${accountId}`);
    parts.push(`${table_name}:${rows[0]?.digest ?? ''}`);
  }
  return parts.join(',');
}

// ——— Who lacks what ———

const ROLES_BY_RIGHTS: ActAs[] = ['administrator', 'manager', 'user', 'pending'];
const permissionOf = (capability: Capability) => CAPABILITIES[capability].permission;

// The role's flag, and the holder-only rule (an administrator has every flag).
const holds = (actAs: ActAs, capability: Capability) =>
  permissionsFor(actorFor(actAs))[permissionOf(capability)] &&
  (!('mainUserOnly' in CAPABILITIES[capability]) || actAs === 'main');

/**
 * The roles that must be refused a route: for each capability, the most privileged role that
 * lacks it but holds the route's others (only that check can refuse it); and, when no role
 * tells the capabilities apart, the most privileged role lacking any (the route's gate as a
 * whole).
 */
function rolesToRefuse(capabilities: readonly Capability[]): ActAs[] {
  const roles = new Set<ActAs>();
  for (const capability of capabilities) {
    const role = ROLES_BY_RIGHTS.find(
      (actAs) =>
        !holds(actAs, capability) &&
        capabilities.every((other) => other === capability || holds(actAs, other)),
    );
    if (role) roles.add(role);
  }
  if (roles.size === 0) {
    const role = ROLES_BY_RIGHTS.find((actAs) => capabilities.some((c) => !holds(actAs, c)));
    if (role) roles.add(role);
  }
  return [...roles];
}

/** The dearest plan without `feature`: the refusal then names the next one up. */
function planLacking(feature: PlanFeatureFlag): PlanId {
  const without = PLAN_IDS.filter((id) => !getPlanFeatures(planAccessFor(id))[feature]);
  const plan = without.at(-1);
  if (!plan) throw new Error(`every plan has ${feature}`);
  return plan;
}

// ——— The table against the app ———

/** 'METHOD /path' of every handler (not middleware) in the app's route table. */
async function appRoutes(): Promise<string[]> {
  const t = await appFor('main', 'enterprise_1000');
  const routes = inspectRoutes(t.app)
    .filter((route) => !route.isMiddleware)
    .map(({ method, path }) => `${method} ${path}`);
  return [...new Set(routes)].sort();
}

let routes: string[] = [];
beforeAll(async () => {
  routes = await appRoutes();
});

test('every route of the app is in the gate table, and the table names no route that is gone', () => {
  const listed = Object.keys(ROUTE_GATES).sort();
  expect(routes.filter((route) => !(route in ROUTE_GATES))).toEqual([]);
  expect(listed.filter((route) => !routes.includes(route))).toEqual([]);
});

test('every capability of the table exists in the capability table', () => {
  for (const gate of Object.values(ROUTE_GATES)) {
    if ('capabilities' in gate) {
      for (const capability of gate.capabilities) expect(CAPABILITIES).toHaveProperty([capability]);
    }
  }
});

const signedInRoutes = Object.entries(ROUTE_GATES).filter(([, gate]) => !('public' in gate));
const gatedRoutes = Object.entries(ROUTE_GATES).flatMap(([route, gate]) =>
  'capabilities' in gate ? [[route, gate.capabilities] as const] : [],
);

describe('without a session', () => {
  test.each(signedInRoutes.map(([route]) => route))('%s answers 401', async (route) => {
    const res = await send(route, await appFor('main', 'enterprise_1000'), '');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHENTICATED');
  });
});

describe('a role without the capability', () => {
  const cases = gatedRoutes.flatMap(([route, capabilities]) =>
    rolesToRefuse(capabilities).map((actAs) => [`${route} as ${actAs}`, route, actAs] as const),
  );
  test('every gated route has a role to refuse', () => {
    expect(new Set(cases.map(([, route]) => route)).size).toBe(gatedRoutes.length);
  });
  // Before a profile is chosen (ADR 024) the request scope refuses first (refusalOf).
  test.each(cases)('%s is refused 403, nothing touched', async (_name, route, actAs) => {
    const t = await appFor(actAs, 'enterprise_1000');
    const before = await fingerprint(t.accountId);
    const res = await send(route, t);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: refusalOf(actAs) });
    expect(await fingerprint(t.accountId)).toBe(before);
  });
});

describe('a plan without the feature', () => {
  const cases = gatedRoutes.flatMap(([route, capabilities]) =>
    capabilities.flatMap((capability) => {
      const feature = featureOf(capability);
      return feature ? [[`${route} (${feature})`, route, feature] as const] : [];
    }),
  );
  test.each(cases)(
    '%s is refused 403 PLAN_REQUIRED with the plan to get, nothing touched',
    async (_name, route, feature) => {
      const t = await appFor('main', planLacking(feature));
      const before = await fingerprint(t.accountId);
      const res = await send(route, t);
      expect(res.status).toBe(403);
      const requiredPlan = cheapestPlanWith(feature);
      expect((await res.json()).error).toMatchObject({
        code: 'PLAN_REQUIRED',
        details: { feature, requiredPlan, upgradeUrl: `/subscription?autostart=${requiredPlan}` },
      });
      expect(await fingerprint(t.accountId)).toBe(before);
    },
  );
});

describe('the main user on the largest plan', () => {
  test.each(gatedRoutes.map(([route]) => route))('%s is let through the gate', async (route) => {
    const res = await send(route, await appFor('main', 'enterprise_1000'));
    expect([401, 403]).not.toContain(res.status);
  });
});

// ——— The whole matrix (issue 18 "done means") ———

/** Routes that answer before a profile is chosen (app.ts `allowPending`). */
const answersWhilePending = (route: string) =>
  route === 'GET /api/profile' || route.split(' ')[1]!.startsWith('/api/team-access');

/** The codes with which the access layer refuses; any other answer got past it. */
const REFUSALS = ['FORBIDDEN', 'PROFILE_SELECTION_REQUIRED', 'PLAN_REQUIRED', 'TEAM_SESSION_ENDED'];

/** The error code of a refusal by the access layer, or null; an event stream is not read. */
async function refusalCode(res: Response): Promise<string | null> {
  if (res.status !== 403) {
    await res.body?.cancel();
    return null;
  }
  const body = (await res.json()) as { error?: { code?: string } };
  const code = body.error?.code ?? '';
  return REFUSALS.includes(code) ? code : null;
}

describe('every route × every actor, from the route table and the shared matrix', () => {
  const ACTORS: ActAs[] = ['main', 'administrator', 'manager', 'user', 'pending'];
  const expected = (route: string, gate: Gate, actAs: ActAs): string | null => {
    if (actAs === 'pending')
      return answersWhilePending(route) ? null : 'PROFILE_SELECTION_REQUIRED';
    if ('capabilities' in gate)
      return gate.capabilities.every((c) => holds(actAs, c)) ? null : 'FORBIDDEN';
    return null;
  };
  const cases = signedInRoutes.flatMap(([route, gate]) =>
    ACTORS.map((actAs) => [`${route} as ${actAs}`, route, gate, actAs] as const),
  );
  test.each(cases)('%s', async (_name, route, gate, actAs) => {
    const t = await appFor(actAs, 'enterprise_1000');
    const res = await send(route, t);
    expect(await refusalCode(res)).toBe(expected(route, gate, actAs));
  });
});

describe('a member removed from the team', () => {
  test('every signed-in route refuses the ended team session; the profile falls back', async () => {
    const team = await appFor('main', 'enterprise_1000');
    const member = await createTestApp({ db, plan: 'free' });
    apps.set(`membro:${member.accountId}`, Promise.resolve(member));
    await db.db.insert(teamMembers).values({
      accountId: team.accountId,
      userId: member.accountId,
      role: 'administrator',
    });
    const switched = await member.app.request(
      '/api/team-access/switch',
      {
        method: 'POST',
        headers: {
          cookie: member.cookie,
          origin: TEST_ORIGIN,
          'x-csrf-token': TEST_CSRF_TOKEN,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ accountId: team.accountId }),
      },
      LOOPBACK_ENV,
    );
    expect(switched.status).toBe(200);
    const teamCookie = switched.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${TEAM_COOKIE}=`))!
      .split(';')[0]!;
    const asMember = `${member.cookie}; ${teamCookie}`;
    const summary = await member.app.request(
      '/api/summary',
      { headers: { cookie: asMember } },
      LOOPBACK_ENV,
    );
    expect(summary.status).toBe(200);

    await db.db
      .delete(teamMembers)
      .where(
        and(eq(teamMembers.accountId, team.accountId), eq(teamMembers.userId, member.accountId)),
      );
    await member.events.publish(team.accountId, { type: 'team.changed' });
    for (const [route] of signedInRoutes) {
      const res = await send(route, member, asMember);
      expect(await refusalCode(res), route).toBe(
        answersWhilePending(route) ? null : 'TEAM_SESSION_ENDED',
      );
    }
  });
});

// ——— Checks that depend on the request's data (called with the same `can` / the scope's plan) ———

describe('the profile as a Utilizador', () => {
  test('may switch the grid/list view, not change the account’s details', async () => {
    const t = await appFor('user', 'enterprise_1000');
    const patch = (body: unknown) =>
      t.app.request(
        '/api/profile',
        {
          method: 'PATCH',
          headers: {
            cookie: t.cookie,
            origin: TEST_ORIGIN,
            'x-csrf-token': TEST_CSRF_TOKEN,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        },
        LOOPBACK_ENV,
      );
    const before = await fingerprint(t.accountId);
    const refused = await patch({ phone: '912345678', invoiceViewMode: 'list' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('FORBIDDEN');
    expect(await fingerprint(t.accountId)).toBe(before);
    expect((await patch({ invoiceViewMode: 'list' })).status).toBe(200);
  });
});

describe('data-dependent gates on Gratuito', () => {
  const upgradeToPersonal = {
    requiredPlan: 'professional',
    upgradeUrl: '/subscription?autostart=professional',
  };

  test('a supplier body that sets a spending limit is refused PLAN_REQUIRED, create or edit', async () => {
    const t = await appFor('main', 'free');
    const own = await fixturesOf(t.accountId);
    const before = await fingerprint(t.accountId);
    const limit = { amountCents: 10_000, active: true };
    for (const [method, path, nif] of [
      ['POST', '/api/suppliers', nextNif()],
      ['PATCH', `/api/suppliers/${own.supplierId}`, own.nif],
    ] as const) {
      const res = await t.app.request(path, {
        method,
        headers: {
          cookie: t.cookie,
          origin: TEST_ORIGIN,
          'x-csrf-token': TEST_CSRF_TOKEN,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'Com limite', nif, limit }),
      });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toMatchObject({
        code: 'PLAN_REQUIRED',
        details: { feature: 'spendingLimits', ...upgradeToPersonal },
      });
    }
    expect(await fingerprint(t.accountId)).toBe(before);
  });

  test('a second photo of an invoice is refused PHOTO_LIMIT, pointing to Personal', async () => {
    const t = await appFor('main', 'free');
    const own = await fixturesOf(t.accountId);
    const before = await fingerprint(t.accountId);
    const form = new FormData();
    form.set('file', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'foto.jpg'));
    const res = await t.app.request(`/api/invoices/${own.invoiceId}/photos`, {
      method: 'POST',
      headers: { cookie: t.cookie, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
      body: form,
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({
      code: 'PHOTO_LIMIT',
      details: upgradeToPersonal,
    });
    expect(await fingerprint(t.accountId)).toBe(before);
  });

  test('the 16th invoice of the month is refused MONTHLY_LIMIT_REACHED, pointing to Personal', async () => {
    const t = await createTestApp({ db, plan: 'free' });
    apps.set(`limite:${t.accountId}`, Promise.resolve(t));
    await insertInvoices(
      db.db,
      t.accountId,
      Array.from({ length: 15 }, () => ({})),
    );
    const before = await fingerprint(t.accountId);
    const res = await t.client.api.invoices.$post({ json: invoiceBody() });
    expect(res.status).toBe(403);
    expect((await res.json()) as unknown).toMatchObject({
      error: { code: 'MONTHLY_LIMIT_REACHED', details: upgradeToPersonal },
    });
    expect(await fingerprint(t.accountId)).toBe(before);
  });
});
