import { BellRing, Copy, Flag, Gauge, Receipt, Smartphone } from 'lucide-react';
import { Section } from './section.tsx';

const ADVANTAGES = [
  {
    icon: Flag,
    title: 'Feita para as faturas portuguesas',
    text: 'Lê o código QR definido pela Portaria n.º 195/2020, confirma o dígito de controlo do NIF e separa o IVA por taxa e por região: Continente, Açores e Madeira.',
  },
  {
    icon: Copy,
    title: 'Sem faturas em duplicado',
    text: 'Antes de guardar, compara o número, a data, o fornecedor e o total com o que já registou e avisa se a fatura já lá está.',
  },
  {
    icon: BellRing,
    title: 'Nenhum prazo esquecido',
    text: 'Cada fatura fica pendente, paga ou vencida. As que vencem nos próximos 3 dias aparecem como urgentes.',
  },
  {
    icon: Gauge,
    title: 'Gastos sob controlo',
    text: 'Defina um limite de despesa por fornecedor, semanal ou mensal, e receba avisos aos 70% e aos 85%.',
  },
  {
    icon: Receipt,
    title: 'IVA dedutível à vista',
    text: 'O resumo mensal soma totais e IVA, desconta as notas de crédito e mostra os fornecedores onde gasta mais.',
  },
  {
    icon: Smartphone,
    title: 'No telemóvel e no computador',
    text: 'Funciona no navegador, em qualquer ecrã, e pode ser adicionada ao ecrã principal do telemóvel como uma aplicação.',
  },
] as const;

export function Advantages() {
  return (
    <Section
      id="vantagens"
      eyebrow="Vantagens"
      title="Porque é que a Papelada poupa tempo"
      intro="O portal das Finanças guarda as faturas, mas não lhe diz o que falta pagar nem quanto gasta com cada fornecedor. A Papelada diz."
      tone="muted"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {ADVANTAGES.map((item) => (
          <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <item.icon className="text-brand-700 size-6" aria-hidden />
            <h3 className="mt-4 font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-2 text-slate-600">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
