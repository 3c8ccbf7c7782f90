import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';
import {
  accountSwitchCount,
  resetAfterAccountSwitch,
  subscribeToAccountSwitch,
} from './account-switch.ts';
import { invoiceKeys, profileKeys, teamKeys } from './query-keys.ts';
import { sessionQueryKey } from './session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('a switch forgets every account’s answer but keeps the sign-in session', async () => {
  const removeItem = vi.fn();
  vi.stubGlobal('localStorage', { removeItem });
  const client = new QueryClient();
  const session = { user: { id: 'u1', email: 'ana@exemplo.pt' }, session: { id: 's1' } };
  client.setQueryData(sessionQueryKey, session);
  client.setQueryData(profileKeys.all, { displayName: 'Padaria' });
  client.setQueryData(invoiceKeys.counter(), { count: 3 });
  client.setQueryData(teamKeys.accounts(), { accounts: [] });

  const before = accountSwitchCount();
  let heard = 0;
  const stop = subscribeToAccountSwitch(() => (heard += 1));
  await resetAfterAccountSwitch(client);
  stop();

  // The live stream, which listens to one account, is told to reopen.
  expect(accountSwitchCount()).toBe(before + 1);
  expect(heard).toBe(1);

  expect(client.getQueryData(sessionQueryKey)).toEqual(session);
  expect(client.getQueryData(profileKeys.all)).toBeUndefined();
  expect(client.getQueryData(invoiceKeys.counter())).toBeUndefined();
  expect(client.getQueryData(teamKeys.accounts())).toBeUndefined();
  // The device's copy of the plan belonged to the other account too (spec accounts §9).
  expect(removeItem).toHaveBeenCalledWith('subscription_cache');
});
