// What the component tests of 'Acesso à Conta' share: a fake of the server at the edge (the
// browser's fetch), and the screen rendered inside the app's providers (TanStack Query and a
// memory router whose '/' is the home page). Never imported by the app.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

export type FakeCall = { method: string; path: string; body: unknown };
type Handler = (body: unknown, call: number) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server's one error shape (STYLE.md "Boundaries"). */
export function refusal(
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
): Response {
  return json(status, { error: { code, message, ...(details ? { details } : {}) } });
}

/**
 * Replaces fetch with answers by 'METHOD /path'; every call is recorded. A route without a
 * handler answers 404, so a test sees a call it did not expect.
 */
export function fakeServer(handlers: Record<string, Handler>): { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: url.pathname, body };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const handler = handlers[key];
    const count = calls.filter((c) => `${c.method} ${c.path}` === key).length;
    return handler ? handler(body, count) : refusal(404, 'NOT_FOUND', `Sem resposta para ${key}`);
  });
  return { calls };
}

export const SUB_USERS = [
  { id: '6f1c2a9e-0000-4000-8000-000000000001', name: 'Ana Gestora', role: 'manager' },
  { id: '6f1c2a9e-0000-4000-8000-000000000002', name: 'Rui Caixa', role: 'user' },
  { id: '6f1c2a9e-0000-4000-8000-000000000003', name: 'Sofia Admin', role: 'administrator' },
] as const;

export function teamAccessAnswer(subUsers: ReadonlyArray<(typeof SUB_USERS)[number]> = SUB_USERS) {
  return {
    teamManagementEnabled: true,
    mainPinSet: true,
    subUsers,
    acting: { kind: 'pending', name: 'Empresa Exemplo' },
  };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders `screen` at /acesso; the home page ('/') says 'Página inicial'. */
export function renderAt(screen: ReactNode, queryClient = testQueryClient()) {
  const rootRoute = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/',
        component: () => <p>Página inicial</p>,
      }),
      createRoute({ getParentRoute: () => rootRoute, path: '/acesso', component: () => screen }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/acesso'] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
