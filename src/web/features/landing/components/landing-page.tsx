import { lazy, Suspense } from 'react';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { Hero } from './hero.tsx';
import { SiteHeader } from './site-header.tsx';

// The header and the hero are what the first screen shows; the sections below them (and
// their icons, the pricing cards, the newsletter form) are a second chunk requested as soon
// as the hero has rendered, so they do not delay it (DESIGN.md budget: /home ≤ 120 KB gzip
// of initial JavaScript).
const loadSections = () => import('./landing-sections.tsx');
const LandingSections = lazy(() => loadSections().then((m) => ({ default: m.LandingSections })));
const LandingFooter = lazy(() => loadSections().then((m) => ({ default: m.LandingFooter })));

/** Spec invoice-work §2 "Landing page": sections follow the header's anchor order. */
export function LandingPage() {
  useDocumentTitle('Scanner de faturas português');
  return (
    <>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <Suspense fallback={null}>
          <LandingSections />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <LandingFooter />
      </Suspense>
    </>
  );
}
