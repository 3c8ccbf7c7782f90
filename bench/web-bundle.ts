// Initial JavaScript of /home and / as a browser downloads it (DESIGN.md budget: /home ≤ 120 KB
// gzip, / ≤ 200 KB gzip), and how the dashboard scrolls with 10 000 invoices. The real server
// on a fresh PGlite serves a fresh build; Debian's chromium loads each page and the encoded
// (gzip) sizes of every script it fetched until the page settles are summed.
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { chromium, type Page, type Response } from 'playwright-core';
import { build } from 'vite';
import { createDb, useAppRole, type DbHandle } from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import { DEFAULT_WEB_DIR } from '#server/server.ts';
import { signUpAndSignIn } from '#tests/e2e/helpers/sign-up.ts';
import type { Section } from './report.ts';
import { serveApp } from './serve-app.ts';

const VITE_CONFIG = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
const BUDGET_KB = { '/home': 120, '/': 200 } as const;
const SCROLL_INVOICES = 10_000;

type ScriptLoad = { url: string; encodedBytes: number; isInitial: boolean };

/** What the page shows once it has its content: an element, optionally holding a text. */
type Content = { selector: string; text?: string };
type ContentWindow = { __contentShownAt?: number };

/**
 * Scripts fetched while `open` runs, sizes as transferred, until the network is idle. A script
 * is initial when the browser asked for it before the page's content was in the document: it
 * could hold that content back. One asked for afterwards (a section below the fold, a preload
 * of what the user may open next) cannot, and is shown apart. The moment comes from the page
 * itself (a MutationObserver installed before any script runs), and each request's start from
 * the browser, both on the epoch clock, so how fast the test driver polls changes nothing.
 */
async function scriptsLoadedBy(
  page: Page,
  open: () => Promise<unknown>,
  content: Content,
): Promise<ScriptLoad[]> {
  await page.addInitScript((wanted: Content) => {
    const shown = window as unknown as ContentWindow;
    const observer = new MutationObserver(() => {
      const found = [...document.querySelectorAll(wanted.selector)].some(
        (element) => wanted.text === undefined || element.textContent?.includes(wanted.text),
      );
      if (!found) return;
      shown.__contentShownAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, content);
  const pending: Promise<(Omit<ScriptLoad, 'isInitial'> & { requestedAt: number }) | null>[] = [];
  const onResponse = (response: Response) => {
    const request = response.request();
    if (request.resourceType() !== 'script') return;
    pending.push(
      request
        .sizes()
        .then((sizes) => ({
          url: new URL(response.url()).pathname,
          encodedBytes: sizes.responseBodySize,
          requestedAt: request.timing().startTime,
        }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  await open();
  const shownAt = Number(
    await (
      await page.waitForFunction(() => (window as unknown as ContentWindow).__contentShownAt)
    ).jsonValue(),
  );
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return (await Promise.all(pending))
    .filter((s) => s !== null)
    .map(({ requestedAt, ...script }) => ({ ...script, isInitial: requestedAt < shownAt }));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export type WebBenchOptions = { log(line: string): void };

export async function benchWeb({ log }: WebBenchOptions): Promise<Section> {
  log('  building the web bundle…');
  await build({ configFile: VITE_CONFIG, logLevel: 'warn' });
  const handle = await createDb({});
  await migrateDb(handle);
  await useAppRole(handle);
  const served = await serveApp(handle, { webDir: DEFAULT_WEB_DIR });
  const server = { url: served.origin };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const home = await scriptsLoadedBy(page, () => page.goto(`${server.url}/home`), {
      selector: 'h1',
    });
    await signUpAndSignIn(page, server.url);
    // A signed-in user opening / with an empty cache: a new context with the same cookies.
    const signedIn = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: await context.storageState(),
    });
    const dashboardPage = await signedIn.newPage();
    const dashboard = await scriptsLoadedBy(
      dashboardPage,
      () => dashboardPage.goto(`${server.url}/`),
      // A new account: the list's empty state is its content.
      { selector: 'main', text: 'Nenhuma fatura encontrada' },
    );

    if (process.env.BENCH_VERBOSE) {
      for (const [route, scripts] of [
        ['/home', home],
        ['/', dashboard],
      ] as const) {
        log(`  ${route}:`);
        for (const s of scripts)
          log(`    ${s.url} ${kb(s.encodedBytes)} ${s.isInitial ? '' : '(later)'}`);
      }
    }
    log(`  seeding ${SCROLL_INVOICES} invoices and scrolling the dashboard…`);
    const scroll = await measureScroll(dashboardPage, server.url, handle);

    const rows = (
      [
        ['/home', home],
        ['/', dashboard],
      ] as const
    ).map(([route, scripts]) => {
      const sum = (list: readonly ScriptLoad[]) => list.reduce((t, s) => t + s.encodedBytes, 0);
      const initial = scripts.filter((s) => s.isInitial);
      const total = sum(initial);
      const budget = BUDGET_KB[route];
      return [
        route,
        String(initial.length),
        kb(total),
        String(budget),
        total / 1024 <= budget ? '✓' : '✗',
        kb(sum(scripts) - total),
      ];
    });
    return {
      title: 'Web: initial JavaScript and a long list',
      intro: [
        'A fresh `vite build` served by the real server; Debian chromium opens each route cold (an empty cache) and every script it asked for before the page’s content was in the document (the landing heading, the dashboard list’s empty state; the moment taken in the page by a MutationObserver, each request’s start by the browser) is counted at its transferred (gzip) size. What it asks for after that, until the network is idle, cannot hold the content back and is shown apart (the invoice sheet is preloaded 2 s after the page opens, so it falls outside both). `/` is opened by a signed-in user with an empty cache.',
        `Then ${SCROLL_INVOICES.toLocaleString('en')} invoices are inserted into that account and the dashboard (grid, 1280×900) is scrolled by 700 px every 40 ms (150 times), loading pages of 100 as it goes; frame times come from requestAnimationFrame.`,
      ],
      tables: [
        {
          columns: [
            'Route',
            'Scripts',
            'KB gzip',
            'Budget KB',
            'Within',
            'Preloaded after, KB gzip',
          ],
          rows,
        },
        {
          caption: 'Dashboard scroll with 10 000 invoices',
          columns: [
            'Frames',
            'Frame p50 ms',
            'Frame p95 ms',
            'Longest ms',
            'Invoices loaded',
            'Cards in the DOM',
          ],
          rows: [
            [
              String(scroll.frames),
              scroll.p50.toFixed(1),
              scroll.p95.toFixed(1),
              scroll.max.toFixed(1),
              String(scroll.loaded),
              String(scroll.cardsInDom),
            ],
          ],
        },
      ],
      notes: [
        'Only the cards near the viewport are in the DOM (virtualised rows), whatever the number loaded.',
      ],
      data: { home, dashboard, scroll },
    };
  } finally {
    await browser.close();
    await served.close();
    await handle.close();
  }
}

type ScrollFigures = {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  loaded: number;
  cardsInDom: number;
};

/** Inserts the invoices into the signed-in account, then scrolls its dashboard. */
async function measureScroll(
  page: Page,
  baseUrl: string,
  handle: DbHandle,
): Promise<ScrollFigures> {
  const profile = await page.request.get(`${baseUrl}/api/profile`);
  const { accountId } = (await profile.json()) as { accountId: string };
  // Issued over the last four weeks, so "Este mês" (the default) lists most of them.
  await handle.db.execute(sql`
    insert into invoices (account_id, number, supplier_name, supplier_nif, issue_date, due_date,
      total_cents, vat_cents, document_type, payment_status, is_paid, created_at)
    select ${accountId}, 'FT BENCH/' || g, 'Fornecedor ' || (g % 50), '509442013',
      current_date - (g % 28), current_date + 10, 1000 + g, 230, 'FT', 'Pendente', false,
      now() - g * interval '1 minute'
    from generate_series(1, ${SCROLL_INVOICES}) g`);
  await page.goto(`${baseUrl}/`);
  await page.locator('main article').first().waitFor();
  const figures = await page.evaluate(`(async () => {
    const frames = [];
    let last = performance.now();
    let running = true;
    function loop(t) { frames.push(t - last); last = t; if (running) requestAnimationFrame(loop); }
    requestAnimationFrame(loop);
    for (let i = 0; i < 150; i++) { window.scrollBy({ top: 700, behavior: 'instant' }); await new Promise((r) => setTimeout(r, 40)); }
    running = false;
    const sorted = [...frames].sort((a, b) => a - b);
    const label = document.querySelector('main ul')?.getAttribute('aria-label') ?? '0';
    return { frames: frames.length, p50: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.floor(sorted.length * 0.95)], max: sorted.at(-1), loaded: parseInt(label, 10) || 0, cardsInDom: document.querySelectorAll('main article').length };
  })()`);
  return figures as ScrollFigures;
}
