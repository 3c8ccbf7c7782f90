import type { Page, Request } from 'playwright-core';

const QUIET_MS = 300;
const LONG_LIVED = /\/api\/events(\?|$)/;

/**
 * Counts the page's requests in flight. Playwright's 'networkidle' load state does not help
 * after client-side navigations (it was reached once, for the first document), so a test
 * that navigates away next would abort a request still running (e.g. the header's profile).
 */
export function trackNetwork(page: Page) {
  const inFlight = new Set<Request>();
  // The live-updates stream (GET /api/events) stays open for the page's whole life.
  const add = (request: Request) => {
    if (!LONG_LIVED.test(request.url())) inFlight.add(request);
  };
  const remove = (request: Request) => inFlight.delete(request);
  page.on('request', add);
  page.on('requestfinished', remove);
  page.on('requestfailed', remove);
  return {
    /** Resolves once no request has been in flight for 300 ms. */
    async idle(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        if (inFlight.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= QUIET_MS) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`requests still in flight: ${[...inFlight].map((r) => r.url()).join(', ')}`);
    },
    stop() {
      page.off('request', add);
      page.off('requestfinished', remove);
      page.off('requestfailed', remove);
    },
  };
}
