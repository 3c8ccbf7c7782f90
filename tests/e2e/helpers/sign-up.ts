// A signed-in browser page through the real API, as a new user gets one: sign up with
// POST /api/account/sign-up, read the verification link from the dev mailbox, open it in
// the page's request context (Better Auth sets the session cookie), then open the home page.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { SignUpInput } from '#shared/schemas/auth.ts';
import { trackNetwork } from './network.ts';

export type SignUpOptions = {
  accountType?: 'particular' | 'empresa';
  fullName?: string;
  companyName?: string;
  companyNif?: string;
};

export type SignedUpUser = { email: string; password: string };

type DevEmail = { to: string; subject: string; links: string[] };

/** State-changing API calls need a same-origin Origin and a 64-hex CSRF token. */
export function apiHeaders(baseUrl: string): Record<string, string> {
  return {
    origin: new URL(baseUrl).origin,
    'x-csrf-token': randomBytes(32).toString('hex'),
    'x-requested-with': 'XMLHttpRequest',
  };
}

async function verificationLink(page: Page, baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await page.request.get(`${baseUrl}/api/dev/emails`);
    const emails = (await response.json()) as DevEmail[];
    const link = emails
      .find((mail) => mail.to === email)
      ?.links.find((href) => href.includes('verify-email'));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification email for ${email} in the dev mailbox`);
}

/** Signs a fresh user up and leaves `page` signed in, on the home page. */
export async function signUpAndSignIn(
  page: Page,
  baseUrl: string,
  options: SignUpOptions = {},
): Promise<SignedUpUser> {
  const email = `perfil-${randomUUID().slice(0, 8)}@exemplo.pt`;
  const password = 'segredo123';
  const accountType = options.accountType ?? 'particular';
  const body: SignUpInput = {
    accountType,
    email,
    password,
    confirmPassword: password,
    acceptTerms: true,
    ...(accountType === 'empresa'
      ? {
          companyName: options.companyName ?? 'Padaria Central, Lda',
          companyNif: options.companyNif ?? '509442013',
        }
      : { fullName: options.fullName ?? 'Ana Teste' }),
  };
  const response = await page.request.post(`${baseUrl}/api/account/sign-up`, {
    headers: apiHeaders(baseUrl),
    data: body,
  });
  if (response.status() !== 201) {
    throw new Error(`sign-up answered ${response.status()}: ${await response.text()}`);
  }
  const link = await verificationLink(page, baseUrl, email);
  // The link is followed by the page's own request context, which shares the browser's cookies:
  // Better Auth verifies and sets the session cookie. The page then opens / directly, without
  // /auth/callback's 2 s of success message (auth-sign-up.spec.ts walks that screen itself).
  const verified = await page.request.get(link);
  if (!verified.ok()) throw new Error(`verification answered ${verified.status()}`);
  const network = trackNetwork(page);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: 'As minhas faturas' }).waitFor();
  // The header's profile request too, so a test's next goto does not abort it.
  await network.idle();
  network.stop();
  return { email, password };
}
