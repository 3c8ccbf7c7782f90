// The feed's secret (ADR 022): a bearer token in the feed's URL, kept only as its SHA-256
// (#server/http/secret-token.ts).
import { FEED_TOKEN_PATTERN } from '#shared/schemas/feed.ts';

export {
  newSecretToken as newFeedToken,
  hashSecretToken as hashFeedToken,
} from '#server/http/secret-token.ts';

/** Whether `value` could be a token at all; anything else is answered as an unknown one. */
export function isFeedTokenShaped(value: string): boolean {
  return FEED_TOKEN_PATTERN.test(value);
}
