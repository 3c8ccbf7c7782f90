// createApp(): the whole HTTP surface. Cross-cutting middleware first (request id, logs,
// security headers, compression, CSRF), then the typed /api routes, then the SPA.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId, type RequestIdVariables } from 'hono/request-id';
import type { DbHandle } from '#server/db/client.ts';
import type { Logger } from '#server/logger.ts';
import { csrfProtection } from '#server/http/csrf.ts';
import { errorBody, handleError, MESSAGES } from '#server/http/errors.ts';
import { requestLogger } from '#server/http/request-logger.ts';
import { securityHeaders } from '#server/http/security-headers.ts';
import { staticFiles } from '#server/http/static-files.ts';
import { healthRoutes } from '#server/features/health/health.routes.ts';
import type { Auth } from '#server/features/auth/auth.ts';
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
    .route('/account', signUpRoutes({ auth: deps.auth, db: deps.db.db, logger: deps.logger }))
    .route(
      '/auth',
      authRoutes({
        auth: deps.auth,
        db: deps.db.db,
        googleEnabled: deps.config.googleEnabled,
        isBehindProxy: deps.appUrl !== undefined,
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

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(requestLogger(deps.logger));
  app.use(securityHeaders({ https: appOrigin?.startsWith('https:') ?? false }));
  app.use(compress());
  app.use(
    '/api/*',
    csrfProtection({
      allowedOrigins: (url) => (appOrigin ? [url.origin, appOrigin] : [url.origin]),
    }),
  );

  app.route('/', createApiRoutes(deps));
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', MESSAGES.notFound), 404));
  app.route('/', devMailboxPageRoutes({ db: deps.db.db, enabled: deps.config.devMailbox }));
  if (deps.webDir) app.route('/', staticFiles(deps.webDir));

  app.notFound((c) => c.text('Página não encontrada', 404));
  app.onError((err, c) => handleError(err, c, deps.logger));
  return app;
}
