import { useState } from 'react';
import { PLANS, type PlanId } from '#shared/plans.ts';
import { usePlanSelection } from '../hooks/use-plan-selection.ts';
import { PlanCard } from './plan-card.tsx';
import { Section } from './section.tsx';

// Empresarial is sold as one plan with two volumes (spec invoice-work §1).
const ENTERPRISE_OPTIONS: readonly PlanId[] = ['enterprise_500', 'enterprise_1000'];

export function Pricing() {
  const { selectPlan, pendingPlanId } = usePlanSelection();
  const [enterpriseId, setEnterpriseId] = useState<PlanId>('enterprise_500');

  return (
    <Section
      id="precos"
      eyebrow="Preços"
      title="Um plano para cada volume de faturas"
      intro="Comece grátis e mude de plano quando precisar. Pagamento mensal, sem fidelização."
      tone="muted"
    >
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <PlanCard
          plan={PLANS.free}
          title="Gratuito"
          onSelect={selectPlan}
          isPending={pendingPlanId === 'free'}
        />
        <PlanCard
          plan={PLANS.professional}
          title="Personal"
          highlight="Mais escolhido"
          onSelect={selectPlan}
          isPending={pendingPlanId === 'professional'}
        />
        <PlanCard
          plan={PLANS[enterpriseId]}
          title="Empresarial"
          onSelect={selectPlan}
          isPending={pendingPlanId === enterpriseId}
          options={{
            label: 'Faturas por mês',
            value: enterpriseId,
            choices: ENTERPRISE_OPTIONS.map((id) => ({
              id,
              label: `${PLANS[id].monthlyInvoiceLimit} faturas`,
            })),
            onChange: setEnterpriseId,
          }}
        />
      </div>
    </Section>
  );
}
