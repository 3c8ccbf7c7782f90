import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ROLE_LABELS } from '#shared/permissions.ts';
import { cn } from '#web/lib/cn.ts';
import { RoleIcon } from '../../components/role-icon.tsx';
import type { AccessSubUser } from '../api/get-team-access.ts';
import { ACCESS_MESSAGES } from '../access-messages.ts';

type SubUserPickerProps = {
  labelId: string;
  subUsers: readonly AccessSubUser[];
  value: string;
  onChange(id: string): void;
  isInvalid?: boolean;
  describedBy?: string | undefined;
};

function SubUserLine({ subUser }: { subUser: AccessSubUser }) {
  return (
    <span className="flex min-w-0 flex-1 items-center gap-3">
      <RoleIcon role={subUser.role} className="size-8 [&_svg]:size-4" />
      <span className="min-w-0 text-left">
        <span className="block truncate font-medium text-slate-900">{subUser.name}</span>
        <span className="block text-xs text-slate-600">{ROLE_LABELS[subUser.role]}</span>
      </span>
    </span>
  );
}

/**
 * Spec accounts §2: the dropdown of active sub-users, each with its role's icon, its name and
 * its role. A native select cannot show icons, so this is the WAI-ARIA select-only combobox:
 * the arrow keys, Home and End move, Enter or Space choose, Escape closes.
 */
export function SubUserPicker({
  labelId,
  subUsers,
  value,
  onChange,
  isInvalid = false,
  describedBy,
}: SubUserPickerProps) {
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const selectedIndex = subUsers.findIndex((subUser) => subUser.id === value);
  const [activeIndex, setActiveIndex] = useState(Math.max(0, selectedIndex));
  const selected = subUsers[selectedIndex];
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen]);

  function open() {
    setActiveIndex(Math.max(0, selectedIndex));
    setIsOpen(true);
  }

  function choose(index: number) {
    const subUser = subUsers[index];
    if (subUser) onChange(subUser.id);
    setIsOpen(false);
  }

  function onKeyDown(event: KeyboardEvent) {
    const last = subUsers.length - 1;
    const moves: Partial<Record<string, number>> = {
      ArrowDown: Math.min(last, activeIndex + 1),
      ArrowUp: Math.max(0, activeIndex - 1),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      if (isOpen) setActiveIndex(next);
      else open();
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (isOpen) choose(activeIndex);
      else open();
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setIsOpen(false);
    } else if (event.key === 'Tab' && isOpen) {
      setIsOpen(false);
    }
  }

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={isOpen ? optionId(activeIndex) : undefined}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        onClick={() => (isOpen ? setIsOpen(false) : open())}
        onKeyDown={onKeyDown}
        className={cn(
          'focus-visible:ring-brand-500/60 flex min-h-14 w-full items-center gap-2 rounded-lg border bg-white px-3 py-2 text-left focus-visible:ring-3 focus-visible:outline-none',
          isInvalid ? 'border-red-500' : 'border-slate-300',
        )}
      >
        {selected ? (
          <SubUserLine subUser={selected} />
        ) : (
          <span className="flex-1 text-slate-500">{ACCESS_MESSAGES.chooseSubUser}</span>
        )}
        <ChevronDown
          className={cn(
            'size-4 shrink-0 text-slate-500 transition-transform',
            isOpen && 'rotate-180',
          )}
          aria-hidden
        />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        hidden={!isOpen}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
      >
        {subUsers.map((subUser, index) => {
          const isSelected = subUser.id === value;
          return (
            <li
              key={subUser.id}
              id={optionId(index)}
              role="option"
              aria-selected={isSelected}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
              onPointerMove={() => setActiveIndex(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-2',
                index === activeIndex && 'bg-slate-100',
              )}
            >
              <SubUserLine subUser={subUser} />
              {isSelected ? <Check className="text-brand-700 size-4 shrink-0" aria-hidden /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
