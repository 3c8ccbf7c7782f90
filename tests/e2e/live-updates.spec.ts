// Issue 4 "Live updates": a change made in one tab shows in the account's other tabs without a
// reload. Two pages of one browser context share the session, as two tabs do; the second one
// must refetch after a change it did not make. Asserted on the requests it sends, not on the
// dashboard's markup.
import type { Page, Request } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { openPage, useBrowser } from './browser.ts';
import { trackNetwork } from './helpers/network.ts';
import { apiHeaders, signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

const pathOf = (url: string) => new URL(url).pathname;
const isEventStream = (url: string) => pathOf(url) === '/api/events';

/** A page's own record of console errors and refused requests (openPage probes only one). */
function probe(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

/** Opens `/` in `page` and resolves once its event stream is open and its first loads are done. */
async function openDashboardLive(page: Page) {
  const network = trackNetwork(page);
  // The server subscribes before it answers, so from the response on no event is missed.
  const streamOpen = page.waitForResponse((response) => isEventStream(response.url()));
  await page.goto(`${baseUrl}/`);
  expect((await streamOpen).status()).toBe(200);
  await network.idle();
  network.stop();
}

const isInvoiceFetch = (request: Request) =>
  request.method() === 'GET' && pathOf(request.url()).startsWith('/api/invoices');

test("an invoice created and a profile changed in one tab refresh the other tab's data", async () => {
  const first = await openPage(getBrowser());
  await signUpAndSignIn(first.page, baseUrl);
  const second = await first.page.context().newPage();
  const secondProblems = probe(second);
  await openDashboardLive(second);

  const invoicesRefetched = second.waitForRequest(isInvoiceFetch, { timeout: 10_000 });
  const today = todayInLisbon();
  const created = await first.page.request.post(`${baseUrl}/api/invoices`, {
    headers: apiHeaders(baseUrl),
    data: {
      supplierNif: '509442013',
      supplierName: 'Padaria Central, Lda',
      number: 'FT 2026/77',
      issueDate: today,
      dueDate: addDays(today, 30),
      totalCents: 12_300,
      vatCents: 2_300,
      atcud: 'JJ3RTHNB-77',
    },
  });
  expect(created.status()).toBe(201);
  await invoicesRefetched;

  const profileRefetched = second.waitForRequest(
    (request) => request.method() === 'GET' && pathOf(request.url()) === '/api/profile',
    { timeout: 10_000 },
  );
  const patched = await first.page.request.patch(`${baseUrl}/api/profile`, {
    headers: apiHeaders(baseUrl),
    data: { invoiceViewMode: 'list' },
  });
  expect(patched.status()).toBe(200);
  await profileRefetched;

  expect(secondProblems).toEqual([]);
  first.expectClean();
  await first.close();
});
