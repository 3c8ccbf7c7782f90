import { expect, test } from 'vitest';
import { PLAN_IDS } from '#shared/plans.ts';
import { STRIPE_PERSONAL, summaryOf } from './subscription-test-data.ts';
import {
  canManageSubscription,
  formatBillingDate,
  planActionFor,
  planChangeDirection,
  planDateLine,
  planPriceLabel,
  usageView,
} from './subscription-view.ts';

test('billing dates are written in pt-PT, on the day they fall in Lisbon', () => {
  expect(formatBillingDate('2026-03-05T10:00:00.000Z')).toBe('05 de março de 2026');
  // 23:30 UTC on 31 May is already 1 June in Lisbon (summer time, UTC+1).
  expect(formatBillingDate('2026-05-31T23:30:00.000Z')).toBe('01 de junho de 2026');
  // 23:30 UTC on 31 January is still 31 January in Lisbon (winter, UTC+0).
  expect(formatBillingDate('2026-01-31T23:30:00.000Z')).toBe('31 de janeiro de 2026');
  expect(formatBillingDate('2026-12-01')).toBe('01 de dezembro de 2026');
});

test('an absent or unreadable date shows nothing', () => {
  expect(formatBillingDate(null)).toBeNull();
  expect(formatBillingDate(undefined)).toBeNull();
  expect(formatBillingDate('')).toBeNull();
  expect(formatBillingDate('amanhã')).toBeNull();
  expect(formatBillingDate('2026-02-30')).toBeNull();
});

test('the plan line says renewal, end or scheduled change, in that order of precedence', () => {
  expect(planDateLine(summaryOf())).toBe('Plano gratuito, sem pagamentos nem renovação.');
  expect(planDateLine(summaryOf(STRIPE_PERSONAL))).toBe('Renova a 05 de março de 2026');
  expect(planDateLine(summaryOf({ ...STRIPE_PERSONAL, endsAt: '2026-03-05T10:00:00.000Z' }))).toBe(
    'O plano termina a 05 de março de 2026',
  );
  expect(
    planDateLine(
      summaryOf({
        ...STRIPE_PERSONAL,
        endsAt: '2026-03-05T10:00:00.000Z',
        scheduledChange: { planId: 'free', at: '2026-03-05T10:00:00.000Z' },
      }),
    ),
  ).toBe('Muda para o plano Gratuito a 05 de março de 2026');
  expect(
    planDateLine(summaryOf({ ...STRIPE_PERSONAL, status: 'canceled', currentPeriodEnd: null })),
  ).toBeNull();
  // An operator's grant without an end date neither renews nor ends.
  expect(planDateLine(summaryOf({ ...STRIPE_PERSONAL, provider: 'manual' }))).toBeNull();
});

test('usage turns orange from 80 % and red at the limit', () => {
  const at = (count: number, limit = 15) =>
    usageView(
      summaryOf({
        usage: {
          current_count: count,
          monthly_limit: limit,
          percentage_used: 0,
          is_at_limit: false,
        },
      }),
    );
  expect(at(11).level).toBe('normal'); // 73 %
  expect(at(12).level).toBe('warning'); // 80 %
  expect(at(14).level).toBe('warning'); // 93 %
  expect(at(15).level).toBe('limit');
  expect(at(17)).toMatchObject({ level: 'limit', percentageUsed: 100, currentCount: 17 });
  expect(at(95, 120).level).toBe('normal'); // 79 %
  expect(at(96, 120).level).toBe('warning');
});

test('plans are ordered by price: a later plan is an upgrade', () => {
  expect(planChangeDirection('free', 'professional')).toBe('upgrade');
  expect(planChangeDirection('professional', 'enterprise_1000')).toBe('upgrade');
  expect(planChangeDirection('enterprise_500', 'professional')).toBe('downgrade');
  expect(planChangeDirection('professional', 'free')).toBe('downgrade');
});

test('prices are 0 €, 9,90 €, 39,90 € and 59,90 €', () => {
  const labels = [0, 990, 3990, 5990].map((cents) => planPriceLabel(cents).replace(/\s/gu, ' '));
  expect(labels).toEqual(['0 €', '9,90 €', '39,90 €', '59,90 €']);
});

test('without a payment provider no plan offers checkout or a change', () => {
  const actions = PLAN_IDS.map((id) => planActionFor(summaryOf(), id));
  expect(actions).toEqual(['current', 'none', 'none', 'none']);
  expect(canManageSubscription(summaryOf())).toBe(false);
});

test('a free account buys a paid plan through checkout when the provider exists', () => {
  const summary = summaryOf({ provider: 'stripe', checkoutAvailable: true });
  expect(PLAN_IDS.map((id) => planActionFor(summary, id))).toEqual([
    'current',
    'checkout',
    'checkout',
    'checkout',
  ]);
});

test("a provider's subscriber changes plan (Gratuito too) and may open the portal", () => {
  const summary = summaryOf(STRIPE_PERSONAL);
  expect(PLAN_IDS.map((id) => planActionFor(summary, id))).toEqual([
    'change',
    'current',
    'change',
    'change',
  ]);
  expect(canManageSubscription(summary)).toBe(true);
});

test('an operator-granted plan offers nothing self-service, even where Stripe exists', () => {
  const summary = summaryOf({ ...STRIPE_PERSONAL, provider: 'manual' });
  expect(PLAN_IDS.map((id) => planActionFor(summary, id))).toEqual([
    'none',
    'current',
    'none',
    'none',
  ]);
  expect(canManageSubscription(summary)).toBe(false);
});
