import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';
import { TEAMS_MESSAGES } from '../messages.ts';

type PinInputProps = Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'maxLength'>;

/**
 * A PIN of 4 to 6 digits: the phone's numeric keypad, hidden by default with a show/hide
 * button (spec accounts §2, §5). Never filled in by the browser's password manager.
 */
export function PinInput({ className, ...props }: PinInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  const Icon = isVisible ? EyeOff : Eye;
  return (
    <div className="relative">
      <input
        type={isVisible ? 'text' : 'password'}
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        autoComplete="off"
        className={cn(inputClassName, 'pr-11 tracking-widest', className)}
        {...props}
      />
      <button
        type="button"
        onClick={() => setIsVisible((visible) => !visible)}
        aria-label={isVisible ? TEAMS_MESSAGES.hidePin : TEAMS_MESSAGES.showPin}
        aria-pressed={isVisible}
        className="focus-visible:ring-brand-500/60 absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:ring-3 focus-visible:outline-none"
      >
        <Icon className="size-4" aria-hidden />
      </button>
    </div>
  );
}
