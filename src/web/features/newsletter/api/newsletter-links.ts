// The emailed links' requests: confirming a subscription, and leaving the newsletter.
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { NEWSLETTER_PAGE_MESSAGES as M } from '../messages.ts';

export type NewsletterLinkAction = 'confirm' | 'unsubscribe';

/** `POST /api/newsletter/confirm` or `/unsubscribe` with the link's token. */
export async function followNewsletterLink(
  action: NewsletterLinkAction,
  token: string,
): Promise<void> {
  const newsletter = api.api.newsletter;
  if (action === 'confirm') {
    await callApi(() => newsletter.confirm.$post({ json: { token } }), M.confirm.failed);
  } else {
    await callApi(() => newsletter.unsubscribe.$post({ json: { token } }), M.unsubscribe.failed);
  }
}
