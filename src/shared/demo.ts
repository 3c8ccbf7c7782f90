// The demo account (issue 16 point 6, ADR 021): 'Ver demo' on the landing page signs the visitor
// into this one read-only account. Its id is fixed, so the server recognises a demo session
// from the request scope without a query, and the web from the session it already holds.
export const DEMO_ACCOUNT_ID = 'papelada-demo';
/** `.invalid` (RFC 2606): no mail to this address is ever delivered. */
export const DEMO_EMAIL = 'demo@papelada.invalid';

export const DEMO_MESSAGES = {
  readOnly: 'Esta é uma conta de demonstração: não é possível alterar dados.',
} as const;

export function isDemoAccount(accountId: string | null | undefined): boolean {
  return accountId === DEMO_ACCOUNT_ID;
}
