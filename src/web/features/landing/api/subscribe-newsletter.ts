// `POST /api/newsletter/subscribe`: loaded when the form is sent, so the landing page's first
// load carries no API client.
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';

export const SUBSCRIBE_FAILED = 'Não foi possível subscrever. Tente novamente.';

/** The same answer for any address (new, pending or already subscribed): check your email. */
export function subscribeNewsletter(email: string): Promise<{ status: 'check_email' }> {
  return callApi(() => api.api.newsletter.subscribe.$post({ json: { email } }), SUBSCRIBE_FAILED);
}
