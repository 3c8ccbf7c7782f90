import { Pencil } from 'lucide-react';
import { formatNif } from '#shared/nif.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { Profile } from '../api/get-profile.ts';
import { ACCOUNT_TYPE_LABELS } from '../messages.ts';

const EMPTY = 'Não indicado';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-3 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="text-sm text-slate-500 sm:w-44 sm:shrink-0">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

/** Read-only view of the identity fields; NIFs grouped 3-3-3 (invoice-work §9). */
export function ProfileDetails({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const isCompany = profile.accountType === 'empresa';
  return (
    <>
      <dl>
        <Row label="Email" value={profile.email} />
        <Row label="Tipo de conta" value={ACCOUNT_TYPE_LABELS[profile.accountType]} />
        <Row label="Nome completo" value={profile.fullName ?? EMPTY} />
        <Row label="NIF pessoal" value={formatNif(profile.personalNif)} />
        {isCompany || profile.companyName ? (
          <Row label="Nome da empresa" value={profile.companyName ?? EMPTY} />
        ) : null}
        {isCompany || profile.companyNif ? (
          <Row label="NIF da empresa" value={formatNif(profile.companyNif)} />
        ) : null}
        <Row label="Telefone" value={profile.phone ?? EMPTY} />
      </dl>
      <Button type="button" variant="outline" className="mt-4" onClick={onEdit}>
        <Pencil aria-hidden />
        Editar perfil
      </Button>
    </>
  );
}
