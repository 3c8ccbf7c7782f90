// `set-plan` and `cancel-plan`: the built-in provider's grantPlan and cancelPlan
// (features/plans/plan-changes.ts), which write the subscription and publish
// 'subscription.changed' on the bus they are given — the running server's own when the
// command came through its admin socket, so its tabs and caches follow at once (ADR 018).
import { eq } from 'drizzle-orm';
import { subscriptions } from '#server/db/schema/index.ts';
import { cancelPlan, grantPlan } from '#server/features/plans/plan-changes.ts';
import { grantsRights, type PlanId } from '#shared/plans.ts';
import { describeEnd, parseUntilDate } from './admin-dates.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, refused, type AdminOutput } from './admin-request.ts';
import type { AdminDeps } from './admin-deps.ts';
import { accountOrRefusal } from './account-lookup.ts';

export async function setPlanCommand(
  deps: AdminDeps,
  { email, plan, until }: { email: string; plan: PlanId; until: string | null },
): Promise<AdminOutput> {
  let endsAt: Date | null = null;
  if (until !== null) {
    if (plan === 'free') return refused(ADMIN_MESSAGES.freeHasNoEnd);
    const parsed = parseUntilDate(until, deps.now());
    if (parsed.kind === 'invalid') return refused(ADMIN_MESSAGES.badDate(until));
    if (parsed.kind === 'past') return refused(ADMIN_MESSAGES.pastDate(until, parsed.today));
    endsAt = parsed.endsAt;
  }
  const found = await accountOrRefusal(deps.db, email);
  if (found.kind === 'refused') return found.output;
  const { account } = found;
  const current = await currentSubscription(deps, account.accountId);
  await grantPlan(deps, { accountId: account.accountId, planId: plan, endsAt });
  const lines = [
    plan === 'free'
      ? ADMIN_MESSAGES.planFree(account.email)
      : ADMIN_MESSAGES.planGranted(account.email, plan, endsAt && describeEnd(endsAt)),
  ];
  if (current?.provider === 'stripe' && current.status !== 'canceled') {
    lines.push(ADMIN_MESSAGES.stripeOverridden(current.providerSubscriptionId));
  }
  lines.push(ADMIN_MESSAGES.openPagesFollow);
  return done(lines.join('\n'));
}

export async function cancelPlanCommand(
  deps: AdminDeps,
  { email }: { email: string },
): Promise<AdminOutput> {
  const found = await accountOrRefusal(deps.db, email);
  if (found.kind === 'refused') return found.output;
  const { account } = found;
  const current = await currentSubscription(deps, account.accountId);
  if (!current) return refused(ADMIN_MESSAGES.noPaidPlan(account.email));
  if (current.status === 'canceled') {
    const end = current.endsAt && describeEnd(current.endsAt);
    return refused(ADMIN_MESSAGES.alreadyCanceled(account.email, end));
  }
  if (!grantsRights(current, deps.now())) return refused(ADMIN_MESSAGES.noPaidPlan(account.email));
  // Stripe keeps charging what only our row would call canceled: the provider must do it.
  if (current.provider === 'stripe') return refused(ADMIN_MESSAGES.stripeCancel(account.email));
  const result = await cancelPlan(deps, { accountId: account.accountId, now: deps.now() });
  if (result.kind === 'no-plan') return refused(ADMIN_MESSAGES.noPaidPlan(account.email));
  return done(
    [
      ADMIN_MESSAGES.planCanceled(account.email, current.planId, describeEnd(result.endsAt)),
      ADMIN_MESSAGES.openPagesFollow,
    ].join('\n'),
  );
}

async function currentSubscription(deps: AdminDeps, accountId: string) {
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .limit(1);
  return row ?? null;
}
