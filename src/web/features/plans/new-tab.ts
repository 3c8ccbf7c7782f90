// Spec accounts §7: the checkout and the customer portal open in a new tab. The tab is opened
// while the click is still a user gesture (popup blockers allow only that), then pointed at
// the URL once the server answers. Where no tab could be opened — blocked, or no click at all
// (the ?autostart= checkout) — the caller shows a link to open it instead.

type TabLike = { opener: unknown; location: { replace(url: string): void }; close(): void };
export type WindowLike = { open(url: string, target: string): TabLike | null };

export type NewTabResult = { url: string; isBlocked: boolean };

export async function openInNewTab(
  getUrl: () => Promise<string>,
  win: WindowLike = window,
): Promise<NewTabResult> {
  const tab = win.open('', '_blank');
  // The payment page must not reach back into this one.
  if (tab) tab.opener = null;
  let url: string;
  try {
    url = await getUrl();
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (!tab) return { url, isBlocked: true };
  tab.location.replace(url);
  return { url, isBlocked: false };
}
