// The screen's actions against a stand-in billing API: every toast of spec accounts §8
// "Subscription toasts" word for word, the new tab, and the cache cleared after a change.
import { expect, test, vi } from 'vitest';
import { ApiError } from '#web/lib/call-api.ts';
import { openInNewTab, type WindowLike } from './new-tab.ts';
import {
  checkCoupon,
  keepPlan,
  openPortal,
  requestPlanChange,
  startCheckout,
  type ActionDeps,
  type BillingApi,
} from './subscription-actions.ts';

const unavailable = new ApiError(
  409,
  'BILLING_UNAVAILABLE',
  'Nesta instalação os planos são atribuídos pelo administrador. Contacte o suporte para mudar de plano.',
);

function setUp(api: Partial<BillingApi> = {}) {
  const toasts: { kind: 'success' | 'error'; title: string; description?: string }[] = [];
  const onPlanChanged = vi.fn();
  const reject = () => Promise.reject(new Error('not in this test'));
  const deps: ActionDeps = {
    api: {
      createCheckout: reject,
      createPortalSession: reject,
      validateCoupon: reject,
      changePlan: reject,
      updateSubscription: reject,
      ...api,
    },
    toast: {
      success: (title, options) => toasts.push({ kind: 'success', title, ...options }),
      error: (title, options) => toasts.push({ kind: 'error', title, ...options }),
    },
    openTab: (getUrl) => getUrl().then((url) => ({ url, isBlocked: false })),
    onPlanChanged,
  };
  return { deps, toasts, onPlanChanged };
}

test('checkout sends the plan and coupon and opens the payment page', async () => {
  const createCheckout = vi.fn(() => Promise.resolve('https://pagamento.example/s/1'));
  const { deps, toasts } = setUp({ createCheckout });
  const result = await startCheckout(deps, { plan: 'enterprise_500', couponCode: 'BEMVINDO' });
  expect(createCheckout).toHaveBeenCalledWith({ plan: 'enterprise_500', couponCode: 'BEMVINDO' });
  expect(result).toEqual({ url: 'https://pagamento.example/s/1', isBlocked: false });
  expect(toasts).toEqual([]);
});

test("a refused checkout says 'Erro ao criar sessão de pagamento' with the server's reason", async () => {
  const { deps, toasts } = setUp({ createCheckout: () => Promise.reject(unavailable) });
  expect(await startCheckout(deps, { plan: 'professional' })).toBeNull();
  expect(toasts).toEqual([
    { kind: 'error', title: 'Erro ao criar sessão de pagamento', description: unavailable.message },
  ]);
});

test("a refused portal says 'Erro ao abrir portal do cliente'", async () => {
  const { deps, toasts } = setUp({ createPortalSession: () => Promise.reject(unavailable) });
  expect(await openPortal(deps)).toBeNull();
  expect(toasts[0]).toMatchObject({ kind: 'error', title: 'Erro ao abrir portal do cliente' });
});

test("an invalid coupon says 'Erro ao validar cupão' with 'Cupão inválido ou expirado'", async () => {
  const validateCoupon = vi.fn(() => Promise.resolve({ valid: false }));
  const { deps, toasts } = setUp({ validateCoupon });
  const result = await checkCoupon(deps, '  VELHO2020 ');
  expect(validateCoupon).toHaveBeenCalledWith('VELHO2020');
  expect(result).toEqual({ valid: false, message: 'Cupão inválido ou expirado' });
  expect(toasts).toEqual([
    { kind: 'error', title: 'Erro ao validar cupão', description: 'Cupão inválido ou expirado' },
  ]);
});

test('a valid coupon is accepted quietly; an empty one never reaches the server', async () => {
  const validateCoupon = vi.fn(() => Promise.resolve({ valid: true }));
  const { deps, toasts } = setUp({ validateCoupon });
  expect(await checkCoupon(deps, 'BEMVINDO')).toEqual({ valid: true, code: 'BEMVINDO' });
  expect(await checkCoupon(deps, '   ')).toEqual({
    valid: false,
    message: 'Introduza o código do cupão',
  });
  expect(validateCoupon).toHaveBeenCalledTimes(1);
  expect(toasts).toEqual([]);
});

test("a coupon check that fails says 'Erro ao validar cupão'", async () => {
  const { deps, toasts } = setUp({
    validateCoupon: () => Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'Erro ao validar cupão')),
  });
  expect(await checkCoupon(deps, 'BEMVINDO')).toEqual({
    valid: false,
    message: 'Erro ao validar cupão',
  });
  expect(toasts[0]).toMatchObject({ kind: 'error', title: 'Erro ao validar cupão' });
});

test('a scheduled downgrade shows its message and date, and clears the cache', async () => {
  const message =
    'A mudança para o plano Personal fica agendada para 05/03/2026. Até lá mantém o plano Empresarial 500, sem reembolso.';
  const { deps, toasts, onPlanChanged } = setUp({
    changePlan: () =>
      Promise.resolve({
        immediate: false,
        scheduled: true,
        scheduled_date: '2026-03-05T10:00:00.000Z',
        message,
      }),
  });
  const notice = await requestPlanChange(deps, 'professional');
  expect(notice).toEqual({ message, date: '05 de março de 2026', scheduled: true });
  expect(onPlanChanged).toHaveBeenCalledOnce();
  expect(toasts).toEqual([
    {
      kind: 'success',
      title: message,
      description: 'Mudança agendada para 05 de março de 2026.',
    },
  ]);
});

test("an upgrade applies now; a refused change says 'Erro ao alterar plano'", async () => {
  const { deps, onPlanChanged } = setUp({
    changePlan: () =>
      Promise.resolve({
        immediate: true,
        scheduled: false,
        scheduled_date: null,
        message: 'Feito',
      }),
  });
  expect(await requestPlanChange(deps, 'enterprise_1000')).toEqual({
    message: 'Feito',
    date: null,
    scheduled: false,
  });
  expect(onPlanChanged).toHaveBeenCalledOnce();

  const refused = setUp({ changePlan: () => Promise.reject(unavailable) });
  expect(await requestPlanChange(refused.deps, 'free')).toBeNull();
  expect(refused.onPlanChanged).not.toHaveBeenCalled();
  expect(refused.toasts).toEqual([
    { kind: 'error', title: 'Erro ao alterar plano', description: unavailable.message },
  ]);
});

test("keeping the current plan uses update-subscription; a failure says 'Erro ao actualizar subscrição'", async () => {
  const updateSubscription = vi.fn(() =>
    Promise.resolve({
      immediate: true,
      scheduled: false,
      scheduled_date: null,
      message: 'A alteração agendada foi cancelada. Mantém o plano Personal.',
    }),
  );
  const { deps, toasts, onPlanChanged } = setUp({ updateSubscription });
  await keepPlan(deps, 'professional');
  expect(updateSubscription).toHaveBeenCalledWith('professional');
  expect(onPlanChanged).toHaveBeenCalledOnce();
  expect(toasts[0]).toMatchObject({ kind: 'success' });

  const refused = setUp({ updateSubscription: () => Promise.reject(unavailable) });
  expect(await keepPlan(refused.deps, 'professional')).toBeNull();
  expect(refused.toasts[0]).toMatchObject({
    kind: 'error',
    title: 'Erro ao actualizar subscrição',
  });
});

function fakeWindow(isBlocked: boolean) {
  const tab = { opener: 'this page' as unknown, location: { replace: vi.fn() }, close: vi.fn() };
  const win: WindowLike = { open: vi.fn(() => (isBlocked ? null : tab)) };
  return { win, tab };
}

test('the new tab opens during the click, loses its opener, then goes to the URL', async () => {
  const { win, tab } = fakeWindow(false);
  const result = await openInNewTab(() => Promise.resolve('https://pagamento.example/s/2'), win);
  expect(win.open).toHaveBeenCalledWith('', '_blank');
  expect(tab.opener).toBeNull();
  expect(tab.location.replace).toHaveBeenCalledWith('https://pagamento.example/s/2');
  expect(result).toEqual({ url: 'https://pagamento.example/s/2', isBlocked: false });
});

test('a blocked tab returns the URL for a link; a failed request closes the blank tab', async () => {
  const blocked = fakeWindow(true);
  expect(await openInNewTab(() => Promise.resolve('https://p.example/3'), blocked.win)).toEqual({
    url: 'https://p.example/3',
    isBlocked: true,
  });
  const failing = fakeWindow(false);
  await expect(openInNewTab(() => Promise.reject(unavailable), failing.win)).rejects.toBe(
    unavailable,
  );
  expect(failing.tab.close).toHaveBeenCalledOnce();
});
