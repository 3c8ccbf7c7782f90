import { expect, test } from 'vitest';
import { CAPABILITIES, CAPABILITY_NAMES, can, featureOf, isCapability } from './capabilities.ts';
import { PERMISSION_KEYS, type Actor } from './permissions.ts';
import { PLAN_FEATURE_FLAGS, PLAN_IDS, planAccessFor } from './plans.ts';

const main: Actor = { kind: 'main' };
const user: Actor = { kind: 'sub-user', role: 'user', subUserId: 'u1' };

test('every capability names a real role flag and, where it has one, a real plan feature', () => {
  for (const name of CAPABILITY_NAMES) {
    expect(PERMISSION_KEYS).toContain(CAPABILITIES[name].permission);
    const feature = featureOf(name);
    if (feature !== undefined) expect(PLAN_FEATURE_FLAGS).toContain(feature);
  }
  expect(isCapability('cmv.view')).toBe(true);
  expect(isCapability('toString')).toBe(false);
});

test('every plan feature is behind some capability', () => {
  const gated = new Set(CAPABILITY_NAMES.map(featureOf));
  for (const feature of PLAN_FEATURE_FLAGS) expect(gated.has(feature)).toBe(true);
});

test('the role comes first: a role without the flag is forbidden on any plan', () => {
  for (const planId of PLAN_IDS) {
    expect(can({ actor: user, plan: planAccessFor(planId) }, 'invoices.delete')).toEqual({
      kind: 'forbidden',
    });
  }
  expect(can({ actor: { kind: 'pending' }, plan: planAccessFor('free') }, 'invoices.view')).toEqual(
    { kind: 'forbidden' },
  );
});

test('a plan without the feature names the cheapest plan that has it', () => {
  expect(can({ actor: main, plan: planAccessFor('free') }, 'savings.view')).toEqual({
    kind: 'plan-required',
    feature: 'savings',
    requiredPlan: 'professional',
  });
  expect(can({ actor: main, plan: planAccessFor('professional') }, 'exports.create')).toEqual({
    kind: 'plan-required',
    feature: 'exports',
    requiredPlan: 'enterprise_500',
  });
  expect(can({ actor: main, plan: planAccessFor('enterprise_500') }, 'exports.create')).toEqual({
    kind: 'allowed',
  });
});

test('capabilities without a plan feature are open on every plan (spec §6: all may use them)', () => {
  for (const planId of PLAN_IDS) {
    for (const capability of ['invoices.create', 'suppliers.view', 'scanner.use'] as const) {
      expect(can({ actor: main, plan: planAccessFor(planId) }, capability).kind).toBe('allowed');
    }
  }
});

test("the account's own data is the holder's alone: every sub-user is forbidden, administrators included", () => {
  for (const planId of PLAN_IDS) {
    const plan = planAccessFor(planId);
    expect(can({ actor: main, plan }, 'account.manage')).toEqual({ kind: 'allowed' });
    for (const role of ['administrator', 'manager', 'user'] as const) {
      const actor: Actor = { kind: 'sub-user', role, subUserId: `s-${role}` };
      expect(can({ actor, plan }, 'account.manage')).toEqual({ kind: 'forbidden' });
    }
    expect(can({ actor: { kind: 'pending' }, plan }, 'account.manage').kind).toBe('forbidden');
  }
});
