import { useEffect, useState } from 'react';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { Hero } from './hero.tsx';
import { SiteHeader } from './site-header.tsx';

// The header and the hero are what the first screen shows; the sections below them (and
// their icons, the pricing cards, the newsletter form) are a second chunk, asked for once the
// hero has been painted — not during its render — so they never compete with it (DESIGN.md
// budget: /home ≤ 120 KB gzip of initial JavaScript). A link to a section (/home#precos)
// scrolls there when the sections arrive (landing-sections.tsx).
const loadSections = () => import('./landing-sections.tsx');
type Sections = Awaited<ReturnType<typeof loadSections>>;

/** The sections' module, asked for after the first commit; null until it has arrived. */
function useSectionsAfterHero(): Sections | null {
  const [sections, setSections] = useState<Sections | null>(null);
  useEffect(() => {
    let isMounted = true;
    // After the frame that paints the hero: React may run this effect in the same task as
    // the commit, before the browser has drawn anything.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        loadSections().then(
          (loaded) => {
            if (isMounted) setSections(loaded);
          },
          // Offline before the chunk came: the first screen stays, without the sections.
          () => {},
        );
      }, 0);
    });
    return () => {
      isMounted = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return sections;
}

/** Spec invoice-work §2 "Landing page": sections follow the header's anchor order. */
export function LandingPage() {
  useDocumentTitle('Scanner de faturas português');
  const sections = useSectionsAfterHero();
  return (
    <>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="focus:outline-none">
        <Hero />
        {sections ? <sections.LandingSections /> : null}
      </main>
      {sections ? <sections.LandingFooter /> : null}
    </>
  );
}
