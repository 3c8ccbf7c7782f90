// The team page rendered to markup (no browser), from answers seeded in the cache as GET
// /api/team gives them: each state says what it must — loading, the load error, the empty
// lists, the role icons and labels, active and inactive profiles, the invitations' expiry in
// pt-PT — and the main PIN form asks for the current PIN only once one is set.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { ApiError } from '#web/lib/call-api.ts';
import { teamKeys } from '#web/lib/query-keys.ts';
import type { Team } from '../api/get-team.ts';
import { MainPinCard } from './main-pin-card.tsx';
import { TeamContent, TeamsScreen } from './teams-screen.tsx';

const EMPTY_TEAM: Team = {
  enabled: false,
  mainPinSet: false,
  subUsers: [],
  members: [],
  invitations: [],
};

const FULL_TEAM: Team = {
  enabled: true,
  mainPinSet: true,
  subUsers: [
    {
      id: '6f1c2a9e-0000-4000-8000-000000000001',
      name: 'Marta Gestora',
      role: 'manager',
      isActive: true,
      createdAt: '2026-01-10T10:00:00.000Z',
    },
    {
      id: '6f1c2a9e-0000-4000-8000-000000000002',
      name: 'Rui Caixa',
      role: 'user',
      isActive: false,
      createdAt: '2026-01-11T10:00:00.000Z',
    },
    {
      id: '6f1c2a9e-0000-4000-8000-000000000003',
      name: 'Sofia Admin',
      role: 'administrator',
      isActive: true,
      createdAt: '2026-01-12T10:00:00.000Z',
    },
  ],
  members: [
    {
      userId: 'user-2',
      name: 'Joana Contas',
      email: 'joana@exemplo.pt',
      role: 'manager',
      joinedAt: '2026-02-01T09:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: '6f1c2a9e-0000-4000-8000-0000000000aa',
      email: 'pedro@exemplo.pt',
      role: 'user',
      expiresAt: '2026-03-05T23:30:00.000Z',
      createdAt: '2026-02-26T23:30:00.000Z',
    },
  ],
};

function render(node: React.ReactNode, client = new QueryClient()): string {
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

test('an empty team says there are no sub-users, members or pending invitations', () => {
  const html = render(<TeamContent team={EMPTY_TEAM} canSetMainPin />);
  expect(html).toContain('Ainda não há sub-utilizadores');
  expect(html).toContain('Ainda não há membros');
  expect(html).toContain('Não há convites pendentes');
  expect(html).toContain('Ainda não configurou o PIN principal.');
  expect(html).toMatch(/role="switch" aria-checked="false"/);
  expect(html).toContain('Novo sub-utilizador');
  expect(html).toContain('Enviar convite');
});

test('sub-users show their role’s icon and label and whether they are active', () => {
  const html = render(<TeamContent team={FULL_TEAM} canSetMainPin />);
  expect(html).toMatch(/role="switch" aria-checked="true"/);
  expect(html).not.toContain('Ainda não há sub-utilizadores');
  const rows = html.split('data-testid="sub-user-row"').slice(1);
  expect(rows).toHaveLength(3);
  const [marta, rui, sofia] = rows;
  expect(marta).toContain('data-role="manager"');
  expect(marta).toContain('Gestor');
  expect(marta).toContain('Ativo');
  expect(marta).toContain('aria-label="Desativar Marta Gestora"');
  expect(rui).toContain('data-role="user"');
  expect(rui).toContain('Utilizador');
  expect(rui).toContain('Inativo');
  expect(rui).toContain('aria-label="Reativar Rui Caixa"');
  expect(sofia).toContain('data-role="administrator"');
  expect(sofia).toContain('Administrador');
  // The role icons are lucide's crown, shield and user (spec accounts §2).
  expect(sofia).toContain('lucide-crown');
  expect(marta).toContain('lucide-shield');
  expect(rui).toContain('lucide-user');
});

test('members show their email, role and join date; invitations their expiry in pt-PT', () => {
  const html = render(<TeamContent team={FULL_TEAM} canSetMainPin />);
  const member = html.split('data-testid="member-row"')[1] ?? '';
  expect(member).toContain('Joana Contas');
  expect(member).toContain('joana@exemplo.pt');
  expect(member).toContain('Membro desde 1 de fevereiro de 2026');
  expect(member).toMatch(/<option value="manager" selected="">Gestor<\/option>/);
  expect(member).toContain('aria-label="Remover Joana Contas"');
  const invitation = html.split('data-testid="invitation-row"')[1] ?? '';
  expect(invitation).toContain('pedro@exemplo.pt');
  expect(invitation).toContain('Utilizador');
  // 23:30 UTC on 5 March is still 5 March in Lisbon (winter time, UTC+0).
  expect(invitation).toContain('Expira a 5 de março de 2026');
  expect(invitation).toContain('aria-label="Revogar o convite de pedro@exemplo.pt"');
});

test('the main PIN form asks for the current PIN once one is set; PIN fields use the numeric keypad', () => {
  const first = render(<MainPinCard isPinSet={false} canSet focusRequest={0} />);
  expect(first).not.toContain('PIN atual');
  expect(first).toContain('Configurar PIN');
  const change = render(<MainPinCard isPinSet canSet focusRequest={0} />);
  expect(change).toContain('PIN atual');
  expect(change).toContain('Novo PIN');
  expect(change).toContain('Alterar PIN');
  for (const html of [first, change]) {
    const inputs = html.match(/<input[^>]*>/g) ?? [];
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) {
      expect(input).toContain('type="password"');
      expect(input).toContain('inputMode="numeric"');
      expect(input).toContain('maxLength="6"');
    }
    expect(html).toContain('aria-label="Mostrar PIN"');
  }
});

test('only the account holder gets the main PIN form', () => {
  const html = render(<MainPinCard isPinSet canSet={false} focusRequest={0} />);
  expect(html).toContain('Só o titular da conta pode configurar o PIN principal.');
  expect(html).toContain('O PIN principal está configurado.');
  expect(html).not.toContain('<form');
});

test('while the team loads the page says so; a failed load shows the server’s message and a retry', async () => {
  expect(render(<TeamsScreen canSetMainPin />)).toContain('A carregar a equipa...');

  // A failed query is retried when a screen mounts; here the failure is what is on screen.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false } },
  });
  await client.prefetchQuery({
    queryKey: teamKeys.manage(),
    queryFn: () =>
      Promise.reject(new ApiError(500, 'INTERNAL', 'Não foi possível carregar a equipa.')),
  });
  const failed = render(<TeamsScreen canSetMainPin />, client);
  expect(failed).toContain('role="alert"');
  expect(failed).toContain('Não foi possível carregar a equipa.');
  expect(failed).toContain('Tentar novamente');

  const loaded = new QueryClient();
  loaded.setQueryData(teamKeys.manage(), FULL_TEAM);
  expect(render(<TeamsScreen canSetMainPin />, loaded)).toContain('Marta Gestora');
});
