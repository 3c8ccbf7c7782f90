// @vitest-environment happy-dom
// The one place that answers "no profile acts here" (ADR 024): any call refused with
// PROFILE_SELECTION_REQUIRED or TEAM_SESSION_ENDED refetches the profile, once for many.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test watches what lib/toast.ts hands sonner
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { api } from './api-client.ts';
import { ApiError, callApi, isProfileRefusal } from './call-api.ts';
import { refetchProfileOnRefusal } from './query-client.ts';
import { profileKeys } from './query-keys.ts';

const ENDED = 'A sessão deste perfil terminou. Escolha o perfil de novo.';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server: /api/invoices/counter refuses with `code`; /api/profile is counted. */
function serve(code: string) {
  const profileCalls = { count: 0 };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/profile') {
      profileCalls.count += 1;
      return answer(200, { acting: { kind: 'pending', name: 'Conta' } });
    }
    return answer(403, { error: { code, message: code === 'TEAM_SESSION_ENDED' ? ENDED : 'x' } });
  });
  return profileCalls;
}

/** lib/toast.ts loads sonner before it shows anything: give a toast the time to appear. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const refusedCall = () => callApi(() => api.api.invoices.counter.$get(), 'Erro');

let client: QueryClient;
let stop: () => void;
let toastError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  stop = refetchProfileOnRefusal(client);
  toastError = vi.spyOn(toast, 'error').mockReturnValue(1);
});

afterEach(() => {
  stop();
  client.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The profile on screen (an observer), first answered with `acting`. */
async function watchProfile(acting: { kind: string; name: string }) {
  client.setQueryData(profileKeys.all, { acting });
  const observer = new QueryObserver(client, {
    queryKey: profileKeys.all,
    queryFn: () => callApi(() => api.api.profile.$get(), 'Erro'),
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unsubscribe };
}

test('only a 403 with one of the two codes is a profile refusal', () => {
  expect(isProfileRefusal(new ApiError(403, 'PROFILE_SELECTION_REQUIRED', 'x'))).toBe(true);
  expect(isProfileRefusal(new ApiError(403, 'TEAM_SESSION_ENDED', 'x'))).toBe(true);
  expect(isProfileRefusal(new ApiError(403, 'FORBIDDEN', 'x'))).toBe(false);
  expect(isProfileRefusal(new ApiError(401, 'TEAM_SESSION_ENDED', 'x'))).toBe(false);
});

test('refused calls refetch the shown profile once, however many arrive together', async () => {
  const profileCalls = serve('PROFILE_SELECTION_REQUIRED');
  const { observer, unsubscribe } = await watchProfile({ kind: 'sub-user', name: 'Rui' });
  const results = await Promise.allSettled([refusedCall(), refusedCall(), refusedCall()]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  await vi.waitFor(() =>
    expect(observer.getCurrentResult().data).toMatchObject({ acting: { kind: 'pending' } }),
  );
  expect(profileCalls.count).toBe(1);
  // Choosing a profile needs no explanation.
  await settle();
  expect(toastError).not.toHaveBeenCalled();
  unsubscribe();
});

test('a session that ended under a profile that was acting says why', async () => {
  serve('TEAM_SESSION_ENDED');
  const { unsubscribe } = await watchProfile({ kind: 'sub-user', name: 'Rui' });
  await expect(refusedCall()).rejects.toThrow(ENDED);
  await vi.waitFor(() =>
    expect(toastError).toHaveBeenCalledWith(ENDED, { id: 'team-session-ended', duration: 5000 }),
  );
  unsubscribe();
});

test('a stale cookie met before any profile acts (a fresh sign-in) refetches without a word', async () => {
  const profileCalls = serve('TEAM_SESSION_ENDED');
  await expect(refusedCall()).rejects.toThrow(ENDED);
  expect(client.getQueryState(profileKeys.all)).toBeUndefined();
  const { unsubscribe } = await watchProfile({ kind: 'pending', name: 'Conta' });
  await expect(refusedCall()).rejects.toThrow(ENDED);
  await vi.waitFor(() => expect(profileCalls.count).toBe(1));
  await settle();
  expect(toastError).not.toHaveBeenCalled();
  unsubscribe();
});

test('any other refusal leaves the profile alone', async () => {
  const profileCalls = serve('FORBIDDEN');
  const { unsubscribe } = await watchProfile({ kind: 'sub-user', name: 'Rui' });
  await expect(refusedCall()).rejects.toThrow();
  expect(client.getQueryState(profileKeys.all)?.isInvalidated).toBe(false);
  expect(profileCalls.count).toBe(0);
  unsubscribe();
});
