// Loaded after the page (main.tsx), never with it: the offline banner and the update prompt
// get their own small React root outside the router, and the service worker is registered.
import { StrictMode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { OfflineBanner } from './components/offline-banner.tsx';
import { UpdatePrompt } from './components/update-prompt.tsx';
import { registerServiceWorker } from './register-service-worker.ts';

let isStarted = false;

export function startPwa(): void {
  if (isStarted) return;
  isStarted = true;
  // Only a build has /sw.js; Vite's dev server (the one with hot reload) serves the modules
  // as they change. Not `import.meta.env.PROD`: the browser tests build under NODE_ENV=test.
  if (!import.meta.hot && 'serviceWorker' in navigator) {
    registerServiceWorker().catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  }
  // Before the app, in the flow: the banner pushes the page down instead of covering it.
  const host = document.createElement('div');
  document.body.prepend(host);
  createRoot(host).render(
    <StrictMode>
      <OfflineBanner />
      {createPortal(<UpdatePrompt />, document.body)}
    </StrictMode>,
  );
}
