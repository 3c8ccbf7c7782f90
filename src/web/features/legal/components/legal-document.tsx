import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PublicHeader } from '#web/components/layout/public-header.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export type LegalSection = { id: string; title: string; body: ReactNode };

type LegalDocumentProps = {
  title: string;
  updatedOn: string;
  summary: ReactNode;
  sections: readonly LegalSection[];
};

// Long-form reading: a narrow measure, generous line height and a linked table of contents.
const prose =
  'text-slate-700 leading-7 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6';

export function LegalDocument({ title, updatedOn, summary, sections }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <div className="min-h-dvh bg-white">
      <PublicHeader width="max-w-3xl" />

      <main id="conteudo" tabIndex={-1} className="px-4 py-10 focus:outline-none sm:px-6 md:py-14">
        <article className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-600">Última atualização: {updatedOn}</p>
          <div className={`mt-6 text-lg ${prose}`}>{summary}</div>

          <nav aria-labelledby="indice" className="mt-8 rounded-2xl bg-slate-50 p-5 sm:p-6">
            <h2 id="indice" className="font-semibold text-slate-900">
              Índice
            </h2>
            <ol className="mt-3 list-decimal space-y-1.5 pl-6 text-slate-700 sm:columns-2 sm:gap-8">
              {sections.map((section) => (
                <li key={section.id} className="break-inside-avoid">
                  <a
                    href={`#${section.id}`}
                    className="hover:text-brand-800 rounded-sm hover:underline"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-titulo`}
              className="mt-10"
            >
              <h2 id={`${section.id}-titulo`} className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className={prose}>{section.body}</div>
            </section>
          ))}
        </article>
      </main>

      <footer className="border-t border-slate-200 px-4 py-8 text-sm text-slate-600 sm:px-6">
        <div className="mx-auto flex max-w-3xl flex-col gap-3 sm:flex-row sm:justify-between">
          <p>© 2026 Papelada</p>
          <ul className="flex gap-4">
            <li>
              <Link to="/termos-servico" className="hover:text-slate-900 hover:underline">
                Termos de Serviço
              </Link>
            </li>
            <li>
              <Link to="/politica-privacidade" className="hover:text-slate-900 hover:underline">
                Política de Privacidade
              </Link>
            </li>
          </ul>
        </div>
      </footer>
    </div>
  );
}
