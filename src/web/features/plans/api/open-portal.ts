import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { SUBSCRIPTION_TOASTS } from '../messages.ts';

/** `POST /api/billing/portal` (spec accounts §7 customer-portal): opened in a new tab. */
export async function createPortalSession(): Promise<string> {
  const { url } = await callApi(
    () => api.api.billing.portal.$post(),
    SUBSCRIPTION_TOASTS.portalFailed,
  );
  return url;
}
