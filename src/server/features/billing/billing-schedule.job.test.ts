import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { scheduledJobs, subscriptions, type Subscription } from '#server/db/schema/index.ts';
import { getPlanAccess } from '#server/features/plans/plan-access.queries.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { createScheduler } from '#server/services/scheduler/scheduler.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { BILLING_SCHEDULE_JOB, billingScheduleJob } from './billing-schedule.job.ts';

const MINUTE = 60_000;
let t: TestApp;
const heard: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.events.subscribeAll((accountId, event: AccountEvent) => {
    if (event.type === 'subscription.changed') heard.push(accountId);
  });
});

afterAll(() => t.close());

// Each test sees only its own subscriptions.
beforeEach(async () => {
  await t.db.db.delete(subscriptions);
  heard.length = 0;
});

/** An account with this subscription row. */
async function accountWith(row: Partial<Omit<Subscription, 'accountId'>>): Promise<string> {
  const { id: accountId } = await insertAccount(t.db.db);
  await t.db.db.insert(subscriptions).values({
    accountId,
    planId: 'professional',
    status: 'active',
    provider: 'manual',
    ...row,
  });
  return accountId;
}

async function rowOf(accountId: string) {
  const [row] = await t.db.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId));
  return row;
}

/** One run of the job as the scheduler makes it at `now`; `lastRun`: the previous success. */
async function runAt(now: Date, lastRun: Date | null) {
  await t.db.db.delete(scheduledJobs).where(eq(scheduledJobs.name, BILLING_SCHEDULE_JOB));
  if (lastRun) {
    await t.db.db.insert(scheduledJobs).values({
      name: BILLING_SCHEDULE_JOB,
      lastRunId: randomUUID(),
      lastStatus: 'ok',
      lastStartedAt: lastRun,
      lastFinishedAt: lastRun,
      lastSucceededAt: lastRun,
    });
  }
  const scheduler = createScheduler({
    db: t.db.db,
    logger: pino({ level: 'silent' }),
    jobs: [billingScheduleJob({ events: t.events })],
    now: () => now,
  });
  try {
    const outcome = await scheduler.runDue(BILLING_SCHEDULE_JOB);
    expect(outcome.kind).toBe('ran');
  } finally {
    await scheduler.stop();
  }
}

test("a due scheduled change of the built-in provider is applied and the account's pages hear of it", async () => {
  const now = new Date();
  const due = await accountWith({
    planId: 'enterprise_1000',
    scheduledPlanId: 'enterprise_500',
    scheduledChangeAt: new Date(now.getTime() - MINUTE),
  });
  const toFree = await accountWith({
    scheduledPlanId: 'free',
    scheduledChangeAt: new Date(now.getTime() - 2 * MINUTE),
  });
  const later = await accountWith({
    scheduledPlanId: 'enterprise_500',
    scheduledChangeAt: new Date(now.getTime() + 60 * MINUTE),
  });
  // Stripe applies its own scheduled changes (they arrive as webhooks).
  const stripe = await accountWith({
    provider: 'stripe',
    providerSubscriptionId: 'sub_job_1',
    scheduledPlanId: 'free',
    scheduledChangeAt: new Date(now.getTime() - MINUTE),
  });
  await runAt(now, new Date(now.getTime() - 5 * MINUTE));

  expect(await rowOf(due)).toMatchObject({
    planId: 'enterprise_500',
    status: 'active',
    scheduledPlanId: null,
    scheduledChangeAt: null,
  });
  const freeRow = await rowOf(toFree);
  expect(freeRow).toMatchObject({
    planId: 'professional',
    status: 'canceled',
    scheduledPlanId: null,
  });
  expect(freeRow?.endsAt?.getTime()).toBe(now.getTime() - 2 * MINUTE);
  expect((await getPlanAccess(t.db.db, toFree)).planId).toBe('free');
  expect(await rowOf(later)).toMatchObject({
    planId: 'professional',
    scheduledPlanId: 'enterprise_500',
  });
  expect(await rowOf(stripe)).toMatchObject({ status: 'active', scheduledPlanId: 'free' });
  expect(heard.sort()).toEqual([due, toFree].sort());
});

test('subscriptions whose rights lapsed since the last run are announced, once, and nothing is deleted', async () => {
  const now = new Date();
  const lastRun = new Date(now.getTime() - 5 * MINUTE);
  const lapsed = await accountWith({
    status: 'canceled',
    endsAt: new Date(now.getTime() - MINUTE),
  });
  const untilDate = await accountWith({ endsAt: new Date(now.getTime() - 2 * MINUTE) });
  const lapsedBefore = await accountWith({
    status: 'canceled',
    endsAt: new Date(now.getTime() - 10 * MINUTE),
  });
  const lapsesLater = await accountWith({
    status: 'canceled',
    endsAt: new Date(now.getTime() + MINUTE),
  });
  await runAt(now, lastRun);

  expect(heard.sort()).toEqual([lapsed, untilDate].sort());
  for (const accountId of [lapsed, untilDate, lapsedBefore, lapsesLater]) {
    expect(await rowOf(accountId)).toBeDefined();
  }
  expect((await getPlanAccess(t.db.db, lapsed, now)).planId).toBe('free');
  expect((await getPlanAccess(t.db.db, lapsesLater, now)).planId).toBe('professional');

  // The next run, five minutes on, announces only what lapsed in between.
  heard.length = 0;
  await runAt(new Date(now.getTime() + 5 * MINUTE), now);
  expect(heard).toEqual([lapsesLater]);
});

test('the first run ever looks back a day for lapses', async () => {
  const now = new Date();
  const recent = await accountWith({
    status: 'canceled',
    endsAt: new Date(now.getTime() - 60 * MINUTE),
  });
  const old = await accountWith({
    status: 'canceled',
    endsAt: new Date(now.getTime() - 25 * 60 * MINUTE),
  });
  await runAt(now, null);
  expect(heard).toContain(recent);
  expect(heard).not.toContain(old);
});
