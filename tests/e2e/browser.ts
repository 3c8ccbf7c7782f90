// Debian's chromium driven by playwright-core (never `playwright`, which downloads
// browsers). Every page is probed: console errors, uncaught exceptions, failed or
// 4xx/5xx requests, and any request to a host other than localhost — which is aborted.
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export type ProbedPage = {
  page: Page;
  consoleErrors: string[];
  failedRequests: string[];
  externalRequests: string[];
  /** Fails the test if anything above was recorded. */
  expectClean(): void;
  close(): Promise<void>;
};

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * A fresh context (own storage) with one probed page. Reduced motion is on by default so
 * smooth scrolling and animations do not slow the tests down. The service worker (ADR 029) is
 * blocked unless a test allows it: a page it answers from its cache would bypass the probe's
 * request checks, and its precaching would load the shared server in every test.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<ProbedPage> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    reducedMotion: 'reduce',
    locale: 'pt-PT',
    serviceWorkers: 'block',
    ...options,
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  const externalRequests: string[] = [];

  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL_HOSTS.has(url.hostname)) {
      return route.continue();
    }
    externalRequests.push(url.href);
    return route.abort('blockedbyclient');
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const url = request.url();
    if (externalRequests.includes(url)) return;
    // The page itself cancelled it (a navigation or redirect cut an in-flight request short):
    // not a failure of the app. Every other network error still fails the test.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    failedRequests.push(`${request.failure()?.errorText ?? 'failed'} ${url}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
  });

  return {
    page,
    consoleErrors,
    failedRequests,
    externalRequests,
    expectClean() {
      // Most specific first: a blocked external request also logs a console error.
      expect(externalRequests, 'requests to other hosts').toEqual([]);
      expect(failedRequests, 'failed requests').toEqual([]);
      expect(consoleErrors, 'console errors').toEqual([]);
    },
    close: () => context.close(),
  };
}

/** One browser per spec file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running yet');
    return browser;
  };
}

/** True when the element with `id` sits between the top of the viewport and `maxTop` px. */
export function isScrolledIntoView(page: Page, id: string, maxTop = 120): Promise<boolean> {
  return page.evaluate(
    ([elementId, limit]) => {
      const top = document.getElementById(elementId)?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top <= limit;
    },
    [id, maxTop] as const,
  );
}

/** expect.poll waits 1 s by default; page work (chunks, smooth scroll) may take longer. */
export const POLL = { timeout: 5000 } as const;
