import { useCan } from '#web/lib/use-can.ts';
import { PREFERENCES_MESSAGES as P, SETTINGS_MESSAGES } from '../messages.ts';
import { REMINDER_MESSAGES } from '../notification-messages.ts';
import { AccountDataLink } from './account-data-link.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { EmailHistory } from './email-history.tsx';
import { EmailSettingsSection } from './email-settings-section.tsx';
import { PushDevices } from './push-devices.tsx';
import { ReminderSettings } from './reminder-settings.tsx';
import { SecurityEvents } from './security-events.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SettingsSection } from './settings-section.tsx';
import { ViewModeSection, type ViewModeSetting } from './view-mode-section.tsx';

/** The page's own table of contents: one tap (or Tab and Enter) to a section. */
function SettingsNav({ isOwner }: { isOwner: boolean }) {
  const links: [string, string][] = [
    ['#visualizacao', P.navPreferences],
    ['#lembretes', REMINDER_MESSAGES.remindersTitle],
    ['#emails', P.navEmails],
    ['#seguranca', P.navSecurity],
    ['#historico', SETTINGS_MESSAGES.historyTitle],
    ...(isOwner ? [['#dados', P.navData] as [string, string]] : []),
  ];
  return (
    <nav aria-label={P.navLabel}>
      <ul className="flex flex-wrap gap-2">
        {links.map(([href, label]) => (
          <li key={href}>
            <a
              href={href}
              className="focus-visible:ring-brand-500/60 hover:border-brand-600 flex min-h-9 items-center rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 focus-visible:ring-3 focus-visible:outline-none"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type SettingsScreenProps = {
  /** The profile's grid/list choice, wired by the page (the profile feature owns the data). */
  viewMode: ViewModeSetting;
};

/**
 * /configuracoes, the home of preferences: the invoice view, reminders and the devices that get
 * them, the emails to suppliers, the password and the signed-in sessions, the security events,
 * the email history and the account's data. The sessions, security events and data are the
 * account holder's alone (account.manage).
 */
export function SettingsScreen({ viewMode }: SettingsScreenProps) {
  const rights = useCan();
  const isOwner = rights.isLoaded && rights.can('account.manage');
  return (
    <div className="flex flex-col gap-4">
      <SettingsNav isOwner={isOwner} />
      <ViewModeSection {...viewMode} />
      <ReminderSettings />
      <PushDevices />
      <EmailSettingsSection />
      <SettingsSection
        id="seguranca"
        title={SETTINGS_MESSAGES.passwordTitle}
        description={SETTINGS_MESSAGES.passwordDescription}
      >
        <ChangePasswordForm />
      </SettingsSection>
      {isOwner ? <SessionsSection /> : null}
      <SecurityEvents />
      <SettingsSection
        id="historico"
        title={SETTINGS_MESSAGES.historyTitle}
        description={SETTINGS_MESSAGES.historyDescription}
      >
        <EmailHistory />
      </SettingsSection>
      {isOwner ? <AccountDataLink /> : null}
    </div>
  );
}
