// What the team routers need (issue 18): the database, the event bus (team.changed), the mailer
// (invitations and PIN recovery codes), the cookie's Secure flag and the app's public URL (the
// invitation link).
import type { Database } from '#server/db/client.ts';
import type { TrustProxy } from '#server/http/trust-proxy.ts';
import type { Logger } from '#server/logger.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import type { CookieSecurity } from './team-sessions.ts';

export type TeamDeps = {
  db: Database;
  events: EventBus;
  mailer: Mailer;
  logger: Logger;
  cookie: CookieSecurity;
  /** The app's public origin for links in emails; default: the request's own origin. */
  appUrl?: string;
  /** Whose address counts for the PIN limits behind a proxy (client-ip.ts). */
  trustProxy?: TrustProxy;
};
