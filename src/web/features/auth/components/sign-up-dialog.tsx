import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { AUTH_TEXT } from '../auth-strings.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { SignUpForm } from './sign-up-form.tsx';

type SignUpDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreated: (email: string) => void;
};

/** The sign-up dialog over /auth (spec accounts §2); 'Fazer login' closes it. */
export function SignUpDialog({ isOpen, onOpenChange, onCreated }: SignUpDialogProps) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={AUTH_TEXT.signUpTitle} description={AUTH_TEXT.signUpSubtitle}>
        <GoogleSignIn intent="sign-up" />
        <SignUpForm onCreated={onCreated} />
        <p className="mt-5 text-center text-sm text-slate-600">
          {AUTH_TEXT.haveAccount}{' '}
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="text-brand-700 hover:text-brand-900 rounded font-semibold hover:underline"
          >
            {AUTH_TEXT.backToLogin}
          </button>
        </p>
      </DialogContent>
    </Dialog>
  );
}
