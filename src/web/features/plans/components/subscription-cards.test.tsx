// The subscription screen's cards rendered to markup (no browser): the usage bar's colour by
// level, the status labels and dates in pt-PT, and the explanation of an installation
// without payments.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { SUBSCRIPTION_TOASTS } from '../messages.ts';
import { STRIPE_PERSONAL, summaryOf } from '../subscription-test-data.ts';
import { usageView } from '../subscription-view.ts';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { ManualBillingNotice } from './manual-billing-notice.tsx';
import { UsageCard } from './usage-card.tsx';

const noop = () => undefined;

function usageMarkup(count: number, limit = 15): string {
  const summary = summaryOf({
    usage: { current_count: count, monthly_limit: limit, percentage_used: 0, is_at_limit: false },
  });
  return renderToStaticMarkup(<UsageCard usage={usageView(summary)} imagesPerInvoice={1} />);
}

test('the usage bar is the brand colour below 80 %, orange from 80 % and red at the limit', () => {
  const below = usageMarkup(11);
  expect(below).toContain('data-level="normal"');
  expect(below).toContain('bg-brand-600');
  expect(below).toContain('11 de 15 faturas');

  const warning = usageMarkup(12);
  expect(warning).toContain('data-level="warning"');
  expect(warning).toContain('bg-orange-500');
  expect(warning).toContain('Está perto do limite mensal de faturas.');

  const limit = usageMarkup(15);
  expect(limit).toContain('data-level="limit"');
  expect(limit).toContain('bg-red-600');
  expect(limit).toContain('width:100%');
  expect(limit).toContain('Atingiu o limite mensal de faturas.');
});

test('the usage card says how many photos an invoice may carry', () => {
  const summary = summaryOf();
  const one = renderToStaticMarkup(<UsageCard usage={usageView(summary)} imagesPerInvoice={1} />);
  expect(one).toContain('Até 1 foto');
  const five = renderToStaticMarkup(<UsageCard usage={usageView(summary)} imagesPerInvoice={5} />);
  expect(five).toContain('Até 5 fotos');
});

function planCard(overrides: Parameters<typeof summaryOf>[0]) {
  return renderToStaticMarkup(
    <CurrentPlanCard
      summary={summaryOf(overrides)}
      isOpeningPortal={false}
      onManage={noop}
      isKeeping={false}
      onKeepCurrent={noop}
    />,
  );
}

test('the current plan shows its status in pt-PT and its renewal date', () => {
  const html = planCard(STRIPE_PERSONAL);
  expect(html).toContain('Personal');
  expect(html).toContain('Ativa');
  expect(html).toContain('Renova a 05 de março de 2026');
  expect(html).toContain('Gerir subscrição');
  expect(planCard({ ...STRIPE_PERSONAL, status: 'trialing' })).toContain('Em período experimental');
  expect(planCard({ ...STRIPE_PERSONAL, status: 'past_due' })).toContain('Pagamento em atraso');
  expect(planCard({ ...STRIPE_PERSONAL, status: 'canceled' })).toContain('Cancelada');
});

test('a scheduled change shows its date and the button that keeps the current plan', () => {
  const html = planCard({
    ...STRIPE_PERSONAL,
    scheduledChange: { planId: 'free', at: '2026-03-05T10:00:00.000Z' },
  });
  expect(html).toContain('Muda para o plano Gratuito a 05 de março de 2026');
  expect(html).toContain('Manter o plano atual');
});

test('Gratuito on an installation without payments offers no portal', () => {
  const html = planCard({});
  expect(html).toContain('Gratuito');
  expect(html).toContain('Plano gratuito, sem pagamentos nem renovação.');
  expect(html).not.toContain('Gerir subscrição');
});

test('without payments the screen explains that the operator grants plans', () => {
  const html = renderToStaticMarkup(
    <ManualBillingNotice chosenPlanId="enterprise_500" supportEmail="suporte@exemplo.pt" />,
  );
  expect(html).toContain('Como obter um plano pago nesta instalação');
  expect(html).toContain('Escolheu o plano Empresarial 500.');
  expect(html).toContain('atribuídos pelo administrador');
  expect(html).toContain('href="mailto:suporte@exemplo.pt"');
  const plain = renderToStaticMarkup(
    <ManualBillingNotice chosenPlanId={null} supportEmail={null} />,
  );
  expect(plain).not.toContain('Escolheu');
  expect(plain).not.toContain('mailto:');
});

test('the subscription toasts are the words of spec accounts §8', () => {
  expect(Object.values(SUBSCRIPTION_TOASTS)).toEqual([
    'Erro ao verificar subscrição',
    'Erro ao verificar limite',
    'Erro ao criar sessão de pagamento',
    'Erro ao actualizar subscrição',
    'Erro ao validar cupão',
    'Cupão inválido ou expirado',
    'Erro ao abrir portal do cliente',
    'Erro ao alterar plano',
  ]);
});
