import { Link } from '@tanstack/react-router';
import { useRef, type MouseEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet, SheetContent } from '#web/components/ui/sheet.tsx';
import { SECTION_LINKS } from './nav-links.ts';

type MobileMenuSheetProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

/**
 * A section link closes the sheet first and only then scrolls and moves focus to the
 * section, so the dialog's scroll lock and focus return do not fight the jump.
 */
export function MobileMenuSheet({ isOpen, onOpenChange }: MobileMenuSheetProps) {
  const pendingTarget = useRef<string | null>(null);

  function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
    event.preventDefault();
    pendingTarget.current = id;
    onOpenChange(false);
  }

  function handleCloseAutoFocus(event: Event) {
    const id = pendingTarget.current;
    pendingTarget.current = null;
    const section = id ? document.getElementById(id) : null;
    if (!section) return;
    event.preventDefault();
    section.scrollIntoView({ block: 'start' });
    section.focus({ preventScroll: true });
  }

  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange}>
      <SheetContent title="Menu" onCloseAutoFocus={handleCloseAutoFocus}>
        <nav aria-label="Menu principal">
          <ul className="flex flex-col gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  onClick={(event) => goToSection(event, link.id)}
                  className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto flex flex-col gap-2 border-t border-slate-200 pt-4">
          <Button asChild variant="outline" size="lg">
            <Link to="/auth">Entrar</Link>
          </Button>
          <Button asChild size="lg">
            <Link to="/auth" search={{ signup: true }}>
              Começar grátis
            </Link>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
