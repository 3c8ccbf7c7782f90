import { ChartPie, ScanLine, UserPlus } from 'lucide-react';
import { Section } from './section.tsx';

const STEPS = [
  {
    icon: UserPlus,
    title: 'Crie a sua conta',
    text: 'Registo com e-mail, como particular ou empresa. O plano Gratuito dá para 15 faturas por mês e não pede cartão.',
  },
  {
    icon: ScanLine,
    title: 'Digitalize as faturas',
    text: 'Aponte a câmara ao código QR, tire uma fotografia, carregue um PDF ou escreva os dados à mão. A Papelada preenche e valida os campos.',
  },
  {
    icon: ChartPie,
    title: 'Acompanhe tudo',
    text: 'Veja o que está pendente, pago ou vencido, os gastos por fornecedor e o resumo de cada mês com o IVA dedutível.',
  },
] as const;

export function HowItWorks() {
  return (
    <Section
      id="como-funciona"
      eyebrow="Como funciona"
      title="Da fatura em papel ao registo em três passos"
      intro="Sem folhas de cálculo à mão nem pastas de arquivo: a fatura entra, os dados ficam certos."
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li
            key={step.title}
            className="relative rounded-2xl border border-slate-200 bg-white p-6"
          >
            <span className="absolute top-6 right-6 text-4xl font-extrabold text-slate-100 select-none">
              {index + 1}
            </span>
            <step.icon className="bg-brand-50 text-brand-700 size-10 rounded-xl p-2" aria-hidden />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
