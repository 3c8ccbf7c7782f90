// The checks of the isolation suite (isolation.test.ts), over the two accounts of
// isolation-world.ts: B's request leaves A's rows, files and reads as they were (`untouched`);
// B's answer holds none of A's markers where A's own answer to the same request does (`reads`),
// or, for an aggregate, does not follow a change of A's that A's own answer follows; a request
// aimed at A's ids answers the route's "not found" or documented refusal (`answers`).
import { expect } from 'vitest';
import { readZip } from '#server/features/account-data/zip-test-helpers.ts';
import { openXlsx, rowsOf } from '#server/features/exports/export-test-helpers.ts';
import { SALES_MONTH, type Browser } from './isolation-test-kit.ts';
import type { AccountA, World } from './isolation-world.ts';

/** Signed in as B: what B tries, and what must hold. */
export type SignedInCase = { check: () => Promise<void> };
/** Answers without a session: why that is safe; `check` tries what can be tried. */
export type PublicCase = { public: string; check?: () => Promise<void> };
/**
 * B's request to the route itself, its path parameters A's ids (`aimedPath`), with the answer
 * it must get: a status, and the error code unless null.
 */
export type Answers = {
  answers: { status: number; code: string | null; body?: () => unknown; query?: () => string };
};
export type Case = PublicCase | SignedInCase | Answers;

export type Format = 'text' | 'xlsx' | 'zip';

export type Read = {
  path: () => string;
  /** A's values B named in the request itself (a NIF in the path), which may come back. */
  sent?: string[];
  /** A's change B's answer must not follow; without one, A's own answer must hold markers. */
  change?: () => Promise<void>;
};

/** The A id a path parameter names: the resource before `:id`, or the member's user id. */
const ID_OF: Record<string, keyof AccountA> = {
  invoices: 'invoiceId',
  suppliers: 'supplierId',
  categories: 'categoryId',
  sales: 'saleId',
  goals: 'goalId',
  'sub-users': 'subUserId',
  invitations: 'invitationId',
  emails: 'emailAuditId',
  members: 'memberUserId',
};

/** Strips what changes on every read though nothing changed (the signature of a file URL). */
export const normalised = (text: string) => text.replace(/\?expires=\d+(&|\\u0026)sig=[\w-]+/g, '');

/** The strings of a JSON body: what B sent may come back to B. */
export function sentValues(body: unknown): string[] {
  if (typeof body === 'string') return [body];
  if (typeof body !== 'object' || body === null || body instanceof FormData) return [];
  return Object.values(body).flatMap(sentValues);
}

/** An answer as text to search: a spreadsheet's cells, a ZIP's names and text entries. */
async function readable(res: Response, format: Format): Promise<string> {
  const head = [res.headers.get('x-export-count'), res.headers.get('content-disposition')];
  const bytes = Buffer.from(await res.arrayBuffer());
  let body = bytes.toString('utf8');
  if (format === 'xlsx') body = JSON.stringify((await openXlsx(bytes)).worksheets.map(rowsOf));
  if (format === 'zip') {
    body = [...(await readZip(bytes))]
      .map(([name, data]) => (/\.(json|csv|txt)$/.test(name) ? `${name}\n${data}` : name))
      .join('\n');
  }
  return `${head.join(' ')}\n${body}`;
}

export function createChecks(world: () => World) {
  let comparisons = 0;

  /** What A's own session reads of A's data: compared around each of B's writes. */
  async function viewOfA(): Promise<string[]> {
    const { a } = world();
    const paths = [
      '/api/invoices?period=all&limit=100',
      `/api/invoices/${a.invoiceId}`,
      `/api/invoices/${a.overdueInvoiceId}`,
      '/api/invoices/counter',
      '/api/suppliers',
      '/api/categories',
      `/api/sales?month=${SALES_MONTH}`,
      '/api/sales/resale-categories',
      '/api/savings',
      '/api/team',
      '/api/integrations/feed',
      '/api/emails',
      '/api/profile',
      '/api/billing/subscription',
    ];
    return Promise.all(
      paths.map(async (path) => {
        const { status, text } = await a.browser.call('GET', path);
        return `${path} ${status} ${normalised(text)}`;
      }),
    );
  }

  /**
   * Runs B's requests; then every row and file of A's must be as before — and, with `reread`
   * (after a write), everything A's own session reads of its data too.
   */
  async function untouched<T>(requests: () => Promise<T>, { reread = false } = {}): Promise<T> {
    comparisons += 1;
    const view = reread ? await viewOfA() : [];
    const fingerprint = await world().fingerprintOfA();
    const result = await requests();
    expect(await world().fingerprintOfA(), "A's rows and files").toEqual(fingerprint);
    if (reread) expect(await viewOfA(), "A's own reads").toEqual(view);
    return result;
  }

  /** A's markers found in `text`, after taking out what B itself sent (`sent`). */
  function markersIn(text: string, sent: string[] = []): string[] {
    const rest = sent.reduce((left, value) => left.replaceAll(value, ''), text).toLowerCase();
    return [...world().markers].filter((marker) => rest.includes(marker.toLowerCase()));
  }

  function expectNoMarkers(text: string, where: string, sent: string[] = []): void {
    expect(markersIn(text, sent), `A's values in B's ${where}`).toEqual([]);
  }

  async function readAs(browser: Browser, path: string, format: Format): Promise<string> {
    const res = await browser.request('GET', path);
    expect(res.status, `GET ${path}`).toBe(200);
    return normalised(await readable(res, format));
  }

  /**
   * Reads of B's own: none of A's markers in B's answer, where A's answer to the same request
   * holds some (so the search could find them); or, with a change of A's, B's answer the same
   * before and after it, where A's own answer changes.
   */
  function reads(format: Format, ...items: Read[]): SignedInCase {
    return {
      async check() {
        const { a, b } = world();
        for (const { path, change, sent = [] } of items) {
          const url = path();
          const readB = () => untouched(() => readAs(b.browser, url, format));
          if (!change) {
            const own = await readAs(a.browser, url, format);
            expect(markersIn(own, sent), `A's own ${url}`).not.toEqual([]);
            expectNoMarkers(await readB(), url, sent);
            continue;
          }
          const aBefore = await readAs(a.browser, url, format);
          const bBefore = await readB();
          await change();
          const aAfter = await readAs(a.browser, url, format);
          expect(aAfter, `A's own ${url} follows A's change`).not.toBe(aBefore);
          const bAfter = await readB();
          expect(bAfter, `B's ${url} after A's change`).toBe(bBefore);
          expectNoMarkers(bAfter, url, sent);
        }
      },
    };
  }

  /** The route's path with A's ids for its parameters. */
  function aimedPath(route: string): string {
    const pattern = route.slice(route.indexOf(' ') + 1);
    return pattern.replace(/([\w-]+)\/:(id|userId)\b/g, (_match, resource: string) => {
      const key = ID_OF[resource];
      if (!key) throw new Error(`${route}: no A id for ${resource}`);
      return `${resource}/${world().a[key]}`;
    });
  }

  /** B's request for `route` (to `path`) must answer as `spec` says and leave A as it was. */
  async function checkAnswer(
    route: string,
    spec: Answers['answers'],
    path = aimedPath(route),
  ): Promise<void> {
    const method = route.slice(0, route.indexOf(' '));
    const url = `${path}${spec.query?.() ?? ''}`;
    const body = spec.body?.();
    const reply = await untouched(() => world().b.browser.call(method, url, body), {
      reread: method !== 'GET',
    });
    expect(reply.status, `${method} ${url}: ${reply.text}`).toBe(spec.status);
    if (spec.code !== null) expect(JSON.parse(reply.text).error.code).toBe(spec.code);
    expectNoMarkers(reply.text, `${method} ${url}`, sentValues(body));
  }

  return {
    world,
    untouched,
    markersIn,
    expectNoMarkers,
    reads,
    readsText: (...items: Read[]) => reads('text', ...items),
    /** One read of B's, A's own answer holding markers. */
    readsOf: (format: Format, path: () => string) => reads(format, read(path)),
    /** A change of A's own (World['changesOfA']), for a read that must not follow it. */
    changeOfA: (kind: keyof World['changesOfA']) => () => world().changesOfA[kind](),
    checkAnswer,
    /** How many comparisons of A's data have run (each signed-in case must add one or more). */
    comparisons: () => comparisons,
  };
}

export type Checks = ReturnType<typeof createChecks>;

export const read = (path: () => string, options: Omit<Read, 'path'> = {}): Read => ({
  path,
  ...options,
});

/** The answer B must get: `status`, and the error `code` unless null. */
export const answers = (
  status: number,
  code: string | null,
  body?: () => unknown,
  query?: () => string,
): Answers => ({ answers: { status, code, body, query } });
