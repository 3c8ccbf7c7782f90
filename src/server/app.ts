// createApp(): the whole HTTP surface. Cross-cutting middleware first (request id, logs,
// security headers, compression, CSRF), then the typed /api routes, then the SPA.
import { Hono } from 'hono';
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
import { healthRoutes } from '#server/features/health/health.routes.ts';
import { sessionCacheOf, type Auth } from '#server/features/auth/auth.ts';
import { authInputGuard } from '#server/features/auth/auth-input-guard.ts';
import { newPasswordRule } from '#server/features/auth/password-rule.ts';
import { authRoutes } from '#server/features/auth/auth.routes.ts';
import { signUpRoutes } from '#server/features/auth/sign-up.routes.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import {
  devMailboxApiRoutes,
  devMailboxPageRoutes,
} from '#server/features/dev-mailbox/dev-mailbox.routes.ts';
import { devPlanRoutes } from '#server/features/dev-plan/dev-plan.routes.ts';
import { emailsRoutes } from '#server/features/emails/emails.routes.ts';
import { filesRoutes } from '#server/features/files/files.routes.ts';
import { eventsRoutes } from '#server/features/events/events.routes.ts';
import { invoiceExpiryRoutes } from '#server/features/invoices/invoice-expiry.routes.ts';
import { invoicePhotoRoutes } from '#server/features/invoices/invoice-photos.routes.ts';
import { invoiceRoutes } from '#server/features/invoices/invoices.routes.ts';
import { profileRoutes } from '#server/features/profile/profile.routes.ts';
import { supplierRoutes } from '#server/features/suppliers/suppliers.routes.ts';
import { categoryRoutes } from '#server/features/categories/categories.routes.ts';
import { createLazyScanner } from '#server/features/scan/lazy-scanner.ts';
import { scanRoutes } from '#server/features/scan/scan.routes.ts';
import type { Scanner } from '#server/services/scan/scanner.ts';

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
  return new Hono<AppEnv>()
    .basePath('/api')
    .route('/health', healthRoutes(deps.db))
    .route(
      '/account',
      signUpRoutes({ auth: deps.auth, db: deps.db.db, logger: deps.logger, mailer: deps.mailer }),
    )
    .route(
      '/auth',
      authRoutes({
        auth: deps.auth,
        db: deps.db.db,
        googleEnabled: deps.config.googleEnabled,
        trustProxy: deps.trustProxy,
      }),
    )
    .route(
      '/profile',
      profileRoutes({
        db: deps.db.db,
        auth: deps.auth,
        storage: deps.storage,
        logger: deps.logger,
        events: deps.events,
      }),
    )
    .route(
      '/invoices',
      invoicePhotoRoutes({
        db: deps.db.db,
        auth: deps.auth,
        events: deps.events,
        storage: deps.storage,
        logger: deps.logger,
      }),
    )
    .route(
      '/invoices',
      invoiceRoutes({
        db: deps.db.db,
        auth: deps.auth,
        events: deps.events,
        storage: deps.storage,
        mailer: deps.mailer,
      }),
    )
    .route(
      '/invoice-expiry',
      invoiceExpiryRoutes({ db: deps.db.db, auth: deps.auth, events: deps.events }),
    )
    .route('/events', eventsRoutes({ auth: deps.auth, events: deps.events }))
    .route('/suppliers', supplierRoutes({ db: deps.db.db, auth: deps.auth, events: deps.events }))
    .route('/categories', categoryRoutes({ db: deps.db.db, auth: deps.auth, events: deps.events }))
    .route(
      '/scan',
      scanRoutes({
        db: deps.db.db,
        auth: deps.auth,
        storage: deps.storage,
        scanner: deps.scanner ?? createLazyScanner({ logger: deps.logger }),
        logger: deps.logger,
      }),
    )
    .route('/emails', emailsRoutes({ db: deps.db.db, auth: deps.auth, mailer: deps.mailer }))
    .route('/files', filesRoutes({ storage: deps.storage, auth: deps.auth }))
    .route(
      '/dev/plan',
      devPlanRoutes({
        db: deps.db.db,
        auth: deps.auth,
        events: deps.events,
        enabled: deps.config.devMailbox,
      }),
    )
    .route('/dev', devMailboxApiRoutes({ db: deps.db.db, enabled: deps.config.devMailbox }));
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
  // Better Auth reads its own bodies: the shared schemas see them first here (no 500 on input).
  app.use('/api/auth/*', authInputGuard());
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
