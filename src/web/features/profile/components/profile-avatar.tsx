import { UserRound } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

type ProfileAvatarProps = { src: string | null; name: string; className?: string };

/** The photo, or the first letter of the name on the brand colour. */
export function ProfileAvatar({ src, name, className }: ProfileAvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span
      className={cn(
        'bg-brand-100 text-brand-800 inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold',
        className,
      )}
    >
      {src ? (
        <img src={src} alt="Fotografia de perfil" className="size-full object-cover" />
      ) : initial ? (
        <span aria-hidden>{initial}</span>
      ) : (
        <UserRound className="size-1/2" aria-hidden />
      )}
    </span>
  );
}
