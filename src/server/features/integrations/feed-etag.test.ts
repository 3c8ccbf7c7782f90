import { expect, test } from 'vitest';
import { FEED_TOKEN_PATTERN } from '#shared/schemas/feed.ts';
import { feedEtag, matchesIfNoneMatch } from './feed-etag.ts';
import { hashFeedToken, isFeedTokenShaped, newFeedToken } from './feed-token.ts';

test('the ETag is weak, and follows every part it is made of', () => {
  const etag = feedEtag(['conta', 'sheets', 'all', '2026-11-25', '3@x|1@y']);
  expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
  expect(feedEtag(['conta', 'sheets', 'all', '2026-11-25', '3@x|1@y'])).toBe(etag);
  expect(feedEtag(['conta', 'excel', 'all', '2026-11-25', '3@x|1@y'])).not.toBe(etag);
  expect(feedEtag(['conta', 'sheets', 'all', '2026-11-26', '3@x|1@y'])).not.toBe(etag);
  expect(feedEtag(['conta', 'sheets', 'all', '2026-11-25', '2@x|1@y'])).not.toBe(etag);
});

test('If-None-Match matches by weak comparison, in a list, or as *', () => {
  const etag = 'W/"abc"';
  expect(matchesIfNoneMatch('W/"abc"', etag)).toBe(true);
  expect(matchesIfNoneMatch('"abc"', etag)).toBe(true);
  expect(matchesIfNoneMatch('"x", W/"abc" ', etag)).toBe(true);
  expect(matchesIfNoneMatch('*', etag)).toBe(true);
  expect(matchesIfNoneMatch('W/"abd"', etag)).toBe(false);
  expect(matchesIfNoneMatch('', etag)).toBe(false);
  expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
});

test('tokens are 43 base64url characters, all different, hashed to 64 hex digits', () => {
  const tokens = new Set(Array.from({ length: 200 }, newFeedToken));
  expect(tokens.size).toBe(200);
  for (const token of tokens) {
    expect(token).toMatch(FEED_TOKEN_PATTERN);
    expect(isFeedTokenShaped(token)).toBe(true);
  }
  expect(hashFeedToken('a')).toBe(
    'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb',
  );
  expect(isFeedTokenShaped('a'.repeat(42))).toBe(false);
  expect(isFeedTokenShaped(`${'a'.repeat(42)}=`)).toBe(false);
});
