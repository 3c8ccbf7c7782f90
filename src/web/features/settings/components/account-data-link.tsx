import { Link } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { api } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { ACCOUNT_DATA_LINK_MESSAGES as M } from '../messages.ts';
import { SettingsSection } from './settings-section.tsx';

/** The account's ZIP (GET /api/account-data/export); same origin, so the cookie goes with it. */
const EXPORT_PATH = api.api['account-data'].export.$url().pathname;

/** /configuracoes → the download of everything the account holds (the holder's alone). */
export function AccountDataLink() {
  return (
    <SettingsSection id="dados" title={M.title} description={M.description}>
      <div className="flex flex-col items-start gap-3">
        {/* A plain link: the browser saves the streamed ZIP to disk as it arrives. */}
        <a
          href={EXPORT_PATH}
          download
          className={buttonVariants({ variant: 'outline' })}
          onClick={() => void toast.info(M.started, { description: M.startedHint })}
        >
          <Download aria-hidden />
          {M.download}
        </a>
        <p className="text-sm text-slate-600">
          {M.deleteHint}{' '}
          <Link to="/meu-perfil" className="text-brand-800 font-medium underline">
            {M.profileLink}
          </Link>
          .
        </p>
      </div>
    </SettingsSection>
  );
}
