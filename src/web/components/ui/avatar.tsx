import { UserRound } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

type AvatarProps = {
  src: string | null;
  name: string;
  /** Text for the photo; empty when the name is shown beside it (decorative). */
  alt?: string;
  className?: string;
};

/** The photo, or the first letter of the name on the brand colour, in a circle. */
export function Avatar({ src, name, alt = '', className }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span
      className={cn(
        'bg-brand-100 text-brand-800 inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold',
        className,
      )}
    >
      {src ? (
        <img src={src} alt={alt} className="size-full object-cover" />
      ) : initial ? (
        <span aria-hidden>{initial}</span>
      ) : (
        <UserRound className="size-1/2" aria-hidden />
      )}
    </span>
  );
}
