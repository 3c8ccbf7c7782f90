import { expect, test } from 'vitest';
import { resolveCapabilities } from '#shared/capabilities.ts';
import { planAccessFor } from '#shared/plans.ts';
import { capabilityView } from './use-can.ts';

const manager = { kind: 'sub-user', role: 'manager', subUserId: 'm1' } as const;

test('before the profile is in, nothing is allowed, offered or marked', () => {
  const view = capabilityView(undefined);
  expect(view.isLoaded).toBe(false);
  expect(view.can('invoices.view')).toBe(false);
  expect(view.requiredPlan('cmv.view')).toBeNull();
  expect(view.needsUpgrade('cmv')).toBe(false);
  expect(view.access('cmv.view')).toEqual({ kind: 'loading' });
  expect(view.imagesPerInvoice).toBeUndefined();
});

test('the main user on Gratuito: the role allows, the plan names what to get', () => {
  const view = capabilityView(
    resolveCapabilities({ actor: { kind: 'main' }, plan: planAccessFor('free') }),
  );
  expect(view.can('invoices.create')).toBe(true);
  expect(view.can('suppliers.spendingLimits')).toBe(false);
  expect(view.requiredPlan('suppliers.spendingLimits')).toBe('professional');
  expect(view.isRoleAllowed('savings.view')).toBe(true);
  expect(view.needsUpgrade('autoComplete')).toBe(true);
  expect(view.access('cmv.view')).toMatchObject({
    kind: 'plan-required',
    requiredPlan: 'enterprise_500',
  });
  expect(view.imagesPerInvoice).toBe(1);
});

test('a manager on Empresarial: no upgrade helps what the role lacks', () => {
  const view = capabilityView(
    resolveCapabilities({ actor: manager, plan: planAccessFor('enterprise_1000') }),
  );
  expect(view.can('cmv.view')).toBe(true);
  expect(view.can('savings.view')).toBe(false);
  expect(view.requiredPlan('savings.view')).toBeNull();
  expect(view.isRoleAllowed('savings.view')).toBe(false);
  expect(view.access('team.manage')).toEqual({
    kind: 'forbidden',
    message: 'Não tem permissão para esta ação.',
  });
});
