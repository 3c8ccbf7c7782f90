import { Link } from '@tanstack/react-router';
import { Logo } from '#web/components/ui/logo.tsx';
import { SECTION_LINKS } from './nav-links.ts';
import { NewsletterForm } from './newsletter-form.tsx';

const linkClass = 'rounded-sm text-sm text-slate-300 hover:text-white';

export function SiteFooter() {
  return (
    <footer className="bg-slate-900 px-4 pt-14 pb-8 sm:px-6">
      <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-2 lg:grid-cols-[1.3fr_1.4fr_1.3fr]">
        <div>
          <Logo onDark />
          <p className="mt-4 max-w-xs text-sm text-slate-300">
            Faturas de fornecedores organizadas, do código QR da AT ao pagamento.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8">
          <nav aria-labelledby="rodape-produto">
            <h2 id="rodape-produto" className="text-sm font-semibold text-white">
              Produto
            </h2>
            <ul className="mt-3 space-y-2">
              {SECTION_LINKS.map((link) => (
                <li key={link.id}>
                  <a href={`#${link.id}`} className={linkClass}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="rodape-legal">
            <h2 id="rodape-legal" className="text-sm font-semibold text-white">
              Legal
            </h2>
            <ul className="mt-3 space-y-2">
              <li>
                <Link to="/termos-servico" className={linkClass}>
                  Termos de Serviço
                </Link>
              </li>
              <li>
                <Link to="/politica-privacidade" className={linkClass}>
                  Política de Privacidade
                </Link>
              </li>
              <li>
                <Link to="/encryption-diagnostic" className={linkClass}>
                  Diagnóstico de segurança
                </Link>
              </li>
              <li>
                <a href="mailto:ola@papelada.pt" className={linkClass}>
                  ola@papelada.pt
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <NewsletterForm />
      </div>
      <p className="mx-auto mt-12 max-w-6xl border-t border-slate-800 pt-6 text-sm text-slate-400">
        © 2026 Papelada. Feito em Portugal.
      </p>
    </footer>
  );
}
