import '@fontsource-variable/inter/wght.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker, the offline banner and the update prompt (ADR 029) come well after the
// page — 5 s past its load, then an idle moment — so neither their code nor the worker's
// precaching competes with the first page's own requests on a slow phone. At once when the
// app opens offline, where the banner is the news.
const startPwa = () => void import('./features/pwa/start-pwa.tsx').then((m) => m.startPwa());
const whenIdle = () => requestIdleCallback(startPwa, { timeout: 5000 });
if (!navigator.onLine) startPwa();
else
  window.addEventListener('load', () =>
    setTimeout('requestIdleCallback' in window ? whenIdle : startPwa, 5000),
  );
