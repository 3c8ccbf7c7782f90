import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PLANS } from '#shared/plans.ts';
import { CenteredPage } from '#web/components/layout/centered-page.tsx';
import { storeSelectedPlan } from '#web/lib/selected-plan.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

const authRoute = getRouteApi('/app/auth');

// A stand-in until the sign-in and sign-up screens land; it already honours ?plan and ?signup.
export function AuthPage() {
  const { plan, signup } = authRoute.useSearch();
  useDocumentTitle(signup ? 'Criar conta' : 'Iniciar sessão');

  useEffect(() => {
    // Spec accounts §2: "plan is stored as the selected plan".
    if (plan) storeSelectedPlan(plan);
  }, [plan]);

  return (
    <CenteredPage>
      <h1 className="text-2xl font-bold text-slate-900">Iniciar sessão</h1>
      <p className="mt-3 text-slate-700">A criação de contas estará disponível em breve.</p>
      <p className="mt-2 text-sm text-slate-600">
        Estamos a terminar o registo e o início de sessão. Assim que abrirem, poderá entrar aqui com
        o seu e-mail.
      </p>
      {plan ? (
        <p className="bg-brand-50 text-brand-900 mt-4 rounded-lg px-4 py-3 text-sm">
          Plano escolhido: <strong>{PLANS[plan].name}</strong>. Fica guardado neste dispositivo para
          quando criar a conta.
        </p>
      ) : null}
    </CenteredPage>
  );
}
