import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { Advantages } from './advantages.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { Faq } from './faq.tsx';
import { FeatureGroups } from './feature-groups.tsx';
import { Hero } from './hero.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { Integrations } from './integrations.tsx';
import { Pricing } from './pricing.tsx';
import { ReadingFlow } from './reading-flow.tsx';
import { Security } from './security.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { StatsStrip } from './stats-strip.tsx';

/** Spec invoice-work §2 "Landing page": sections follow the header's anchor order. */
export function LandingPage() {
  useDocumentTitle('Scanner de faturas português');
  return (
    <>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <StatsStrip />
        <HowItWorks />
        <Advantages />
        <FeatureGroups />
        <ReadingFlow />
        <Integrations />
        <Security />
        <Pricing />
        <Faq />
        <ClosingCta />
      </main>
      <SiteFooter />
    </>
  );
}
