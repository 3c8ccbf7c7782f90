import { CircleCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { AUTH_TEXT } from '../auth-strings.ts';
import { AuthHeading } from './auth-layout.tsx';

export function VerificationSuccess({ onContinue }: { onContinue: () => void }) {
  return (
    <>
      <div className="bg-brand-50 text-brand-700 mb-4 flex size-12 items-center justify-center rounded-full">
        <CircleCheck className="size-6" aria-hidden />
      </div>
      <AuthHeading title={AUTH_TEXT.verifiedTitle} subtitle={AUTH_TEXT.verifiedDescription} />
      <Button type="button" size="lg" className="w-full" onClick={onContinue}>
        {AUTH_TEXT.signIn}
      </Button>
    </>
  );
}
