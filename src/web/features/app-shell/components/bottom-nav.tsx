import { Link } from '@tanstack/react-router';
import { ChartPie, Plus, ReceiptText, ScanLine, Users, type LucideIcon } from 'lucide-react';
import { usageColor, type InvoiceUsage } from '#shared/plans.ts';
import { cn } from '#web/lib/cn.ts';
import type { CapabilityView } from '#web/lib/use-can.ts';

type NavItem = {
  to: '/' | '/scanner' | '/fornecedores' | '/resumo';
  label: string;
  icon: LucideIcon;
  /** The capability behind the spec's flag (canAccessFacturas, …), as the server resolved it. */
  capability: 'invoices.view' | 'scanner.use' | 'suppliers.view' | 'resumo.view';
};

// Spec invoice-work §2 "Bottom navigation": Faturas, Scanner, (add), Entidades, Resumo.
const LEFT: readonly NavItem[] = [
  { to: '/', label: 'Faturas', icon: ReceiptText, capability: 'invoices.view' },
  { to: '/scanner', label: 'Scanner', icon: ScanLine, capability: 'scanner.use' },
];
const RIGHT: readonly NavItem[] = [
  { to: '/fornecedores', label: 'Entidades', icon: Users, capability: 'suppliers.view' },
  { to: '/resumo', label: 'Resumo', icon: ChartPie, capability: 'resumo.view' },
];

const RING_COLORS = { green: '#059669', amber: '#d97706', red: '#dc2626' } as const;
const COUNT_COLORS = {
  green: 'text-emerald-700',
  amber: 'text-amber-700',
  red: 'text-red-700',
} as const;
const RING_RADIUS = 26;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

type BottomNavProps = {
  /** Whoever acts (useCan); not loaded yet: skeletons hold the places. */
  rights: CapabilityView;
  /** This month's invoice usage; undefined until the counter answers. */
  usage: InvoiceUsage | undefined;
};

function NavEntry({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <Link
      to={item.to}
      className="focus-visible:ring-brand-500/60 data-[status=active]:text-brand-700 flex flex-col items-center gap-0.5 rounded-lg py-1.5 text-xs font-medium text-slate-500 focus-visible:ring-2 focus-visible:outline-none"
      activeOptions={{ exact: true }}
    >
      <Icon className="size-5" aria-hidden />
      {item.label}
    </Link>
  );
}

function Slot({ item, rights }: { item: NavItem; rights: CapabilityView }) {
  if (!rights.isLoaded) {
    return (
      <span
        className="mx-auto my-1.5 h-10 w-12 animate-pulse rounded-lg bg-slate-100"
        aria-hidden
      />
    );
  }
  // Without the flag the place stays empty, so the others keep their positions.
  return rights.can(item.capability) ? <NavEntry item={item} /> : <span aria-hidden />;
}

/** The add button with the month's usage as a ring around it (capped at 100 %). */
function AddButton({ canCreate, usage }: { canCreate: boolean; usage: InvoiceUsage | undefined }) {
  const percent = usage?.percentageUsed ?? 0;
  const color = canCreate ? RING_COLORS[usageColor(percent)] : '#cbd5e1';
  const label = usage
    ? `Nova fatura — ${usage.currentCount} de ${usage.monthlyLimit} faturas este mês`
    : 'Nova fatura';
  const ring = (
    <span className="relative flex size-16 items-center justify-center">
      <svg viewBox="0 0 60 60" className="absolute inset-0 -rotate-90" aria-hidden>
        <circle cx="30" cy="30" r={RING_RADIUS} fill="none" stroke="#e2e8f0" strokeWidth="4" />
        <circle
          cx="30"
          cy="30"
          r={RING_RADIUS}
          fill="none"
          stroke={color}
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - Math.min(100, percent) / 100)}
        />
      </svg>
      <span
        className={cn(
          'flex size-12 items-center justify-center rounded-full text-white shadow-md',
          canCreate ? 'bg-brand-700' : 'bg-slate-300',
        )}
      >
        <Plus className="size-6" aria-hidden />
      </span>
    </span>
  );
  // The month's count under the ring, e.g. '7/15' (invoice-work §2 "Bottom navigation").
  const body = (
    <span className="flex flex-col items-center">
      {ring}
      {usage ? (
        <span
          className={cn(
            'mt-0.5 text-[11px] leading-none font-semibold tabular-nums',
            canCreate ? COUNT_COLORS[usageColor(percent)] : 'text-slate-400',
          )}
          data-testid="contador-faturas"
          aria-hidden
        >
          {usage.currentCount}/{usage.monthlyLimit}
        </span>
      ) : null}
    </span>
  );

  if (!canCreate) {
    return (
      <span
        className="-mt-6 flex justify-center opacity-70"
        aria-disabled="true"
        aria-label={label}
        role="link"
      >
        {body}
      </span>
    );
  }
  return (
    <Link
      to="/nova-fatura"
      aria-label={label}
      title={usage ? `${usage.currentCount}/${usage.monthlyLimit}` : undefined}
      className="focus-visible:ring-brand-500/60 -mt-6 flex justify-center rounded-full focus-visible:ring-3 focus-visible:outline-none"
    >
      {body}
    </Link>
  );
}

/** Phones only (below 768 px): the app's main places and the add button. */
export function BottomNav({ rights, usage }: BottomNavProps) {
  return (
    <nav
      aria-label="Navegação principal"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <div className="mx-auto grid h-16 max-w-md grid-cols-5 items-center px-2">
        {LEFT.map((item) => (
          <Slot key={item.to} item={item} rights={rights} />
        ))}
        {rights.isLoaded ? (
          <AddButton canCreate={rights.can('invoices.create')} usage={usage} />
        ) : (
          <span
            className="mx-auto -mt-6 size-14 animate-pulse rounded-full bg-slate-200"
            aria-hidden
          />
        )}
        {RIGHT.map((item) => (
          <Slot key={item.to} item={item} rights={rights} />
        ))}
      </div>
    </nav>
  );
}
