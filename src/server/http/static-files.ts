// Serves the built SPA (dist/web). Hashed files under /assets are cached for a year;
// index.html is never cached so a new deploy is picked up at once. Any other GET for
// a path without a file extension falls back to index.html (client-side routes).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export function staticFiles(webDir: string) {
  const app = new Hono();
  const indexFile = path.join(webDir, 'index.html');

  // Set after the file is found: a 404 must never be cached for a year.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok) {
      c.res.headers.set(
        'Cache-Control',
        c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      );
    }
  });
  app.use('*', serveStatic({ root: webDir }));

  app.get('*', (c) => {
    if (path.extname(c.req.path) !== '' || !existsSync(indexFile)) return c.notFound();
    c.header('Cache-Control', REVALIDATE);
    // Read per request: index.html is small and a rebuild during `npm run dev` replaces it.
    return c.html(readFileSync(indexFile, 'utf8'));
  });

  return app;
}
