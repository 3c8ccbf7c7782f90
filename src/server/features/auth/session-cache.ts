// A few seconds of memory for the sessions the request scope has already looked up (issue 13.3):
// Better Auth's getSession costs two queries plus cookie signature checks on every request,
// which was most of what a short API request spent besides its own SQL. Revocation stays
// immediate: Better Auth's database hooks (auth.ts) forget a user's sessions on this server
// before the sign-out / revoke / reset / delete answer leaves, and publish
// 'sessions.revoked' on the event bus so that every other server forgets them too (through
// PostgreSQL LISTEN/NOTIFY when several servers share a database). An entry also carries the
// account's subscription (request-scope.ts), so 'subscription.changed' forgets the account's
// entries the same way: a plan change applies to the very next request, on every server.
import { createHash } from 'node:crypto';
import type { EventBus } from '#server/services/events/event-bus.ts';

/** Short enough that a server which missed a revocation (event bus down) is wrong briefly. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Beyond this many cached sessions the expired ones are swept; a bound on the memory used. */
const MAX_ENTRIES = 10_000;

/**
 * `userId`: the signed-in person; `accountId`: the account the entry acts in (another one for a
 * team member). A revocation or change naming either forgets the entry.
 */
type Entry<T> = { userId: string; accountId: string; value: T; expiresAt: number };

export type SessionCache<T> = {
  /** The cached lookup of this session cookie value, if fresh. */
  get(cookieValue: string): T | undefined;
  /**
   * Remembers a lookup that began at `lookupStartedAt` (performance.now()) until
   * `sessionExpiresAt` or the TTL. Skipped when the user's sessions were revoked meanwhile:
   * the lookup may have read a row deleted since.
   */
  set(
    cookieValue: string,
    entry: {
      userId: string;
      /** Default: the user's own account (its id is the user's). */
      accountId?: string;
      value: T;
      sessionExpiresAt: Date;
      lookupStartedAt: number;
    },
  ): void;
  /** Forgets the user's sessions here, and on every server connected to the same bus. */
  revokeUser(userId: string): Promise<void>;
  /**
   * Hears revocations and subscription changes (from any server); one bus per cache (the
   * app's). Returns a disconnect.
   */
  connect(events: EventBus): () => void;
  /** Entries held (tests). */
  readonly size: number;
};

/** The map key: a hash, so memory holds no bearer token in the clear. */
const keyOf = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('base64url');

export type SessionCacheOptions = {
  ttlMs?: number;
  /** Told when a revocation could not be published to the other servers. */
  onPublishError?: (error: unknown) => void;
};

export function createSessionCache<T>(options: SessionCacheOptions = {}): SessionCache<T> {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const entries = new Map<string, Entry<T>>();
  /** When each user's sessions were last revoked (performance.now()), for set()'s check. */
  const revokedAt = new Map<string, number>();
  let bus: EventBus | undefined;

  /** Forgets the entries of a user, or acting in an account (the holder's id is the account's). */
  function forgetUser(id: string) {
    revokedAt.set(id, performance.now());
    for (const [key, entry] of entries)
      if (entry.userId === id || entry.accountId === id) entries.delete(key);
  }

  function changedSince(id: string, lookupStartedAt: number): boolean {
    const at = revokedAt.get(id);
    return at !== undefined && at >= lookupStartedAt;
  }

  function sweep(now: number) {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    // Older than any lookup still running: a lookup takes milliseconds, not a TTL.
    for (const [userId, at] of revokedAt) if (now - at > ttlMs) revokedAt.delete(userId);
    if (entries.size >= MAX_ENTRIES) entries.clear();
  }

  return {
    get(cookieValue) {
      const key = keyOf(cookieValue);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= performance.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(cookieValue, { userId, accountId = userId, value, sessionExpiresAt, lookupStartedAt }) {
      const now = performance.now();
      if (changedSince(userId, lookupStartedAt) || changedSince(accountId, lookupStartedAt)) return;
      if (entries.size >= MAX_ENTRIES || revokedAt.size >= MAX_ENTRIES) sweep(now);
      const untilSessionEnds = sessionExpiresAt.getTime() - Date.now();
      entries.set(keyOf(cookieValue), {
        userId,
        accountId,
        value,
        expiresAt: now + Math.min(ttlMs, untilSessionEnds),
      });
    },
    async revokeUser(userId) {
      forgetUser(userId);
      // Awaited: the bus resolves once every other server has forgotten the user's sessions
      // (it acknowledged the event; event-bus.ts CONFIRMED_EVENTS), so the answer to the
      // sign-out leaves after that. A bus that is down must not fail the sign-out (or the
      // verification, or the password change that ended the session): this server has
      // forgotten the session already, and the others hold it for at most the TTL.
      try {
        await bus?.publish(userId, { type: 'sessions.revoked' });
      } catch (error) {
        options.onPublishError?.(error);
      }
    },
    connect(events) {
      bus = events;
      let unsubscribe = () => {};
      const subscribe = () => {
        unsubscribe = events.subscribeAll(
          (accountId, event) => {
            // The main user's id is the account's: every one of these events names it.
            if (
              event.type === 'sessions.revoked' ||
              event.type === 'subscription.changed' ||
              event.type === 'team.changed'
            ) {
              forgetUser(accountId);
            }
          },
          // The bus may have missed revocations (PostgreSQL connection lost and back): forget
          // everything, and listen again unless this cache was disconnected meanwhile.
          () => {
            entries.clear();
            if (bus === events) subscribe();
          },
        );
      };
      subscribe();
      return () => {
        if (bus === events) bus = undefined;
        unsubscribe();
      };
    },
    get size() {
      return entries.size;
    },
  };
}
