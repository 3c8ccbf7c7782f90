import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport.ts';
import { FAQ_GROUPS } from './faq-questions.ts';
import { Section } from './section.tsx';

// The accordion (Radix, about 12 KB gzip) loads when the visitor nears the FAQ.
const FaqAccordion = lazy(() =>
  import('./faq-accordion.tsx').then((m) => ({ default: m.FaqAccordion })),
);

/** Until the accordion arrives, the same questions show as closed rows. */
function FaqPlaceholder({ groupIndex }: { groupIndex: number }) {
  return (
    <ul className="mt-2" aria-busy>
      {FAQ_GROUPS[groupIndex]?.questions.map((item) => (
        <li
          key={item.id}
          className="flex items-center justify-between gap-4 border-b border-slate-200 py-4 font-medium text-slate-900 last:border-b-0"
        >
          {item.question}
          <ChevronDown className="size-5 shrink-0 text-slate-500" aria-hidden />
        </li>
      ))}
    </ul>
  );
}

export function Faq() {
  const ref = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(ref);
  return (
    <Section id="faq" eyebrow="Perguntas frequentes" title="Dúvidas? Respondemos às mais comuns">
      <div ref={ref} className="grid gap-x-12 gap-y-10 lg:grid-cols-2">
        {FAQ_GROUPS.map((group, index) => (
          <div key={group.title}>
            <h3 className="text-lg font-semibold text-slate-900">{group.title}</h3>
            {isNear ? (
              <Suspense fallback={<FaqPlaceholder groupIndex={index} />}>
                <FaqAccordion questions={group.questions} />
              </Suspense>
            ) : (
              <FaqPlaceholder groupIndex={index} />
            )}
          </div>
        ))}
      </div>
    </Section>
  );
}
