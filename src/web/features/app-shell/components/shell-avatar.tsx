import { UserRound } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

/** The profile photo, or the name's first letter, in a circle. */
export function ShellAvatar({
  src,
  name,
  className,
}: {
  src: string | null;
  name: string;
  className?: string;
}) {
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span
      className={cn(
        'bg-brand-100 text-brand-800 inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold',
        className,
      )}
    >
      {src ? (
        <img src={src} alt="" className="size-full object-cover" />
      ) : initial ? (
        <span aria-hidden>{initial}</span>
      ) : (
        <UserRound className="size-1/2" aria-hidden />
      )}
    </span>
  );
}
