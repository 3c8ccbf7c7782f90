// The feed's validator (RFC 9110 §8.8.3): weak, because the same rows leave gzipped or not.
import { createHash } from 'node:crypto';

/** Bumped when the feed's CSV changes shape, so no cached copy of the old one is reused. */
const FEED_LAYOUT_VERSION = 1;

/** A weak ETag of everything the answer depends on. */
export function feedEtag(parts: readonly string[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([FEED_LAYOUT_VERSION, ...parts]))
    .digest('base64url')
    .slice(0, 27);
  return `W/"${digest}"`;
}

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match matches `etag` under the weak comparison (a list of tags, or `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const wanted = opaqueTag(etag);
  return header.split(',').some((tag) => opaqueTag(tag) === wanted);
}
