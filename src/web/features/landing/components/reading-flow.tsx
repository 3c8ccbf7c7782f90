import { Camera, CloudUpload, FileSearch, QrCode, ShieldCheck } from 'lucide-react';
import { Section } from './section.tsx';

const STEPS = [
  {
    icon: Camera,
    title: 'Apontar a câmara',
    text: 'Abra o scanner no telemóvel e enquadre a fatura. Também pode escolher uma fotografia ou um PDF.',
  },
  {
    icon: QrCode,
    title: 'Ler o código QR',
    text: 'O código QR da AT é lido no próprio dispositivo, em menos de um segundo na maioria dos casos.',
  },
  {
    icon: FileSearch,
    title: 'Extrair os dados',
    text: 'NIF, data, número, ATCUD, IVA por taxa e total. Sem QR, o OCR lê o texto da imagem.',
  },
  {
    icon: ShieldCheck,
    title: 'Validar',
    text: 'O NIF, as datas e as somas do IVA são verificados, e os duplicados são assinalados antes de guardar.',
  },
  {
    icon: CloudUpload,
    title: 'Sincronizar',
    text: 'A fatura fica guardada na sua conta e aparece em todos os seus dispositivos e na sua equipa.',
  },
] as const;

export function ReadingFlow() {
  return (
    <Section
      id="leitura"
      eyebrow="Leitura de faturas"
      title="Como a Papelada lê uma fatura"
      intro="Em média, menos de 5 segundos desde que aponta a câmara até a fatura estar guardada."
      tone="muted"
    >
      <ol className="grid gap-4 md:grid-cols-5">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <div className="flex items-center gap-3">
              <span className="bg-brand-700 flex size-8 items-center justify-center rounded-full text-sm font-bold text-white">
                {index + 1}
              </span>
              <step.icon className="text-brand-700 size-5" aria-hidden />
            </div>
            <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
