import { useEffect } from 'react';
import { Advantages } from './advantages.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { Faq } from './faq.tsx';
import { FeatureGroups } from './feature-groups.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { Integrations } from './integrations.tsx';
import { Pricing } from './pricing.tsx';
import { ReadingFlow } from './reading-flow.tsx';
import { Security } from './security.tsx';
import { SiteFooter } from './site-footer.tsx';
import { StatsStrip } from './stats-strip.tsx';

/**
 * Everything below the hero, in its own chunk (see landing-page.tsx). A visitor who arrived
 * on `/home#precos` is brought to the section once it exists: the browser and the router
 * looked for it before this chunk had rendered it.
 */
export function LandingSections() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <>
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
    </>
  );
}

export { SiteFooter as LandingFooter };
