import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';

// The dialog code (Radix, about 10 KB gzip) loads on the first tap, not with the page.
const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet.tsx').then((m) => ({ default: m.MobileMenuSheet })),
);
const preloadSheet = () => void import('./mobile-menu-sheet.tsx');

/** The side menu below 768 px (spec invoice-work §2). */
export function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);

  return (
    <>
      <button
        type="button"
        className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
        aria-label="Abrir menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPointerEnter={preloadSheet}
        onFocus={preloadSheet}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden />
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MobileMenuSheet isOpen={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
