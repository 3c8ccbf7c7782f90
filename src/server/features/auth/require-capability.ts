// The server's gate on a route (ADR 017): the request scope's actor and plan must allow the
// capability (#shared/capabilities.ts), or the request is refused before it touches data —
// 403 FORBIDDEN for the role, 403 PLAN_REQUIRED naming the plan needed, with the upgrade hint in
// `details`. Data-dependent checks (a spending limit in a supplier's body) call assertCapability.
import { createMiddleware } from 'hono/factory';
import { AppError, type ErrorDetails } from '#server/http/errors.ts';
import {
  can,
  FORBIDDEN_MESSAGE,
  planRequiredMessage,
  upgradeUrl,
  type AccessScope,
  type Capability,
} from '#shared/capabilities.ts';
import type { PlanFeatureFlag, PlanId } from '#shared/plans.ts';
import type { ScopeEnv } from './request-scope.ts';

export const CAPABILITY_MESSAGES = { forbidden: FORBIDDEN_MESSAGE } as const;

/** The upgrade hint of a refusal: the plan to get and where the web gets it. */
export function upgradeDetails(requiredPlan: PlanId): ErrorDetails {
  return { requiredPlan, upgradeUrl: upgradeUrl(requiredPlan) };
}

export function forbiddenError(): AppError {
  return new AppError(403, 'FORBIDDEN', CAPABILITY_MESSAGES.forbidden);
}

export function planRequiredError(feature: PlanFeatureFlag, requiredPlan: PlanId): AppError {
  return new AppError(403, 'PLAN_REQUIRED', planRequiredMessage(feature, requiredPlan), undefined, {
    feature,
    ...upgradeDetails(requiredPlan),
  });
}

/** Throws the refusal `can` decides on, if any. */
export function assertCapability(scope: AccessScope, capability: Capability): void {
  const decision = can(scope, capability);
  if (decision.kind === 'forbidden') throw forbiddenError();
  if (decision.kind === 'plan-required') {
    throw planRequiredError(decision.feature, decision.requiredPlan);
  }
}

/** Mounted behind the request scope: every capability listed must be allowed, in order. */
export function requireCapability(...capabilities: [Capability, ...Capability[]]) {
  return createMiddleware<ScopeEnv>(async (c, next) => {
    for (const capability of capabilities) assertCapability(c.var.scope, capability);
    await next();
  });
}
