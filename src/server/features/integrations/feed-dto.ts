// The feed secret on the wire: its dates, and — once, in the answer that made it — the token
// and the feed's paths (the page puts its own origin in front).
import { feedPath } from '#shared/schemas/feed.ts';
import type { FeedSecretStatus } from './feed-secrets.queries.ts';

export type FeedSecretDto = { issuedAt: string; lastUsedAt: string | null };

/** GET /api/integrations/feed: the secret's dates, or null when there is none. */
export type FeedStatusDto = { feed: FeedSecretDto | null };

/** POST /api/integrations/feed and …/rotate: the new secret, shown this once. */
export type RevealedFeedDto = {
  feed: FeedSecretDto;
  token: string;
  paths: { sheets: string; excel: string };
};

export function toFeedSecretDto(status: FeedSecretStatus): FeedSecretDto {
  return {
    issuedAt: status.issuedAt.toISOString(),
    lastUsedAt: status.lastUsedAt?.toISOString() ?? null,
  };
}

export function toRevealedFeedDto(status: FeedSecretStatus, token: string): RevealedFeedDto {
  return {
    feed: toFeedSecretDto(status),
    token,
    paths: { sheets: feedPath(token, 'sheets'), excel: feedPath(token, 'excel') },
  };
}
