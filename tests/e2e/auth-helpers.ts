// Shared steps of the auth browser tests: the dev mailbox (DESIGN.md contract 4), accounts
// created through the API when a test is not about sign-up itself, and the UI steps.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ProbedPage } from './browser.ts';

export type DevEmail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
};

let sequence = 0;

/** A fresh address per test, so tests never share an account. */
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}@exemplo.pt`;
}

/** What a same-origin browser sends on a state-changing call (Origin + CSRF header). */
function apiHeaders(baseUrl: string): Record<string, string> {
  return {
    origin: baseUrl,
    'content-type': 'application/json',
    'x-csrf-token': 'e'.repeat(64),
    'x-requested-with': 'XMLHttpRequest',
  };
}

async function readEmails(baseUrl: string): Promise<DevEmail[]> {
  const response = await fetch(`${baseUrl}/api/dev/emails`);
  expect(response.status, 'GET /api/dev/emails').toBe(200);
  return (await response.json()) as DevEmail[];
}

/** The newest email to `to` whose link contains `fragment`, waiting for it to arrive. */
export async function waitForEmailLink(
  baseUrl: string,
  to: string,
  fragment: string,
  after = 0,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const emails = await readEmails(baseUrl);
    const email = emails.find(
      (e) =>
        e.to === to &&
        Date.parse(e.createdAt) >= after &&
        e.links.some((link) => link.includes(fragment)),
    );
    const link = email?.links.find((l) => l.includes(fragment));
    if (link) {
      // Links carry APP_URL or the server's own URL; the test talks to `baseUrl`.
      const url = new URL(link, baseUrl);
      return `${baseUrl}${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no email to ${to} with a link containing ${fragment}`);
}

/** A verified account, created without the UI (for tests about sign-in or reset). */
export async function createVerifiedAccount(
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/account/sign-up`, {
    method: 'POST',
    headers: apiHeaders(baseUrl),
    body: JSON.stringify({
      accountType: 'particular',
      fullName: 'Conta de Teste',
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    }),
  });
  expect(response.status, 'POST /api/account/sign-up').toBe(201);
  const link = await waitForEmailLink(baseUrl, email, 'verify-email');
  const verified = await fetch(link, { redirect: 'manual' });
  expect(verified.status, 'GET verification link').toBe(302);
}

/**
 * Expected error answers (a wrong password is a 401) are part of the flow: drop them and
 * the browser's matching "Failed to load resource" line before `expectClean()`.
 */
export function allowFailedRequest(probe: ProbedPage, status: number, path: string): void {
  const entry = probe.failedRequests.findIndex(
    (r) => r.startsWith(`${status} `) && r.includes(path),
  );
  expect(entry, `expected a ${status} on ${path}`).toBeGreaterThanOrEqual(0);
  probe.failedRequests.splice(entry, 1);
  const logged = probe.consoleErrors.findIndex((e) => e.includes(`status of ${status}`));
  if (logged >= 0) probe.consoleErrors.splice(logged, 1);
}

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sessão' }).click();
}

export async function signOutThroughUi(page: Page) {
  await page.getByRole('button', { name: 'Abrir menu do perfil' }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
}
