import { Building2, Camera, Check, FileBarChart, Users, Wallet } from 'lucide-react';
import { Section } from './section.tsx';

const GROUPS = [
  {
    icon: Camera,
    title: 'Captura',
    items: [
      'Código QR da AT lido pela câmara',
      'OCR em português para fotografias e PDF',
      'Registo manual com NIF validado',
      'Até 5 imagens por fatura no plano Personal',
    ],
  },
  {
    icon: Wallet,
    title: 'Pagamentos',
    items: [
      'Estados pendente, paga e vencida',
      'Datas de vencimento e faturas urgentes',
      'Método de pagamento: dinheiro, cartão ou outro',
      'Notas de crédito a abater ao total e ao IVA',
    ],
  },
  {
    icon: Building2,
    title: 'Fornecedores',
    items: [
      'Fichas de fornecedor criadas a partir da fatura',
      'Todas as faturas de um NIF numa só lista',
      'Limites de despesa com avisos',
      'Dez categorias prontas e categorias suas no Empresarial',
    ],
  },
  {
    icon: FileBarChart,
    title: 'Relatórios',
    items: [
      'Resumo mensal com IVA dedutível',
      'Gráficos por fornecedor e por categoria',
      'Objetivos de poupança',
      'CMV e vendas para empresas',
    ],
  },
  {
    icon: Users,
    title: 'Equipas',
    items: [
      'Perfis com PIN de 4 a 6 dígitos',
      'Funções com permissões diferentes',
      'Cada ação fica registada com o autor',
      'Gestão pelo utilizador principal',
    ],
  },
] as const;

export function FeatureGroups() {
  return (
    <Section
      id="funcionalidades"
      eyebrow="Funcionalidades"
      title="Tudo o que precisa para as faturas de fornecedores"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {GROUPS.map((group) => (
          <li key={group.title} className="rounded-2xl border border-slate-200 p-5">
            <h3 className="flex items-center gap-2 font-semibold text-slate-900">
              <group.icon className="text-brand-700 size-5" aria-hidden />
              {group.title}
            </h3>
            <ul className="mt-4 space-y-2.5 text-sm text-slate-700">
              {group.items.map((item) => (
                <li key={item} className="flex gap-2">
                  <Check className="text-brand-600 mt-0.5 size-4 shrink-0" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
