import { Cookie, Database, Download, ImageOff, KeyRound, Lock } from 'lucide-react';
import { Section } from './section.tsx';

const MEASURES = [
  {
    icon: Database,
    title: 'Isolamento por conta (RLS)',
    text: 'Cada consulta à base de dados é filtrada pela sua conta no servidor. Ninguém vê as faturas de outra conta.',
  },
  {
    icon: Lock,
    title: 'Ligações cifradas',
    text: 'Todo o tráfego passa por HTTPS e a sessão vive num cookie inacessível a scripts, com proteção contra pedidos forjados.',
  },
  {
    icon: KeyRound,
    title: 'Palavras-passe e PIN protegidos',
    text: 'Guardados apenas como hash argon2id. As tentativas de entrada são limitadas por conta e por endereço IP.',
  },
  {
    icon: ImageOff,
    title: 'Fotografias sem metadados',
    text: 'As imagens são verificadas e gravadas de novo, sem localização GPS nem outros metadados da câmara.',
  },
  {
    icon: Cookie,
    title: 'Sem publicidade nem rastreio',
    text: 'Usamos apenas o cookie de sessão indispensável. Não há anúncios nem ferramentas de análise de terceiros.',
  },
  {
    icon: Download,
    title: 'Os dados são seus',
    text: 'Pode exportar as suas faturas e apagar a conta quando quiser, nos termos da nossa política de privacidade.',
  },
] as const;

export function Security() {
  return (
    <Section
      id="seguranca"
      eyebrow="Segurança"
      title="Faturas têm NIF, valores e moradas. Tratamo-las com cuidado."
      tone="dark"
      intro="Medidas técnicas reais, descritas sem exageros."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {MEASURES.map((item) => (
          <li key={item.title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
            <item.icon className="text-brand-300 size-6" aria-hidden />
            <h3 className="mt-4 font-semibold text-white">{item.title}</h3>
            <p className="text-brand-100 mt-2 text-sm">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
