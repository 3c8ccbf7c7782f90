// @vitest-environment happy-dom
// The main PIN's recovery view (spec accounts §2 "PIN recovery view", §4, §8, §9): its steps,
// its refusals, and the timings after 'PIN Definido!' (about 1 s to enter, 2 s to reset).
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test watches what lib/toast.ts hands sonner
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { RECOVERY_RESET_MS, TEAM_MESSAGES } from '#shared/team.ts';
import { fakeServer, json, refusal, testQueryClient } from '../access-test-kit.tsx';
import { PinRecovery, RECOVERY_SUCCESS_DELAY_MS } from './pin-recovery.tsx';

let success: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  success = vi.spyOn(toast, 'success').mockReturnValue(1);
  error = vi.spyOn(toast, 'error').mockReturnValue(1);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SENT = { success: true, message: 'Código de recuperação enviado para o email da conta.' };

function renderRecovery() {
  const onClose = vi.fn();
  const onRecovered = vi.fn(() => Promise.resolve());
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PinRecovery onClose={onClose} onRecovered={onRecovered} />
    </QueryClientProvider>,
  );
  return { onClose, onRecovered };
}

const button = (name: string) => screen.getByRole('button', { name });

async function goToSecondStep() {
  fireEvent.click(button('Enviar Código'));
  await screen.findByLabelText('Código de recuperação');
}

function fill(code: string, newPin: string) {
  fireEvent.change(screen.getByLabelText('Código de recuperação'), { target: { value: code } });
  fireEvent.change(screen.getByLabelText('Novo PIN'), { target: { value: newPin } });
}

test("first step: a prompt and 'Enviar Código'; 'Cancelar' is there and closes the view", () => {
  fakeServer({});
  const { onClose } = renderRecovery();
  expect(
    screen.getByText(/código de recuperação de 6 caracteres para o email da conta/),
  ).toBeTruthy();
  expect(button('Enviar Código')).toBeTruthy();
  expect(screen.queryByLabelText('Código de recuperação')).toBeNull();
  fireEvent.click(button('Cancelar'));
  expect(onClose).toHaveBeenCalledOnce();
});

test("sending the code says the server's refusal and stays on the first step", async () => {
  fakeServer({
    'POST /api/team-access/recovery/send': (_body, call) =>
      call === 1
        ? refusal(409, 'RECOVERY_PIN_NOT_SET', TEAM_MESSAGES.recoveryPinNotSet)
        : refusal(429, 'RECOVERY_RATE_LIMITED', TEAM_MESSAGES.recoveryRateLimited),
  });
  renderRecovery();
  fireEvent.click(button('Enviar Código'));
  expect((await screen.findByRole('alert')).textContent).toBe('PIN principal não configurado');
  fireEvent.click(button('Enviar Código'));
  expect((await screen.findByText(TEAM_MESSAGES.recoveryRateLimited)).getAttribute('role')).toBe(
    'alert',
  );
  // lib/toast.ts loads sonner before it calls it.
  await waitFor(() =>
    expect(error).toHaveBeenLastCalledWith(TEAM_MESSAGES.recoveryRateLimited, undefined),
  );
  expect(screen.queryByLabelText('Código de recuperação')).toBeNull();
});

test('second step: a code of at most 6 characters and a new PIN of 4 to 6 digits, both required', async () => {
  const { calls } = fakeServer({
    'POST /api/team-access/recovery/send': () => json(200, SENT),
    'POST /api/team-access/recovery/confirm': () =>
      refusal(400, 'RECOVERY_CODE_INVALID', TEAM_MESSAGES.recoveryCodeInvalid),
  });
  renderRecovery();
  await goToSecondStep();
  expect(success).toHaveBeenCalledWith(SENT.message, { duration: 5000 });
  expect(screen.getByLabelText('Código de recuperação').getAttribute('maxlength')).toBe('6');
  const pin = screen.getByLabelText('Novo PIN');
  expect(pin.getAttribute('maxlength')).toBe('6');
  expect(pin.getAttribute('inputmode')).toBe('numeric');
  expect(button('Cancelar')).toBeTruthy();

  fireEvent.click(button('Definir PIN'));
  expect(screen.getByRole('alert').textContent).toBe('Por favor, preencha todos os campos');
  fill('AB12CD', '12');
  fireEvent.click(button('Definir PIN'));
  expect(screen.getByRole('alert').textContent).toBe('PIN deve ter entre 4 a 6 dígitos numéricos');
  expect(calls.some((call) => call.path.endsWith('/confirm'))).toBe(false);

  fill('AB12CD', '2468');
  fireEvent.click(button('Definir PIN'));
  expect((await screen.findByText(TEAM_MESSAGES.recoveryCodeInvalid)).getAttribute('role')).toBe(
    'alert',
  );
  expect(calls.at(-1)).toEqual({
    method: 'POST',
    path: '/api/team-access/recovery/confirm',
    body: { code: 'AB12CD', newPin: '2468' },
  });
});

test("'PIN Definido!' shows at once; the main-user path runs after 1 s and the form resets after 2 s", async () => {
  fakeServer({
    'POST /api/team-access/recovery/send': () => json(200, SENT),
    'POST /api/team-access/recovery/confirm': () =>
      json(200, { acting: { kind: 'main', name: 'Empresa Exemplo', teamManagement: true } }),
  });
  const { onClose, onRecovered } = renderRecovery();
  await goToSecondStep();
  fill('ZX9876', '13579');

  vi.useFakeTimers();
  fireEvent.click(button('Definir PIN'));
  // The answer arrives (promises and the query client's own zero-delay batching).
  for (let i = 0; i < 5 && !screen.queryByText('PIN Definido!'); i += 1) {
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
  expect(screen.getByText('PIN Definido!')).toBeTruthy();
  expect(button('Cancelar').hasAttribute('disabled')).toBe(true);

  await act(() => vi.advanceTimersByTimeAsync(RECOVERY_SUCCESS_DELAY_MS - 1));
  expect(onRecovered).not.toHaveBeenCalled();
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(onRecovered).toHaveBeenCalledOnce();
  expect(RECOVERY_SUCCESS_DELAY_MS).toBe(1000);

  await act(() => vi.advanceTimersByTimeAsync(RECOVERY_RESET_MS - RECOVERY_SUCCESS_DELAY_MS - 1));
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByText('PIN Definido!')).toBeTruthy();
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(onClose).toHaveBeenCalledOnce();
  // Reset: back to the first step, the fields empty.
  expect(screen.queryByText('PIN Definido!')).toBeNull();
  expect(button('Enviar Código')).toBeTruthy();
  expect(onRecovered).toHaveBeenCalledOnce();
});

test('leaving before the second is up runs neither timer', async () => {
  fakeServer({
    'POST /api/team-access/recovery/send': () => json(200, SENT),
    'POST /api/team-access/recovery/confirm': () =>
      json(200, { acting: { kind: 'main', name: 'Empresa Exemplo', teamManagement: true } }),
  });
  const { onClose, onRecovered } = renderRecovery();
  await goToSecondStep();
  fill('ZX9876', '13579');
  vi.useFakeTimers();
  fireEvent.click(button('Definir PIN'));
  for (let i = 0; i < 5 && !screen.queryByText('PIN Definido!'); i += 1) {
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
  cleanup();
  await vi.advanceTimersByTimeAsync(RECOVERY_RESET_MS * 2);
  expect(onRecovered).not.toHaveBeenCalled();
  expect(onClose).not.toHaveBeenCalled();
});
