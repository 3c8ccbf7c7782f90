import { expect, test } from 'vitest';
import {
  PUSH_PROMPT_STORAGE_KEY,
  readPromptAnswer,
  rememberPromptAnswer,
  shouldOfferPushPrompt,
  type PromptFacts,
} from './push-prompt-rules.ts';

const due: PromptFacts = {
  isSupported: true,
  permission: 'default',
  answer: null,
  pageViews: 1,
  elapsedMs: 10_000,
  canManage: true,
};

test('offered after 10 s and one page view, to a browser not asked yet', () => {
  expect(shouldOfferPushPrompt(due)).toBe(true);
  expect(shouldOfferPushPrompt({ ...due, elapsedMs: 9_999 })).toBe(false);
  expect(shouldOfferPushPrompt({ ...due, pageViews: 0 })).toBe(false);
});

test('never again once answered here, or once the browser was asked, or where it cannot', () => {
  expect(shouldOfferPushPrompt({ ...due, answer: 'dismissed' })).toBe(false);
  expect(shouldOfferPushPrompt({ ...due, answer: 'accepted' })).toBe(false);
  expect(shouldOfferPushPrompt({ ...due, permission: 'denied' })).toBe(false);
  expect(shouldOfferPushPrompt({ ...due, permission: 'granted' })).toBe(false);
  expect(shouldOfferPushPrompt({ ...due, isSupported: false })).toBe(false);
  expect(shouldOfferPushPrompt({ ...due, canManage: false })).toBe(false);
});

test('the answer is kept on the device', () => {
  const store = new Map<string, string>();
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  };
  expect(readPromptAnswer(storage)).toBeNull();
  rememberPromptAnswer('dismissed', storage);
  expect(store.get(PUSH_PROMPT_STORAGE_KEY)).toBe('dismissed');
  expect(readPromptAnswer(storage)).toBe('dismissed');
  store.set(PUSH_PROMPT_STORAGE_KEY, 'talvez');
  expect(readPromptAnswer(storage)).toBeNull();
});
