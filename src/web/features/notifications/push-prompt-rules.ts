// When the notifications opt-in slides down (spec invoice-work §4 "Push notifications": a
// slide-down prompt, automatically, after 10 s and after 1 page view). Once answered — yes,
// or 'Agora não' — it is not offered again on this device (localStorage); the browser's own
// permission, once given or refused, is never asked again either.

export const PUSH_PROMPT_DELAY_MS = 10_000;
export const PUSH_PROMPT_MIN_PAGE_VIEWS = 1;
export const PUSH_PROMPT_STORAGE_KEY = 'papelada.push-prompt';

export type PromptAnswer = 'accepted' | 'dismissed';

export type PromptFacts = {
  isSupported: boolean;
  /** Notification.permission. */
  permission: NotificationPermission;
  /** What this device answered before, if anything. */
  answer: PromptAnswer | null;
  /** Signed-in pages shown in this tab. */
  pageViews: number;
  /** Since the first of them. */
  elapsedMs: number;
  /** The person may manage /configuracoes (where devices and reminders live). */
  canManage: boolean;
};

export function shouldOfferPushPrompt(facts: PromptFacts): boolean {
  return (
    facts.isSupported &&
    facts.canManage &&
    facts.permission === 'default' &&
    facts.answer === null &&
    facts.pageViews >= PUSH_PROMPT_MIN_PAGE_VIEWS &&
    facts.elapsedMs >= PUSH_PROMPT_DELAY_MS
  );
}

type AnswerStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): AnswerStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readPromptAnswer(store: AnswerStorage | null = storage()): PromptAnswer | null {
  const value = store?.getItem(PUSH_PROMPT_STORAGE_KEY);
  return value === 'accepted' || value === 'dismissed' ? value : null;
}

export function rememberPromptAnswer(
  answer: PromptAnswer,
  store: AnswerStorage | null = storage(),
): void {
  store?.setItem(PUSH_PROMPT_STORAGE_KEY, answer);
}
