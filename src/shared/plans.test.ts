import { expect, test } from 'vitest';
import {
  DEFAULT_MONTHLY_INVOICE_LIMIT,
  PLAN_FEATURE_FLAGS,
  PLAN_IDS,
  PLANS,
  cheapestPlanWith,
  cheapestPlanWithMoreImages,
  cheapestPlanWithMoreInvoices,
  planAccessFor,
  effectivePlanId,
  getPlanFeatures,
  invoiceUsage,
  isPlanId,
  isUsageWarning,
  needsUpgrade,
  subscriptionUsageLevel,
  usageColor,
  type PlanAccess,
  type PlanFeatureFlag,
  type PlanFeatures,
  type PlanId,
} from './plans.ts';

test('the catalogue holds the four plans with the prices and limits of the spec', () => {
  expect(PLAN_IDS).toEqual(['free', 'professional', 'enterprise_500', 'enterprise_1000']);
  const summary = PLAN_IDS.map((id) => {
    const { name, priceCents, monthlyInvoiceLimit, imagesPerInvoice } = PLANS[id];
    return [id, name, priceCents, monthlyInvoiceLimit, imagesPerInvoice];
  });
  expect(summary).toEqual([
    ['free', 'Gratuito', 0, 15, 1],
    ['professional', 'Personal', 990, 120, 5],
    ['enterprise_500', 'Empresarial 500', 3990, 500, 10],
    ['enterprise_1000', 'Empresarial 1000', 5990, 1000, 10],
  ]);
  for (const id of PLAN_IDS) expect(PLANS[id].id).toBe(id);
  expect(DEFAULT_MONTHLY_INVOICE_LIMIT).toBe(15);
});

test('every plan has a tagline and feature bullets, with the features where the spec puts them', () => {
  for (const id of PLAN_IDS) {
    expect(PLANS[id].tagline.length).toBeGreaterThan(0);
    expect(PLANS[id].features.length).toBeGreaterThan(0);
  }
  expect(PLANS.professional.features).toEqual(
    expect.arrayContaining([
      'Captura automática de NIF',
      'Limites de gastos por entidade',
      'Objetivos de poupança',
    ]),
  );
  for (const id of ['enterprise_500', 'enterprise_1000'] as const) {
    expect(PLANS[id].features).toEqual(
      expect.arrayContaining([
        'Integração com Sheets e Excel',
        'Gestão de equipas',
        'Categorias personalizadas',
      ]),
    );
  }
  expect(PLANS.free.features.join(' ')).not.toMatch(/poupança|equipas|Sheets|NIF/);
});

test('the catalogue cannot be changed at run time', () => {
  expect(Object.isFrozen(PLANS)).toBe(true);
});

test('isPlanId accepts the four ids and nothing else', () => {
  for (const id of PLAN_IDS) expect(isPlanId(id)).toBe(true);
  for (const value of ['Personal', 'enterprise', 'FREE', '', null, undefined, 15, {}]) {
    expect(isPlanId(value)).toBe(false);
  }
});

// Every (plan, subscribed, limit) combination and the plan whose rights it gets:
// a paid plan counts only while subscribed; a limit of 500 or 1000 grants the
// enterprise rights on its own.
const EFFECTIVE: ReadonlyArray<readonly [PlanId, boolean, number, PlanId]> = [
  ['free', false, 15, 'free'],
  ['free', false, 120, 'free'],
  ['free', false, 500, 'enterprise_500'],
  ['free', false, 1000, 'enterprise_1000'],
  ['free', true, 15, 'free'],
  ['free', true, 120, 'free'],
  ['free', true, 500, 'enterprise_500'],
  ['free', true, 1000, 'enterprise_1000'],
  ['professional', false, 15, 'free'],
  ['professional', false, 120, 'free'],
  ['professional', false, 500, 'enterprise_500'],
  ['professional', false, 1000, 'enterprise_1000'],
  ['professional', true, 15, 'professional'],
  ['professional', true, 120, 'professional'],
  ['professional', true, 500, 'enterprise_500'],
  ['professional', true, 1000, 'enterprise_1000'],
  ['enterprise_500', false, 15, 'free'],
  ['enterprise_500', false, 120, 'free'],
  ['enterprise_500', false, 500, 'enterprise_500'],
  ['enterprise_500', false, 1000, 'enterprise_1000'],
  ['enterprise_500', true, 15, 'enterprise_500'],
  ['enterprise_500', true, 120, 'enterprise_500'],
  ['enterprise_500', true, 500, 'enterprise_500'],
  ['enterprise_500', true, 1000, 'enterprise_500'],
  ['enterprise_1000', false, 15, 'free'],
  ['enterprise_1000', false, 120, 'free'],
  ['enterprise_1000', false, 500, 'enterprise_500'],
  ['enterprise_1000', false, 1000, 'enterprise_1000'],
  ['enterprise_1000', true, 15, 'enterprise_1000'],
  ['enterprise_1000', true, 120, 'enterprise_1000'],
  ['enterprise_1000', true, 500, 'enterprise_1000'],
  ['enterprise_1000', true, 1000, 'enterprise_1000'],
];

// prettier-ignore
const FEATURES: Record<PlanId, PlanFeatures> = {
  free: { savings: false, spendingLimits: false, teamManagement: false, cmv: false, integrations: false, multipleImages: false, autoComplete: false, customCategories: false, exports: false, imagesPerInvoice: 1 },
  professional: { savings: true, spendingLimits: true, teamManagement: false, cmv: false, integrations: false, multipleImages: true, autoComplete: true, customCategories: false, exports: false, imagesPerInvoice: 5 },
  enterprise_500: { savings: true, spendingLimits: true, teamManagement: true, cmv: true, integrations: true, multipleImages: true, autoComplete: true, customCategories: true, exports: true, imagesPerInvoice: 10 },
  enterprise_1000: { savings: true, spendingLimits: true, teamManagement: true, cmv: true, integrations: true, multipleImages: true, autoComplete: true, customCategories: true, exports: true, imagesPerInvoice: 10 },
};

// Spec accounts §6, literally: teamManagement and cmv without the enterprise
// rights; savings, integrations, multipleImages and autoComplete on free; and the two
// business-plan features of issue 15 (customCategories, exports) like teamManagement.
// prettier-ignore
const NEEDS_UPGRADE: Record<PlanId, Record<PlanFeatureFlag, boolean>> = {
  free: { savings: true, spendingLimits: false, teamManagement: true, cmv: true, integrations: true, multipleImages: true, autoComplete: true, customCategories: true, exports: true },
  professional: { savings: false, spendingLimits: false, teamManagement: true, cmv: true, integrations: false, multipleImages: false, autoComplete: false, customCategories: true, exports: true },
  enterprise_500: { savings: false, spendingLimits: false, teamManagement: false, cmv: false, integrations: false, multipleImages: false, autoComplete: false, customCategories: false, exports: false },
  enterprise_1000: { savings: false, spendingLimits: false, teamManagement: false, cmv: false, integrations: false, multipleImages: false, autoComplete: false, customCategories: false, exports: false },
};

const FLAGS: readonly PlanFeatureFlag[] = PLAN_FEATURE_FLAGS;

const label = ([planId, subscribed, limit]: readonly [PlanId, boolean, number, PlanId]) =>
  `${planId} ${subscribed ? 'subscribed' : 'not subscribed'} limit ${limit}`;

test.each(EFFECTIVE.map((row) => [label(row), row] as const))(
  'effective plan and features: %s',
  (_name, [planId, subscribed, monthlyInvoiceLimit, expected]) => {
    const access: PlanAccess = { planId, subscribed, monthlyInvoiceLimit };
    expect(effectivePlanId(access)).toBe(expected);
    expect(getPlanFeatures(access)).toEqual(FEATURES[expected]);
  },
);

test.each(EFFECTIVE.map((row) => [label(row), row] as const))(
  'needsUpgrade for every feature: %s',
  (_name, [planId, subscribed, monthlyInvoiceLimit, expected]) => {
    const access: PlanAccess = { planId, subscribed, monthlyInvoiceLimit };
    const actual = Object.fromEntries(FLAGS.map((flag) => [flag, needsUpgrade(flag, access)]));
    expect(actual).toEqual(NEEDS_UPGRADE[expected]);
  },
);

test('a refusal points to the cheapest plan with the feature, or with more photos', () => {
  const cheapest = Object.fromEntries(PLAN_FEATURE_FLAGS.map((f) => [f, cheapestPlanWith(f)]));
  expect(cheapest).toEqual({
    savings: 'professional',
    spendingLimits: 'professional',
    teamManagement: 'enterprise_500',
    cmv: 'enterprise_500',
    integrations: 'enterprise_500',
    multipleImages: 'professional',
    autoComplete: 'professional',
    customCategories: 'enterprise_500',
    exports: 'enterprise_500',
  });
  expect(cheapestPlanWithMoreImages(planAccessFor('free'))).toBe('professional');
  expect(cheapestPlanWithMoreImages(planAccessFor('professional'))).toBe('enterprise_500');
  expect(cheapestPlanWithMoreImages(planAccessFor('enterprise_500'))).toBeNull();
  expect(cheapestPlanWithMoreImages(planAccessFor('enterprise_1000'))).toBeNull();
  expect(cheapestPlanWithMoreInvoices(planAccessFor('free'))).toBe('professional');
  expect(cheapestPlanWithMoreInvoices(planAccessFor('professional'))).toBe('enterprise_500');
  expect(cheapestPlanWithMoreInvoices(planAccessFor('enterprise_500'))).toBe('enterprise_1000');
  expect(cheapestPlanWithMoreInvoices(planAccessFor('enterprise_1000'))).toBeNull();
});

test('the images per invoice of the features match the catalogue', () => {
  for (const id of PLAN_IDS) expect(FEATURES[id].imagesPerInvoice).toBe(PLANS[id].imagesPerInvoice);
});

test('invoiceUsage reports the counter with a whole, rounded-down percentage', () => {
  expect(invoiceUsage(0, 15)).toEqual({
    currentCount: 0,
    monthlyLimit: 15,
    percentageUsed: 0,
    isAtLimit: false,
  });
  expect(invoiceUsage(9, 15)).toEqual({
    currentCount: 9,
    monthlyLimit: 15,
    percentageUsed: 60,
    isAtLimit: false,
  });
  expect(invoiceUsage(14, 15)).toEqual({
    currentCount: 14,
    monthlyLimit: 15,
    percentageUsed: 93,
    isAtLimit: false,
  });
  expect(invoiceUsage(119, 120).percentageUsed).toBe(99);
  expect(invoiceUsage(999, 1000).percentageUsed).toBe(99);
  expect(invoiceUsage(1, 3).percentageUsed).toBe(33);
  expect(invoiceUsage(2, 3).percentageUsed).toBe(66);
});

test('invoiceUsage is at the limit from the limit on, and caps the percentage at 100', () => {
  expect(invoiceUsage(15, 15)).toEqual({
    currentCount: 15,
    monthlyLimit: 15,
    percentageUsed: 100,
    isAtLimit: true,
  });
  expect(invoiceUsage(40, 15)).toEqual({
    currentCount: 40,
    monthlyLimit: 15,
    percentageUsed: 100,
    isAtLimit: true,
  });
});

test('invoiceUsage falls back to the default limit when the limit is unknown or not positive', () => {
  for (const limit of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
    expect(invoiceUsage(3, limit)).toEqual({
      currentCount: 3,
      monthlyLimit: 15,
      percentageUsed: 20,
      isAtLimit: false,
    });
  }
  expect(invoiceUsage(-2, 120)).toEqual({
    currentCount: 0,
    monthlyLimit: 120,
    percentageUsed: 0,
    isAtLimit: false,
  });
});

test('the bottom-nav ring is green below 60, amber from 60 and red from 85', () => {
  expect(usageColor(0)).toBe('green');
  expect(usageColor(59.9)).toBe('green');
  expect(usageColor(60)).toBe('amber');
  expect(usageColor(84.9)).toBe('amber');
  expect(usageColor(85)).toBe('red');
  expect(usageColor(100)).toBe('red');
});

test('the subscription screen warns from 80 and turns red at the limit', () => {
  expect(isUsageWarning(79.9)).toBe(false);
  expect(isUsageWarning(80)).toBe(true);
  expect(subscriptionUsageLevel(invoiceUsage(11, 15))).toBe('normal'); // 73 %
  expect(subscriptionUsageLevel(invoiceUsage(12, 15))).toBe('warning'); // 80 %
  expect(subscriptionUsageLevel(invoiceUsage(14, 15))).toBe('warning');
  expect(subscriptionUsageLevel(invoiceUsage(15, 15))).toBe('limit');
  expect(subscriptionUsageLevel(invoiceUsage(95, 120))).toBe('normal'); // 79.2 % → 79
  expect(subscriptionUsageLevel(invoiceUsage(96, 120))).toBe('warning'); // 80 %
});
