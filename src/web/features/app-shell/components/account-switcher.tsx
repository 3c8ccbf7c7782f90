import { Building2, Check, UserRound } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import {
  accountRoleLabel,
  ACCOUNT_SWITCH_MESSAGES,
  hasOtherAccounts,
} from '../account-switch-labels.ts';
import { useTeamAccounts, type TeamAccount } from '../api/get-team-accounts.ts';
import { useSwitchAccount } from '../api/switch-account.ts';

/**
 * The drawer's 'Contas': shown to someone who may act in more than one account (their own and
 * the ones they joined by invitation). Choosing one moves this browser there.
 */
export function AccountSwitcher({ onSwitched }: { onSwitched(): void }) {
  const accounts = useTeamAccounts().data?.accounts;
  const switcher = useSwitchAccount();
  if (!accounts || !hasOtherAccounts(accounts)) return null;

  const choose = (account: TeamAccount) => {
    if (account.current) return;
    switcher.mutate(account, { onSuccess: onSwitched });
  };

  return (
    <nav aria-label={ACCOUNT_SWITCH_MESSAGES.title}>
      <h3 className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {ACCOUNT_SWITCH_MESSAGES.title}
      </h3>
      <ul>
        {accounts.map((account) => {
          const Icon = account.role === 'owner' ? UserRound : Building2;
          return (
            <li key={account.accountId}>
              <button
                type="button"
                onClick={() => choose(account)}
                disabled={switcher.isPending}
                aria-current={account.current ? 'true' : undefined}
                className={cn(
                  'focus-visible:ring-brand-500/60 flex min-h-11 w-full items-center gap-2 rounded-lg px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:ring-3 focus-visible:outline-none disabled:opacity-60',
                  account.current && 'bg-brand-50 hover:bg-brand-50',
                )}
              >
                <Icon className="size-4 shrink-0 text-slate-500" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{account.name}</span>
                  <span className="block truncate text-xs text-slate-600">
                    {accountRoleLabel(account.role)}
                  </span>
                </span>
                {account.current ? (
                  <Check
                    className="text-brand-700 size-4 shrink-0"
                    aria-label={ACCOUNT_SWITCH_MESSAGES.current}
                  />
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
