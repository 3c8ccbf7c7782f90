import { Link } from '@tanstack/react-router';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Logo } from '#web/components/ui/logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { SECTION_LINKS } from './nav-links.ts';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          to="/home"
          className="shrink-0 rounded-md"
          aria-label="Papelada — início da página"
          onClick={() => window.scrollTo({ top: 0 })}
        >
          <Logo wordmarkClassName="md:max-lg:sr-only" />
        </Link>

        <nav aria-label="Secções da página" className="hidden md:block">
          <ul className="flex items-center lg:gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  className="rounded-md px-1.5 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:px-3"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {/* Variant-scoped hiding (max-md) so it overrides the base inline-flex without merging. */}
          <Link
            to="/auth"
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-md:hidden' })}
          >
            Entrar
          </Link>
          <Link to="/auth" search={{ signup: true }} className={buttonVariants({ size: 'sm' })}>
            Começar grátis
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
