// Property-based fuzz of every JSON write endpoint (issue 13 point 1): arbitrary JSON, and
// valid bodies with one field swapped for something hostile (NUL and other controls, lone
// surrogates, bidi overrides, huge strings and numbers, nulls, nested arrays), thrown at each
// POST/PUT/PATCH/DELETE under /api. The app's own route table decides what is fuzzed — a route
// added tomorrow is fuzzed without touching this file — and Better Auth's wildcard is expanded
// from its endpoint table. Every answer must be below 500 and, from 400 up, exactly the one
// error shape with a message. Deterministic: FUZZ_SEED (default below) and FUZZ_RUNS; a
// failure prints the seed, the counterexample and the path to replay it.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { postJson, signUpVerified, TEST_PASSWORD } from '#server/features/auth/test-helpers.ts';
import { invoiceBody } from '#server/features/invoices/invoice-test-helpers.ts';
import { nextNif } from '#tests/factories/nif.ts';
import {
  createTestApp,
  LOOPBACK_ENV,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
} from '#tests/setup/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 13_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Upload routes take multipart bodies: fuzzed with garbage below, not with JSON. */
const MULTIPART_ROUTES = [
  'PUT /api/profile/photo',
  'POST /api/invoices/:id/photos',
  'POST /api/scan',
] as const;

const t = await createTestApp();
afterAll(() => t.close());

/** Better Auth's POST endpoints, which the table holds as one 'POST /api/auth/*'. */
function betterAuthWriteRoutes(): string[] {
  return Object.values(t.auth.api as Record<string, unknown>).flatMap((endpoint) => {
    if (typeof endpoint !== 'function' || !('path' in endpoint) || !('options' in endpoint)) {
      return [];
    }
    const { path, options } = endpoint as { path?: unknown; options?: { method?: unknown } };
    const methods = [options?.method].flat();
    return typeof path === 'string' && methods.includes('POST') ? [`POST /api/auth${path}`] : [];
  });
}

/** 'METHOD /path' of every write route under /api, wildcards expanded. */
function writeRoutes(): string[] {
  const routes = new Set<string>();
  for (const { method, path } of t.app.routes) {
    if (!WRITE_METHODS.has(method) || !path.startsWith('/api/')) continue;
    if (path === '/api/auth/*') {
      for (const route of betterAuthWriteRoutes()) routes.add(route);
    } else if (path.includes('*')) {
      throw new Error(`${method} ${path}: a wildcard write route this fuzz cannot enumerate`);
    } else {
      routes.add(`${method} ${path}`);
    }
  }
  return [...routes].sort();
}

const allRoutes = writeRoutes();
const jsonRoutes = allRoutes.filter(
  (route) => !(MULTIPART_ROUTES as readonly string[]).includes(route),
);

// ——— The signed-in account and the rows its ids name ———

let accountCount = 0;
let cookie = '';
let ids: string[] = [];

// From this machine, as a developer's browser: the dev-only routes are fuzzed too.
async function send(
  method: string,
  path: string,
  body?: string,
  contentType = 'application/json',
): Promise<Response> {
  const headers = { cookie, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN };
  return t.app.request(
    path,
    { method, headers: { ...headers, 'content-type': contentType }, body },
    LOOPBACK_ENV,
  );
}

async function created(path: string, body: unknown): Promise<string> {
  const res = await send('POST', path, JSON.stringify(body));
  const json = (await res.json()) as { id?: unknown };
  if (res.status !== 201 || typeof json.id !== 'string') {
    throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json.id;
}

let fixtureCount = 0;

/**
 * A signed-in account on the largest plan (so the monthly limit never stops a valid body short
 * of the database), with a fresh invoice, supplier and category: fuzzing sign-out, a plan change
 * or a deletion may have ended the session, changed the plan or removed the rows.
 */
async function readyAccount(): Promise<void> {
  const session = cookie
    ? await t.app.request('/api/auth/get-session', { headers: { cookie } })
    : undefined;
  if (!session || (await session.json()) === null) {
    accountCount += 1;
    cookie = await signUpVerified(t, `fuzz${accountCount}@exemplo.pt`);
  }
  const plan = await send('POST', '/api/dev/plan', JSON.stringify({ planId: 'enterprise_1000' }));
  if (plan.status !== 200) throw new Error(`plan change: ${plan.status} ${await plan.text()}`);
  fixtureCount += 1;
  ids = [
    await created('/api/invoices', invoiceBody()),
    await created('/api/suppliers', { name: `Fornecedor ${fixtureCount}`, nif: nextNif() }),
    await created('/api/categories', { name: `Fuzz ${fixtureCount}`, icon: 'tag', color: 'pink' }),
  ];
}

beforeAll(readyAccount);

// ——— What is thrown ———

const hostileCharacter = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u2066',
  '\ud800',
  '\udfff',
  '\t',
  '\n',
  '\r',
  '\ufeff',
  '%00',
);

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), hostileCharacter, fc.string({ maxLength: 12 }))
      .map(([before, bad, after]) => `${before}${bad}${after}`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'x'.repeat(300),
      `${'x'.repeat(300_000)}@exemplo.pt`,
      'ana@exemplo.pt\u0000',
      '\u0000ana@exemplo.pt',
      '2026-01-01\u0000',
      '2026-02-30',
      '1899-12-31',
      '9999-12-31',
      '../../etc/passwd',
      '9'.repeat(400),
      'null',
    ),
  },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      99_999_999_999_999,
      {},
      [],
      [[[null]]],
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// Valid bodies to start from, so one hostile field gets past the others to the database.
const today = todayInLisbon();
const supplierBody = {
  name: 'Padaria Central',
  nif: '501964843',
  category: 'Alimentação',
  email: 'padaria@exemplo.pt',
  phone: '+351 912 345 678',
  notifyByEmail: true,
  customTemplate: 'Olá,\nsegue o pagamento.',
  tags: [{ name: 'Urgente', color: 'pink' }],
  limit: { amountCents: 10_000, active: true, period: 'mensal', resetDay: 5 },
};
const categoryBody = { name: 'Ginásio', icon: 'dumbbell', color: 'pink' };
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/account/sign-up': () => ({
    accountType: 'empresa',
    email: `novo${accountCount}@exemplo.pt`,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    companyName: 'Padaria Lda',
    companyNif: '501964843',
    phone: '912345678',
    acceptTerms: true,
  }),
  'POST /api/invoices': () => ({ ...invoiceBody(), notes: 'Entregue.', documentType: 'FT' }),
  'PATCH /api/invoices/:id': () => ({
    dueDate: addDays(today, 3),
    notes: 'Ligar antes.',
    paymentStatus: 'Paga',
    paymentMethod: 'Dinheiro',
  }),
  'POST /api/invoices/:id/payment': () => ({ paid: true, method: 'Cartão' }),
  'POST /api/suppliers': () => structuredClone(supplierBody),
  'PATCH /api/suppliers/:id': () => structuredClone(supplierBody),
  'POST /api/categories': () => ({ ...categoryBody }),
  'PATCH /api/categories/:id': () => ({ ...categoryBody }),
  'PATCH /api/profile': () => ({
    fullName: 'Ana Silva',
    companyName: 'Padaria Lda',
    phone: '912345678',
    personalNif: '123456789',
  }),
  'POST /api/files/sign': () => ({ paths: ['a/b.webp'] }),
  'POST /api/dev/plan': () => ({ planId: 'enterprise_1000' }),
  'POST /api/support/messages': () => ({ body: 'Olá,\nnão consigo ler o QR da fatura.' }),
  'POST /api/auth/sign-in/email': () => ({ email: 'fuzz1@exemplo.pt', password: 'errada123' }),
  'POST /api/auth/request-password-reset': () => ({
    email: 'fuzz1@exemplo.pt',
    redirectTo: '/redefinir-senha',
  }),
  'POST /api/auth/send-verification-email': () => ({
    email: 'fuzz1@exemplo.pt',
    callbackURL: '/',
  }),
  'POST /api/auth/reset-password': () => ({ newPassword: 'segredo456', token: 'abc' }),
  'POST /api/auth/update-user': () => ({ name: 'Ana', image: null }),
  'POST /api/auth/change-password': () => ({
    currentPassword: 'errada123',
    newPassword: 'segredo456',
  }),
  'POST /api/auth/change-email': () => ({ newEmail: 'outro@exemplo.pt', callbackURL: '/' }),
};

/** Field names any body may carry: the shared schemas' and Better Auth's. */
const FIELD_NAMES = [
  ...new Set([
    ...Object.values(VALID_BODIES).flatMap((body) => Object.keys(body())),
    'token',
    'limit',
    'tags',
    'paths',
    'period',
  ]),
];

type Path = ReadonlyArray<string | number>;

/** Every path in a body down to its leaves, containers included (limit, then limit.period). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, v]) => pathsOf(v, [...prefix, key]))].filter(
    (path) => path.length > 0,
  );
}

function withValueAt(body: Record<string, unknown>, path: Path, value: unknown): unknown {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  path.forEach((key, index) => {
    if (index === path.length - 1) node[key] = value;
    else node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}

/** Raw request bodies: JSON of any kind, not JSON at all, and hostile objects. */
function bodies(route: string): fc.Arbitrary<string> {
  const valid = VALID_BODIES[route];
  // Mostly a valid body with one hostile field: the only way past the other fields' rules.
  const json = fc.oneof(
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 6 }),
    },
    ...(valid
      ? [
          {
            weight: 3,
            arbitrary: fc
              .constantFrom(...pathsOf(valid()))
              .chain((path) => hostileValue.map((value) => withValueAt(valid(), path, value))),
          },
        ]
      : []),
  );
  return fc.oneof(
    { weight: 8, arbitrary: json.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"email":', 'nul', '\u0000', '[1,', '"') },
  );
}

/** Percent-encodes UTF-8 bytes (a lone surrogate goes as U+FFFD; encodeURIComponent throws). */
function percentEncoded(text: string): string {
  return [...new TextEncoder().encode(text)]
    .map((byte) =>
      /[A-Za-z0-9._~-]/u.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Path parameters: the account's own rows, ids of nothing, and hostile segments. */
function urls(route: string): fc.Arbitrary<string> {
  const path = route.slice(route.indexOf(' ') + 1);
  const params = path.match(/:\w+/g) ?? [];
  const segment = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileString.map((s) => percentEncoded(s.slice(0, 200)) || 'x') },
    // Escapes that do not decode: the router and c.req.param must not throw on them.
    { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%C0%80', '%ED%A0%80') },
  );
  const query = fc.option(
    fc.oneof(
      hostileString.map((s) => `?path=${percentEncoded(s.slice(0, 600))}`),
      fc.constantFrom('?path=%', '?path=%E0%A4%A', '?path=%00'),
    ),
    { nil: '' },
  );
  return fc
    .tuple(fc.tuple(...params.map(() => segment)), query)
    .map(
      ([values, q]) => params.reduce((p, param, i) => p.replace(param, values[i] ?? ''), path) + q,
    );
}

// ——— What must hold ———

/** `{ error: { code, message, issues?, details? } }` and nothing else. */
function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error') {
    return false;
  }
  const { error } = body as { error: unknown };
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, issues, details, ...rest } = error as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof code === 'string' &&
    code !== '' &&
    typeof message === 'string' &&
    message.trim() !== '' &&
    (issues === undefined ||
      (Array.isArray(issues) &&
        issues.every(
          (i: unknown) =>
            typeof i === 'object' &&
            i !== null &&
            typeof (i as { path?: unknown }).path === 'string' &&
            typeof (i as { message?: unknown }).message === 'string',
        ))) &&
    (details === undefined || (typeof details === 'object' && details !== null))
  );
}

async function expectWellAnswered(route: string, url: string, res: Response): Promise<void> {
  const text = await res.text();
  const what = `${route} → ${url.slice(0, 200)}: ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: isErrorShape(null) fails below with the answer in the message.
    }
    expect(isErrorShape(body), what).toBe(true);
  }
}

test('the fuzz covers every write route of the table, uploads included', () => {
  expect(jsonRoutes).toEqual(expect.arrayContaining(['POST /api/invoices', 'POST /api/suppliers']));
  expect(jsonRoutes.some((route) => route.startsWith('POST /api/auth/'))).toBe(true);
  for (const route of MULTIPART_ROUTES) expect(allRoutes).toContain(route);
});

test.each(jsonRoutes)(`%s: arbitrary JSON never gets a 5xx (seed ${SEED})`, async (route) => {
  await readyAccount();
  const method = route.slice(0, route.indexOf(' '));
  await fc.assert(
    fc.asyncProperty(urls(route), bodies(route), async (url, body) => {
      await expectWellAnswered(route, url, await send(method, url, body));
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
});

test.each(MULTIPART_ROUTES)(`%s: garbage bodies never get a 5xx (seed ${SEED})`, async (route) => {
  await readyAccount();
  const method = route.slice(0, route.indexOf(' '));
  const garbage = fc.oneof(
    fc.constant({ type: 'multipart/form-data', body: 'garbage' }),
    fc.constant({ type: 'multipart/form-data; boundary=x', body: '--x\r\n\r\n\u0000--x--' }),
    fc.constant({ type: 'application/json', body: '{"file":null}' }),
    fc
      .uint8Array({ maxLength: 64 })
      .map((bytes) => ({ type: 'application/octet-stream', body: Buffer.from(bytes).toString() })),
    fc.string({ unit: 'binary', maxLength: 64 }).map((body) => ({ type: 'text/plain', body })),
  );
  await fc.assert(
    fc.asyncProperty(urls(route), garbage, async (url, { type, body }) => {
      await expectWellAnswered(route, url, await send(method, url, body, type));
    }),
    { seed: SEED, numRuns: 10, endOnFailure: true },
  );
});

test('a body that is not a JSON object is a 400 in the one error shape on every JSON route', async () => {
  await readyAccount();
  for (const route of jsonRoutes) {
    const method = route.slice(0, route.indexOf(' '));
    const url = route.slice(route.indexOf(' ') + 1).replace(/:\w+/g, ids[0] ?? 'x');
    for (const body of ['null', '[]', '42', '"texto"', '{"a":']) {
      const res = await send(method, url, body);
      await expectWellAnswered(route, url, res);
    }
  }
  // The ones issue 13 reported, by name.
  expect((await send('POST', '/api/invoices', 'null')).status).toBe(400);
  expect((await postJson(t, '/api/auth/sign-in/email', null)).status).toBe(400);
});
