import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseAuthCallbackSearch, parseAuthSearch } from './search-params.ts';
import { storePendingInvite } from '#web/lib/pending-invite.ts';
import { redirectIfSignedIn } from './require-session.ts';
import { appRoute } from './app-layout.tsx';
import { rootRoute } from './root.tsx';

// Public pages (spec invoice-work §2 route table). Each page is its own chunk; the landing
// and legal pages sit outside `appRoute` because they need no data layer.
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  component: lazyRouteComponent(() => import('../pages/home-page.tsx'), 'HomePage'),
});

export const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/termos-servico',
  component: lazyRouteComponent(() => import('../pages/terms-page.tsx'), 'TermsPage'),
});

export const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/politica-privacidade',
  component: lazyRouteComponent(() => import('../pages/privacy-page.tsx'), 'PrivacyPage'),
});

export const encryptionDiagnosticRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/encryption-diagnostic',
  component: lazyRouteComponent(
    () => import('../pages/encryption-diagnostic-page.tsx'),
    'EncryptionDiagnosticPage',
  ),
});

/** The newsletter's emailed links (?token=…): they need no session and no data layer. */
type NewsletterSearch = { token?: string };
const parseNewsletterSearch = (search: Record<string, unknown>): NewsletterSearch => ({
  token: typeof search.token === 'string' && search.token.length <= 200 ? search.token : undefined,
});
const newsletterPage = () => import('../pages/newsletter-page.tsx');

export const newsletterConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/newsletter/confirmar',
  validateSearch: parseNewsletterSearch,
  component: lazyRouteComponent(newsletterPage, 'NewsletterConfirmPage'),
});

export const newsletterUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/newsletter/cancelar',
  validateSearch: parseNewsletterSearch,
  component: lazyRouteComponent(newsletterPage, 'NewsletterUnsubscribePage'),
});

export const authRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/auth',
  validateSearch: parseAuthSearch,
  beforeLoad: (args) => {
    // Kept before the signed-in check sends a signed-in person on to '/': it is accepted there.
    storePendingInvite(args.search.invite_token);
    return redirectIfSignedIn(args);
  },
  component: lazyRouteComponent(() => import('../pages/auth-page.tsx'), 'AuthPage'),
});

const authPage = () => import('../pages/auth-page.tsx');

/** Reached from the emailed reset link; open even with a session, to let anyone reset. */
export const authResetPasswordRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/auth/reset-password',
  validateSearch: parseAuthSearch,
  component: lazyRouteComponent(authPage, 'ResetPasswordPage'),
});

/** 'Ver demo' on the landing page: signs into the read-only demo account, then /resumo (ADR 021). */
export const demoRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/demo',
  component: lazyRouteComponent(() => import('../pages/demo-page.tsx'), 'DemoPage'),
});

/** The verification link's target (spec accounts §2 "/auth/callback"). */
export const authCallbackRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/auth/callback',
  validateSearch: parseAuthCallbackSearch,
  component: lazyRouteComponent(
    () => import('../pages/auth-callback-page.tsx'),
    'AuthCallbackPage',
  ),
});
