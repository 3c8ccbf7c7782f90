// `npm start`: build the web bundle if missing or stale, then run the server, which
// applies migrations and serves the SPA and /api.
import { ensureWebBuild } from './web-build.ts';

await ensureWebBuild();
await import('../src/server/index.ts');
