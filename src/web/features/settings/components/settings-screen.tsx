import { SETTINGS_MESSAGES } from '../messages.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { EmailHistory } from './email-history.tsx';
import { SecurityEvents } from './security-events.tsx';

/** /configuracoes: the email history, the password change and (the holder's) security events. */
export function SettingsScreen() {
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{SETTINGS_MESSAGES.historyTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">{SETTINGS_MESSAGES.historyDescription}</p>
        <div className="mt-2">
          <EmailHistory />
        </div>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{SETTINGS_MESSAGES.passwordTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">{SETTINGS_MESSAGES.passwordDescription}</p>
        <ChangePasswordForm />
      </section>
      <SecurityEvents />
    </div>
  );
}
