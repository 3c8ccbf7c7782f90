import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LOGIN_ERRORS } from '#shared/auth-errors.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { authProvidersQueryOptions } from '../api/auth-providers.ts';
import { signInWithGoogle } from '../api/sign-in-social.ts';
import { AUTH_TEXT } from '../auth-strings.ts';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden focusable="false">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.8l4-3z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
      />
    </svg>
  );
}

/**
 * The Google button and the 'ou' divider, shown only when the server has Google configured
 * (GET /api/auth/providers). Google sends the user back to '/' (spec accounts §2).
 */
export function GoogleSignIn({ intent }: { intent: 'sign-in' | 'sign-up' }) {
  const { data } = useQuery(authProvidersQueryOptions);
  const [isPending, setIsPending] = useState(false);
  if (!data?.google) return null;

  async function start() {
    setIsPending(true);
    const isLeaving = await signInWithGoogle().catch(() => false);
    if (!isLeaving) {
      setIsPending(false);
      void toast.error(
        intent === 'sign-up' ? LOGIN_ERRORS.googleSignUp : LOGIN_ERRORS.googleSignIn,
      );
    }
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={isPending}
        onClick={() => void start()}
      >
        <GoogleMark />
        {AUTH_TEXT.google}
      </Button>
      <div
        className="my-5 flex items-center gap-3 text-xs text-slate-500 uppercase"
        role="separator"
      >
        <span className="h-px flex-1 bg-slate-200" />
        {AUTH_TEXT.or}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </>
  );
}
