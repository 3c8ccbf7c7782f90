// @vitest-environment happy-dom
// 'Acesso à Conta' in a browser-like DOM against a fake server (spec accounts §2, §4, §5, §8).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test watches what lib/toast.ts hands sonner
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { TEAM_MESSAGES } from '#shared/team.ts';
import {
  fakeServer,
  json,
  refusal,
  renderAt,
  SUB_USERS,
  teamAccessAnswer,
} from '../access-test-kit.tsx';
import { AccountAccessScreen } from './account-access-screen.tsx';

let success: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  success = vi.spyOn(toast, 'success').mockReturnValue(1);
  error = vi.spyOn(toast, 'error').mockReturnValue(1);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const [ana, rui, sofia] = SUB_USERS;

async function openScreen() {
  const view = renderAt(<AccountAccessScreen accountName="Empresa Exemplo" />);
  await screen.findByRole('combobox', { name: 'Utilizador' });
  return view;
}

function typePin(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function chooseSubUser(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Utilizador' }));
  fireEvent.click(screen.getByRole('option', { name: new RegExp(name) }));
}

function openMainTab() {
  fireEvent.click(screen.getByRole('tab', { name: 'Utilizador Principal' }));
}

test('the sub-user tab lists the active sub-users with their role icon, name and role label', async () => {
  fakeServer({ 'GET /api/team-access': () => json(200, teamAccessAnswer()) });
  await openScreen();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acesso à Conta');
  expect(screen.getByText('Conta de Empresa Exemplo')).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Sub-utilizador' }).getAttribute('aria-selected')).toBe(
    'true',
  );
  expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();

  fireEvent.click(screen.getByRole('combobox', { name: 'Utilizador' }));
  const options = screen.getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    'Ana GestoraGestor',
    'Rui CaixaUtilizador',
    'Sofia AdminAdministrador',
  ]);
  // Crown for the administrator, shield for the manager, a person for the user (spec §2).
  const iconOf = (option: HTMLElement) => option.querySelector('[data-role] svg')?.classList;
  expect(iconOf(options[0]!)?.contains('lucide-shield')).toBe(true);
  expect(iconOf(options[1]!)?.contains('lucide-user')).toBe(true);
  expect(iconOf(options[2]!)?.contains('lucide-crown')).toBe(true);
});

test('with no active sub-users the tab says so and offers no form', async () => {
  fakeServer({ 'GET /api/team-access': () => json(200, teamAccessAnswer([])) });
  renderAt(<AccountAccessScreen accountName={null} />);
  expect(await screen.findByText('Não foram encontrados sub-utilizadores ativos')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Entrar como Sub-utilizador' })).toBeNull();
});

test('the sub-user form asks for a user and a PIN of 4 to 6 digits before calling the server', async () => {
  const { calls } = fakeServer({ 'GET /api/team-access': () => json(200, teamAccessAnswer()) });
  await openScreen();
  const pin = screen.getByLabelText('PIN');
  expect(pin.getAttribute('inputmode')).toBe('numeric');
  expect(pin.getAttribute('maxlength')).toBe('6');
  expect(pin.getAttribute('type')).toBe('password');
  fireEvent.click(screen.getByRole('button', { name: 'Mostrar PIN' }));
  expect(pin.getAttribute('type')).toBe('text');

  fireEvent.click(screen.getByRole('button', { name: 'Entrar como Sub-utilizador' }));
  expect(screen.getByRole('alert').textContent).toBe(TEAM_MESSAGES.chooseSubUser);

  chooseSubUser(ana.name);
  typePin('PIN', '12');
  fireEvent.click(screen.getByRole('button', { name: 'Entrar como Sub-utilizador' }));
  expect(screen.getByRole('alert').textContent).toBe(TEAM_MESSAGES.pinFormat);
  expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
});

test('a chosen sub-user with its PIN enters: "A entrar...", the toast, then the home page', async () => {
  let answer: (response: Response) => void = () => {};
  const { calls } = fakeServer({
    'GET /api/team-access': () => json(200, teamAccessAnswer()),
    'POST /api/team-access/sub-user': () => new Promise<Response>((resolve) => (answer = resolve)),
  });
  const { router } = await openScreen();
  chooseSubUser(rui.name);
  typePin('PIN', '4321');
  fireEvent.click(screen.getByRole('button', { name: 'Entrar como Sub-utilizador' }));

  expect(
    (await screen.findByRole('button', { name: 'A entrar...' })).hasAttribute('disabled'),
  ).toBe(true);
  expect(calls.at(-1)).toEqual({
    method: 'POST',
    path: '/api/team-access/sub-user',
    body: { subUserId: rui.id, pin: '4321' },
  });
  act(() =>
    answer(
      json(200, {
        acting: { kind: 'sub-user', name: rui.name, role: 'user', subUserId: rui.id },
      }),
    ),
  );
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(success).toHaveBeenCalledWith('Sessão iniciada como Rui Caixa', { duration: 4000 });
  expect(await screen.findByText('Página inicial')).toBeTruthy();
});

test("a refused sub-user login shows the server's words for the spec's time: 6 s wrong PIN, 4 s inactive", async () => {
  const wrong = TEAM_MESSAGES.wrongSubUserPin(sofia.name);
  const inactive = TEAM_MESSAGES.inactiveSubUser(sofia.name);
  fakeServer({
    'GET /api/team-access': () => json(200, teamAccessAnswer()),
    'POST /api/team-access/sub-user': (_body, call) =>
      call === 1
        ? refusal(401, 'WRONG_PIN', wrong)
        : call === 2
          ? refusal(403, 'SUB_USER_INACTIVE', inactive)
          : refusal(403, 'TEAM_ACCESS_DENIED', TEAM_MESSAGES.teamAccessDenied),
  });
  const { router } = await openScreen();
  chooseSubUser(sofia.name);

  for (const [message, options] of [
    [wrong, { duration: 6000 }],
    [inactive, { duration: 4000 }],
    [TEAM_MESSAGES.teamAccessDenied, {}],
  ] as const) {
    typePin('PIN', '1111');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar como Sub-utilizador' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(error).toHaveBeenLastCalledWith(message, options);
    // The PIN is cleared for the next try.
    expect((screen.getByLabelText('PIN') as HTMLInputElement).value).toBe('');
  }
  expect(router.state.location.pathname).toBe('/acesso');
  expect(success).not.toHaveBeenCalled();
});

test('the main tab requires the main PIN, then enters with the spec toast and goes home', async () => {
  const { calls } = fakeServer({
    'GET /api/team-access': () => json(200, teamAccessAnswer()),
    'POST /api/team-access/main': () =>
      json(200, { acting: { kind: 'main', name: 'Empresa Exemplo', teamManagement: true } }),
  });
  const { router } = await openScreen();
  openMainTab();
  fireEvent.click(screen.getByRole('button', { name: 'Aceder como Utilizador Principal' }));
  expect(screen.getByRole('alert').textContent).toBe(TEAM_MESSAGES.mainPinRequired);
  typePin('PIN principal', '123');
  fireEvent.click(screen.getByRole('button', { name: 'Aceder como Utilizador Principal' }));
  expect(screen.getByRole('alert').textContent).toBe(TEAM_MESSAGES.pinFormat);
  expect(calls.some((call) => call.method === 'POST')).toBe(false);

  typePin('PIN principal', '123456');
  fireEvent.click(screen.getByRole('button', { name: 'Aceder como Utilizador Principal' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(calls.at(-1)?.body).toEqual({ pin: '123456' });
  expect(success).toHaveBeenCalledWith('Acesso autorizado como utilizador principal', {
    duration: 4000,
  });
});

test("wrong main PINs count 'Tentativa n/3', point to 'Esqueci o PIN' after two, then say the lock", async () => {
  fakeServer({
    'GET /api/team-access': () => json(200, teamAccessAnswer()),
    'POST /api/team-access/main': (_body, call) =>
      call <= 2
        ? refusal(401, 'WRONG_PIN', TEAM_MESSAGES.wrongMainPin, { failures: call })
        : refusal(429, 'PIN_LOCKED', TEAM_MESSAGES.locked),
  });
  await openScreen();
  openMainTab();
  const submit = () => {
    typePin('PIN principal', '9999');
    fireEvent.click(screen.getByRole('button', { name: 'Aceder como Utilizador Principal' }));
  };

  submit();
  await screen.findByText('Tentativa 1/3');
  expect(screen.getByRole('alert').textContent).toBe('PIN principal incorreto. Tentativa 1/3');
  expect(screen.queryByText('Muitas tentativas falhadas')).toBeNull();
  expect(error).toHaveBeenLastCalledWith('PIN principal incorreto.', {
    description: 'Tentativa 1/3',
  });

  submit();
  await screen.findByText('Tentativa 2/3');
  expect(screen.getByText('Muitas tentativas falhadas')).toBeTruthy();
  const hint = screen.getByRole('button', { name: TEAM_MESSAGES.useRecoveryHint });
  expect(error).toHaveBeenLastCalledWith('Muitas tentativas falhadas', {
    description: `Tentativa 2/3. ${TEAM_MESSAGES.useRecoveryHint}`,
  });

  submit();
  await screen.findByText(TEAM_MESSAGES.locked);
  expect(error).toHaveBeenLastCalledWith(TEAM_MESSAGES.locked, undefined);
  expect(screen.queryByText(/Tentativa/)).toBeNull();
  expect(hint.isConnected).toBe(false);
});

test('a main PIN never set says where to configure it', async () => {
  fakeServer({
    'GET /api/team-access': () => json(200, teamAccessAnswer()),
    'POST /api/team-access/main': () =>
      refusal(409, 'MAIN_PIN_NOT_SET', TEAM_MESSAGES.mainPinNotSet),
  });
  await openScreen();
  openMainTab();
  typePin('PIN principal', '1234');
  fireEvent.click(screen.getByRole('button', { name: 'Aceder como Utilizador Principal' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Configure o seu PIN principal primeiro nas definições',
  );
});

test("'Esqueci o PIN' opens the recovery view; 'Cancelar' goes back to the main PIN", async () => {
  fakeServer({ 'GET /api/team-access': () => json(200, teamAccessAnswer()) });
  await openScreen();
  openMainTab();
  fireEvent.click(screen.getByRole('button', { name: 'Esqueci o PIN' }));
  const recovery = screen.getByRole('region', { name: 'Recuperar PIN principal' });
  expect(within(recovery).getByRole('button', { name: 'Enviar Código' })).toBeTruthy();
  expect(screen.queryByRole('tablist')).toBeNull();
  fireEvent.click(within(recovery).getByRole('button', { name: 'Cancelar' }));
  expect(
    screen.getByRole('tab', { name: 'Utilizador Principal' }).getAttribute('aria-selected'),
  ).toBe('true');
  expect(screen.getByLabelText('PIN principal')).toBeTruthy();
});

test('a profile list that cannot load says so and tries again', async () => {
  fakeServer({
    'GET /api/team-access': (_body, call) =>
      call === 1 ? refusal(500, 'INTERNAL', 'Erro interno') : json(200, teamAccessAnswer()),
  });
  renderAt(<AccountAccessScreen accountName={null} />);
  expect((await screen.findByRole('alert')).textContent).toContain('Erro interno');
  fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  expect(await screen.findByRole('combobox', { name: 'Utilizador' })).toBeTruthy();
});
