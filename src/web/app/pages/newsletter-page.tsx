import { getRouteApi } from '@tanstack/react-router';
import {
  NewsletterConfirmPage as ConfirmScreen,
  NewsletterUnsubscribePage as UnsubscribeScreen,
} from '#web/features/newsletter/components/newsletter-pages.tsx';

const confirmRoute = getRouteApi('/newsletter/confirmar');
const unsubscribeRoute = getRouteApi('/newsletter/cancelar');

export function NewsletterConfirmPage() {
  return <ConfirmScreen token={confirmRoute.useSearch().token} />;
}

export function NewsletterUnsubscribePage() {
  return <UnsubscribeScreen token={unsubscribeRoute.useSearch().token} />;
}
