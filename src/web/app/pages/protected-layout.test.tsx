// @vitest-environment happy-dom
// The protected layout and who acts (ADR 024, spec accounts §2/§4): no page while no profile
// is chosen, and a refusal for that reason from any call brings 'Acesso à Conta' back — once,
// centrally (lib/query-client.ts), not per screen.
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test watches what lib/toast.ts hands sonner
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { resolveCapabilities } from '#shared/capabilities.ts';
import type { Actor } from '#shared/permissions.ts';
import { planAccessFor } from '#shared/plans.ts';
import { TEAM_MESSAGES, type ActingProfile } from '#shared/team.ts';
import {
  fakeServer,
  json,
  refusal,
  teamAccessAnswer,
  testQueryClient,
} from '#web/features/teams/access/access-test-kit.tsx';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { refetchProfileOnRefusal } from '#web/lib/query-client.ts';
import { AppBottomNav } from './app-bottom-nav.tsx';
import { ProtectedLayout } from './protected-layout.tsx';

const SESSION = {
  user: { id: 'user-1', email: 'empresa@exemplo.pt', name: 'Empresa Exemplo' },
  session: { id: 'session-1', expiresAt: '2099-01-01T00:00:00.000Z' },
};

const ACTORS: Record<ActingProfile['kind'], Actor> = {
  main: { kind: 'main' },
  pending: { kind: 'pending' },
  'sub-user': { kind: 'sub-user', role: 'user', subUserId: 's1' },
  member: { kind: 'member', role: 'user', userId: 'u2' },
};

/** GET /api/profile for whoever acts, with the rights the server resolves for them. */
function profileAnswer(acting: ActingProfile) {
  return {
    displayName: 'Empresa Exemplo',
    email: SESSION.user.email,
    photoUrl: null,
    accountType: 'empresa',
    planId: 'enterprise_500',
    monthlyInvoiceLimit: 500,
    invoiceViewMode: 'grid',
    teamManagementEnabled: true,
    acting,
    ...resolveCapabilities({
      actor: ACTORS[acting.kind],
      plan: planAccessFor('enterprise_500'),
    }),
  };
}

const MAIN: ActingProfile = { kind: 'main', name: 'Empresa Exemplo', teamManagement: true };
const PENDING: ActingProfile = { kind: 'pending', name: 'Empresa Exemplo' };
const RUI: ActingProfile = { kind: 'sub-user', name: 'Rui', role: 'user', subUserId: 's1' };

/** A page that asks the server for something when told to, and the phone's navigation. */
function TestPage() {
  const categories = useQuery({
    queryKey: ['test-page', 'categories'],
    queryFn: () => callApi(() => api.api.categories.$get(), 'Erro'),
    enabled: false,
  });
  return (
    <main>
      <h1>Conteúdo da página</h1>
      <button type="button" onClick={() => void categories.refetch()}>
        Carregar
      </button>
      <AppBottomNav />
    </main>
  );
}

function renderProtected() {
  const queryClient = testQueryClient();
  const rootRoute = createRootRoute({ component: Outlet });
  const appRoute = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: Outlet });
  const protectedRoute = createRoute({
    getParentRoute: () => appRoute,
    id: 'protected',
    beforeLoad: () => ({ session: SESSION }),
    component: ProtectedLayout,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      appRoute.addChildren([
        protectedRoute.addChildren([
          createRoute({ getParentRoute: () => protectedRoute, path: '/', component: TestPage }),
        ]),
      ]),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const stop = refetchProfileOnRefusal(queryClient);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { stop };
}

/**
 * The layout's lazy screens are transformed on first import; under a loaded machine that took
 * longer than a `findBy…` waits (1 s), so the first test failed now and then. Imported here once,
 * their `lazy()` resolves at once in every test.
 */
beforeAll(async () => {
  await Promise.all([
    import('#web/features/teams/access/components/account-access-screen.tsx'),
    import('#web/features/notifications/components/push-prompt.tsx'),
  ]);
});

/**
 * Once someone acts, the layout starts the app's bootstrap (its own client, its own phases
 * over 2 s). Started here for the test session against a server that never answers, it stays
 * on its first step, so nothing of it reaches this file's fake server or another file's.
 */
beforeAll(async () => {
  vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
  const [{ queryClient }, { bootstrapSession }] = await Promise.all([
    import('#web/lib/query-client.ts'),
    import('../bootstrap.ts'),
  ]);
  void bootstrapSession(queryClient, SESSION.session.id);
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.unstubAllGlobals();
});

let stopWatching: () => void = () => {};
let toastError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  toastError = vi.spyOn(toast, 'error').mockReturnValue(1);
});

afterEach(() => {
  stopWatching();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const COUNTER = { current_count: 3, monthly_limit: 500, percentage_used: 1, is_at_limit: false };

test("with no profile chosen the layout shows 'Acesso à Conta': no page content, no bottom navigation", async () => {
  const { calls } = fakeServer({
    'GET /api/profile': () => json(200, profileAnswer(PENDING)),
    'GET /api/team-access': () => json(200, teamAccessAnswer()),
  });
  ({ stop: stopWatching } = renderProtected());
  expect(await screen.findByRole('heading', { name: 'Acesso à Conta' })).toBeTruthy();
  expect(screen.queryByText('Conteúdo da página')).toBeNull();
  expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
  // Nothing of the account was asked for while no one acts.
  expect(calls.some((call) => call.path.startsWith('/api/invoices'))).toBe(false);
});

test('a Utilizador sees the page, and its bottom navigation without Resumo', async () => {
  fakeServer({
    'GET /api/profile': () => json(200, profileAnswer(RUI)),
    'GET /api/invoices/counter': () => json(200, COUNTER),
  });
  ({ stop: stopWatching } = renderProtected());
  const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
  await waitFor(() => expect(within(nav).getAllByRole('link').length).toBeGreaterThan(0));
  const links = within(nav).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('aria-label') ?? link.textContent)).toEqual([
    'Faturas',
    'Scanner',
    expect.stringMatching(/^Nova fatura/),
    'Entidades',
  ]);
});

test('the account holder sees Resumo in the bottom navigation', async () => {
  fakeServer({
    'GET /api/profile': () => json(200, profileAnswer(MAIN)),
    'GET /api/invoices/counter': () => json(200, COUNTER),
  });
  ({ stop: stopWatching } = renderProtected());
  const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
  expect(await within(nav).findByRole('link', { name: 'Resumo' })).toBeTruthy();
});

test.each([
  ['PROFILE_SELECTION_REQUIRED', TEAM_MESSAGES.profileSelectionRequired],
  ['TEAM_SESSION_ENDED', TEAM_MESSAGES.teamSessionEnded],
])(
  'a %s refusal of any call refetches the profile and brings back the selection screen',
  async (code, message) => {
    let acting: ActingProfile = RUI;
    const { calls } = fakeServer({
      'GET /api/profile': () => json(200, profileAnswer(acting)),
      'GET /api/team-access': () => json(200, teamAccessAnswer()),
      'GET /api/invoices/counter': () => json(200, COUNTER),
      'GET /api/categories': () => refusal(403, code, message),
    });
    ({ stop: stopWatching } = renderProtected());
    await screen.findByText('Conteúdo da página');
    const profileFetches = () => calls.filter((call) => call.path === '/api/profile').length;
    expect(profileFetches()).toBe(1);

    // The session ended on the server (e.g. the sub-user was deactivated elsewhere).
    acting = PENDING;
    fireEvent.click(screen.getByRole('button', { name: 'Carregar' }));
    expect(await screen.findByRole('heading', { name: 'Acesso à Conta' })).toBeTruthy();
    expect(screen.queryByText('Conteúdo da página')).toBeNull();
    expect(profileFetches()).toBe(2);
    if (code === 'TEAM_SESSION_ENDED') {
      expect(toastError).toHaveBeenCalledWith(message, {
        id: 'team-session-ended',
        duration: 5000,
      });
    } else {
      expect(toastError).not.toHaveBeenCalled();
    }
  },
);

test('any other 403 leaves the profile alone', async () => {
  const { calls } = fakeServer({
    'GET /api/profile': () => json(200, profileAnswer(RUI)),
    'GET /api/invoices/counter': () => json(200, COUNTER),
    'GET /api/categories': () => refusal(403, 'FORBIDDEN', 'Não tem permissão para esta ação.'),
  });
  ({ stop: stopWatching } = renderProtected());
  await screen.findByText('Conteúdo da página');
  const profileFetches = () => calls.filter((call) => call.path === '/api/profile').length;
  fireEvent.click(screen.getByRole('button', { name: 'Carregar' }));
  await waitFor(() =>
    expect(calls.filter((call) => call.path === '/api/invoices/counter').length).toBeGreaterThan(0),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(profileFetches()).toBe(1);
  expect(screen.getByText('Conteúdo da página')).toBeTruthy();
});
