// /api/integrations (issue 17 point 2, spec accounts §6): the spreadsheet feed's secret, behind
// the request scope (app.ts). Reading whether there is one needs integrations.view
// (canAccessIntegrations on a plan with integrations); creating, rotating and revoking it need
// integrations.configure too (canConfigureIntegrations). The token is in the answer that makes
// it and nowhere else: only its hash is stored (ADR 022).
//   GET    /feed          { feed: { issuedAt, lastUsedAt } | null }
//   POST   /feed          201 the new secret, once; 409 FEED_EXISTS when there is one
//   POST   /feed/rotate   200 a new secret, the old URL answers 404 from now on; 404 when none
//   DELETE /feed          204, the URL answers 404 from now on; 404 when none
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { AppError } from '#server/http/errors.ts';
import {
  toFeedSecretDto,
  toRevealedFeedDto,
  type FeedStatusDto,
  type RevealedFeedDto,
} from './feed-dto.ts';
import {
  createFeedSecret,
  getFeedSecret,
  revokeFeedSecret,
  rotateFeedSecret,
} from './feed-secrets.queries.ts';
import { hashFeedToken, newFeedToken } from './feed-token.ts';
import { INTEGRATIONS_MESSAGES } from './integrations.messages.ts';

export type IntegrationsDeps = { db: Database };

const noFeed = () => new AppError(404, 'FEED_NOT_FOUND', INTEGRATIONS_MESSAGES.noFeed);

export function integrationsRoutes({ db }: IntegrationsDeps) {
  const configure = requireCapability('integrations.view', 'integrations.configure');

  return new Hono<ScopeEnv>()
    .get('/feed', requireCapability('integrations.view'), async (c) => {
      const secret = await getFeedSecret(db, { accountId: c.var.scope.accountId });
      const feed = secret ? toFeedSecretDto(secret) : null;
      return c.json({ feed } satisfies FeedStatusDto, 200);
    })
    .post('/feed', configure, async (c) => {
      const token = newFeedToken();
      const accountId = c.var.scope.accountId;
      const created = await createFeedSecret(db, { accountId, tokenHash: hashFeedToken(token) });
      if (created === 'exists') {
        throw new AppError(409, 'FEED_EXISTS', INTEGRATIONS_MESSAGES.feedExists);
      }
      return c.json(toRevealedFeedDto(created, token) satisfies RevealedFeedDto, 201);
    })
    .post('/feed/rotate', configure, async (c) => {
      const token = newFeedToken();
      const accountId = c.var.scope.accountId;
      const rotated = await rotateFeedSecret(db, { accountId, tokenHash: hashFeedToken(token) });
      if (!rotated) throw noFeed();
      return c.json(toRevealedFeedDto(rotated, token) satisfies RevealedFeedDto, 200);
    })
    .delete('/feed', configure, async (c) => {
      if (!(await revokeFeedSecret(db, { accountId: c.var.scope.accountId }))) throw noFeed();
      return c.body(null, 204);
    });
}
