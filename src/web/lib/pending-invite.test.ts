import { expect, test } from 'vitest';
import { INVITATION_DELAY_MS, PENDING_INVITE_STORAGE_KEY } from '#shared/team.ts';
import {
  clearPendingInvite,
  PENDING_INVITE_DELAY_MS,
  PENDING_INVITE_KEY,
  readPendingInvite,
  storePendingInvite,
  subscribeToPendingInvite,
} from './pending-invite.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const TOKEN = 'q3VzbF9hYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAx';

test('the storage key and the delay are the shared ones (spec accounts §4, §9)', () => {
  expect(PENDING_INVITE_KEY).toBe(PENDING_INVITE_STORAGE_KEY);
  expect(PENDING_INVITE_KEY).toBe('pending_team_invite_token');
  expect(PENDING_INVITE_DELAY_MS).toBe(INVITATION_DELAY_MS);
  expect(PENDING_INVITE_DELAY_MS).toBe(1000);
});

test('a link’s token is kept under pending_team_invite_token until it is cleared', () => {
  const storage = memoryStorage();
  const heard: string[] = [];
  const stop = subscribeToPendingInvite(() => heard.push('changed'));
  storePendingInvite(TOKEN, storage);
  expect(storage.values.get('pending_team_invite_token')).toBe(TOKEN);
  expect(readPendingInvite(storage)).toBe(TOKEN);
  clearPendingInvite(storage);
  expect(readPendingInvite(storage)).toBeNull();
  expect(heard).toEqual(['changed', 'changed']);
  stop();
});

test('no token, or one that cannot be a token, leaves what was stored alone', () => {
  const storage = memoryStorage();
  storePendingInvite(TOKEN, storage);
  for (const value of [undefined, '', 'short', '<script>alert(1)</script>xxxxxxxx', 42]) {
    storePendingInvite(value, storage);
  }
  expect(readPendingInvite(storage)).toBe(TOKEN);
  storage.setItem(PENDING_INVITE_KEY, 'tampered value with spaces');
  expect(readPendingInvite(storage)).toBeNull();
});
