import { NewsletterLinkPage } from './newsletter-link-page.tsx';

/** /newsletter/confirmar?token=… : the double opt-in's link. */
export function NewsletterConfirmPage({ token }: { token: string | undefined }) {
  return <NewsletterLinkPage action="confirm" token={token} />;
}

/** /newsletter/cancelar?token=… : the link in every newsletter message. */
export function NewsletterUnsubscribePage({ token }: { token: string | undefined }) {
  return <NewsletterLinkPage action="unsubscribe" token={token} />;
}
