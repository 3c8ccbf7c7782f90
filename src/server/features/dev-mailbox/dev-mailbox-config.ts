// DESIGN.md contract 4: the dev mailbox is on only without SMTP_URL, and under
// NODE_ENV=production only with DEV_MAILBOX=1 (e.g. a staging box without a mail server).
export type DevMailboxSwitches = {
  smtpUrl?: string;
  isProduction?: boolean;
  forceDevMailbox?: boolean;
};

export function isDevMailboxEnabled({
  smtpUrl,
  isProduction,
  forceDevMailbox,
}: DevMailboxSwitches): boolean {
  if (smtpUrl) return false;
  return !isProduction || forceDevMailbox === true;
}
