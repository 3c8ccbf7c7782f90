import { Hono } from 'hono';

// Accounts do not exist yet (they arrive with Better Auth in the accounts issue), so
// nobody can be signed in: the session is always null. The path and the `null` body are
// exactly those of Better Auth's get-session endpoint, which replaces this route.
export function sessionRoutes() {
  return new Hono().get('/get-session', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(null);
  });
}
