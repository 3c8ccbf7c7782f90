import { LandingPage } from '#web/features/landing/components/landing-page.tsx';

export function HomePage() {
  return <LandingPage />;
}
