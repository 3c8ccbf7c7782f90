// DESIGN.md contract 4 as ADR 012 amends it: the dev mailbox is on only without SMTP_URL, and
// under NODE_ENV=production or an https APP_URL (a deployment others reach) only with
// DEV_MAILBOX=1 (e.g. a staging box without a mail server). Even on, it answers this machine
// only (src/server/http/local-request.ts).
export type DevMailboxSwitches = {
  smtpUrl?: string;
  appUrl?: string;
  isProduction?: boolean;
  forceDevMailbox?: boolean;
};

export function isDevMailboxEnabled({
  smtpUrl,
  appUrl,
  isProduction,
  forceDevMailbox,
}: DevMailboxSwitches): boolean {
  if (smtpUrl) return false;
  const isDeployed = isProduction === true || appUrl?.startsWith('https:') === true;
  return !isDeployed || forceDevMailbox === true;
}
