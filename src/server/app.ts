// createApp(): the whole HTTP surface. Cross-cutting middleware first (request id, logs,
// security headers, compression, CSRF), then the typed /api routes, then the SPA. The signed-in
// API is behind one middleware, the request scope (ADR 017), mounted here and nowhere else:
// each mount below that needs a session says so with `.use(<path>, signedIn)`, and its routes
// declare their capabilities (route-gates.test.ts walks them all).
import { Hono } from 'hono';
import { every } from 'hono/combine';
import { requestId, type RequestIdVariables } from 'hono/request-id';
import type { DbHandle } from '#server/db/client.ts';
import type { Logger } from '#server/logger.ts';
import '#server/http/zod-locale.ts';
import { requestBodyLimit } from '#server/http/body-limit.ts';
import { csrfProtection } from '#server/http/csrf.ts';
import { noStore } from '#server/http/no-store.ts';
import { errorBody, handleError, MESSAGES } from '#server/http/errors.ts';
import { compression } from '#server/http/compression.ts';
import { requestLogger } from '#server/http/request-logger.ts';
import { securityHeaders } from '#server/http/security-headers.ts';
import { staticFiles } from '#server/http/static-files.ts';
import type { TrustProxy } from '#server/http/trust-proxy.ts';
import { encryptionDiagnosticRoutes } from '#server/features/diagnostics/encryption-diagnostic.routes.ts';
import { healthRoutes } from '#server/features/health/health.routes.ts';
import { sessionCacheOf, type Auth } from '#server/features/auth/auth.ts';
import { authInputGuard } from '#server/features/auth/auth-input-guard.ts';
import { newPasswordRule } from '#server/features/auth/password-rule.ts';
import { authRoutes } from '#server/features/auth/auth.routes.ts';
import { requestScope, type ActorOf } from '#server/features/auth/request-scope.ts';
import { teamAccessRoutes } from '#server/features/team/team-access.routes.ts';
import { clearTeamCookie } from '#server/features/team/team-sessions.ts';
import { teamRoutes } from '#server/features/team/team.routes.ts';
import { signUpRoutes } from '#server/features/auth/sign-up.routes.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import {
  devMailboxApiRoutes,
  devMailboxPageRoutes,
} from '#server/features/dev-mailbox/dev-mailbox.routes.ts';
import { devPlanRoutes, devPlanSwitch } from '#server/features/dev-plan/dev-plan.routes.ts';
import { emailsRoutes } from '#server/features/emails/emails.routes.ts';
import { filesRoutes } from '#server/features/files/files.routes.ts';
import { eventsRoutes } from '#server/features/events/events.routes.ts';
import { invoiceExpiryRoutes } from '#server/features/invoices/invoice-expiry.routes.ts';
import { invoicePhotoRoutes } from '#server/features/invoices/invoice-photos.routes.ts';
import { invoiceRoutes } from '#server/features/invoices/invoices.routes.ts';
import { profileRoutes } from '#server/features/profile/profile.routes.ts';
import { accountDataRoutes } from '#server/features/account-data/account-data.routes.ts';
import { supplierRoutes } from '#server/features/suppliers/suppliers.routes.ts';
import { categoryRoutes } from '#server/features/categories/categories.routes.ts';
import { exportRoutes } from '#server/features/exports/exports.routes.ts';
import { efaturaImportRoutes } from '#server/features/efatura-import/efatura-import.routes.ts';
import { summaryRoutes } from '#server/features/summary/summary.routes.ts';
import { billingRoutes } from '#server/features/billing/billing.routes.ts';
import { stripeWebhookRoutes } from '#server/features/billing/stripe-webhook.routes.ts';
import type { BillingProvider } from '#server/services/billing/billing-provider.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { createManualBilling } from '#server/services/billing/manual-billing.ts';
import { createLazyScanner } from '#server/features/scan/lazy-scanner.ts';
import { scanRoutes } from '#server/features/scan/scan.routes.ts';
import { demoAuthGuard, demoReadOnly } from '#server/features/demo/demo-guard.ts';
import { demoRoutes } from '#server/features/demo/demo.routes.ts';
import { salesRoutes } from '#server/features/sales/sales.routes.ts';
import { savingsRoutes } from '#server/features/savings/savings.routes.ts';
import { feedRoutes } from '#server/features/integrations/feed.routes.ts';
import { integrationsRoutes } from '#server/features/integrations/integrations.routes.ts';
import type { Scanner } from '#server/services/scan/scanner.ts';
import { securityMonitor } from '#server/features/security/security-monitor.ts';
import { securityRoutes } from '#server/features/security/security.routes.ts';
import { idempotency } from '#server/features/idempotency/idempotency.ts';
import { emailConfigRoutes } from '#server/features/email-config/email-config.routes.ts';
import { newsletterRoutes } from '#server/features/newsletter/newsletter.routes.ts';
import { sessionsRoutes } from '#server/features/sessions/sessions.routes.ts';
import { notificationsRoutes } from '#server/features/notifications/notifications.routes.ts';
import { supportRoutes } from '#server/features/support/support.routes.ts';
import { createEphemeralPushSender, type PushSender } from '#server/services/push/push-sender.ts';

export type AppVariables = RequestIdVariables;
export type AppEnv = { Variables: AppVariables };

export type AppDeps = {
  db: DbHandle;
  logger: Logger;
  /** Public base URL (APP_URL); its origin is trusted for state-changing requests. */
  appUrl?: string;
  /** TRUST_PROXY: whose X-Forwarded-For entries name the client; without it, the socket peer. */
  trustProxy?: TrustProxy;
  /** Directory of the built SPA; omitted in API tests. */
  webDir?: string;
  auth: Auth;
  mailer: Mailer;
  /** Uploaded files (profile photos …), served through signed URLs at /api/files. */
  storage: Storage;
  /** Live changes per account, heard by the SSE stream at /api/events. */
  events: EventBus;
  /**
   * The scan pipeline of POST /api/scan; whoever passes one closes it. Without one, a default
   * is loaded on the first scan (and never closed: pass one where the process must exit).
   */
  scanner?: Scanner;
  /**
   * Who acts for a signed-in request (request-scope.ts): the main user by default; team
   * sessions (a later issue) plug in here, and tests act as a sub-user through it.
   */
  actorOf?: ActorOf;
  /** Plans are sold here (Stripe) or granted by the operator (the built-in manual provider, the default). */
  billing?: BillingProvider;
  /** Seals people's NIFs and suppliers' emails at rest and opens them for the answers (ADR 028). */
  cipher: FieldCipher;
  /** Web Push with the VAPID keys of secrets.ts; without one, a key pair of its own (tests). */
  push?: PushSender;
  /** SUPPORT_EMAIL: the help chat emails each person's message there; without it, none. */
  supportEmail?: string;
  config: AppConfig;
};

export type AppConfig = {
  /** Emails go to the dev outbox, listed at /dev/emails (DESIGN.md contract 4). */
  devMailbox: boolean;
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  googleEnabled: boolean;
  dataDir: string;
  sessionSecret: string;
};

function createApiRoutes(deps: AppDeps) {
  const db = deps.db.db;
  const { auth, events, storage, logger, mailer, cipher } = deps;
  // The one way into the signed-in API: sets c.var.scope, or answers 401; the demo account's
  // sessions may only read (ADR 021).
  const cookie = { secure: deps.appUrl?.startsWith('https:') ?? false };
  const scopeDeps = { auth, db, actorOf: deps.actorOf, cookie };
  const monitor = securityMonitor({ db, logger, trustProxy: deps.trustProxy });
  const signedIn = every(requestScope(scopeDeps), monitor, demoReadOnly());
  // The routes that create the account's records: a write with an Idempotency-Key runs once
  // per account and key (issue 19.4, ADR 025). Not where an answer carries a secret shown once
  // (a feed token, an invitation), which would be kept in the clear for 24 hours.
  const signedInOnce = every(signedIn, idempotency({ db, logger }));
  // Before a profile is chosen (team management on), only these answer (ADR 024): the profile's
  // GET and 'Acesso à Conta'. Everything else is 403 PROFILE_SELECTION_REQUIRED.
  const signedInAnyProfile = every(
    requestScope({ ...scopeDeps, allowPending: true }),
    monitor,
    demoReadOnly(),
  );
  const team = {
    db,
    events,
    mailer,
    logger,
    cookie,
    appUrl: deps.appUrl,
    trustProxy: deps.trustProxy,
  };
  const billing = deps.billing ?? createManualBilling();
  const push = deps.push ?? createEphemeralPushSender();
  return (
    new Hono<AppEnv>()
      .basePath('/api')
      // Public: health, sign-up and Better Auth's own routes.
      .route('/health', healthRoutes(deps.db))
      .route('/diagnostics/encryption', encryptionDiagnosticRoutes({ cipher }))
      .route('/account', signUpRoutes({ auth, db, logger, mailer, cipher }))
      .route(
        '/auth',
        authRoutes({
          auth,
          db,
          googleEnabled: deps.config.googleEnabled,
          trustProxy: deps.trustProxy,
        }),
      )
      // Signed in.
      .use('/profile/*', (c, next) =>
        c.req.method === 'GET' ? signedInAnyProfile(c, next) : signedIn(c, next),
      )
      .route('/profile', profileRoutes({ db, storage, logger, events, cipher }))
      .use('/team-access/*', signedInAnyProfile)
      .route('/team-access', teamAccessRoutes(team))
      .use('/team/*', signedIn)
      .route('/team', teamRoutes(team))
      .use('/account-data/*', signedIn)
      .route(
        '/account-data',
        accountDataRoutes({ db, auth, events, storage, billing, logger, cipher }),
      )
      .use('/invoices/*', signedInOnce)
      .route('/invoices', invoicePhotoRoutes({ db, events, storage, logger }))
      .route('/invoices', invoiceRoutes({ db, events, storage, mailer, cipher }))
      .use('/invoice-expiry/*', signedIn)
      .route('/invoice-expiry', invoiceExpiryRoutes({ db, events }))
      .use('/events/*', signedIn)
      .route('/events', eventsRoutes({ events }))
      .use('/suppliers/*', signedInOnce)
      .route('/suppliers', supplierRoutes({ db, events, cipher }))
      .use('/categories/*', signedInOnce)
      .route('/categories', categoryRoutes({ db, events }))
      .use('/exports/*', signedIn)
      .route('/exports', exportRoutes({ db, logger }))
      .use('/efatura-import/*', signedInOnce)
      .route('/efatura-import', efaturaImportRoutes({ db, events, cipher }))
      .use('/summary/*', signedIn)
      .route('/summary', summaryRoutes({ db }))
      .use('/sales/*', signedInOnce)
      .route('/sales', salesRoutes({ db, events }))
      .use('/savings/*', signedInOnce)
      .route('/savings', savingsRoutes({ db, events }))
      // The spreadsheet feed is fetched by Google Sheets and Excel, which have no session: the
      // secret in its URL is the proof (ADR 022). Its secret is managed signed in.
      .route('/feed', feedRoutes({ db, logger }))
      .use('/security-events/*', signedIn)
      .route('/security-events', securityRoutes({ db }))
      .use('/integrations/*', signedIn)
      .route('/integrations', integrationsRoutes({ db }))
      // 'Ver demo': signs into the read-only demo account (ADR 021); no session needed.
      .route('/demo', demoRoutes({ db, auth, cipher, trustProxy: deps.trustProxy }))
      // Stripe's webhook is authenticated by its signature, not a session: mounted before the
      // signed-in billing routes, its handler answers before their request scope would run.
      .route('/billing/stripe', stripeWebhookRoutes({ db, events, billing, logger }))
      .use('/billing/*', signedIn)
      .route('/billing', billingRoutes({ db, events, billing }))
      .use('/scan/*', signedInOnce)
      .route(
        '/scan',
        scanRoutes({
          db,
          storage,
          scanner: deps.scanner ?? createLazyScanner({ logger }),
          logger,
        }),
      )
      .use('/notifications/*', signedIn)
      .route('/notifications', notificationsRoutes({ db, push }))
      .use('/emails/*', signedIn)
      .route('/emails', emailsRoutes({ db, auth, mailer }))
      // /configuracoes: the account's email settings and the person's signed-in sessions.
      .use('/email-config/*', signedIn)
      .route('/email-config', emailConfigRoutes({ db, cipher }))
      .use('/sessions/*', signedIn)
      .route('/sessions', sessionsRoutes({ db, auth }))
      // The help chat: any actor writes to support (issue 20 point 7).
      .use('/support/*', signedInOnce)
      .route(
        '/support',
        supportRoutes({ db, events, logger, mailer, supportEmail: deps.supportEmail }),
      )
      // The landing page's newsletter: public (no session), rate-limited per address.
      .route(
        '/newsletter',
        newsletterRoutes({
          db,
          auth,
          mailer,
          logger,
          secret: deps.config.sessionSecret,
          trustProxy: deps.trustProxy,
        }),
      )
      .use('/files/*', signedIn)
      .route('/files', filesRoutes({ storage }))
      // Development only: a 404 before any session check where the switch does not exist.
      .use('/dev/plan/*', devPlanSwitch(deps.config.devMailbox), signedIn)
      .route('/dev/plan', devPlanRoutes({ db, events }))
      .route('/dev', devMailboxApiRoutes({ db, enabled: deps.config.devMailbox }))
  );
}

/** The typed API for `hc<AppType>` in the web app and in API tests. */
export type AppType = ReturnType<typeof createApiRoutes>;

export function createApp(deps: AppDeps) {
  const appOrigin = deps.appUrl ? new URL(deps.appUrl).origin : undefined;
  const app = new Hono<AppEnv>();
  // Sessions revoked on another server are forgotten here too (auth/session-cache.ts).
  sessionCacheOf(deps.auth).connect(deps.events);

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(requestLogger(deps.logger));
  app.use(securityHeaders({ https: appOrigin?.startsWith('https:') ?? false }));
  // Private answers stay out of shared caches, errors and refusals below included.
  app.use('/api/*', noStore());
  app.use(compression());
  // Before any route reads a body: 1 MB for JSON, uploads bounded here and capped per route.
  app.use('/api/*', requestBodyLimit());
  app.use(
    '/api/*',
    csrfProtection({
      allowedOrigins: (url) => (appOrigin ? [url.origin, appOrigin] : [url.origin]),
    }),
  );
  // The demo's sessions may sign out, not change the demo user (ADR 021).
  app.use('/api/auth/*', demoAuthGuard(deps.auth));
  // Better Auth reads its own bodies: the shared schemas see them first here (no 500 on input).
  app.use('/api/auth/*', authInputGuard());
  // Signing out ends the team session with the auth session (cascade); signing in starts with
  // none. Either way the browser forgets the team cookie, so no stale one is sent (ADR 024).
  const teamCookieSecurity = { secure: appOrigin?.startsWith('https:') ?? false };
  for (const path of ['/api/auth/sign-out', '/api/auth/sign-in/*'])
    app.use(path, async (c, next) => {
      await next();
      clearTeamCookie(c, teamCookieSecurity);
    });
  // A password changed while signed in follows the reset rule (8+, a letter and a digit).
  app.use('/api/auth/change-password', newPasswordRule(deps.auth));

  app.route('/', createApiRoutes(deps));
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', MESSAGES.notFound), 404));
  app.route('/', devMailboxPageRoutes({ db: deps.db.db, enabled: deps.config.devMailbox }));
  if (deps.webDir) app.route('/', staticFiles(deps.webDir));

  app.notFound((c) => c.text('Página não encontrada', 404));
  app.onError((err, c) => handleError(err, c, deps.logger));
  return app;
}
